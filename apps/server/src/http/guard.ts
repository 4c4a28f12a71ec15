import { hasAnyPermission } from '@sigece/fiscal';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { loadPrincipal, type Principal } from '../modules/security/principal.ts';
import { cachedPrincipal, rememberPrincipal, stampOf } from '../modules/security/principal-cache.ts';
import { forbidden, unauthorized } from './errors.ts';
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
  const cached = cachedPrincipal(token);
  if (cached) {
    request.principal = cached;
    return cached;
  }
  const { signer, db } = request.server.deps;
  const claims = await signer.verify(token, 'access');
  if (!claims) throw unauthorized('Token de acceso inválido o expirado');
  const stamp = stampOf(claims.userId);
  const principal = await loadPrincipal(db, claims.userId);
  if (!principal) throw unauthorized('El usuario no existe o está inactivo');
  // Logout and password changes bump the version: the tokens signed before stop working.
  if (principal.tokenVersion !== claims.version) throw unauthorized('Token de acceso inválido o expirado');
  rememberPrincipal(token, principal, stamp, claims.expires);
  request.principal = principal;
  return principal;
}

function permitted(principal: Principal, access: Access): boolean {
  if (access === 'authenticated') return true;
  const checks = 'anyOf' in access ? access.anyOf : [access];
  return hasAnyPermission(
    principal,
    checks.map((c) => ({ path: c.module, key: c.action })),
  );
}

/** The preValidation hook of every protected route (before the body is judged): a valid token (401), then the role's permission (403). */
export function guard(access: Access): preValidationAsyncHookHandler {
  return async (request) => {
    const principal = await authenticate(request);
    if (!permitted(principal, access)) throw forbidden();
  };
}

/** For routes open to everyone that show more to a signed-in user: null without a token, 401 for a bad one. */
export async function optionalPrincipal(request: FastifyRequest): Promise<Principal | null> {
  if (!request.headers.authorization) return null;
  return authenticate(request);
}

/** The authenticated user of a guarded route. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

export function scopeOfRequest(request: FastifyRequest): TenantScope {
  return scopeOf(principalOf(request));
}
