import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { ADMIN, countRows, describeWithApp, type TestApp } from './harness.ts';
import {
  ALL_USER_ACTIONS,
  companyWithBranches,
  createRole,
  createUser,
  lastAudit,
  modulesByPath,
  PASSWORD,
  USERS,
  type UserView,
  unique,
  userPayload,
  userWith,
} from './support/users.ts';

// --- local helpers -----------------------------------------------------------------------------------

type Ctx = () => TestApp;

/** The body of an update: the user's current fields (without password) with some changed. */
function updateBody(user: UserView, changes: Record<string, unknown> = {}) {
  return {
    tipoDocumento: 'V',
    numeroDocumento: '12345678',
    firstName: user.firstName,
    lastName: 'Pérez',
    userAlias: user.userAlias,
    email: user.email,
    masterAdmin: user.masterAdmin,
    role: user.role ?? undefined,
    id_localidad: user.id_localidad,
    sucursales: user.sucursales,
    ...changes,
  };
}

async function counts(ctx: Ctx) {
  return {
    users: await countRows(ctx().database, 'users'),
    audit: await countRows(ctx().database, 'audit_log'),
    revoked: await countRows(ctx().database, 'refresh_tokens', 'revoked_at is not null'),
  };
}

/** The latest audit entry of a user. */
const lastUserAudit = (ctx: Ctx, entityId: string) => lastAudit(ctx, entityId, 'user');

/** Neither the hash nor the plain password reaches the audit log. */
function expectNoSecret(row: { before: unknown; after: unknown }) {
  const text = JSON.stringify([row.before, row.after]);
  expect(text).not.toMatch(/password/i);
  expect(text).not.toContain('$argon2');
  expect(text).not.toContain(PASSWORD);
}

async function storedUser(ctx: Ctx, id: string) {
  const [row] = await ctx().database.query<{
    email: string;
    first_name: string;
    password_hash: string;
    role_id: string | null;
    master_admin: boolean;
    id_localidad: string[];
    sucursales: string[];
    log_estatus_registro: string;
  }>(
    'select email, first_name, password_hash, role_id, master_admin, id_localidad, sucursales, log_estatus_registro from users where id = $1',
    [id],
  );
  return row;
}

const loginStatus = async (ctx: Ctx, email: string, password: string) =>
  (await ctx().request({ method: 'POST', url: '/v2/auth/login', payload: { email, password } })).statusCode;

async function loginTokens(ctx: Ctx, email: string, password = PASSWORD) {
  const res = await ctx().request({ method: 'POST', url: '/v2/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json().tokens as { access: { token: string }; refresh: { token: string } };
}

const refreshStatus = async (ctx: Ctx, refreshToken: string) =>
  (await ctx().request({ method: 'POST', url: '/v2/auth/refresh-tokens', payload: { refreshToken } }))
    .statusCode;

// --- the suite ---------------------------------------------------------------------------------------

describeWithApp('security: users (/users)', (ctx) => {
  // GET /allUser ----------------------------------------------------------------------------------------
  it('allUser: the master admin sees every user, page 1 and 10 rows by default', async () => {
    const res = await ctx().request({
      method: 'GET',
      url: `${USERS}/allUser`,
      token: await ctx().adminToken(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const total = await countRows(ctx().database, 'users');
    expect(body).toMatchObject({
      code: 200,
      page: 1,
      limit: 10,
      totalResults: total,
      totalPages: Math.max(1, Math.ceil(total / 10)),
    });
    expect(body.results.find((u: UserView) => u.email === ADMIN.email)).toMatchObject({
      userAlias: 'admin',
      masterAdmin: true,
      rol: 'admin',
      logEstatusRegistro: 'ACTIVO',
    });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
  });

  it('allUser: pages sorted by alias and searches alias, e-mail, names and document', async () => {
    const role = await createRole(ctx, { '/home': [] });
    const prefix = unique('pag');
    for (let i = 11; i >= 1; i--) {
      const alias = `${prefix}-${String(i).padStart(2, '0')}`;
      await createUser(ctx, {
        role: role.id,
        userAlias: alias,
        email: `${alias}@example.com`,
        firstName: i === 5 ? 'Zoraida' : 'Ana',
      });
    }
    const token = await ctx().adminToken();
    const first = (
      await ctx().request({ method: 'GET', url: `${USERS}/allUser?search=${prefix}`, token })
    ).json();
    expect(first).toMatchObject({ page: 1, limit: 10, totalResults: 11, totalPages: 2 });
    expect(first.results.map((u: UserView) => u.userAlias)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`),
    );
    expect(first.results[0].rol).toBe(role.rol);
    const second = (
      await ctx().request({ method: 'GET', url: `${USERS}/allUser?search=${prefix}&page=2`, token })
    ).json();
    expect(second.results.map((u: UserView) => u.userAlias)).toEqual([`${prefix}-11`]);
    const byName = (
      await ctx().request({ method: 'GET', url: `${USERS}/allUser?search=zoraida`, token })
    ).json();
    expect(byName.results.map((u: UserView) => u.userAlias)).toEqual([`${prefix}-05`]);
    const byEmail = (
      await ctx().request({ method: 'GET', url: `${USERS}/allUser?search=${prefix}-07@EXAMPLE`, token })
    ).json();
    expect(byEmail.totalResults).toBe(1);
    const wildcard = (
      await ctx().request({ method: 'GET', url: `${USERS}/allUser?search=%25`, token })
    ).json();
    expect(wildcard.totalResults).toBe(0);
  });

  it('allUser: status filters, a bad status answers 400', async () => {
    const token = await ctx().adminToken();
    const active = (
      await ctx().request({ method: 'GET', url: `${USERS}/allUser?status=ACTIVO&limit=500`, token })
    ).json();
    expect(active.totalResults).toBe(
      await countRows(ctx().database, 'users', `log_estatus_registro = 'ACTIVO'`),
    );
    const bad = await ctx().request({ method: 'GET', url: `${USERS}/allUser?status=todos`, token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('status');
  });

  it('allUser: 401 without a token; 403 for a role without /seguridad/usuarios', async () => {
    const none = await ctx().request({ method: 'GET', url: `${USERS}/allUser` });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('No autenticado: falta el token de acceso');
    const roles = await userWith(ctx, { '/seguridad/roles': ['add', 'update', 'cancel'] });
    const res = await ctx().request({ method: 'GET', url: `${USERS}/allUser`, token: roles.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('No tiene permiso para realizar esta acción');
  });

  // POST /addUser ---------------------------------------------------------------------------------------
  it('addUser: registers the user with a hashed password, audits it without secrets, and the user can log in', async () => {
    const role = await createRole(ctx, { '/seguridad/usuarios': [] });
    const {
      id: company,
      branches: [branch],
    } = await companyWithBranches(ctx);
    const {
      branches: [otherBranch],
    } = await companyWithBranches(ctx);
    // A branch of another company than the ones assigned is refused, and nothing is written.
    const foreignBranch = await ctx().request({
      method: 'POST',
      url: `${USERS}/addUser`,
      token: await ctx().adminToken(),
      payload: userPayload({
        email: `${unique('Otro')}@example.com`,
        role: role.id,
        id_localidad: [company],
        sucursales: [otherBranch],
      }),
    });
    expect(foreignBranch.statusCode).toBe(400);
    expect(foreignBranch.json().message).toBe(
      'Las sucursales deben pertenecer a las razones sociales asignadas',
    );
    const payload = userPayload({
      email: `${unique('Nuevo')}@Example.COM`,
      role: role.id,
      id_localidad: [company],
      sucursales: [branch],
      userPortal: 'USUARIO_PORTAL',
    });
    const res = await ctx().request({
      method: 'POST',
      url: `${USERS}/addUser`,
      token: await ctx().adminToken(),
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.message).toBe('Usuario Registrado');
    const email = payload.email.toLowerCase();
    expect(body.result).toMatchObject({
      email,
      userAlias: payload.userAlias,
      role: role.id,
      rol: role.rol,
      masterAdmin: false,
      id_localidad: [company],
      sucursales: [branch],
      userPortal: 'USUARIO_PORTAL',
      logEstatusRegistro: 'ACTIVO',
    });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    const stored = await storedUser(ctx, body.result.id);
    expect(stored).toMatchObject({
      email,
      role_id: role.id,
      master_admin: false,
      id_localidad: [company],
      sucursales: [branch],
    });
    expect(stored.password_hash).toMatch(/^\$argon2/);
    expect(stored.password_hash).not.toContain(PASSWORD);
    const audit = await lastUserAudit(ctx, body.result.id);
    expect(audit).toMatchObject({
      method: 'POST',
      route: '/v2/users/addUser',
      entity: 'user',
      action: 'create',
      user_email: ADMIN.email,
      before: null,
    });
    expect(audit.after).toMatchObject({ email, roleId: role.id });
    expectNoSecret(audit);
    const login = await ctx().request({
      method: 'POST',
      url: '/v2/auth/login',
      payload: { email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ id: body.result.id, role: role.rol, name: 'Ana Pérez' });
  });

  it('addUser: a master admin carries no role, companies or branches', async () => {
    const res = await ctx().request({
      method: 'POST',
      url: `${USERS}/addUser`,
      token: await ctx().adminToken(),
      payload: userPayload({
        masterAdmin: true,
        role: randomUUID(),
        id_localidad: [randomUUID()],
        sucursales: [randomUUID()],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      masterAdmin: true,
      role: null,
      rol: null,
      id_localidad: [],
      sucursales: [],
    });
    const stored = await storedUser(ctx, res.json().result.id);
    expect(stored).toMatchObject({ master_admin: true, role_id: null, id_localidad: [], sucursales: [] });
  });

  it('addUser: an empty body answers 400 with the spec messages and writes nothing', async () => {
    const token = await ctx().adminToken();
    const before = await counts(ctx);
    const res = await ctx().request({ method: 'POST', url: `${USERS}/addUser`, token, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Tipo de documento es requerido');
    expect(res.json().errors).toEqual([
      { path: 'tipoDocumento', message: 'Tipo de documento es requerido' },
      { path: 'numeroDocumento', message: 'Número de documento es requerido' },
      { path: 'firstName', message: 'El nombre es requerido' },
      { path: 'lastName', message: 'Los apellidos son requeridos' },
      { path: 'userAlias', message: 'El alias es requerido' },
      { path: 'email', message: 'El email es requerido' },
      { path: 'password', message: 'La contraseña es requerida' },
      { path: 'role', message: 'El rol es requerido' },
    ]);
    const noRole = await ctx().request({
      method: 'POST',
      url: `${USERS}/addUser`,
      token,
      payload: userPayload(),
    });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().message).toBe('El rol es requerido');
    const badEmail = await ctx().request({
      method: 'POST',
      url: `${USERS}/addUser`,
      token,
      payload: userPayload({ email: 'correo', role: randomUUID() }),
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('El email no es válido');
    const badCompany = await ctx().request({
      method: 'POST',
      url: `${USERS}/addUser`,
      token,
      payload: userPayload({ role: randomUUID(), id_localidad: ['no-uuid'] }),
    });
    expect(badCompany.statusCode).toBe(400);
    expect(badCompany.json().errors[0].path).toBe('id_localidad.0');
    expect(await counts(ctx)).toEqual(before);
  });

  it('addUser: a taken e-mail (any case) answers 409 and writes nothing', async () => {
    const before = await counts(ctx);
    const res = await ctx().request({
      method: 'POST',
      url: `${USERS}/addUser`,
      token: await ctx().adminToken(),
      payload: userPayload({ email: 'ADMIN@sigece.local', masterAdmin: true }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, message: 'El email ya está registrado' });
    expect(await counts(ctx)).toEqual(before);
  });

  it('addUser: an unknown, malformed or inactive role answers 400 and writes nothing', async () => {
    const token = await ctx().adminToken();
    const inactive = await createRole(ctx, { '/home': [] });
    await ctx().request({ method: 'PUT', url: `/v2/mantenimiento/roles/desactivar/${inactive.id}`, token });
    const before = await counts(ctx);
    for (const role of [randomUUID(), 'no-es-un-id', inactive.id]) {
      const res = await ctx().request({
        method: 'POST',
        url: `${USERS}/addUser`,
        token,
        payload: userPayload({ role }),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        code: 400,
        message: 'El rol seleccionado no existe o está inactivo',
        errors: [{ path: 'role', message: 'El rol seleccionado no existe o está inactivo' }],
      });
    }
    expect(await counts(ctx)).toEqual(before);
  });

  it('addUser: 401 without a token; 403 when the role has /seguridad/usuarios with add off', async () => {
    const role = await createRole(ctx, { '/home': [] });
    const before = await counts(ctx);
    const none = await ctx().request({
      method: 'POST',
      url: `${USERS}/addUser`,
      payload: userPayload({ role: role.id }),
    });
    expect(none.statusCode).toBe(401);
    expect(await counts(ctx)).toEqual(before);
    const company = randomUUID();
    const limited = await userWith(ctx, { '/seguridad/usuarios': ['update', 'cancel', 'updatePasw'] }, [
      company,
    ]);
    const mid = await counts(ctx);
    const res = await ctx().request({
      method: 'POST',
      url: `${USERS}/addUser`,
      token: limited.token,
      payload: userPayload({ role: role.id, id_localidad: [company] }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('No tiene permiso para realizar esta acción');
    expect(await counts(ctx)).toEqual(mid);
  });

  // PUT /updateUser/:id ---------------------------------------------------------------------------------
  it('updateUser: changes the user, keeps the password and audits before and after without secrets', async () => {
    const roleA = await createRole(ctx, { '/home': [] });
    const roleB = await createRole(ctx, { '/reportes/logs': [] });
    const user = await createUser(ctx, { role: roleA.id, id_localidad: [randomUUID()] });
    const hashBefore = (await storedUser(ctx, user.id)).password_hash;
    const company = randomUUID();
    const email = `${unique('cambiado')}@example.com`;
    const res = await ctx().request({
      method: 'PUT',
      url: `${USERS}/updateUser/${user.id}`,
      token: await ctx().adminToken(),
      payload: updateBody(user, {
        firstName: 'Beatriz',
        email: email.toUpperCase(),
        role: roleB.id,
        id_localidad: [company],
        password: 'ignorada-123',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Usuario Actualizado con exito !!!');
    expect(res.json().result).toMatchObject({
      id: user.id,
      firstName: 'Beatriz',
      email,
      role: roleB.id,
      rol: roleB.rol,
      id_localidad: [company],
    });
    expect(res.json().result.logFechaModificacion).not.toBeNull();
    const stored = await storedUser(ctx, user.id);
    expect(stored).toMatchObject({
      first_name: 'Beatriz',
      email,
      role_id: roleB.id,
      id_localidad: [company],
    });
    expect(stored.password_hash).toBe(hashBefore);
    const audit = await lastUserAudit(ctx, user.id);
    expect(audit).toMatchObject({
      method: 'PUT',
      route: '/v2/users/updateUser/:id',
      entity: 'user',
      action: 'update',
    });
    expect(audit.before).toMatchObject({ firstName: 'Ana', email: user.email, roleId: roleA.id });
    expect(audit.after).toMatchObject({ firstName: 'Beatriz', email, roleId: roleB.id });
    expectNoSecret(audit);
    expect(await loginStatus(ctx, email, PASSWORD)).toBe(200);
  });

  it('updateUser: bad input 400, a taken e-mail 409, an unknown id 404; nothing written', async () => {
    const role = await createRole(ctx, { '/home': [] });
    const user = await createUser(ctx, { role: role.id });
    const token = await ctx().adminToken();
    const before = await counts(ctx);
    const bad = await ctx().request({
      method: 'PUT',
      url: `${USERS}/updateUser/${user.id}`,
      token,
      payload: updateBody(user, { email: 'x@' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('El email no es válido');
    const noName = await ctx().request({
      method: 'PUT',
      url: `${USERS}/updateUser/${user.id}`,
      token,
      payload: updateBody(user, { lastName: '' }),
    });
    expect(noName.json().message).toBe('Los apellidos son requeridos');
    const noRole = await ctx().request({
      method: 'PUT',
      url: `${USERS}/updateUser/${user.id}`,
      token,
      payload: updateBody(user, { role: '' }),
    });
    expect(noRole.json().message).toBe('El rol es requerido');
    const taken = await ctx().request({
      method: 'PUT',
      url: `${USERS}/updateUser/${user.id}`,
      token,
      payload: updateBody(user, { email: ADMIN.email }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('El email ya está registrado');
    const missing = await ctx().request({
      method: 'PUT',
      url: `${USERS}/updateUser/${randomUUID()}`,
      token,
      payload: updateBody(user),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Usuario no encontrado');
    const badId = await ctx().request({
      method: 'PUT',
      url: `${USERS}/updateUser/abc`,
      token,
      payload: updateBody(user),
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('Identificador no válido');
    expect(await counts(ctx)).toEqual(before);
    expect((await storedUser(ctx, user.id)).email).toBe(user.email);
  });

  it('updateUser: keeping its own e-mail is not a conflict', async () => {
    const role = await createRole(ctx, { '/home': [] });
    const user = await createUser(ctx, { role: role.id });
    const res = await ctx().request({
      method: 'PUT',
      url: `${USERS}/updateUser/${user.id}`,
      token: await ctx().adminToken(),
      payload: updateBody(user, { userAlias: 'mismo-correo' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.userAlias).toBe('mismo-correo');
  });

  it('updateUser: 401 without a token; 403 with update off', async () => {
    const company = randomUUID();
    const role = await createRole(ctx, { '/home': [] });
    const user = await createUser(ctx, { role: role.id, id_localidad: [company] });
    const payload = updateBody(user, { firstName: 'Cambiado' });
    expect(
      (await ctx().request({ method: 'PUT', url: `${USERS}/updateUser/${user.id}`, payload })).statusCode,
    ).toBe(401);
    const limited = await userWith(
      ctx,
      { '/seguridad/usuarios': ['add', 'cancel', 'updatePasw'], '/home': [] },
      [company],
    );
    const res = await ctx().request({
      method: 'PUT',
      url: `${USERS}/updateUser/${user.id}`,
      payload,
      token: limited.token,
    });
    expect(res.statusCode).toBe(403);
    expect((await storedUser(ctx, user.id)).first_name).toBe('Ana');
  });

  // PUT /ActivaDesactivaUserById/:id -----------------------------------------------------------------------
  it('ActivaDesactivaUserById: inactivates (sessions end, no login, no refresh) and reactivates, auditing both', async () => {
    const role = await createRole(ctx, { '/seguridad/usuarios': [] });
    const user = await createUser(ctx, { role: role.id });
    const tokens = await loginTokens(ctx, user.email);
    const token = await ctx().adminToken();
    const off = await ctx().request({
      method: 'PUT',
      url: `${USERS}/ActivaDesactivaUserById/${user.id}`,
      token,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      code: 200,
      message: 'Usuario INACTIVO',
      result: { id: user.id, logEstatusRegistro: 'INACTIVO' },
    });
    expect((await storedUser(ctx, user.id)).log_estatus_registro).toBe('INACTIVO');
    expect(await lastUserAudit(ctx, user.id)).toMatchObject({
      method: 'PUT',
      route: '/v2/users/ActivaDesactivaUserById/:id',
      entity: 'user',
      action: 'deactivate',
      before: { logEstatusRegistro: 'ACTIVO' },
      after: { logEstatusRegistro: 'INACTIVO' },
    });
    expect(await loginStatus(ctx, user.email, PASSWORD)).toBe(401);
    expect(await refreshStatus(ctx, tokens.refresh.token)).toBe(401);
    const me = await ctx().request({ method: 'GET', url: '/v2/auth/me', token: tokens.access.token });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe('El usuario no existe o está inactivo');

    const on = await ctx().request({
      method: 'PUT',
      url: `${USERS}/ActivaDesactivaUserById/${user.id}`,
      token,
    });
    expect(on.json()).toMatchObject({
      code: 200,
      message: 'Usuario ACTIVO',
      result: { logEstatusRegistro: 'ACTIVO' },
    });
    expect(await lastUserAudit(ctx, user.id)).toMatchObject({
      action: 'activate',
      after: { logEstatusRegistro: 'ACTIVO' },
    });
    // The sessions ended with the inactivation stay ended; a new login works.
    expect(await refreshStatus(ctx, tokens.refresh.token)).toBe(401);
    expect(await loginStatus(ctx, user.email, PASSWORD)).toBe(200);
  });

  it('ActivaDesactivaUserById: nobody inactivates themselves (400), unknown 404, malformed 400; nothing written', async () => {
    const token = await ctx().adminToken();
    const [admin] = await ctx().database.query<{ id: string }>('select id from users where email = $1', [
      ADMIN.email,
    ]);
    const before = await counts(ctx);
    const self = await ctx().request({
      method: 'PUT',
      url: `${USERS}/ActivaDesactivaUserById/${admin.id}`,
      token,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ code: 400, message: 'No puede inactivar su propio usuario' });
    const missing = await ctx().request({
      method: 'PUT',
      url: `${USERS}/ActivaDesactivaUserById/${randomUUID()}`,
      token,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Usuario no encontrado');
    const bad = await ctx().request({ method: 'PUT', url: `${USERS}/ActivaDesactivaUserById/abc`, token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Identificador no válido');
    expect(await counts(ctx)).toEqual(before);
    expect((await storedUser(ctx, admin.id)).log_estatus_registro).toBe('ACTIVO');
    // Neither does a non-master.
    const manager = await userWith(ctx, { '/seguridad/usuarios': ALL_USER_ACTIONS });
    const mid = await counts(ctx);
    const own = await ctx().request({
      method: 'PUT',
      url: `${USERS}/ActivaDesactivaUserById/${manager.id}`,
      token: manager.token,
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('No puede inactivar su propio usuario');
    expect(await counts(ctx)).toEqual(mid);
  });

  it('ActivaDesactivaUserById: 401 without a token; 403 with cancel off', async () => {
    const company = randomUUID();
    const role = await createRole(ctx, { '/home': [] });
    const user = await createUser(ctx, { role: role.id, id_localidad: [company] });
    expect(
      (await ctx().request({ method: 'PUT', url: `${USERS}/ActivaDesactivaUserById/${user.id}` })).statusCode,
    ).toBe(401);
    const limited = await userWith(
      ctx,
      { '/seguridad/usuarios': ['add', 'update', 'updatePasw'], '/home': [] },
      [company],
    );
    const res = await ctx().request({
      method: 'PUT',
      url: `${USERS}/ActivaDesactivaUserById/${user.id}`,
      token: limited.token,
    });
    expect(res.statusCode).toBe(403);
    expect((await storedUser(ctx, user.id)).log_estatus_registro).toBe('ACTIVO');
  });

  // POST /change-password ----------------------------------------------------------------------------------
  it('change-password: sets the new password, ends the target sessions and audits without secrets', async () => {
    const role = await createRole(ctx, { '/home': [] });
    const user = await createUser(ctx, { role: role.id });
    const tokens = await loginTokens(ctx, user.email);
    const res = await ctx().request({
      method: 'POST',
      url: `${USERS}/change-password?userID=${user.id}`,
      token: await ctx().adminToken(),
      payload: { password: 'otra-clave-99' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: 'Password Actualizado con exito !!!' });
    expect(await refreshStatus(ctx, tokens.refresh.token)).toBe(401);
    expect(await loginStatus(ctx, user.email, PASSWORD)).toBe(401);
    expect(await loginStatus(ctx, user.email, 'otra-clave-99')).toBe(200);
    const audit = await lastUserAudit(ctx, user.id);
    expect(audit).toMatchObject({
      method: 'POST',
      route: '/v2/users/change-password',
      entity: 'user',
      entity_id: user.id,
      action: 'change-password',
      user_email: ADMIN.email,
    });
    expectNoSecret(audit);
  });

  it('change-password: a missing or short password, or a missing userID, answers 400; unknown user 404; nothing written', async () => {
    const role = await createRole(ctx, { '/home': [] });
    const user = await createUser(ctx, { role: role.id });
    const hash = (await storedUser(ctx, user.id)).password_hash;
    const token = await ctx().adminToken();
    const before = await counts(ctx);
    const url = `${USERS}/change-password?userID=${user.id}`;
    const empty = await ctx().request({ method: 'POST', url, token, payload: { password: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Password is requerido');
    const missing = await ctx().request({ method: 'POST', url, token, payload: {} });
    expect(missing.json().message).toBe('Password is requerido');
    const short = await ctx().request({ method: 'POST', url, token, payload: { password: 'corta' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('La contraseña debe tener al menos 8 caracteres');
    const noId = await ctx().request({
      method: 'POST',
      url: `${USERS}/change-password`,
      token,
      payload: { password: 'otra-clave-99' },
    });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toBe('Identificador no válido');
    const unknown = await ctx().request({
      method: 'POST',
      url: `${USERS}/change-password?userID=${randomUUID()}`,
      token,
      payload: { password: 'otra-clave-99' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Usuario no encontrado');
    expect(await counts(ctx)).toEqual(before);
    expect((await storedUser(ctx, user.id)).password_hash).toBe(hash);
  });

  it('change-password: 401 without a token; 403 with updatePasw off', async () => {
    const company = randomUUID();
    const role = await createRole(ctx, { '/home': [] });
    const user = await createUser(ctx, { role: role.id, id_localidad: [company] });
    const url = `${USERS}/change-password?userID=${user.id}`;
    const payload = { password: 'otra-clave-99' };
    expect((await ctx().request({ method: 'POST', url, payload })).statusCode).toBe(401);
    const limited = await userWith(ctx, { '/seguridad/usuarios': ['add', 'update', 'cancel'], '/home': [] }, [
      company,
    ]);
    const res = await ctx().request({ method: 'POST', url, payload, token: limited.token });
    expect(res.statusCode).toBe(403);
    expect(await loginStatus(ctx, user.email, PASSWORD)).toBe(200);
  });

  // Tenancy ("foreign tenant") ------------------------------------------------------------------------------
  it('tenancy: a non-master lists only users sharing one of their companies, never master admins', async () => {
    const [c1, c2, c3] = [randomUUID(), randomUUID(), randomUUID()];
    const role = await createRole(ctx, { '/home': [] });
    const prefix = unique('ten');
    const mk = (name: string, companies: string[]) =>
      createUser(ctx, {
        role: role.id,
        id_localidad: companies,
        userAlias: `${prefix}-${name}`,
        email: `${prefix}-${name}@example.com`,
      });
    const inC1 = await mk('c1', [c1]);
    const inC2 = await mk('c2', [c2]);
    const inBoth = await mk('c1c2', [c2, c1]);
    const inC3 = await mk('c3', [c3]);
    const master = await createUser(ctx, {
      masterAdmin: true,
      userAlias: `${prefix}-master`,
      email: `${prefix}-master@example.com`,
    });
    // Even a master admin that carries the manager's company (older data, the create-admin CLI) stays hidden.
    await ctx().database.query('update users set id_localidad = $1::uuid[] where id = $2', [[c1], master.id]);
    const manager = await userWith(ctx, { '/seguridad/usuarios': ALL_USER_ACTIONS, '/home': [] }, [c1, c3]);

    const listed = (
      await ctx().request({ method: 'GET', url: `${USERS}/allUser?limit=500`, token: manager.token })
    ).json();
    const ids = listed.results.map((u: UserView) => u.id).sort();
    expect(ids).toEqual([inC1.id, inBoth.id, inC3.id, manager.id].sort());
    expect(listed.totalResults).toBe(4);
    expect(listed.results.some((u: UserView) => u.masterAdmin)).toBe(false);
    const searched = (
      await ctx().request({ method: 'GET', url: `${USERS}/allUser?search=${prefix}`, token: manager.token })
    ).json();
    expect(searched.results.map((u: UserView) => u.userAlias).sort()).toEqual([
      `${prefix}-c1`,
      `${prefix}-c1c2`,
      `${prefix}-c3`,
    ]);
    // The master admin sees them all, masters included.
    const all = (
      await ctx().request({
        method: 'GET',
        url: `${USERS}/allUser?search=${prefix}`,
        token: await ctx().adminToken(),
      })
    ).json();
    expect(all.totalResults).toBe(5);
    expect(inC2.id).toBeTruthy();
  });

  it('tenancy: a non-master without companies sees nobody', async () => {
    const lonely = await userWith(ctx, { '/seguridad/usuarios': ALL_USER_ACTIONS }, []);
    const res = (await ctx().request({ method: 'GET', url: `${USERS}/allUser`, token: lonely.token })).json();
    expect(res).toMatchObject({ results: [], totalResults: 0, totalPages: 1 });
  });

  it('tenancy: updating, toggling or changing the password of a user of another company answers 403 and writes nothing', async () => {
    const [c1, c2] = [randomUUID(), randomUUID()];
    const role = await createRole(ctx, { '/home': [] });
    const foreign = await createUser(ctx, { role: role.id, id_localidad: [c2] });
    const [admin] = await ctx().database.query<{ id: string }>('select id from users where email = $1', [
      ADMIN.email,
    ]);
    // A master admin of the manager's own company is out of reach too.
    const master = await createUser(ctx, { masterAdmin: true });
    await ctx().database.query('update users set id_localidad = $1::uuid[] where id = $2', [[c1], master.id]);
    const manager = await userWith(ctx, { '/seguridad/usuarios': ALL_USER_ACTIONS, '/home': [] }, [c1]);
    const before = await counts(ctx);
    const foreignHash = (await storedUser(ctx, foreign.id)).password_hash;
    for (const target of [foreign.id, admin.id, master.id]) {
      const attempts = [
        ctx().request({
          method: 'PUT',
          url: `${USERS}/updateUser/${target}`,
          token: manager.token,
          payload: updateBody(foreign, { firstName: 'Intruso', role: role.id, id_localidad: [c1] }),
        }),
        ctx().request({
          method: 'PUT',
          url: `${USERS}/ActivaDesactivaUserById/${target}`,
          token: manager.token,
        }),
        ctx().request({
          method: 'POST',
          url: `${USERS}/change-password?userID=${target}`,
          token: manager.token,
          payload: { password: 'tomada-123456' },
        }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().message).toBe('No tiene acceso a este usuario');
      }
    }
    expect(await counts(ctx)).toEqual(before);
    const stored = await storedUser(ctx, foreign.id);
    expect(stored).toMatchObject({
      first_name: 'Ana',
      log_estatus_registro: 'ACTIVO',
      password_hash: foreignHash,
    });
  });

  it('tenancy: a non-master manages users of their own company', async () => {
    const c1 = randomUUID();
    const narrow = await createRole(ctx, { '/home': [] });
    const manager = await userWith(ctx, { '/seguridad/usuarios': ALL_USER_ACTIONS, '/home': [] }, [c1]);
    const created = await createUser(ctx, { role: narrow.id, id_localidad: [c1] }, manager.token);
    expect(created.id_localidad).toEqual([c1]);
    const audit = await lastUserAudit(ctx, created.id);
    expect(audit.user_email).toBe(manager.email);
    const updated = await ctx().request({
      method: 'PUT',
      url: `${USERS}/updateUser/${created.id}`,
      token: manager.token,
      payload: updateBody(created, { firstName: 'Carla' }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().result.firstName).toBe('Carla');
    const toggled = await ctx().request({
      method: 'PUT',
      url: `${USERS}/ActivaDesactivaUserById/${created.id}`,
      token: manager.token,
    });
    expect(toggled.json().message).toBe('Usuario INACTIVO');
    const reactivated = await ctx().request({
      method: 'PUT',
      url: `${USERS}/ActivaDesactivaUserById/${created.id}`,
      token: manager.token,
    });
    expect(reactivated.json().message).toBe('Usuario ACTIVO');
    const password = await ctx().request({
      method: 'POST',
      url: `${USERS}/change-password?userID=${created.id}`,
      token: manager.token,
      payload: { password: 'nueva-clave-77' },
    });
    expect(password.statusCode).toBe(200);
    expect(await loginStatus(ctx, created.email, 'nueva-clave-77')).toBe(200);
  });

  it('tenancy: a non-master cannot create or make a master admin (403) and nothing is written', async () => {
    const c1 = randomUUID();
    const narrow = await createRole(ctx, { '/home': [] });
    const manager = await userWith(ctx, { '/seguridad/usuarios': ALL_USER_ACTIONS, '/home': [] }, [c1]);
    const mine = await createUser(ctx, { role: narrow.id, id_localidad: [c1] });
    const before = await counts(ctx);
    const create = await ctx().request({
      method: 'POST',
      url: `${USERS}/addUser`,
      token: manager.token,
      payload: userPayload({ masterAdmin: true }),
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe(
      'Solo un administrador maestro puede crear o modificar administradores maestros',
    );
    const promote = await ctx().request({
      method: 'PUT',
      url: `${USERS}/updateUser/${mine.id}`,
      token: manager.token,
      payload: updateBody(mine, { masterAdmin: true }),
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe(
      'Solo un administrador maestro puede crear o modificar administradores maestros',
    );
    expect(await counts(ctx)).toEqual(before);
    expect((await storedUser(ctx, mine.id)).master_admin).toBe(false);
  });

  it('tenancy: a non-master cannot assign a role broader than their own (403)', async () => {
    const c1 = randomUUID();
    const manager = await userWith(ctx, { '/seguridad/usuarios': ['add', 'update'], '/home': [] }, [c1]);
    const narrower = await createRole(ctx, { '/seguridad/usuarios': ['add'] });
    const moreActions = await createRole(ctx, { '/seguridad/usuarios': ['add', 'cancel'] });
    const moreModules = await createRole(ctx, { '/seguridad/usuarios': [], '/reportes/logs': [] });
    const before = await counts(ctx);
    for (const role of [moreActions.id, moreModules.id]) {
      const res = await ctx().request({
        method: 'POST',
        url: `${USERS}/addUser`,
        token: manager.token,
        payload: userPayload({ role, id_localidad: [c1] }),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('No puede asignar un rol con más permisos que el suyo');
    }
    // The seeded admin role is broader too, also on update.
    const [adminRole] = await ctx().database.query<{ id: string }>(
      `select id from roles where rol = 'admin'`,
    );
    const mine = await createUser(ctx, { role: narrower.id, id_localidad: [c1] });
    const mid = await counts(ctx);
    const escalate = await ctx().request({
      method: 'PUT',
      url: `${USERS}/updateUser/${mine.id}`,
      token: manager.token,
      payload: updateBody(mine, { role: adminRole.id }),
    });
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().message).toBe('No puede asignar un rol con más permisos que el suyo');
    expect(await counts(ctx)).toEqual(mid);
    expect(before.users + 1).toBe(mid.users);
    expect((await storedUser(ctx, mine.id)).role_id).toBe(narrower.id);
    // The same role or a narrower one is fine.
    await createUser(ctx, { role: narrower.id, id_localidad: [c1] }, manager.token);
    await createUser(ctx, { role: manager.roleId, id_localidad: [c1] }, manager.token);
  });

  it('tenancy: a non-master cannot assign companies or branches outside their scope (403)', async () => {
    const first = await companyWithBranches(ctx);
    const second = await companyWithBranches(ctx);
    const [c1, c2, s1, s2] = [first.id, second.id, first.branches[0], second.branches[0]];
    const narrow = await createRole(ctx, { '/home': [] });
    const manager = await userWith(ctx, { '/seguridad/usuarios': ALL_USER_ACTIONS, '/home': [] }, [c1], [s1]);
    // Restricted to the manager's branch: within their reach.
    const mine = await createUser(ctx, { role: narrow.id, id_localidad: [c1], sucursales: [s1] });
    const before = await counts(ctx);
    const bodies = [
      { id_localidad: [c2] },
      { id_localidad: [c1, c2] },
      { id_localidad: [c1], sucursales: [s2] },
    ];
    for (const extra of bodies) {
      const create = await ctx().request({
        method: 'POST',
        url: `${USERS}/addUser`,
        token: manager.token,
        payload: userPayload({ role: narrow.id, ...extra }),
      });
      expect(create.statusCode).toBe(403);
      expect(create.json().message).toBe(
        'No puede asignar razones sociales o sucursales a las que no tiene acceso',
      );
      const update = await ctx().request({
        method: 'PUT',
        url: `${USERS}/updateUser/${mine.id}`,
        token: manager.token,
        payload: updateBody(mine, extra),
      });
      expect(update.statusCode).toBe(403);
      expect(update.json().message).toBe(
        'No puede asignar razones sociales o sucursales a las que no tiene acceso',
      );
    }
    expect(await counts(ctx)).toEqual(before);
    expect((await storedUser(ctx, mine.id)).id_localidad).toEqual([c1]);
    const ok = await createUser(
      ctx,
      { role: narrow.id, id_localidad: [c1], sucursales: [s1] },
      manager.token,
    );
    expect(ok.sucursales).toEqual([s1]);
  });

  it('an INACTIVO role or users module removes access to the users routes (403)', async () => {
    const admin = await ctx().adminToken();
    const manager = await userWith(ctx, { '/seguridad/usuarios': ALL_USER_ACTIONS });
    const list = () => ctx().request({ method: 'GET', url: `${USERS}/allUser`, token: manager.token });
    expect((await list()).statusCode).toBe(200);
    await ctx().request({
      method: 'PUT',
      url: `/v2/mantenimiento/roles/desactivar/${manager.roleId}`,
      token: admin,
    });
    expect((await list()).statusCode).toBe(403);
    await ctx().request({
      method: 'PUT',
      url: `/v2/mantenimiento/roles/activar/${manager.roleId}`,
      token: admin,
    });
    expect((await list()).statusCode).toBe(200);
    const moduleId = (await modulesByPath(ctx)).get('/seguridad/usuarios')!.id;
    try {
      await ctx().request({
        method: 'PUT',
        url: `/v2/mantenimiento/modulo/eliminar/${moduleId}`,
        token: admin,
      });
      expect((await list()).statusCode).toBe(403);
    } finally {
      await ctx().request({
        method: 'PUT',
        url: `/v2/mantenimiento/modulo/activar/${moduleId}`,
        token: admin,
      });
    }
    expect((await list()).statusCode).toBe(200);
  });
});
