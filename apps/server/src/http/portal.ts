import { isPortalType, PORTAL_MESSAGES } from '@sigece/fiscal';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './errors.ts';
import type { Principal } from './principal.ts';

/**
 * The tax authority's users: a principal whose `portal` is USUARIO_PORTAL or
 * ADMIN_PORTAL is a SENIAT user. They read, across every company, what a route opens to them
 * (`allowPortalRead` in guard.ts) and write nothing. Two rules, each decided in one place:
 *
 * - writes: `installPortalReadOnly` (below) refuses every request other than GET/HEAD/OPTIONS that carries a
 *   portal user's token, before its body is read, whatever the route and whether or not it has a guard;
 *   only the routes of `PORTAL_WRITES` pass (their own session, and the ADMIN_PORTAL's user creation);
 * - reads: the guard lets a portal user into a route only when the route says so (`allowPortalRead`), and
 *   then scopes them to every company (`scopeOfRequest`); every other back-office route answers 403.
 *
 * Every read a portal user makes is written to the audit log (modules/portal/audit.ts, on `portalRead`).
 */
export const isPortalUser = (principal: Pick<Principal, 'portal'> | null | undefined): boolean =>
  isPortalType(principal?.portal);

/** The only writes a portal user may make: 'METHOD route' as Fastify registered it. */
export const PORTAL_WRITES: ReadonlySet<string> = new Set([
  'POST /v2/auth/change-password',
  'POST /v2/auth/logout',
  'POST /v2/auth/refresh-tokens',
  'POST /v2/portal/usuarios',
]);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guard when a portal user passed a route open to them: the read is audited. */
    portalRead?: boolean;
  }
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}

/**
 * The onRequest hook of the whole application: a write with a portal user's token answers 403 (Spanish)
 * and changes nothing. A token that does not authenticate is left to the route (a public route ignores
 * it, a guarded one answers 401). The principal is cached by `deps.authenticate`, so the guard that runs
 * next does not load it again.
 */
export function installPortalReadOnly(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (READS.has(request.method)) return;
    const token = bearerOf(request);
    if (!token) return;
    if (PORTAL_WRITES.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
    const principal = await request.server.deps.authenticate(token).catch(() => null);
    if (principal && isPortalUser(principal)) {
      // Known before the refusal, so the integration calls' log names the caller, not 'anonimo'.
      request.principal = principal;
      throw forbidden(PORTAL_MESSAGES.readOnly);
    }
  });
}
