// Users, roles and companies with branches made for the security suites (users, takeover, roles): the
// role and user through the API as the master admin, the company and its branches inserted directly
// (the create route insists on a logo).
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { localidades, sucursales } from '../../src/db/schema.ts';
import type { TestApp } from '../harness.ts';

type Ctx = () => TestApp;

export interface ModuleRow {
  id: string;
  name: string;
  path: string;
  opciones: Array<{ _id: string; key: string; description: string }>;
}

export interface UserView {
  id: string;
  email: string;
  userAlias: string;
  firstName: string;
  role: string | null;
  rol: string | null;
  masterAdmin: boolean;
  id_localidad: string[];
  sucursales: string[];
  logEstatusRegistro: string;
}

export const USERS = '/v2/users';
export const PASSWORD = 'clave-segura-1';
/** Every action of the users screen (/seguridad/usuarios). */
export const ALL_USER_ACTIONS = ['add', 'update', 'cancel', 'updatePasw'];

let seq = 0;
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

export async function modulesByPath(ctx: Ctx): Promise<Map<string, ModuleRow>> {
  const res = await ctx().request({
    method: 'GET',
    url: '/v2/mantenimiento/modulo/getModulos?limit=500',
    token: await ctx().adminToken(),
  });
  expect(res.statusCode).toBe(200);
  return new Map((res.json().results as ModuleRow[]).map((m) => [m.path, m]));
}

/** A role granting each path with the listed action keys on and the others off (`permiso` sent only
 * when given: the route defaults it to true). */
export async function createRole(ctx: Ctx, grants: Record<string, string[]>, permiso?: boolean) {
  const byPath = await modulesByPath(ctx);
  const rol = unique('rol');
  const res = await ctx().request({
    method: 'POST',
    url: '/v2/mantenimiento/roles/addrol',
    token: await ctx().adminToken(),
    payload: {
      rol,
      descripcion: `Rol ${rol}`,
      modulo: Object.entries(grants).map(([path, on]) => {
        const module = byPath.get(path);
        if (!module) throw new Error(`no module ${path}`);
        return {
          id: module.id,
          ...(permiso === undefined ? {} : { permiso }),
          acciones: module.opciones.map((o) => ({ _id: o._id, key: o.key, status: on.includes(o.key) })),
        };
      }),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { id: string; rol: string };
}

/** The body of addUser: a new alias and e-mail, the test password, and the given fields. */
export function userPayload(overrides: Record<string, unknown> = {}) {
  const alias = unique('usr');
  return {
    tipoDocumento: 'V',
    numeroDocumento: '12345678',
    firstName: 'Ana',
    lastName: 'Pérez',
    userAlias: alias,
    email: `${alias}@example.com`,
    password: PASSWORD,
    userPortal: 'NO_PORTAL',
    ...overrides,
  };
}

/** Creates a user through the API (as the master admin unless a token is given). */
export async function createUser(ctx: Ctx, overrides: Record<string, unknown>, token?: string) {
  const res = await ctx().request({
    method: 'POST',
    url: `${USERS}/addUser`,
    token: token ?? (await ctx().adminToken()),
    payload: userPayload(overrides),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as UserView;
}

/** A fresh non-master user with a new role of these grants and these companies, logged in. */
export async function userWith(
  ctx: Ctx,
  grants: Record<string, string[]>,
  companies: string[] = [randomUUID()],
  branches: string[] = [],
) {
  const role = await createRole(ctx, grants);
  const user = await createUser(ctx, { role: role.id, id_localidad: companies, sucursales: branches });
  return { ...user, roleId: role.id, token: await ctx().login(user.email, PASSWORD) };
}

/** A real company with `count` branches (codes S1, S2…), so branch grants can be checked against it. */
export async function companyWithBranches(ctx: Ctx, count = 1): Promise<{ id: string; branches: string[] }> {
  const suffix = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
  const [company] = await ctx()
    .database.db.insert(localidades)
    .values({
      nombre: `Empresa ${suffix}`,
      tipoDocumento: 'J',
      numeroDocumento: suffix,
      direccion: 'x',
      telefono: 'x',
      correo: 'x@x.com',
      tipoProveedor: 'PJD',
    })
    .returning({ id: localidades.id });
  const branches: string[] = [];
  for (let i = 1; i <= count; i++) {
    const [branch] = await ctx()
      .database.db.insert(sucursales)
      .values({
        localidadId: company.id,
        codigoSucursal: `S${i}`,
        nombre: `Sucursal ${i}`,
        direccion: 'x',
        telefono: '(212) 5551234',
        correo: 'x@x.com',
      })
      .returning({ id: sucursales.id });
    branches.push(branch.id);
  }
  return { id: company.id, branches };
}

/** The latest audit entry of a record (of `entity` when given: ids of other kinds are not mixed in). */
export async function lastAudit(ctx: Ctx, entityId: string, entity?: string) {
  const [row] = await ctx().database.query<{
    method: string;
    route: string;
    entity: string;
    entity_id: string;
    action: string;
    user_email: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(
    `select method, route, entity, entity_id, action, user_email, before, after from audit_log
      where entity_id = $1 and ($2::text is null or entity = $2) order by id desc limit 1`,
    [entityId, entity ?? null],
  );
  return row;
}
