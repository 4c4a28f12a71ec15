import { createHash, randomUUID } from 'node:crypto';
import { isUuid } from '@sigece/fiscal';
import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TTL_SECONDS = 30 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface IssuedToken {
  token: string;
  expires: Date;
  jti: string;
}

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  userId: string;
  jti: string;
  /** The user's token version when the token was signed (access tokens; 0 when absent). */
  version: number;
  /** Epoch milliseconds. */
  expires: number;
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);

  async function sign(
    userId: string,
    type: TokenType,
    ttlSeconds: number,
    version = 0,
  ): Promise<IssuedToken> {
    const jti = randomUUID();
    const expires = new Date(Date.now() + ttlSeconds * 1000);
    const token = await new SignJWT(type === 'access' ? { type, ver: version } : { type })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expires.getTime() / 1000))
      .sign(key);
    return { token, expires, jti };
  }

  /**
   * The claims of a valid token of the given type, or null for anything else: a token without an expiry
   * never ends, and a subject that is not a user id names nobody.
   */
  async function verify(token: string, type: TokenType): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub', 'jti'],
      });
      if (payload.type !== type || !payload.sub || !isUuid(payload.sub) || !payload.jti) return null;
      const version = payload.ver ?? 0;
      if (typeof version !== 'number' || !Number.isInteger(version)) return null;
      return { userId: payload.sub, jti: payload.jti, version, expires: (payload.exp as number) * 1000 };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }

  return {
    signAccess: (userId: string, version: number) => sign(userId, 'access', ACCESS_TTL_SECONDS, version),
    signRefresh: (userId: string) => sign(userId, 'refresh', REFRESH_TTL_SECONDS),
    verify,
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
