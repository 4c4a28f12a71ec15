import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { ADMIN, countRows, describeWithApp } from './harness.ts';
import { smtpReceiver } from './support/smtp-receiver.ts';

describeWithApp('auth: login, refresh, logout', (ctx) => {
  it('logs in with the contract answer shape: 30-minute access and 30-day refresh tokens', async () => {
    const res = await ctx().request({ method: 'POST', url: '/v2/auth/login', payload: ADMIN });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: ADMIN.email, name: 'Administrador Maestro', role: 'admin' });
    expect(typeof body.user.id).toBe('string');
    const accessMinutes = (Date.parse(body.tokens.access.expires) - Date.now()) / 60_000;
    const refreshDays = (Date.parse(body.tokens.refresh.expires) - Date.now()) / 86_400_000;
    expect(accessMinutes).toBeGreaterThan(29);
    expect(accessMinutes).toBeLessThanOrEqual(30);
    expect(refreshDays).toBeGreaterThan(29.9);
    expect(refreshDays).toBeLessThanOrEqual(30);
    expect(body.tokens.access.token.split('.')).toHaveLength(3);
  });

  it('answers wrong credentials with 401 and a Spanish message', async () => {
    const res = await ctx().request({
      method: 'POST',
      url: '/v2/auth/login',
      payload: { email: ADMIN.email, password: 'nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, message: 'Usuario, correo o contraseña incorrectos' });
  });

  it('rejects a malformed body with 400 and the field message', async () => {
    const res = await ctx().request({ method: 'POST', url: '/v2/auth/login', payload: { password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El email es requerido');
    const bad = await ctx().request({
      method: 'POST',
      url: '/v2/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('El cuerpo de la solicitud no es un JSON válido');
  });

  it('stores refresh tokens hashed, rotates them on use and rejects reuse of an old one', async () => {
    const { tokens } = (
      await ctx().request({ method: 'POST', url: '/v2/auth/login', payload: ADMIN })
    ).json();
    expect(await countRows(ctx().database, 'refresh_tokens', `token_hash = '${tokens.refresh.token}'`)).toBe(
      0,
    );
    const first = await ctx().request({
      method: 'POST',
      url: '/v2/auth/refresh-tokens',
      payload: { refreshToken: tokens.refresh.token },
    });
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated.refresh.token).not.toBe(tokens.refresh.token);
    const me = await ctx().request({ method: 'GET', url: '/v2/auth/me', token: rotated.access.token });
    expect(me.statusCode).toBe(200);
    // The old token again: refused, and the whole family (including the rotated token) is revoked.
    const reuse = await ctx().request({
      method: 'POST',
      url: '/v2/auth/refresh-tokens',
      payload: { refreshToken: tokens.refresh.token },
    });
    expect(reuse.statusCode).toBe(401);
    const afterReuse = await ctx().request({
      method: 'POST',
      url: '/v2/auth/refresh-tokens',
      payload: { refreshToken: rotated.refresh.token },
    });
    expect(afterReuse.statusCode).toBe(401);
  });

  it('logout answers 204 and makes the refresh token unusable', async () => {
    const { tokens } = (
      await ctx().request({ method: 'POST', url: '/v2/auth/login', payload: ADMIN })
    ).json();
    const out = await ctx().request({
      method: 'POST',
      url: '/v2/auth/logout',
      payload: { refreshToken: tokens.refresh.token },
    });
    expect(out.statusCode).toBe(204);
    const again = await ctx().request({
      method: 'POST',
      url: '/v2/auth/refresh-tokens',
      payload: { refreshToken: tokens.refresh.token },
    });
    expect(again.statusCode).toBe(401);
  });

  it('refuses an access token used as a refresh token and the reverse', async () => {
    const { tokens } = (
      await ctx().request({ method: 'POST', url: '/v2/auth/login', payload: ADMIN })
    ).json();
    const asRefresh = await ctx().request({
      method: 'POST',
      url: '/v2/auth/refresh-tokens',
      payload: { refreshToken: tokens.access.token },
    });
    expect(asRefresh.statusCode).toBe(401);
    const asAccess = await ctx().request({ method: 'GET', url: '/v2/auth/me', token: tokens.refresh.token });
    expect(asAccess.statusCode).toBe(401);
  });

  it('answers 401 without a token and with a forged one', async () => {
    const none = await ctx().request({ method: 'GET', url: '/v2/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toMatch(/token/);
    const forged = await ctx().request({
      method: 'GET',
      url: '/v2/auth/me',
      token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
    });
    expect(forged.statusCode).toBe(401);
  });

  it('throttles: the 11th attempt within 15 minutes answers 429 in Spanish, even with the right password', async () => {
    const email = 'throttle@sigece.local';
    for (let i = 0; i < 10; i++) {
      const res = await ctx().request({
        method: 'POST',
        url: '/v2/auth/login',
        payload: { email, password: `bad${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await ctx().request({
      method: 'POST',
      url: '/v2/auth/login',
      payload: { email, password: 'whatever' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(
      'Demasiados intentos fallidos de inicio de sesión. Intente de nuevo en 15 minutos.',
    );
    // Another e-mail is not affected.
    const other = await ctx().request({ method: 'POST', url: '/v2/auth/login', payload: ADMIN });
    expect(other.statusCode).toBe(200);
  });

  it('serves the health check, the OpenAPI document and security headers', async () => {
    const health = await ctx().request({ method: 'GET', url: '/v2/health' });
    expect(health.json()).toEqual({ status: 'ok', database: ctx().driver });
    const docs = await ctx().request({ method: 'GET', url: '/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain('/v2/auth/login');
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('auth: forgot password over real SMTP', () => {
  const smtp = smtpReceiver();
  const { received } = smtp;

  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());

  describeWithApp(
    'reset link',
    (ctx) => {
      it('e-mails a single-use link valid for one hour, then the new password works and the old does not', async () => {
        const before = received.length;
        const ask = await ctx().request({
          method: 'POST',
          url: '/v2/auth/forgot-password',
          payload: { email: ADMIN.email },
        });
        expect(ask.statusCode).toBe(200);
        // The mail leaves in the background (no job queue in this process): wait for it.
        for (let i = 0; i < 100 && received.length === before; i++)
          await new Promise((r) => setTimeout(r, 50));
        expect(received.length).toBe(before + 1);
        const mail = received.at(-1)!;
        expect(mail.rcptTo).toEqual([ADMIN.email]);
        const unfolded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(unfolded)?.[1];
        expect(token).toBeTruthy();
        const [row] = await ctx().database.query<{ expires: string }>(
          `select extract(epoch from (expires_at - created_at))::int::text as expires from password_resets order by created_at desc limit 1`,
        );
        expect(Number(row.expires)).toBe(3600);
        // The log row follows the server's answer: wait for it.
        const readLog = () =>
          ctx().database.query<{ status_code: string; transport: string }>(
            `select status_code, transport from mail_messages order by log_fecha_registro desc limit 1`,
          );
        for (let i = 0; i < 100 && (await readLog()).length === 0; i++)
          await new Promise((r) => setTimeout(r, 50));
        const [log] = await readLog();
        expect(log).toEqual({ status_code: '250', transport: 'smtp' });

        const reset = await ctx().request({
          method: 'POST',
          url: '/v2/auth/reset-password',
          payload: { token, password: 'nueva-clave-1' },
        });
        expect(reset.statusCode).toBe(200);
        expect(reset.json().message).toBe('Password Actualizado con exito !!!');
        const reuse = await ctx().request({
          method: 'POST',
          url: '/v2/auth/reset-password',
          payload: { token, password: 'otra-clave-2' },
        });
        expect(reuse.statusCode).toBe(401);
        expect(
          (await ctx().request({ method: 'POST', url: '/v2/auth/login', payload: ADMIN })).statusCode,
        ).toBe(401);
        const fresh = await ctx().request({
          method: 'POST',
          url: '/v2/auth/login',
          payload: { email: ADMIN.email, password: 'nueva-clave-1' },
        });
        expect(fresh.statusCode).toBe(200);
      });

      it('answers the same for an unknown e-mail and sends nothing', async () => {
        const before = received.length;
        const res = await ctx().request({
          method: 'POST',
          url: '/v2/auth/forgot-password',
          payload: { email: 'nadie@sigece.local' },
        });
        expect(res.statusCode).toBe(200);
        await new Promise((r) => setTimeout(r, 300));
        expect(received.length).toBe(before);
      });

      it('rejects an invalid e-mail with the spec message', async () => {
        const res = await ctx().request({
          method: 'POST',
          url: '/v2/auth/forgot-password',
          payload: { email: 'no-es-correo' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('El email no es válido');
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
});

describeWithApp('auth: without SMTP the message lands in the local outbox', (ctx) => {
  it('keeps the reset e-mail in mail_messages, its link masked', async () => {
    const res = await ctx().request({
      method: 'POST',
      url: '/v2/auth/forgot-password',
      payload: { email: ADMIN.email },
    });
    expect(res.statusCode).toBe(200);
    const read = () =>
      ctx().database.query<{ transport: string; body_text: string }>(
        `select transport, body_text from mail_messages`,
      );
    for (let i = 0; i < 100 && (await read()).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const rows = await read();
    expect(rows).toHaveLength(1);
    expect(rows[0].transport).toBe('outbox');
    // The link is there, masked: the outbox is not a way around the user's mailbox.
    expect(rows[0].body_text).toContain('/reset-password?token=••••••••');
  });
});
