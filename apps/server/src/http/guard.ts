import {
  canAccessPath,
  hasAnyPermission,
  isSharedDataModule,
  PORTAL_MESSAGES,
  SHARED_DATA_MESSAGE,
} from '@sigece/fiscal';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { forbidden, unauthorized } from './errors.ts';
import { assertApiKeyReaches } from './integration-access.ts';
import { isPortalUser } from './portal.ts';
import type { Principal } from './principal.ts';
import { scopeOf, type TenantScope } from './tenancy.ts';

/** A module path (route access) and, optionally, an action key of that module. */
export interface Permission {
  module: string;
  action?: string;
}

export type Access = 'authenticated' | Permission | { anyOf: Permission[] };

async function authenticate(request: FastifyRequest): Promise<Principal> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!token) throw unauthorized('No autenticado: falta el token de acceso');
  const principal = await request.server.deps.authenticate(token);
  request.principal = principal;
  return principal;
}

function checksOf(access: Exclude<Access, 'authenticated'>): Permission[] {
  return 'anyOf' in access ? access.anyOf : [access];
}

function permitted(principal: Principal, checks: Permission[]): boolean {
  return hasAnyPermission(
    principal,
    checks.map((c) => ({ path: c.module, key: c.action })),
  );
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The preValidation hook of every protected route (before the body is judged): a valid token (401), then
 * the role's permission (403). Shared data is decided here for every route at once: a write whose
 * permission names a shared-data module (roles, banks, rates...) passes only for the master
 * administrator, whatever a company-scoped user's role grants; reads stay open to the role. A GET that
 * writes (the spec's DivisasActualizar) says so with `writes`.
 *
 * A tax-authority (portal) user passes only a route that opens itself to them with `portal` (see
 * http/portal.ts): 'read' (`allowPortalRead`) reads every company's data and is audited, 'self' is
 * their own session (/auth/me, their own password). Their role, if any, opens nothing else.
 */
export function guard(
  access: Access,
  options: { writes?: boolean; portal?: 'read' | 'self' } = {},
): preValidationAsyncHookHandler {
  const checks = access === 'authenticated' ? [] : checksOf(access);
  const shared = checks.filter((c) => isSharedDataModule(c.module));
  const own = checks.filter((c) => !isSharedDataModule(c.module));
  return async (request) => {
    const principal = await authenticate(request);
    if (isPortalUser(principal)) {
      const reads = READS.has(request.method) && !options.writes;
      if (options.portal === 'self') return;
      if (options.portal === 'read' && reads) {
        request.portalRead = true;
        return;
      }
      throw forbidden(reads ? PORTAL_MESSAGES.notPortalRoute : PORTAL_MESSAGES.readOnly);
    }
    // An API key reaches only the integration routes, within its actions (its company and branch are its
    // tenancy scope): the role permissions below are a user's, a key has none.
    if (principal.apiKey) return assertApiKeyReaches(request, principal);
    if (access === 'authenticated') return;
    const write = (options.writes || !READS.has(request.method)) && !principal.masterAdmin;
    if (permitted(principal, write ? own : checks)) return;
    // The role opens the shared screen (to read it): say why the write is refused.
    const readsShared = write && shared.some((c) => canAccessPath(principal, c.module));
    throw forbidden(readsShared ? SHARED_DATA_MESSAGE : undefined);
  };
}

/**
 * For routes open to everyone that show more to a signed-in user: null without a token, 401 for a bad one.
 * An API key gets what anyone gets (the public answer), never a user's view.
 */
export async function optionalPrincipal(request: FastifyRequest): Promise<Principal | null> {
  if (!request.headers.authorization) return null;
  const principal = await authenticate(request);
  return principal.apiKey ? null : principal;
}

/** The authenticated user of a guarded route. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/**
 * The tenant scope of a guarded route's caller: a portal user on a route open to them (`allowPortalRead`)
 * reads every company, as the tax authority does.
 */
export function scopeOfRequest(request: FastifyRequest): TenantScope {
  const principal = principalOf(request);
  if (request.portalRead && isPortalUser(principal)) return { all: true, localidades: [], sucursales: [] };
  return scopeOf(principal);
}

/**
 * Opens a read route to the tax authority's portal users: staff still need `access`
 * (their role's permission, tenancy as usual), while a USUARIO_PORTAL or ADMIN_PORTAL user passes without
 * a role, reads every company through `scopeOfRequest` and has each answer written to the audit log. Only
 * GET/HEAD pass: a write stays refused for a portal user whatever the route (http/portal.ts). Use it as
 * the route's guard: `preValidation: allowPortalRead({ module: '/reportes/seniat' })`.
 */
export function allowPortalRead(
  access: Access,
  options: { writes?: boolean } = {},
): preValidationAsyncHookHandler {
  return guard(access, { ...options, portal: 'read' });
}
