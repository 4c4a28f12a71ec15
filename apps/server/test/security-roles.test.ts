import { randomUUID } from 'node:crypto';
import { SHARED_DATA_MESSAGE } from '@sigece/fiscal';
import { expect, it } from 'vitest';
import { countRows, describeWithApp, type TestApp } from './harness.ts';
import { createUser, lastAudit, modulesByPath, PASSWORD, unique } from './support/users.ts';

// --- local helpers -----------------------------------------------------------------------------------

type Ctx = () => TestApp;

const BASE = '/v2/mantenimiento/roles';

/** The `modulo[]` of a role body: each path with the listed action keys on, the others off. */
async function grantsOf(ctx: Ctx, grants: Record<string, string[]>, permiso = true) {
  const byPath = await modulesByPath(ctx);
  return Object.entries(grants).map(([path, on]) => {
    const module = byPath.get(path);
    if (!module) throw new Error(`no module ${path}`);
    return {
      id: module.id,
      nombre: module.name,
      path: module.path,
      permiso,
      acciones: module.opciones.map((o) => ({
        _id: o._id,
        key: o.key,
        description: o.description,
        status: on.includes(o.key),
      })),
    };
  });
}

async function createRole(ctx: Ctx, grants: Record<string, string[]>, rol = unique('rol')) {
  const res = await ctx().request({
    method: 'POST',
    url: `${BASE}/addrol`,
    token: await ctx().adminToken(),
    payload: { rol, descripcion: `Rol ${rol}`, modulo: await grantsOf(ctx, grants) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { id: string; rol: string };
}

/** A fresh non-master user holding a new role with these grants, logged in. */
async function userWith(ctx: Ctx, grants: Record<string, string[]>) {
  const role = await createRole(ctx, grants);
  const user = await createUser(ctx, { role: role.id, id_localidad: [randomUUID()] });
  return { id: user.id, role, token: await ctx().login(user.email, PASSWORD) };
}

async function counts(ctx: Ctx) {
  return {
    roles: await countRows(ctx().database, 'roles'),
    audit: await countRows(ctx().database, 'audit_log'),
  };
}

async function storedRole(ctx: Ctx, id: string) {
  const [row] = await ctx().database.query<{
    rol: string;
    descripcion: string;
    modulos: unknown;
    log_estatus_registro: string;
  }>('select rol, descripcion, modulos, log_estatus_registro from roles where id = $1', [id]);
  return row;
}

// --- the suite ---------------------------------------------------------------------------------------

describeWithApp('security: roles (/mantenimiento/roles)', (ctx) => {
  // GET /getroles -----------------------------------------------------------------------------------
  it('getroles: lists the seeded roles with page 1 and 10 rows by default', async () => {
    const res = await ctx().request({
      method: 'GET',
      url: `${BASE}/getroles`,
      token: await ctx().adminToken(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const total = await countRows(ctx().database, 'roles');
    expect(body).toMatchObject({
      code: 200,
      page: 1,
      limit: 10,
      totalResults: total,
      totalPages: Math.ceil(total / 10),
    });
    const admin = body.results.find((r: { rol: string }) => r.rol === 'admin');
    expect(admin).toMatchObject({
      nombre: 'admin',
      logEstatusRegistro: 'ACTIVO',
      logFechaModificacion: null,
    });
    expect(admin.modulo.map((m: { path: string }) => m.path)).toContain('/seguridad/roles');
  });

  it('getroles: pages, sorts by name and searches name and description', async () => {
    const prefix = unique('Pag');
    for (let i = 12; i >= 1; i--) await createRole(ctx, {}, `${prefix}-${String(i).padStart(2, '0')}`);
    const token = await ctx().adminToken();
    const first = (
      await ctx().request({ method: 'GET', url: `${BASE}/getroles?search=${prefix}`, token })
    ).json();
    expect(first).toMatchObject({ page: 1, limit: 10, totalResults: 12, totalPages: 2 });
    expect(first.results.map((r: { rol: string }) => r.rol)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`),
    );
    const second = (
      await ctx().request({ method: 'GET', url: `${BASE}/getroles?search=${prefix}&page=2`, token })
    ).json();
    expect(second).toMatchObject({ page: 2, totalResults: 12, totalPages: 2 });
    expect(second.results.map((r: { rol: string }) => r.rol)).toEqual([`${prefix}-11`, `${prefix}-12`]);
    const small = (
      await ctx().request({ method: 'GET', url: `${BASE}/getroles?search=${prefix}&limit=5&page=3`, token })
    ).json();
    expect(small).toMatchObject({ page: 3, limit: 5, totalPages: 3 });
    expect(small.results).toHaveLength(2);
    // The description is searched too, case-insensitively.
    const byDescription = (
      await ctx().request({
        method: 'GET',
        url: `${BASE}/getroles?search=${`rol ${prefix}-07`.toUpperCase()}`,
        token,
      })
    ).json();
    expect(byDescription.results.map((r: { rol: string }) => r.rol)).toEqual([`${prefix}-07`]);
    const none = (
      await ctx().request({ method: 'GET', url: `${BASE}/getroles?search=zz-no-existe`, token })
    ).json();
    expect(none).toMatchObject({ results: [], totalResults: 0, totalPages: 1 });
  });

  it('getroles: a bad page answers 400 in Spanish', async () => {
    const res = await ctx().request({
      method: 'GET',
      url: `${BASE}/getroles?page=0`,
      token: await ctx().adminToken(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('page');
    expect(res.json().message).toMatch(/^Demasiado pequeño/);
  });

  it('getroles: 401 without a token; 403 without the roles or users module; 200 with the users module alone', async () => {
    expect((await ctx().request({ method: 'GET', url: `${BASE}/getroles` })).statusCode).toBe(401);
    const home = await userWith(ctx, { '/home': [] });
    const denied = await ctx().request({ method: 'GET', url: `${BASE}/getroles`, token: home.token });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ code: 403, message: 'No tiene permiso para realizar esta acción' });
    const users = await userWith(ctx, { '/seguridad/usuarios': [] });
    expect(
      (await ctx().request({ method: 'GET', url: `${BASE}/getroles`, token: users.token })).statusCode,
    ).toBe(200);
  });

  it('getroles: status=INACTIVO lists only inactive roles', async () => {
    const role = await createRole(ctx, {});
    const token = await ctx().adminToken();
    await ctx().request({ method: 'PUT', url: `${BASE}/desactivar/${role.id}`, token });
    const res = (
      await ctx().request({ method: 'GET', url: `${BASE}/getroles?status=INACTIVO&limit=100`, token })
    ).json();
    expect(res.results.map((r: { id: string }) => r.id)).toContain(role.id);
    expect(
      res.results.every((r: { logEstatusRegistro: string }) => r.logEstatusRegistro === 'INACTIVO'),
    ).toBe(true);
    expect(res.totalResults).toBe(
      await countRows(ctx().database, 'roles', `log_estatus_registro = 'INACTIVO'`),
    );
  });

  // GET /listarByModulo/:id ----------------------------------------------------------------------------
  it('listarByModulo: the roles granting a module, sorted by name', async () => {
    const byPath = await modulesByPath(ctx);
    const token = await ctx().adminToken();
    const mine = await createRole(ctx, { '/reportes/logsEmail': [] }, unique('AAA-logs'));
    const res = await ctx().request({
      method: 'GET',
      url: `${BASE}/listarByModulo/${byPath.get('/reportes/logsEmail')!.id}`,
      token,
    });
    expect(res.statusCode).toBe(200);
    const names = res.json().results.map((r: { rol: string }) => r.rol);
    expect(names).toEqual([mine.rol, 'admin', 'user']);
    // An admin-only module is not granted to the seeded user role.
    const adminOnly = await ctx().request({
      method: 'GET',
      url: `${BASE}/listarByModulo/${byPath.get('/seguridad/clientes')!.id}`,
      token,
    });
    expect(adminOnly.json().results.map((r: { rol: string }) => r.rol)).toEqual(['admin']);
    const unknown = await ctx().request({
      method: 'GET',
      url: `${BASE}/listarByModulo/${randomUUID()}`,
      token,
    });
    expect(unknown.json()).toEqual({ code: 200, results: [] });
  });

  it('listarByModulo: a malformed id answers 400 "Identificador no válido"', async () => {
    const res = await ctx().request({
      method: 'GET',
      url: `${BASE}/listarByModulo/abc`,
      token: await ctx().adminToken(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Identificador no válido');
  });

  it('listarByModulo: 401 without a token; 403 with only the users module; 200 with the modules module', async () => {
    const id = (await modulesByPath(ctx)).get('/home')!.id;
    expect((await ctx().request({ method: 'GET', url: `${BASE}/listarByModulo/${id}` })).statusCode).toBe(
      401,
    );
    const users = await userWith(ctx, { '/seguridad/usuarios': ['add', 'update', 'cancel', 'updatePasw'] });
    expect(
      (await ctx().request({ method: 'GET', url: `${BASE}/listarByModulo/${id}`, token: users.token }))
        .statusCode,
    ).toBe(403);
    const modulos = await userWith(ctx, { '/seguridad/modulos': [] });
    expect(
      (await ctx().request({ method: 'GET', url: `${BASE}/listarByModulo/${id}`, token: modulos.token }))
        .statusCode,
    ).toBe(200);
  });

  // POST /addrol --------------------------------------------------------------------------------------
  it('addrol: creates the role with the grants normalised from the modules, and audits it', async () => {
    const byPath = await modulesByPath(ctx);
    const usuarios = byPath.get('/seguridad/usuarios')!;
    const rol = unique('Cajero');
    const res = await ctx().request({
      method: 'POST',
      url: `${BASE}/addrol`,
      token: await ctx().adminToken(),
      payload: {
        rol: `  ${rol}  `,
        descripcion: 'Caja y usuarios',
        // Only the id and the action keys count: name, path and action ids come from the module.
        modulo: [
          {
            id: usuarios.id,
            nombre: 'otro',
            path: '/otro',
            acciones: [{ _id: 'x', key: 'add', status: true }],
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.message).toBe('Rol registrado');
    expect(body.result).toMatchObject({
      rol,
      nombre: rol,
      descripcion: 'Caja y usuarios',
      logEstatusRegistro: 'ACTIVO',
    });
    const expected = {
      id: usuarios.id,
      nombre: 'Usuarios',
      path: '/seguridad/usuarios',
      permiso: true,
      acciones: usuarios.opciones.map((o) => ({ ...o, status: o.key === 'add' })),
    };
    expect(body.result.modulo).toEqual([expected]);
    const stored = await storedRole(ctx, body.result.id);
    expect(stored).toEqual({
      rol,
      descripcion: 'Caja y usuarios',
      modulos: [expected],
      log_estatus_registro: 'ACTIVO',
    });
    const audit = await lastAudit(ctx, body.result.id);
    expect(audit).toMatchObject({
      method: 'POST',
      route: '/v2/mantenimiento/roles/addrol',
      entity: 'role',
      entity_id: body.result.id,
      action: 'create',
      user_email: 'admin@sigece.local',
      before: null,
    });
    expect(audit.after).toMatchObject({ rol, descripcion: 'Caja y usuarios', modulos: [expected] });
  });

  it('addrol: an empty body answers 400 with both spec messages and writes nothing', async () => {
    const token = await ctx().adminToken();
    const before = await counts(ctx);
    const res = await ctx().request({ method: 'POST', url: `${BASE}/addrol`, token, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Rol es requerido');
    expect(res.json().errors).toEqual([
      { path: 'rol', message: 'Rol es requerido' },
      { path: 'descripcion', message: 'Descripcion del rol es requerido' },
    ]);
    const blank = await ctx().request({
      method: 'POST',
      url: `${BASE}/addrol`,
      token,
      payload: { rol: 'x', descripcion: '  ' },
    });
    expect(blank.json().message).toBe('Descripcion del rol es requerido');
    expect(await counts(ctx)).toEqual(before);
  });

  it('addrol: a duplicate name (any case) answers 409 and writes nothing', async () => {
    const token = await ctx().adminToken();
    const before = await counts(ctx);
    const res = await ctx().request({
      method: 'POST',
      url: `${BASE}/addrol`,
      token,
      payload: { rol: 'ADMIN', descripcion: 'otra' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, message: 'El rol ADMIN ya existe' });
    expect(await counts(ctx)).toEqual(before);
  });

  it('addrol: grants are validated: an unknown module or action key answers 400 and writes nothing', async () => {
    const token = await ctx().adminToken();
    const usuarios = (await modulesByPath(ctx)).get('/seguridad/usuarios')!;
    const before = await counts(ctx);
    const ghost = randomUUID();
    const noModule = await ctx().request({
      method: 'POST',
      url: `${BASE}/addrol`,
      token,
      payload: { rol: unique('r'), descripcion: 'd', modulo: [{ id: ghost, acciones: [] }] },
    });
    expect(noModule.statusCode).toBe(400);
    expect(noModule.json().message).toBe(`El módulo ${ghost} no existe`);
    const noAction = await ctx().request({
      method: 'POST',
      url: `${BASE}/addrol`,
      token,
      payload: {
        rol: unique('r'),
        descripcion: 'd',
        modulo: [{ id: usuarios.id, acciones: [{ _id: '1', key: 'borrar', status: true }] }],
      },
    });
    expect(noAction.statusCode).toBe(400);
    expect(noAction.json().message).toBe('El módulo Usuarios no tiene la acción borrar');
    const badId = await ctx().request({
      method: 'POST',
      url: `${BASE}/addrol`,
      token,
      payload: { rol: unique('r'), descripcion: 'd', modulo: [{ id: 'no-uuid', acciones: [] }] },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0].path).toBe('modulo.0.id');
    expect(await counts(ctx)).toEqual(before);
  });

  it('addrol: 401 without a token; 403 for a company-scoped role holder, add on or off (roles are shared data)', async () => {
    const payload = { rol: unique('r'), descripcion: 'd' };
    const before = await counts(ctx);
    expect((await ctx().request({ method: 'POST', url: `${BASE}/addrol`, payload })).statusCode).toBe(401);
    expect(await counts(ctx)).toEqual(before);
    const limited = await userWith(ctx, { '/seguridad/roles': ['update', 'cancel'] });
    const mid = await counts(ctx);
    const res = await ctx().request({ method: 'POST', url: `${BASE}/addrol`, payload, token: limited.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SHARED_DATA_MESSAGE);
    expect(await counts(ctx)).toEqual(mid);
    // Roles are shared by every company; the add action does not let a company-scoped user write them.
    const withAdd = await userWith(ctx, { '/seguridad/roles': ['add'] });
    const refused = await ctx().request({
      method: 'POST',
      url: `${BASE}/addrol`,
      payload,
      token: withAdd.token,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SHARED_DATA_MESSAGE);
    const master = await ctx().adminToken();
    expect(
      (await ctx().request({ method: 'POST', url: `${BASE}/addrol`, payload, token: master })).statusCode,
    ).toBe(200);
  });

  // PUT /updaterol/:id --------------------------------------------------------------------------------
  it('updaterol: replaces name, description and grants, and audits before and after', async () => {
    const role = await createRole(ctx, { '/seguridad/usuarios': ['add'] });
    const renamed = unique('Supervisor');
    const res = await ctx().request({
      method: 'PUT',
      url: `${BASE}/updaterol/${role.id}`,
      token: await ctx().adminToken(),
      payload: {
        rol: renamed,
        descripcion: 'Nueva descripción',
        modulo: await grantsOf(ctx, { '/seguridad/roles': ['update'] }),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Rol Actualizado !!!');
    expect(res.json().result.modulo.map((m: { path: string }) => m.path)).toEqual(['/seguridad/roles']);
    expect(res.json().result.logFechaModificacion).not.toBeNull();
    const stored = await storedRole(ctx, role.id);
    expect(stored.rol).toBe(renamed);
    expect(stored.descripcion).toBe('Nueva descripción');
    expect(
      (stored.modulos as Array<{ path: string; acciones: Array<{ key: string; status: boolean }> }>)[0],
    ).toMatchObject({
      path: '/seguridad/roles',
      acciones: [
        { key: 'add', status: false },
        { key: 'update', status: true },
        { key: 'cancel', status: false },
      ],
    });
    const audit = await lastAudit(ctx, role.id);
    expect(audit).toMatchObject({
      route: '/v2/mantenimiento/roles/updaterol/:id',
      entity: 'role',
      action: 'update',
    });
    expect(audit.before).toMatchObject({ rol: role.rol });
    expect(audit.after).toMatchObject({ rol: renamed, descripcion: 'Nueva descripción' });
  });

  it('updaterol: a change of grants applies to the next request of the role holders', async () => {
    const holder = await userWith(ctx, { '/seguridad/modulos': [] });
    const modules = '/v2/mantenimiento/modulo/getModulos';
    expect((await ctx().request({ method: 'GET', url: modules, token: holder.token })).statusCode).toBe(200);
    await ctx().request({
      method: 'PUT',
      url: `${BASE}/updaterol/${holder.role.id}`,
      token: await ctx().adminToken(),
      payload: {
        rol: holder.role.rol,
        descripcion: 'sin módulos',
        modulo: [],
      },
    });
    const again = await ctx().request({ method: 'GET', url: modules, token: holder.token });
    expect(again.statusCode).toBe(403);
  });

  it('updaterol: bad input answers 400, a taken name 409, an unknown id 404; nothing written', async () => {
    const role = await createRole(ctx, {});
    const token = await ctx().adminToken();
    const before = await counts(ctx);
    const empty = await ctx().request({
      method: 'PUT',
      url: `${BASE}/updaterol/${role.id}`,
      token,
      payload: { rol: role.rol, descripcion: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Descripcion del rol es requerido');
    const taken = await ctx().request({
      method: 'PUT',
      url: `${BASE}/updaterol/${role.id}`,
      token,
      payload: { rol: 'User', descripcion: 'x' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('El rol User ya existe');
    const unknownKey = await ctx().request({
      method: 'PUT',
      url: `${BASE}/updaterol/${role.id}`,
      token,
      payload: {
        rol: role.rol,
        descripcion: 'x',
        modulo: [{ id: randomUUID(), nombre: 'Fantasma', acciones: [] }],
      },
    });
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json().message).toBe('El módulo Fantasma no existe');
    const missing = await ctx().request({
      method: 'PUT',
      url: `${BASE}/updaterol/${randomUUID()}`,
      token,
      payload: { rol: unique('r'), descripcion: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Rol no encontrado');
    const badId = await ctx().request({
      method: 'PUT',
      url: `${BASE}/updaterol/123`,
      token,
      payload: { rol: 'x', descripcion: 'x' },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('Identificador no válido');
    expect(await counts(ctx)).toEqual(before);
    expect((await storedRole(ctx, role.id)).descripcion).toBe(`Rol ${role.rol}`);
  });

  it('updaterol: keeping its own name is not a conflict', async () => {
    const role = await createRole(ctx, {});
    const res = await ctx().request({
      method: 'PUT',
      url: `${BASE}/updaterol/${role.id}`,
      token: await ctx().adminToken(),
      payload: { rol: role.rol.toUpperCase(), descripcion: 'misma' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.rol).toBe(role.rol.toUpperCase());
  });

  it('updaterol: 401 without a token; 403 with update off', async () => {
    const role = await createRole(ctx, {});
    const payload = { rol: role.rol, descripcion: 'cambiada' };
    expect(
      (await ctx().request({ method: 'PUT', url: `${BASE}/updaterol/${role.id}`, payload })).statusCode,
    ).toBe(401);
    const limited = await userWith(ctx, { '/seguridad/roles': ['add', 'cancel'] });
    const res = await ctx().request({
      method: 'PUT',
      url: `${BASE}/updaterol/${role.id}`,
      payload,
      token: limited.token,
    });
    expect(res.statusCode).toBe(403);
    expect((await storedRole(ctx, role.id)).descripcion).toBe(`Rol ${role.rol}`);
  });

  // PUT /desactivar/:id and /activar/:id ---------------------------------------------------------------
  it('desactivar and activar: switch the status, answer the record and audit the change', async () => {
    const role = await createRole(ctx, {});
    const token = await ctx().adminToken();
    const off = await ctx().request({ method: 'PUT', url: `${BASE}/desactivar/${role.id}`, token });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      code: 200,
      message: 'Inactivado',
      result: { id: role.id, logEstatusRegistro: 'INACTIVO' },
    });
    expect((await storedRole(ctx, role.id)).log_estatus_registro).toBe('INACTIVO');
    expect(await lastAudit(ctx, role.id)).toMatchObject({
      route: '/v2/mantenimiento/roles/desactivar/:id',
      entity: 'role',
      action: 'deactivate',
      before: { logEstatusRegistro: 'ACTIVO' },
      after: { logEstatusRegistro: 'INACTIVO' },
    });
    const on = await ctx().request({ method: 'PUT', url: `${BASE}/activar/${role.id}`, token });
    expect(on.json()).toMatchObject({
      code: 200,
      message: 'Activado',
      result: { logEstatusRegistro: 'ACTIVO' },
    });
    expect((await storedRole(ctx, role.id)).log_estatus_registro).toBe('ACTIVO');
    expect(await lastAudit(ctx, role.id)).toMatchObject({
      route: '/v2/mantenimiento/roles/activar/:id',
      action: 'activate',
      before: { logEstatusRegistro: 'INACTIVO' },
      after: { logEstatusRegistro: 'ACTIVO' },
    });
  });

  it('desactivar and activar: an unknown id answers 404, a malformed one 400; nothing written', async () => {
    const token = await ctx().adminToken();
    const before = await counts(ctx);
    for (const verb of ['desactivar', 'activar']) {
      const missing = await ctx().request({ method: 'PUT', url: `${BASE}/${verb}/${randomUUID()}`, token });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Rol no encontrado');
      const bad = await ctx().request({ method: 'PUT', url: `${BASE}/${verb}/nope`, token });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Identificador no válido');
    }
    expect(await counts(ctx)).toEqual(before);
  });

  it('desactivar and activar: 401 without a token; 403 with cancel off', async () => {
    const role = await createRole(ctx, {});
    const limited = await userWith(ctx, { '/seguridad/roles': ['add', 'update'] });
    for (const verb of ['desactivar', 'activar']) {
      expect((await ctx().request({ method: 'PUT', url: `${BASE}/${verb}/${role.id}` })).statusCode).toBe(
        401,
      );
      expect(
        (await ctx().request({ method: 'PUT', url: `${BASE}/${verb}/${role.id}`, token: limited.token }))
          .statusCode,
      ).toBe(403);
    }
    expect((await storedRole(ctx, role.id)).log_estatus_registro).toBe('ACTIVO');
  });

  it('an INACTIVO role removes every access of its holders until it is reactivated', async () => {
    const holder = await userWith(ctx, { '/seguridad/roles': ['add', 'update', 'cancel'] });
    const token = await ctx().adminToken();
    expect(
      (await ctx().request({ method: 'GET', url: `${BASE}/getroles`, token: holder.token })).statusCode,
    ).toBe(200);
    await ctx().request({ method: 'PUT', url: `${BASE}/desactivar/${holder.role.id}`, token });
    expect(
      (await ctx().request({ method: 'GET', url: `${BASE}/getroles`, token: holder.token })).statusCode,
    ).toBe(403);
    const me = await ctx().request({ method: 'GET', url: '/v2/auth/me', token: holder.token });
    expect(me.json().modulos).toEqual([]);
    await ctx().request({ method: 'PUT', url: `${BASE}/activar/${holder.role.id}`, token });
    expect(
      (await ctx().request({ method: 'GET', url: `${BASE}/getroles`, token: holder.token })).statusCode,
    ).toBe(200);
  });
});
