import { createHash, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TTL_SECONDS = 30 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface IssuedToken {
  token: string;
  expires: Date;
  jti: string;
}

export type TokenType = 'access' | 'refresh';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);

  async function sign(userId: string, type: TokenType, ttlSeconds: number): Promise<IssuedToken> {
    const jti = randomUUID();
    const expires = new Date(Date.now() + ttlSeconds * 1000);
    const token = await new SignJWT({ type })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expires.getTime() / 1000))
      .sign(key);
    return { token, expires, jti };
  }

  /** The subject and id of a valid token of the given type, or null for anything else. */
  async function verify(token: string, type: TokenType): Promise<{ userId: string; jti: string } | null> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (payload.type !== type || !payload.sub || !payload.jti) return null;
      return { userId: payload.sub, jti: payload.jti };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }

  return {
    signAccess: (userId: string) => sign(userId, 'access', ACCESS_TTL_SECONDS),
    signRefresh: (userId: string) => sign(userId, 'refresh', REFRESH_TTL_SECONDS),
    verify,
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
