import { randomUUID } from 'node:crypto';
import { MODULE_CATALOG, SHARED_DATA_MESSAGE } from '@sigece/fiscal';
import { expect, it } from 'vitest';
import { countRows, describeWithApp, type TestApp } from './harness.ts';
import { createRole, createUser, lastAudit, modulesByPath, PASSWORD, unique } from './support/users.ts';

// --- local helpers -----------------------------------------------------------------------------------

type Ctx = () => TestApp;
interface ModuleRow {
  id: string;
  name: string;
  path: string;
  permiso: boolean;
  opciones: Array<{ _id: string; key: string; description: string }>;
  logEstatusRegistro: string;
}

const BASE = '/v2/mantenimiento/modulo';

/** A fresh non-master user holding a new role with these grants (and `permiso` as given), logged in. */
async function userWith(ctx: Ctx, grants: Record<string, string[]>, permiso = true) {
  const role = await createRole(ctx, grants, permiso);
  const user = await createUser(ctx, { role: role.id, id_localidad: [randomUUID()] });
  return { role, token: await ctx().login(user.email, PASSWORD) };
}

async function createModule(
  ctx: Ctx,
  body: Partial<{ name: string; path: string; permiso: boolean; opciones: unknown[] }> = {},
) {
  const res = await ctx().request({
    method: 'POST',
    url: `${BASE}/crear`,
    token: await ctx().adminToken(),
    payload: { name: unique('Modulo'), path: `/${unique('prueba')}`, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as ModuleRow;
}

async function counts(ctx: Ctx) {
  return {
    modules: await countRows(ctx().database, 'modules'),
    audit: await countRows(ctx().database, 'audit_log'),
  };
}

async function storedModule(ctx: Ctx, id: string) {
  const [row] = await ctx().database.query<{
    name: string;
    path: string;
    permiso: boolean;
    opciones: Array<{ _id: string; key: string; description: string }>;
    log_estatus_registro: string;
  }>('select name, path, permiso, opciones, log_estatus_registro from modules where id = $1', [id]);
  return row;
}

// --- the suite ---------------------------------------------------------------------------------------

describeWithApp('security: modules (/mantenimiento/modulo)', (ctx) => {
  // GET /getModulos -----------------------------------------------------------------------------------
  it('getModulos: the seeded catalogue, page 1 and 10 rows by default, sorted by name', async () => {
    const res = await ctx().request({
      method: 'GET',
      url: `${BASE}/getModulos`,
      token: await ctx().adminToken(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const total = await countRows(ctx().database, 'modules');
    expect(total).toBeGreaterThanOrEqual(MODULE_CATALOG.length);
    expect(body).toMatchObject({
      code: 200,
      page: 1,
      limit: 10,
      totalResults: total,
      totalPages: Math.ceil(total / 10),
    });
    expect(body.results).toHaveLength(10);
    const names = body.results.map((m: ModuleRow) => m.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const all = await modulesByPath(ctx);
    expect(all.get('/seguridad/usuarios')).toMatchObject({
      name: 'Usuarios',
      permiso: true,
      logEstatusRegistro: 'ACTIVO',
      opciones: [{ key: 'add' }, { key: 'update' }, { key: 'cancel' }, { key: 'updatePasw' }],
    });
  });

  it('getModulos: pages and searches name and path', async () => {
    const token = await ctx().adminToken();
    const total = await countRows(ctx().database, 'modules');
    const last = Math.ceil(total / 10);
    const lastPage = (
      await ctx().request({ method: 'GET', url: `${BASE}/getModulos?page=${last}`, token })
    ).json();
    expect(lastPage).toMatchObject({ page: last, totalPages: last, totalResults: total });
    expect(lastPage.results).toHaveLength(total - (last - 1) * 10);
    const beyond = (
      await ctx().request({ method: 'GET', url: `${BASE}/getModulos?page=${last + 1}`, token })
    ).json();
    expect(beyond.results).toEqual([]);
    const byPath = (
      await ctx().request({ method: 'GET', url: `${BASE}/getModulos?search=/seguridad/`, token })
    ).json();
    expect(byPath.results.map((m: ModuleRow) => m.path).sort()).toEqual([
      '/seguridad/clientes',
      '/seguridad/modulos',
      '/seguridad/roles',
      '/seguridad/usuarios',
    ]);
    const byName = (
      await ctx().request({ method: 'GET', url: `${BASE}/getModulos?search=razón`, token })
    ).json();
    expect(byName.results.map((m: ModuleRow) => m.path)).toEqual(['/mantenimiento/Localidad']);
    const limited = (
      await ctx().request({ method: 'GET', url: `${BASE}/getModulos?limit=3&page=2`, token })
    ).json();
    expect(limited).toMatchObject({ page: 2, limit: 3, totalPages: Math.ceil(total / 3) });
    expect(limited.results).toHaveLength(3);
  });

  it('getModulos: status=ACTIVO leaves inactive modules out (the role editor list)', async () => {
    const module = await createModule(ctx);
    const token = await ctx().adminToken();
    await ctx().request({ method: 'PUT', url: `${BASE}/eliminar/${module.id}`, token });
    const active = (
      await ctx().request({ method: 'GET', url: `${BASE}/getModulos?status=ACTIVO&limit=500`, token })
    ).json();
    expect(active.results.map((m: ModuleRow) => m.id)).not.toContain(module.id);
    expect(active.results.every((m: ModuleRow) => m.logEstatusRegistro === 'ACTIVO')).toBe(true);
    expect(active.totalResults).toBe(
      await countRows(ctx().database, 'modules', `log_estatus_registro = 'ACTIVO'`),
    );
    const inactive = (
      await ctx().request({ method: 'GET', url: `${BASE}/getModulos?status=INACTIVO&limit=500`, token })
    ).json();
    expect(inactive.results.map((m: ModuleRow) => m.id)).toContain(module.id);
    const everything = (
      await ctx().request({ method: 'GET', url: `${BASE}/getModulos?limit=500`, token })
    ).json();
    expect(everything.results.map((m: ModuleRow) => m.id)).toContain(module.id);
  });

  it('getModulos: an unknown status or a limit over 500 answers 400', async () => {
    const token = await ctx().adminToken();
    const status = await ctx().request({ method: 'GET', url: `${BASE}/getModulos?status=BORRADO`, token });
    expect(status.statusCode).toBe(400);
    expect(status.json().errors[0].path).toBe('status');
    const limit = await ctx().request({ method: 'GET', url: `${BASE}/getModulos?limit=501`, token });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().message).toMatch(/^Demasiado grande/);
  });

  it('getModulos: 401 without a token; 403 with neither the modules nor the roles module', async () => {
    expect((await ctx().request({ method: 'GET', url: `${BASE}/getModulos` })).statusCode).toBe(401);
    const users = await userWith(ctx, { '/seguridad/usuarios': ['add', 'update', 'cancel', 'updatePasw'] });
    const denied = await ctx().request({ method: 'GET', url: `${BASE}/getModulos`, token: users.token });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('No tiene permiso para realizar esta acción');
    const roles = await userWith(ctx, { '/seguridad/roles': [] });
    expect(
      (await ctx().request({ method: 'GET', url: `${BASE}/getModulos`, token: roles.token })).statusCode,
    ).toBe(200);
  });

  // POST /crear ---------------------------------------------------------------------------------------
  it('crear: stores the module with an id per action (duplicates dropped) and audits it', async () => {
    const path = `/${unique('mantenimiento')}`;
    const res = await ctx().request({
      method: 'POST',
      url: `${BASE}/crear`,
      token: await ctx().adminToken(),
      payload: {
        name: '  Inventario  ',
        path,
        opciones: [
          { key: 'add', description: 'Agregar' },
          { key: 'view' },
          { key: 'add', description: 'repetida' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Guardado');
    expect(body.result).toMatchObject({
      name: 'Inventario',
      path,
      permiso: true,
      logEstatusRegistro: 'ACTIVO',
    });
    expect(
      body.result.opciones.map((o: { key: string; description: string }) => [o.key, o.description]),
    ).toEqual([
      ['add', 'Agregar'],
      ['view', ''],
    ]);
    expect(body.result.opciones.every((o: { _id: string }) => /^[0-9a-f-]{36}$/.test(o._id))).toBe(true);
    const stored = await storedModule(ctx, body.result.id);
    expect(stored).toMatchObject({ name: 'Inventario', path, permiso: true, log_estatus_registro: 'ACTIVO' });
    expect(stored.opciones).toEqual(body.result.opciones);
    const audit = await lastAudit(ctx, body.result.id);
    expect(audit).toMatchObject({
      method: 'POST',
      route: '/v2/mantenimiento/modulo/crear',
      entity: 'module',
      action: 'create',
      before: null,
    });
    expect(audit.after).toMatchObject({ name: 'Inventario', path });
  });

  it('crear: a short name or a path without / answers 400 with the message and writes nothing', async () => {
    const token = await ctx().adminToken();
    const before = await counts(ctx);
    const short = await ctx().request({
      method: 'POST',
      url: `${BASE}/crear`,
      token,
      payload: { name: ' a ', path: `/${unique('p')}` },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('El nombre debe contener al menos 2 caracteres');
    expect(short.json().errors).toEqual([
      { path: 'name', message: 'El nombre debe contener al menos 2 caracteres' },
    ]);
    const noPath = await ctx().request({
      method: 'POST',
      url: `${BASE}/crear`,
      token,
      payload: { name: 'Modulo', path: 'sin-barra' },
    });
    expect(noPath.statusCode).toBe(400);
    expect(noPath.json().message).toBe('La ruta debe comenzar con /');
    const noKey = await ctx().request({
      method: 'POST',
      url: `${BASE}/crear`,
      token,
      payload: { name: 'Modulo', path: `/${unique('p')}`, opciones: [{ key: ' ' }] },
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe('La clave de la acción es requerida');
    expect(await counts(ctx)).toEqual(before);
  });

  it('crear: a path already used (any case) answers 409 and writes nothing', async () => {
    const before = await counts(ctx);
    const res = await ctx().request({
      method: 'POST',
      url: `${BASE}/crear`,
      token: await ctx().adminToken(),
      payload: { name: 'Otro', path: '/SEGURIDAD/usuarios' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, message: 'Ya existe un módulo con la ruta /SEGURIDAD/usuarios' });
    expect(await counts(ctx)).toEqual(before);
  });

  it('crear: 401 without a token; 403 for a role without /seguridad/modulos', async () => {
    const payload = { name: 'Nuevo', path: `/${unique('p')}` };
    const before = await counts(ctx);
    expect((await ctx().request({ method: 'POST', url: `${BASE}/crear`, payload })).statusCode).toBe(401);
    expect(await counts(ctx)).toEqual(before);
    // The roles module lets one list modules (for the role editor) but not change them.
    const roles = await userWith(ctx, { '/seguridad/roles': ['add', 'update', 'cancel'] });
    const mid = await counts(ctx);
    expect(
      (await ctx().request({ method: 'POST', url: `${BASE}/crear`, payload, token: roles.token })).statusCode,
    ).toBe(403);
    expect(await counts(ctx)).toEqual(mid);
    // Modules are shared data: a company-scoped user holding the module reads but never writes.
    const modulos = await userWith(ctx, { '/seguridad/modulos': [] });
    const beforeRefused = await counts(ctx);
    const refused = await ctx().request({
      method: 'POST',
      url: `${BASE}/crear`,
      payload,
      token: modulos.token,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SHARED_DATA_MESSAGE);
    expect(await counts(ctx)).toEqual(beforeRefused);
    expect(
      (await ctx().request({ method: 'GET', url: `${BASE}/getModulos`, token: modulos.token })).statusCode,
    ).toBe(200);
  });

  // PUT /editar/:id -----------------------------------------------------------------------------------
  it('editar: changes the module, keeps the action ids of kept keys and audits before and after', async () => {
    const module = await createModule(ctx, { opciones: [{ key: 'add' }, { key: 'view' }] });
    const addId = module.opciones.find((o) => o.key === 'add')!._id;
    const path = `/${unique('renombrado')}`;
    const res = await ctx().request({
      method: 'PUT',
      url: `${BASE}/editar/${module.id}`,
      token: await ctx().adminToken(),
      payload: {
        name: 'Renombrado',
        path,
        permiso: false,
        opciones: [{ key: 'add', description: 'Agregar' }, { key: 'print' }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Actualizado');
    const result = res.json().result as ModuleRow & { logFechaModificacion: string | null };
    expect(result).toMatchObject({ id: module.id, name: 'Renombrado', path, permiso: false });
    expect(result.logFechaModificacion).not.toBeNull();
    expect(result.opciones[0]).toEqual({ _id: addId, key: 'add', description: 'Agregar' });
    expect(result.opciones.map((o) => o.key)).toEqual(['add', 'print']);
    expect(result.opciones[1]._id).not.toBe(module.opciones[1]._id);
    expect(await storedModule(ctx, module.id)).toMatchObject({ name: 'Renombrado', path, permiso: false });
    const audit = await lastAudit(ctx, module.id);
    expect(audit).toMatchObject({
      method: 'PUT',
      route: '/v2/mantenimiento/modulo/editar/:id',
      entity: 'module',
      action: 'update',
    });
    expect(audit.before).toMatchObject({ name: module.name, path: module.path, permiso: true });
    expect(audit.after).toMatchObject({ name: 'Renombrado', path, permiso: false });
  });

  it('editar: bad input 400, a taken path 409, an unknown id 404; nothing written', async () => {
    const module = await createModule(ctx);
    const token = await ctx().adminToken();
    const before = await counts(ctx);
    const short = await ctx().request({
      method: 'PUT',
      url: `${BASE}/editar/${module.id}`,
      token,
      payload: { name: 'x', path: module.path },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('El nombre debe contener al menos 2 caracteres');
    const taken = await ctx().request({
      method: 'PUT',
      url: `${BASE}/editar/${module.id}`,
      token,
      payload: { name: 'Nombre', path: '/home' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Ya existe un módulo con la ruta /home');
    const missing = await ctx().request({
      method: 'PUT',
      url: `${BASE}/editar/${randomUUID()}`,
      token,
      payload: { name: 'Nombre', path: `/${unique('p')}` },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Módulo no encontrado');
    const badId = await ctx().request({
      method: 'PUT',
      url: `${BASE}/editar/1`,
      token,
      payload: { name: 'Nombre', path: '/x' },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('Identificador no válido');
    expect(await counts(ctx)).toEqual(before);
    expect(await storedModule(ctx, module.id)).toMatchObject({ name: module.name, path: module.path });
  });

  it('editar: keeping its own path is not a conflict', async () => {
    const module = await createModule(ctx);
    const res = await ctx().request({
      method: 'PUT',
      url: `${BASE}/editar/${module.id}`,
      token: await ctx().adminToken(),
      payload: { name: 'Mismo camino', path: module.path },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.name).toBe('Mismo camino');
  });

  it('editar: 401 without a token; 403 for a role without /seguridad/modulos', async () => {
    const module = await createModule(ctx);
    const payload = { name: 'Cambiado', path: module.path };
    expect(
      (await ctx().request({ method: 'PUT', url: `${BASE}/editar/${module.id}`, payload })).statusCode,
    ).toBe(401);
    const roles = await userWith(ctx, { '/seguridad/roles': ['add', 'update', 'cancel'] });
    expect(
      (
        await ctx().request({
          method: 'PUT',
          url: `${BASE}/editar/${module.id}`,
          payload,
          token: roles.token,
        })
      ).statusCode,
    ).toBe(403);
    expect((await storedModule(ctx, module.id)).name).toBe(module.name);
  });

  it('editar: an action the module no longer offers leaves the effective permissions of its roles', async () => {
    const module = await createModule(ctx, { opciones: [{ key: 'add' }, { key: 'view' }] });
    const holder = await userWith(ctx, { [module.path]: ['add', 'view'] });
    const me = async () =>
      (await ctx().request({ method: 'GET', url: '/v2/auth/me', token: holder.token })).json();
    const keys = async () =>
      (await me()).modulos
        .find((m: { id: string }) => m.id === module.id)
        ?.acciones.map((a: { key: string; status: boolean }) => [a.key, a.status]);
    expect(await keys()).toEqual([
      ['add', true],
      ['view', true],
    ]);
    await ctx().request({
      method: 'PUT',
      url: `${BASE}/editar/${module.id}`,
      token: await ctx().adminToken(),
      payload: { name: module.name, path: `${module.path}-nuevo`, opciones: [{ key: 'view' }] },
    });
    expect(await keys()).toEqual([['view', true]]);
    // Path and name come from the module as it is now.
    expect((await me()).modulos.find((m: { id: string }) => m.id === module.id).path).toBe(
      `${module.path}-nuevo`,
    );
  });

  // PUT /eliminar/:id and /activar/:id -----------------------------------------------------------------
  it('eliminar and activar: switch the status, answer the record and audit the change', async () => {
    const module = await createModule(ctx);
    const token = await ctx().adminToken();
    const off = await ctx().request({ method: 'PUT', url: `${BASE}/eliminar/${module.id}`, token });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      code: 200,
      message: 'Inactivado',
      result: { id: module.id, logEstatusRegistro: 'INACTIVO' },
    });
    expect((await storedModule(ctx, module.id)).log_estatus_registro).toBe('INACTIVO');
    expect(await lastAudit(ctx, module.id)).toMatchObject({
      route: '/v2/mantenimiento/modulo/eliminar/:id',
      entity: 'module',
      action: 'deactivate',
      before: { logEstatusRegistro: 'ACTIVO' },
      after: { logEstatusRegistro: 'INACTIVO' },
    });
    const on = await ctx().request({ method: 'PUT', url: `${BASE}/activar/${module.id}`, token });
    expect(on.json()).toMatchObject({
      code: 200,
      message: 'Activado',
      result: { logEstatusRegistro: 'ACTIVO' },
    });
    expect((await storedModule(ctx, module.id)).log_estatus_registro).toBe('ACTIVO');
    expect(await lastAudit(ctx, module.id)).toMatchObject({
      route: '/v2/mantenimiento/modulo/activar/:id',
      action: 'activate',
      before: { logEstatusRegistro: 'INACTIVO' },
      after: { logEstatusRegistro: 'ACTIVO' },
    });
  });

  it('eliminar and activar: an unknown id answers 404, a malformed one 400; nothing written', async () => {
    const token = await ctx().adminToken();
    const before = await counts(ctx);
    for (const verb of ['eliminar', 'activar']) {
      const missing = await ctx().request({ method: 'PUT', url: `${BASE}/${verb}/${randomUUID()}`, token });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Módulo no encontrado');
      const bad = await ctx().request({ method: 'PUT', url: `${BASE}/${verb}/x`, token });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Identificador no válido');
    }
    expect(await counts(ctx)).toEqual(before);
  });

  it('eliminar and activar: 401 without a token; 403 for a role without /seguridad/modulos', async () => {
    const module = await createModule(ctx);
    const roles = await userWith(ctx, { '/seguridad/roles': ['add', 'update', 'cancel'] });
    for (const verb of ['eliminar', 'activar']) {
      expect((await ctx().request({ method: 'PUT', url: `${BASE}/${verb}/${module.id}` })).statusCode).toBe(
        401,
      );
      expect(
        (await ctx().request({ method: 'PUT', url: `${BASE}/${verb}/${module.id}`, token: roles.token }))
          .statusCode,
      ).toBe(403);
    }
    expect((await storedModule(ctx, module.id)).log_estatus_registro).toBe('ACTIVO');
  });

  it('an INACTIVO module removes the access it grants until it is reactivated', async () => {
    const token = await ctx().adminToken();
    const holder = await userWith(ctx, { '/seguridad/modulos': [] });
    const modulosId = (await modulesByPath(ctx)).get('/seguridad/modulos')!.id;
    expect(
      (await ctx().request({ method: 'GET', url: `${BASE}/getModulos`, token: holder.token })).statusCode,
    ).toBe(200);
    try {
      const off = await ctx().request({ method: 'PUT', url: `${BASE}/eliminar/${modulosId}`, token });
      expect(off.statusCode).toBe(200);
      expect(
        (await ctx().request({ method: 'GET', url: `${BASE}/getModulos`, token: holder.token })).statusCode,
      ).toBe(403);
      const me = (await ctx().request({ method: 'GET', url: '/v2/auth/me', token: holder.token })).json();
      expect(me.modulos).toEqual([]);
      // The master admin keeps every access.
      expect((await ctx().request({ method: 'GET', url: `${BASE}/getModulos`, token })).statusCode).toBe(200);
    } finally {
      await ctx().request({ method: 'PUT', url: `${BASE}/activar/${modulosId}`, token });
    }
    expect(
      (await ctx().request({ method: 'GET', url: `${BASE}/getModulos`, token: holder.token })).statusCode,
    ).toBe(200);
  });

  it('a module granted with permiso: false gives no access', async () => {
    const holder = await userWith(ctx, { '/seguridad/modulos': [] }, false);
    const res = await ctx().request({ method: 'GET', url: `${BASE}/getModulos`, token: holder.token });
    expect(res.statusCode).toBe(403);
  });

  it('a module switched to permiso: false gives no access through any role', async () => {
    const module = await createModule(ctx, { opciones: [{ key: 'add' }] });
    const holder = await userWith(ctx, { [module.path]: ['add'] });
    const find = async () =>
      (await ctx().request({ method: 'GET', url: '/v2/auth/me', token: holder.token }))
        .json()
        .modulos.find((m: { id: string }) => m.id === module.id);
    expect((await find()).permiso).toBe(true);
    await ctx().request({
      method: 'PUT',
      url: `${BASE}/editar/${module.id}`,
      token: await ctx().adminToken(),
      payload: { name: module.name, path: module.path, permiso: false, opciones: [{ key: 'add' }] },
    });
    expect((await find()).permiso).toBe(false);
  });
});
