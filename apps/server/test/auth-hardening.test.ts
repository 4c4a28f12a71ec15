// Forgot password, login throttle, access tokens, the principal cache, aliases.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskedRequestLog } from '../src/modules/auth/log-mask.ts';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { ADMIN, countRows, describeWithApp, type TestApp } from './harness.ts';
import { smtpReceiver } from './support/smtp-receiver.ts';
import { createUser, PASSWORD } from './support/users.ts';

type Ctx = () => TestApp;

/** A master-admin user (unless the overrides say otherwise) made through the API. */
const plainUser = (ctx: Ctx, overrides: Record<string, unknown> = {}) =>
  createUser(ctx, { masterAdmin: true, ...overrides });

const login = (ctx: Ctx, email: string, password: string, remoteAddress?: string) =>
  ctx().request({ method: 'POST', url: '/v2/auth/login', payload: { email, password }, remoteAddress });

const forgot = (ctx: Ctx, email: string, remoteAddress: string) =>
  ctx().request({ method: 'POST', url: '/v2/auth/forgot-password', payload: { email }, remoteAddress });

async function sign(ctx: Ctx, claims: { sub?: string; exp?: boolean; type?: string }) {
  let jwt = new SignJWT({ type: claims.type ?? 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setJti(crypto.randomUUID())
    .setIssuedAt();
  if (claims.sub !== undefined) jwt = jwt.setSubject(claims.sub);
  if (claims.exp !== false) jwt = jwt.setExpirationTime('10m');
  return jwt.sign(new TextEncoder().encode(ctx().config.jwtSecret));
}

describeWithApp('auth hardening: tokens, throttle, alias', (ctx) => {
  it('40 parallel wrong guesses check at most 10 passwords (the rest answer 429)', async () => {
    const user = await plainUser(ctx);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(ctx, user.email, `mala-${i}`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(30);
    // Even the right password is refused now.
    expect((await login(ctx, user.email, PASSWORD)).statusCode).toBe(429);
  });

  it('logs in with the user alias as well as the e-mail (in the contract’s email field)', async () => {
    const user = await plainUser(ctx);
    const byAlias = await login(ctx, user.userAlias.toUpperCase(), PASSWORD);
    expect(byAlias.statusCode, byAlias.body).toBe(200);
    expect(byAlias.json().user.email).toBe(user.email);
    expect((await login(ctx, user.userAlias, 'mala')).json()).toEqual({
      code: 401,
      message: 'Usuario, correo o contraseña incorrectos',
    });
  });

  it('answers 401, not 500, to a token without exp, with a sub that is not a user id, or of an unknown user', async () => {
    for (const token of [
      await sign(ctx, { sub: (await plainUser(ctx)).id, exp: false }),
      await sign(ctx, { sub: 'x' }),
      await sign(ctx, { sub: "1' or '1'='1" }),
      await sign(ctx, { sub: crypto.randomUUID() }),
      await sign(ctx, {}),
    ]) {
      const res = await ctx().request({ method: 'GET', url: '/v2/auth/me', token });
      expect(res.statusCode, res.body).toBe(401);
    }
  });

  it('logout and a password change revoke the access tokens already handed out', async () => {
    const user = await plainUser(ctx);
    const first = (await login(ctx, user.email, PASSWORD)).json().tokens;
    const me = () => ctx().request({ method: 'GET', url: '/v2/auth/me', token: first.access.token });
    expect((await me()).statusCode).toBe(200);
    const out = await ctx().request({
      method: 'POST',
      url: '/v2/auth/logout',
      payload: { refreshToken: first.refresh.token },
    });
    expect(out.statusCode).toBe(204);
    expect((await me()).statusCode).toBe(401);

    const second = (await login(ctx, user.email, PASSWORD)).json().tokens;
    const me2 = () => ctx().request({ method: 'GET', url: '/v2/auth/me', token: second.access.token });
    expect((await me2()).statusCode).toBe(200);
    const change = await ctx().request({
      method: 'POST',
      url: `/v2/users/change-password?userID=${user.id}`,
      token: await ctx().adminToken(),
      payload: { password: 'otra-clave-9' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await me2()).statusCode).toBe(401);
    // A fresh login works and is not affected.
    const third = (await login(ctx, user.email, 'otra-clave-9')).json().tokens;
    expect(
      (await ctx().request({ method: 'GET', url: '/v2/auth/me', token: third.access.token })).statusCode,
    ).toBe(200);
  });

  it('answers with Cache-Control: no-store whenever tokens travel', async () => {
    const res = await login(ctx, ADMIN.email, ADMIN.password);
    expect(res.headers['cache-control']).toBe('no-store');
    const refreshed = await ctx().request({
      method: 'POST',
      url: '/v2/auth/refresh-tokens',
      payload: { refreshToken: res.json().tokens.refresh.token },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
  });

  it('caches the principal briefly, yet a role change or an inactivation through the API takes effect at once', async () => {
    const user = await plainUser(ctx);
    const token = (await login(ctx, user.email, PASSWORD)).json().tokens.access.token;
    const me = () => ctx().request({ method: 'GET', url: '/v2/auth/me', token });
    expect((await me()).json().name).toBe('Ana Pérez');
    // Written behind the API's back: the cached principal is still served within its few seconds.
    await ctx().database.query(`update users set first_name = 'Otra' where id = '${user.id}'`);
    expect((await me()).json().name).toBe('Ana Pérez');
    // Through the API: the cache is dropped at once.
    const toggle = await ctx().request({
      method: 'PUT',
      url: `/v2/users/ActivaDesactivaUserById/${user.id}`,
      token: await ctx().adminToken(),
    });
    expect(toggle.statusCode, toggle.body).toBe(200);
    expect((await me()).statusCode).toBe(401);
  });
});

describe('auth hardening: the access log', () => {
  it('never carries a reset link’s token', () => {
    const logged = maskedRequestLog({
      method: 'GET',
      url: '/reset-password?token=abc123SECRET&x=1',
      ip: '10.0.0.9',
    });
    expect(logged).toMatchObject({
      method: 'GET',
      url: '/reset-password?token=••••••••&x=1',
      remoteAddress: '10.0.0.9',
    });
    expect(JSON.stringify(logged)).not.toContain('abc123SECRET');
  });
});

describe('auth hardening: forgot password', () => {
  let delayMs = 0;
  const smtp = smtpReceiver({ delayMs: () => delayMs });
  const { received } = smtp;

  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());

  async function waitForMail(count: number) {
    for (let i = 0; i < 100 && received.length < count; i++) await new Promise((r) => setTimeout(r, 50));
    expect(received.length).toBe(count);
    const unfolded = received
      .at(-1)!
      .raw.replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    return /reset-password\?token=([A-Za-z0-9_-]+)/.exec(unfolded)?.[1] as string;
  }

  describeWithApp(
    'with SMTP',
    (ctx) => {
      it('answers before the mail server does, and the same for an unknown address', async () => {
        const user = await plainUser(ctx);
        delayMs = 1500;
        try {
          const before = received.length;
          const started = Date.now();
          const known = await forgot(ctx, user.email, '10.0.0.1');
          const knownMs = Date.now() - started;
          const unknown = await forgot(ctx, 'nadie@example.com', '10.0.0.1');
          expect(known.statusCode).toBe(200);
          expect(unknown.body).toBe(known.body);
          expect(knownMs).toBeLessThan(1000);
          await waitForMail(before + 1);
        } finally {
          delayMs = 0;
        }
      });

      it('a reset revokes the other reset links and every session; links are stored hashed and masked in the log', async () => {
        const user = await plainUser(ctx);
        const before = received.length;
        expect((await forgot(ctx, user.email, '10.0.0.2')).statusCode).toBe(200);
        const firstLink = await waitForMail(before + 1);
        expect((await forgot(ctx, user.email, '10.0.0.2')).statusCode).toBe(200);
        const secondLink = await waitForMail(before + 2);
        expect(firstLink).not.toBe(secondLink);
        expect(
          await countRows(
            ctx().database,
            'password_resets',
            `token_hash in ('${firstLink}', '${secondLink}')`,
          ),
        ).toBe(0);
        // The log row is written once the server has answered: wait for both.
        const readLog = () =>
          ctx().database.query<{ body_text: string }>(
            `select body_text from mail_messages where '${user.email}' = any(to_addresses)`,
          );
        for (let i = 0; i < 100 && (await readLog()).length < 2; i++)
          await new Promise((r) => setTimeout(r, 50));
        const logged = await readLog();
        expect(logged).toHaveLength(2);
        for (const row of logged) {
          expect(row.body_text).not.toContain(firstLink);
          expect(row.body_text).not.toContain(secondLink);
          expect(row.body_text).toContain('/reset-password?token=');
        }
        const session = (await login(ctx, user.email, PASSWORD)).json().tokens;
        const reset = await ctx().request({
          method: 'POST',
          url: '/v2/auth/reset-password',
          payload: { token: secondLink, password: 'nueva-clave-1' },
        });
        expect(reset.statusCode).toBe(200);
        const other = await ctx().request({
          method: 'POST',
          url: '/v2/auth/reset-password',
          payload: { token: firstLink, password: 'otra-clave-2' },
        });
        expect(other.statusCode).toBe(401);
        const refresh = await ctx().request({
          method: 'POST',
          url: '/v2/auth/refresh-tokens',
          payload: { refreshToken: session.refresh.token },
        });
        expect(refresh.statusCode).toBe(401);
        expect(
          (await ctx().request({ method: 'GET', url: '/v2/auth/me', token: session.access.token }))
            .statusCode,
        ).toBe(401);
      });

      it('throttles per e-mail and IP, and per IP, with a Spanish 429', async () => {
        const user = await plainUser(ctx);
        const codes: number[] = [];
        for (let i = 0; i < 6; i++) codes.push((await forgot(ctx, user.email, '10.0.1.1')).statusCode);
        expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
        const ipCodes: number[] = [];
        for (let i = 0; i < 21; i++)
          ipCodes.push((await forgot(ctx, `x${i}@example.com`, '10.0.2.1')).statusCode);
        expect(ipCodes.filter((c) => c === 200)).toHaveLength(20);
        const blocked = await forgot(ctx, 'y@example.com', '10.0.2.1');
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json().message).toBe(
          'Demasiadas solicitudes de restablecimiento de contraseña. Intente de nuevo más tarde.',
        );
      });
    },
    {
      mailer: () =>
        createMailer({
          smtpUrl: `smtp://127.0.0.1:${smtp.port()}`,
          from: 'sigece <no-responder@sigece.local>',
        }),
    },
  );

  describeWithApp(
    'with SMTP down',
    (ctx) => {
      it('still answers 200, not 500', async () => {
        const res = await forgot(ctx, ADMIN.email, '10.0.3.1');
        expect(res.statusCode, res.body).toBe(200);
      });
    },
    {
      mailer: () =>
        createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'sigece <no-responder@sigece.local>' }),
    },
  );

  describeWithApp(
    'with the job queue',
    (ctx) => {
      it('queues one job for a known and for an unknown address alike, never with the link in it', async () => {
        await forgot(ctx, ADMIN.email, '10.0.4.1');
        await forgot(ctx, 'nadie@example.com', '10.0.4.1');
        const jobs = await ctx().database.query<{ data: unknown }>(
          `select data from pgboss.job where name = 'auth-restablecer-clave'`,
        );
        expect(jobs).toHaveLength(2);
        expect(JSON.stringify(jobs)).not.toMatch(/token/i);
      });
    },
    { config: { jobs: true }, jobPollingSeconds: 60 },
  );
});
