import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures, passwordResets, refreshTokens, users } from '../../db/schema.ts';
import { tooManyRequests, unauthorized } from '../../http/errors.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { roleNameOf } from '../security/users.service.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password.ts';
import { sha256, type TokenSigner } from './tokens.ts';

export const MAX_FAILED_LOGINS = 10;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;

export const AUTH_MESSAGES = {
  wrongCredentials: 'Correo o contraseña incorrectos',
  tooManyAttempts: 'Demasiados intentos fallidos de inicio de sesión. Intente de nuevo en 15 minutos.',
  invalidRefresh: 'Token de actualización inválido o expirado',
  resetSent: 'Si el correo está registrado, recibirá un enlace para restablecer su contraseña',
  resetInvalid: 'El enlace de recuperación no es válido o ya expiró',
  passwordUpdated: 'Password Actualizado con exito !!!',
} as const;

export interface TokenPair {
  access: { token: string; expires: string };
  refresh: { token: string; expires: string };
}

export interface LoginResult {
  user: { id: string; email: string; name: string; role: string };
  tokens: TokenPair;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

async function issuePair(db: Db, signer: TokenSigner, userId: string, familyId: string): Promise<TokenPair> {
  const access = await signer.signAccess(userId);
  const refresh = await signer.signRefresh(userId);
  await db.insert(refreshTokens).values({
    id: refresh.jti,
    userId,
    familyId,
    tokenHash: sha256(refresh.token),
    expiresAt: refresh.expires,
  });
  return {
    access: { token: access.token, expires: access.expires.toISOString() },
    refresh: { token: refresh.token, expires: refresh.expires.toISOString() },
  };
}

export async function login(
  deps: { db: Db; signer: TokenSigner },
  input: { email: string; password: string },
  audit: AuditContext,
): Promise<LoginResult> {
  const { db, signer } = deps;
  const email = normalizeEmail(input.email);
  const since = new Date(Date.now() - FAILED_LOGIN_WINDOW_MS);
  const [{ failures }] = await db
    .select({ failures: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.at, since)));
  if (failures >= MAX_FAILED_LOGINS) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);

  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid || user.status !== 'ACTIVO') {
    await db.insert(loginFailures).values({ email });
    throw unauthorized(AUTH_MESSAGES.wrongCredentials);
  }
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
  const tokens = await issuePair(db, signer, user.id, randomUUID());
  await recordAudit(
    db,
    { ...audit, userId: user.id, userEmail: user.email },
    {
      entity: 'session',
      entityId: user.id,
      action: 'login',
    },
  );
  const role = user.masterAdmin ? 'admin' : ((await roleNameOf(db, user.roleId)) ?? '');
  return {
    user: { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim(), role },
    tokens,
  };
}

/**
 * Rotation: a refresh token works once. Presenting one that was already used means it leaked, so the
 * whole family (every token descended from that login) is revoked.
 */
export async function refresh(
  deps: { db: Db; signer: TokenSigner },
  refreshToken: string,
): Promise<TokenPair> {
  const { db, signer } = deps;
  const claims = await signer.verify(refreshToken, 'refresh');
  if (!claims) throw unauthorized(AUTH_MESSAGES.invalidRefresh);
  const hash = sha256(refreshToken);
  const [claimed] = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.tokenHash, hash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!claimed) {
    const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).limit(1);
    if (known?.usedAt) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(eq(refreshTokens.familyId, known.familyId));
    }
    throw unauthorized(AUTH_MESSAGES.invalidRefresh);
  }
  const [user] = await db
    .select({ status: users.status })
    .from(users)
    .where(eq(users.id, claimed.userId))
    .limit(1);
  if (user?.status !== 'ACTIVO') throw unauthorized(AUTH_MESSAGES.invalidRefresh);
  return issuePair(db, signer, claimed.userId, claimed.familyId);
}

export async function logout(db: Db, refreshToken: string, audit: AuditContext): Promise<void> {
  const [revoked] = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, sha256(refreshToken)), isNull(refreshTokens.revokedAt)))
    .returning({ userId: refreshTokens.userId });
  if (revoked) {
    await recordAudit(
      db,
      { ...audit, userId: revoked.userId },
      { entity: 'session', entityId: revoked.userId, action: 'logout' },
    );
  }
}

/** Always answers the same, so the form cannot be used to learn which e-mails exist. */
export async function requestPasswordReset(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  emailInput: string,
): Promise<void> {
  const { db, mailer, publicUrl } = deps;
  const email = normalizeEmail(emailInput);
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (user?.status !== 'ACTIVO') return;
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  const link = `${publicUrl}/reset-password?token=${token}`;
  await mailer.send(db, {
    to: [user.email],
    subject: 'sigece: restablecer contraseña',
    text: [
      `Hola ${user.firstName},`,
      '',
      'Recibimos una solicitud para restablecer su contraseña. Use este enlace dentro de la próxima hora:',
      link,
      '',
      'El enlace sirve una sola vez. Si no hizo esta solicitud, ignore este mensaje.',
    ].join('\n'),
    tipoDoc: 'RESET_PASSWORD',
  });
}

export async function resetPassword(
  db: Db,
  input: { token: string; password: string },
  audit: AuditContext,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, sha256(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!reset) throw unauthorized(AUTH_MESSAGES.resetInvalid);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, reset.userId));
    // A new password ends every open session.
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, reset.userId), isNull(refreshTokens.revokedAt)));
    await recordAudit(
      tx,
      { ...audit, userId: reset.userId },
      {
        entity: 'user',
        entityId: reset.userId,
        action: 'reset-password',
      },
    );
  });
}

/** Housekeeping: forget failures and tokens nobody can use any more. */
export async function purgeExpired(db: Db): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.at, new Date(Date.now() - FAILED_LOGIN_WINDOW_MS)));
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, new Date()));
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, new Date()));
}
