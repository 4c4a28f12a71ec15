import type { PermissionSubject } from '@sigece/fiscal';

/**
 * The authenticated user as every route sees it: identity, effective permissions and scope. Declared here,
 * below the modules, because the guard and the tenancy rule read it; the security module builds it.
 */
export interface Principal extends PermissionSubject {
  id: string;
  email: string;
  name: string;
  roleId: string | null;
  roleName: string | null;
  localidades: string[];
  sucursales: string[];
  /** Access tokens signed with another version are revoked. */
  tokenVersion: number;
  /**
   * Set when the request came with an integration API key instead of a login token: the
   * key's id, its visible prefix, whether it is a sandbox (test) key and the actions it allows.
   */
  apiKey?: { id: string; prefix: string; test: boolean; acciones: string[] };
  /** The user's tax-authority portal type; absent or NO_PORTAL for everyone else. */
  portal?: 'NO_PORTAL' | 'USUARIO_PORTAL' | 'ADMIN_PORTAL';
}

/**
 * Who is calling, as the integration features key their records (idempotency keys, rate limits, the request
 * log): an API key and the user who made it are different callers.
 */
export function callerKey(principal: Principal): string {
  return principal.apiKey ? `key:${principal.apiKey.id}` : `user:${principal.id}`;
}

/**
 * Turns a bearer token into its user, or throws the 401 that says why. The security module supplies it
 * (`Deps.authenticate`), so the guard needs no module.
 */
export type Authenticate = (token: string) => Promise<Principal>;

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}
