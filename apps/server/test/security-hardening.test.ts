import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { localidades, modules } from '../src/db/schema.ts';
import { describeWithApp, type TestApp } from './harness.ts';
import { createUser, PASSWORD } from './support/users.ts';

async function roleWith(ctx: () => TestApp, grants: Record<string, string[]>, name: string) {
  const all = await ctx().database.db.select().from(modules);
  const modulo = Object.entries(grants).map(([path, keys]) => {
    const m = all.find((x) => x.path === path)!;
    return {
      id: m.id,
      nombre: m.name,
      path,
      permiso: true,
      acciones: keys.map((key) => ({ _id: key, key, description: key, status: true })),
    };
  });
  const res = await ctx().request({
    method: 'POST',
    url: '/v2/mantenimiento/roles/addrol',
    token: await ctx().adminToken(),
    payload: { rol: name, descripcion: name, modulo },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.id as string;
}

/** A user of `role` granted `companies`, with this e-mail (its alias the part before the @). */
const userWith = (ctx: () => TestApp, role: string, companies: string[], email: string) =>
  createUser(ctx, { role, id_localidad: companies, email, userAlias: email.split('@')[0] });

describeWithApp('security hardening', (ctx) => {
  it('checks the token before the body: no token with a bad body answers 401, not 400', async () => {
    const res = await ctx().request({ method: 'POST', url: '/v2/users/addUser', payload: { email: 'x' } });
    expect(res.statusCode).toBe(401);
    const invoices = await ctx().request({
      method: 'POST',
      url: '/v2/facturas/masivafacturacion',
      payload: { not: 'an array' },
    });
    expect(invoices.statusCode).toBe(401);
  });

  it('a manager cannot change the password of, edit or inactivate a user whose role is broader than theirs', async () => {
    const [demo] = await ctx()
      .database.db.select()
      .from(localidades)
      .where(eq(localidades.numeroDocumento, '123456789'));
    const managerRole = await roleWith(
      ctx,
      { '/seguridad/usuarios': ['add', 'update', 'cancel', 'updatePasw'] },
      'gestor-h',
    );
    const broadRole = await roleWith(
      ctx,
      {
        '/seguridad/usuarios': ['add', 'update', 'cancel', 'updatePasw'],
        '/seguridad/roles': ['add', 'update', 'cancel'],
      },
      'amplio-h',
    );
    await userWith(ctx, managerRole, [demo.id], 'gestor-h@example.com');
    const boss = await userWith(ctx, broadRole, [demo.id], 'jefe-h@example.com');
    const token = (
      await ctx().request({
        method: 'POST',
        url: '/v2/auth/login',
        payload: { email: 'gestor-h@example.com', password: PASSWORD },
      })
    ).json().tokens.access.token;
    const change = await ctx().request({
      method: 'POST',
      url: `/v2/users/change-password?userID=${boss.id}`,
      token,
      payload: { password: 'tomada-1234' },
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().message).toBe('No puede modificar a un usuario con más permisos que usted');
    const toggle = await ctx().request({
      method: 'PUT',
      url: `/v2/users/ActivaDesactivaUserById/${boss.id}`,
      token,
    });
    expect(toggle.statusCode).toBe(403);
    // The boss still logs in with the old password.
    const login = await ctx().request({
      method: 'POST',
      url: '/v2/auth/login',
      payload: { email: 'jefe-h@example.com', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('a user holding a company outside the editor’s scope is out of the editor’s reach', async () => {
    const [demo] = await ctx()
      .database.db.select()
      .from(localidades)
      .where(eq(localidades.numeroDocumento, '123456789'));
    const [other] = await ctx()
      .database.db.select()
      .from(localidades)
      .where(eq(localidades.numeroDocumento, '987654321'));
    const role = await roleWith(
      ctx,
      { '/seguridad/usuarios': ['add', 'update', 'cancel', 'updatePasw'] },
      'gestor-k',
    );
    await userWith(ctx, role, [demo.id], 'gestor-k@example.com');
    const shared = await userWith(ctx, role, [demo.id, other.id], 'compartido-k@example.com');
    const token = (
      await ctx().request({
        method: 'POST',
        url: '/v2/auth/login',
        payload: { email: 'gestor-k@example.com', password: PASSWORD },
      })
    ).json().tokens.access.token;
    const res = await ctx().request({
      method: 'PUT',
      url: `/v2/users/updateUser/${shared.id}`,
      token,
      payload: {
        tipoDocumento: 'V',
        numeroDocumento: '1234567',
        firstName: 'Otra',
        lastName: 'Persona',
        userAlias: 'compartido-k',
        email: 'compartido-k@example.com',
        role,
        id_localidad: [demo.id],
      },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe('No tiene acceso a este usuario');
    const [stored] = await ctx().database.query<{ first_name: string; id_localidad: string[] }>(
      `select first_name, id_localidad from users where id = '${shared.id}'`,
    );
    expect(stored.first_name).toBe('Ana');
    expect([...stored.id_localidad].sort()).toEqual([demo.id, other.id].sort());
  });
});
