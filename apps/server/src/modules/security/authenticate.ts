import type { DbOrTx } from '../../db/client.ts';
import { unauthorized } from '../../http/errors.ts';
import type { Authenticate, Principal } from '../../http/principal.ts';
import type { TokenSigner } from '../auth/tokens.ts';
import { loadPrincipal } from './principal.ts';
import { cachedPrincipal, rememberPrincipal, stampOf } from './principal-cache.ts';

/**
 * The guard's way from a bearer token to its user: a recently seen token answers from the cache, any
 * other is verified and its user loaded with the permissions in force now.
 */
export function tokenAuthenticator(signer: TokenSigner, db: DbOrTx): Authenticate {
  return async (token: string): Promise<Principal> => {
    const cached = cachedPrincipal(token);
    if (cached) return cached;
    const claims = await signer.verify(token, 'access');
    if (!claims) throw unauthorized('Token de acceso inválido o expirado');
    const stamp = stampOf(claims.userId);
    const principal = await loadPrincipal(db, claims.userId);
    if (!principal) throw unauthorized('El usuario no existe o está inactivo');
    // Logout and password changes bump the version: the tokens signed before stop working.
    if (principal.tokenVersion !== claims.version) throw unauthorized('Token de acceso inválido o expirado');
    rememberPrincipal(token, principal, stamp, claims.expires);
    return principal;
  };
}
