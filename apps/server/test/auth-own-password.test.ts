// The header's 'Cambiar contraseña' — a signed-in user changes their own password, whatever
// their role grants on the users screen, proving it with the current one.
import { expect, it } from 'vitest';
import { countRows, describeWithApp } from './harness.ts';
import { companyWithBranches, createRole, createUser, PASSWORD } from './support/users.ts';

describeWithApp('auth: a user changes their own password', (ctx) => {
  /** A user whose role has no action on the users screen. */
  async function plainUser() {
    const company = await companyWithBranches(ctx);
    const role = await createRole(ctx, { '/facturacion/generales': [] });
    return { ...(await createUser(ctx, { role: role.id, id_localidad: [company.id] })), company };
  }

  it('with the current password: the new one logs in, the old one and the other sessions do not', async () => {
    const user = await plainUser();
    const other = await ctx().request({
      method: 'POST',
      url: '/v2/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    const token = await ctx().login(user.email, PASSWORD);
    const res = await ctx().request({
      method: 'POST',
      url: '/v2/auth/change-password',
      token,
      payload: { passwordActual: PASSWORD, password: 'nueva-clave-2026' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Password Actualizado con exito !!!');
    // This session goes on with the pair answered.
    const me = await ctx().request({ method: 'GET', url: '/v2/auth/me', token: body.tokens.access.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(user.email);
    // The token of before, and the other session's refresh token, no longer work.
    expect((await ctx().request({ method: 'GET', url: '/v2/auth/me', token })).statusCode).toBe(401);
    const refreshed = await ctx().request({
      method: 'POST',
      url: '/v2/auth/refresh-tokens',
      payload: { refreshToken: other.json().tokens.refresh.token },
    });
    expect(refreshed.statusCode).toBe(401);
    expect(await ctx().login(user.email, 'nueva-clave-2026')).toBeTruthy();
    const old = await ctx().request({
      method: 'POST',
      url: '/v2/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    expect(
      await countRows(
        ctx().database,
        'audit_log',
        `entity_id = '${user.id}' and action = 'change-own-password'`,
      ),
    ).toBe(1);
  });

  it('a wrong current password or a short new one: 400 with the message, nothing changed', async () => {
    const user = await plainUser();
    const token = await ctx().login(user.email, PASSWORD);
    const wrong = await ctx().request({
      method: 'POST',
      url: '/v2/auth/change-password',
      token,
      payload: { passwordActual: 'no-es-esta', password: 'nueva-clave-2026' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('La contraseña actual no es correcta');
    const short = await ctx().request({
      method: 'POST',
      url: '/v2/auth/change-password',
      token,
      payload: { passwordActual: PASSWORD, password: 'corta' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('La contraseña debe tener al menos 8 caracteres');
    const missing = await ctx().request({
      method: 'POST',
      url: '/v2/auth/change-password',
      token,
      payload: { password: 'nueva-clave-2026' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('La contraseña actual es requerida');
    // The session and the password are as before.
    expect((await ctx().request({ method: 'GET', url: '/v2/auth/me', token })).statusCode).toBe(200);
    expect(await ctx().login(user.email, PASSWORD)).toBeTruthy();
  });

  it('only ever changes the caller: no token, 401; the body cannot name another user', async () => {
    const user = await plainUser();
    const someoneElse = await plainUser();
    const anonymous = await ctx().request({
      method: 'POST',
      url: '/v2/auth/change-password',
      payload: { passwordActual: PASSWORD, password: 'nueva-clave-2026' },
    });
    expect(anonymous.statusCode).toBe(401);
    const token = await ctx().login(user.email, PASSWORD);
    const res = await ctx().request({
      method: 'POST',
      url: `/v2/auth/change-password?userID=${someoneElse.id}`,
      token,
      payload: { passwordActual: PASSWORD, password: 'nueva-clave-2026', userID: someoneElse.id },
    });
    expect(res.statusCode).toBe(200);
    // The other user (another company) keeps their password.
    expect(await ctx().login(someoneElse.email, PASSWORD)).toBeTruthy();
    expect(await ctx().login(user.email, 'nueva-clave-2026')).toBeTruthy();
  });
});
