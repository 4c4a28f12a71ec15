import { randomBytes, randomUUID } from 'node:crypto';
import { z } from '@sigece/fiscal';
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { passwordResets, refreshTokens, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, tooManyRequests, unauthorized } from '../../http/errors.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { defineJob } from '../jobs/define.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../security/password.ts';
import { forgetUser } from '../security/principal-cache.ts';
import { bumpTokenVersion } from '../security/token-version.ts';
import { roleNameOf } from '../security/users.service.ts';
import { hit, purgeThrottles, releaseSlot, takeSlot } from './throttle.ts';
import { sha256, type TokenSigner } from './tokens.ts';

export const MAX_FAILED_LOGINS = 10;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
/**
 * Forgot-password requests allowed within RESET_WINDOW_MS: per address from one client IP, per client IP,
 * and per address from every IP together. The per-address limit counts each (address, IP) pair apart, so
 * a stranger who spends an address's requests from their IP does not lock its owner out;
 * the overall per-address cap only bounds how much mail one address can be sent.
 */
export const MAX_RESETS_PER_EMAIL = 5;
export const MAX_RESETS_PER_IP = 20;
export const MAX_RESETS_PER_EMAIL_ALL_IPS = 20;
export const RESET_WINDOW_MS = 60 * 60 * 1000;
/** Reset-password attempts (right or wrong links) per client IP within RESET_WINDOW_MS. */
export const MAX_RESET_ATTEMPTS_PER_IP = 20;
/** How long a login waits for a slot while parallel attempts on the same account are being checked. */
const SLOT_WAIT_MS = 10_000;

export const AUTH_MESSAGES = {
  wrongCredentials: 'Usuario, correo o contraseña incorrectos',
  tooManyAttempts: 'Demasiados intentos fallidos de inicio de sesión. Intente de nuevo en 15 minutos.',
  tooManyResets: 'Demasiadas solicitudes de restablecimiento de contraseña. Intente de nuevo más tarde.',
  tooManyResetAttempts: 'Demasiados intentos de restablecer la contraseña. Intente de nuevo más tarde.',
  invalidRefresh: 'Token de actualización inválido o expirado',
  resetSent: 'Si el correo está registrado, recibirá un enlace para restablecer su contraseña',
  resetInvalid: 'El enlace de recuperación no es válido o ya expiró',
  passwordUpdated: 'Password Actualizado con exito !!!',
  wrongCurrentPassword: 'La contraseña actual no es correcta',
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

async function issuePair(
  db: DbOrTx,
  signer: TokenSigner,
  user: { id: string; tokenVersion: number },
  familyId: string,
): Promise<TokenPair> {
  const access = await signer.signAccess(user.id, user.tokenVersion);
  const refresh = await signer.signRefresh(user.id);
  await db.insert(refreshTokens).values({
    id: refresh.jti,
    userId: user.id,
    familyId,
    tokenHash: sha256(refresh.token),
    expiresAt: refresh.expires,
  });
  return {
    access: { token: access.token, expires: access.expires.toISOString() },
    refresh: { token: refresh.token, expires: refresh.expires.toISOString() },
  };
}

/**
 * The user an identifier names: the e-mail, or else the alias (case-insensitive) when exactly one user
 * carries it, so that an alias shared by two users logs in neither.
 */
async function findLoginUser(db: Db, identifier: string) {
  const rows = await db
    .select()
    .from(users)
    .where(or(eq(users.email, identifier), eq(sql`lower(${users.userAlias})`, identifier)))
    .limit(3);
  return rows.find((u) => u.email === identifier) ?? (rows.length === 1 ? rows[0] : undefined);
}

/** A slot to check one password of `key`, waiting while parallel attempts hold the others. */
async function loginSlot(db: Db, key: string): Promise<void> {
  const deadline = Date.now() + SLOT_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    const answer = await takeSlot(db, key, MAX_FAILED_LOGINS, FAILED_LOGIN_WINDOW_MS);
    if (answer === 'granted') return;
    if (answer === 'exhausted' || Date.now() > deadline) {
      throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);
    }
    // A password check takes tens of milliseconds: back off rather than keep the database busy.
    const wait = Math.min(400, 25 * 2 ** attempt);
    await new Promise((resolve) => setTimeout(resolve, wait / 2 + Math.random() * wait));
  }
}

/**
 * `input.email` is the contract's field name; it carries the e-mail or the user alias. At most
 * MAX_FAILED_LOGINS passwords of one account are checked per window, parallel attempts included: each
 * check holds a slot taken atomically before it starts.
 */
export async function login(
  deps: { db: Db; signer: TokenSigner },
  input: { email: string; password: string },
  audit: AuditContext,
): Promise<LoginResult> {
  const { db, signer } = deps;
  const identifier = normalizeEmail(input.email);
  const user = await findLoginUser(db, identifier);
  const key = `login:${user?.id ?? identifier}`;
  await loginSlot(db, key);
  let valid = false;
  try {
    valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  } finally {
    await releaseSlot(db, key, !(valid && user?.status === 'ACTIVO'));
  }
  if (!user || !valid || user.status !== 'ACTIVO') throw unauthorized(AUTH_MESSAGES.wrongCredentials);
  const tokens = await issuePair(db, signer, user, randomUUID());
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
    .select({ id: users.id, status: users.status, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, claimed.userId))
    .limit(1);
  if (user?.status !== 'ACTIVO') throw unauthorized(AUTH_MESSAGES.invalidRefresh);
  return issuePair(db, signer, user, claimed.familyId);
}

export async function logout(db: Db, refreshToken: string, audit: AuditContext): Promise<void> {
  const [revoked] = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, sha256(refreshToken)), isNull(refreshTokens.revokedAt)))
    .returning({ userId: refreshTokens.userId });
  if (revoked) {
    await bumpTokenVersion(db, revoked.userId);
    await recordAudit(
      db,
      { ...audit, userId: revoked.userId },
      { entity: 'session', entityId: revoked.userId, action: 'logout' },
    );
  }
}

/** In-process sends (no job queue here): awaited when the app closes. */
const inlineSends = new Set<Promise<void>>();
export const settleInlineSends = () => Promise.all([...inlineSends]).then(() => undefined);

/**
 * Answers the same, after the same work, whatever the e-mail: two throttle counters and one queued job.
 * The job looks the user up and sends the link, so neither the answer's time nor its status depends on
 * whether the address exists or the mail server answers. Without a job queue in this process the mail
 * is sent in the background, the answer unchanged.
 */
export async function requestPasswordReset(deps: Deps, emailInput: string, ip: string): Promise<void> {
  const email = normalizeEmail(emailInput);
  const [byEmailFromIp, byIp, byEmail] = await Promise.all([
    hit(deps.db, `reset:email-ip:${email}:${ip}`, RESET_WINDOW_MS),
    hit(deps.db, `reset:ip:${ip}`, RESET_WINDOW_MS),
    hit(deps.db, `reset:email:${email}`, RESET_WINDOW_MS),
  ]);
  if (
    byEmailFromIp > MAX_RESETS_PER_EMAIL ||
    byIp > MAX_RESETS_PER_IP ||
    byEmail > MAX_RESETS_PER_EMAIL_ALL_IPS
  ) {
    throw tooManyRequests(AUTH_MESSAGES.tooManyResets);
  }
  if (deps.jobs) {
    await deps.jobs.send(passwordResetMailJob, { email });
    return;
  }
  const sending = sendPasswordReset(deps, { email }).catch((error: Error) =>
    console.error('correo de recuperación:', error.message),
  );
  inlineSends.add(sending);
  void sending.finally(() => inlineSends.delete(sending));
}

/** The link shown in the e-mail log: enough to tell it was a reset link, useless to follow. */
const maskedLink = (publicUrl: string) => `${publicUrl}/reset-password?token=••••••••`;

/** The job: a single-use link, stored hashed, to an ACTIVO user's address; nothing for anyone else. */
export async function sendPasswordReset(deps: Deps, job: { email: string }): Promise<void> {
  const { db, mailer } = deps;
  const publicUrl = deps.config.publicUrl;
  const [user] = await db.select().from(users).where(eq(users.email, job.email)).limit(1);
  if (user?.status !== 'ACTIVO') return;
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  const body = (link: string) =>
    [
      `Hola ${user.firstName},`,
      '',
      'Recibimos una solicitud para restablecer su contraseña. Use este enlace dentro de la próxima hora:',
      link,
      '',
      'El enlace sirve una sola vez. Si no hizo esta solicitud, ignore este mensaje.',
    ].join('\n');
  await mailer.send(db, {
    to: [user.email],
    subject: 'sigece: restablecer contraseña',
    text: body(`${publicUrl}/reset-password?token=${token}`),
    logText: body(maskedLink(publicUrl)),
    tipoDoc: 'RESET_PASSWORD',
  });
}

/** E-mails a password reset link (the payload holds the address only, never a link). */
export const passwordResetMailJob = defineJob({
  name: 'auth-restablecer-clave',
  payload: z.object({ email: z.string() }),
  handler: sendPasswordReset,
});

/** The link is one of a valid, unused, unexpired reset (a read: the transaction below takes it). */
async function liveReset(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Sets the new password of a reset link. Throttled per client IP, and the link is checked before the
 * password is hashed (argon2's tens of milliseconds of CPU are spent only for a live link); the transaction
 * checks it again as it takes it, so two uses of one link cannot both pass.
 */
export async function resetPassword(
  db: Db,
  input: { token: string; password: string },
  audit: AuditContext,
): Promise<void> {
  if ((await hit(db, `reset-password:ip:${audit.ip ?? ''}`, RESET_WINDOW_MS)) > MAX_RESET_ATTEMPTS_PER_IP) {
    throw tooManyRequests(AUTH_MESSAGES.tooManyResetAttempts);
  }
  if (!(await liveReset(db, input.token))) throw unauthorized(AUTH_MESSAGES.resetInvalid);
  const passwordHash = await hashPassword(input.password);
  await db
    .transaction(async (tx) => {
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
      await tx
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
        .where(eq(users.id, reset.userId));
      // The other links of that user die with this one.
      await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResets.userId, reset.userId),
            ne(passwordResets.id, reset.id),
            isNull(passwordResets.usedAt),
          ),
        );
      // A new password ends every open session, and its access tokens (the version above).
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
      return reset.userId;
    })
    .then(forgetUser);
}

/**
 * A signed-in user changes their own password, proving it with the current one; the
 * wrong one counts as a failed login of that account (same throttle), so the form cannot be used to guess
 * it. Every other session ends (refresh tokens revoked, access tokens' version bumped); this one goes on
 * with the new pair answered here.
 */
export async function changeOwnPassword(
  deps: { db: Db; signer: TokenSigner },
  userId: string,
  input: { passwordActual: string; password: string },
  audit: AuditContext,
): Promise<TokenPair> {
  const { db, signer } = deps;
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (user?.status !== 'ACTIVO') throw unauthorized(AUTH_MESSAGES.wrongCredentials);
  const key = `login:${user.id}`;
  await loginSlot(db, key);
  let valid = false;
  try {
    valid = await verifyPassword(user.passwordHash, input.passwordActual);
  } finally {
    await releaseSlot(db, key, !valid);
  }
  if (!valid) throw badRequest(AUTH_MESSAGES.wrongCurrentPassword);
  const passwordHash = await hashPassword(input.password);
  const tokens = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
    await recordAudit(tx, audit, { entity: 'user', entityId: user.id, action: 'change-own-password' });
    return issuePair(tx, signer, row, randomUUID());
  });
  forgetUser(user.id);
  return tokens;
}

/** Housekeeping: forget failures and tokens nobody can use any more. */
export async function purgeExpired(db: Db): Promise<void> {
  await purgeThrottles(db, Math.max(FAILED_LOGIN_WINDOW_MS, RESET_WINDOW_MS));
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, new Date()));
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, new Date()));
}
