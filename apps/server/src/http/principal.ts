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
