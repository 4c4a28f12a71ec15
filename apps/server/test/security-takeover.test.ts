// A non-master user reaches only users within their own companies (and branches
// when they are branch-restricted); a branch-restricted user cannot lift their restriction.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { controlLots, controlSublots } from '../src/db/schema.ts';
import { describeWithApp, type TestApp } from './harness.ts';
import {
  ALL_USER_ACTIONS,
  companyWithBranches,
  createRole,
  createUser,
  PASSWORD,
  unique,
  userPayload,
} from './support/users.ts';

type Ctx = () => TestApp;

/** A role that manages users (the whole users screen). */
const managerRole = async (ctx: Ctx) =>
  (await createRole(ctx, { '/seguridad/usuarios': ALL_USER_ACTIONS })).id;

/** A user of `role` over these companies and branches, created by the master admin, with its body. */
async function addUser(ctx: Ctx, role: string, companies: string[], branches: string[] = []) {
  const body = userPayload({ role, id_localidad: companies, sucursales: branches });
  return { ...(await createUser(ctx, body)), body };
}

describeWithApp('security: no account takeover across companies or branches', (ctx) => {
  it('a manager of company A cannot change the password, e-mail or status of a user who also holds company B', async () => {
    const a = await companyWithBranches(ctx);
    const b = await companyWithBranches(ctx);
    const role = await managerRole(ctx);
    const manager = await addUser(ctx, role, [a.id]);
    const victim = await addUser(ctx, role, [a.id, b.id]);
    const token = await ctx().login(manager.email, PASSWORD);

    const password = await ctx().request({
      method: 'POST',
      url: `/v2/users/change-password?userID=${victim.id}`,
      token,
      payload: { password: 'tomada-1234' },
    });
    expect(password.statusCode).toBe(403);
    expect(password.json().message).toBe('No tiene acceso a este usuario');
    const { password: _omit, ...rest } = victim.body;
    const email = await ctx().request({
      method: 'PUT',
      url: `/v2/users/updateUser/${victim.id}`,
      token,
      payload: { ...rest, email: `${unique('robado')}@example.com`, id_localidad: [a.id] },
    });
    expect(email.statusCode).toBe(403);
    const toggle = await ctx().request({
      method: 'PUT',
      url: `/v2/users/ActivaDesactivaUserById/${victim.id}`,
      token,
    });
    expect(toggle.statusCode).toBe(403);
    // The victim still logs in with their password and e-mail, still active.
    expect(await ctx().login(victim.email, PASSWORD)).toBeTruthy();

    // The list shows the shared user with the shared company only.
    const list = await ctx().request({
      method: 'GET',
      url: `/v2/users/allUser?search=${victim.body.userAlias}`,
      token,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().results).toHaveLength(1);
    expect(list.json().results[0].id_localidad).toEqual([a.id]);

    // A user wholly inside company A is still the manager's to manage.
    const colleague = await addUser(ctx, role, [a.id]);
    const ok = await ctx().request({
      method: 'POST',
      url: `/v2/users/change-password?userID=${colleague.id}`,
      token,
      payload: { password: 'nueva-clave-1' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a branch-restricted manager can neither lift their own restriction nor create an unrestricted user', async () => {
    const a = await companyWithBranches(ctx, 2);
    const role = await managerRole(ctx);
    const manager = await addUser(ctx, role, [a.id], [a.branches[0]]);
    const token = await ctx().login(manager.email, PASSWORD);
    const { password: _omit, ...self } = manager.body;
    const lift = await ctx().request({
      method: 'PUT',
      url: `/v2/users/updateUser/${manager.id}`,
      token,
      payload: { ...self, sucursales: [] },
    });
    expect(lift.statusCode).toBe(403);
    expect(lift.json().message).toBe(
      'No puede asignar razones sociales o sucursales a las que no tiene acceso',
    );
    const unrestricted = await ctx().request({
      method: 'POST',
      url: '/v2/users/addUser',
      token,
      payload: userPayload({ role, id_localidad: [a.id], sucursales: [] }),
    });
    expect(unrestricted.statusCode).toBe(403);
    const [stored] = await ctx().database.query<{ sucursales: string[] }>(
      `select sucursales from users where id = '${manager.id}'`,
    );
    expect(stored.sucursales).toEqual([a.branches[0]]);
    // Restricted to their own branch is fine; a user of the other branch (or of both) is out of reach.
    const fine = await ctx().request({
      method: 'POST',
      url: '/v2/users/addUser',
      token,
      payload: userPayload({ role, id_localidad: [a.id], sucursales: [a.branches[0]] }),
    });
    expect(fine.statusCode, fine.body).toBe(200);
    const both = await addUser(ctx, role, [a.id], a.branches);
    const reach = await ctx().request({
      method: 'POST',
      url: `/v2/users/change-password?userID=${both.id}`,
      token,
      payload: { password: 'tomada-1234' },
    });
    expect(reach.statusCode).toBe(403);
    const unrestrictedUser = await addUser(ctx, role, [a.id], []);
    const reach2 = await ctx().request({
      method: 'PUT',
      url: `/v2/users/ActivaDesactivaUserById/${unrestrictedUser.id}`,
      token,
    });
    expect(reach2.statusCode).toBe(403);
  });

  it('the sub-lots of a company lot are filtered to the caller’s branches', async () => {
    const a = await companyWithBranches(ctx, 2);
    const admin = await ctx().adminToken();
    const lot = await ctx().request({
      method: 'POST',
      url: '/v2/facturas/addcontrolLoc',
      token: admin,
      payload: {
        id_localidad: a.id,
        tipo: 'Individual',
        nroControl: 0,
        cantidadFacturas: 1000,
        serie: '00',
        logEstatusRegistro: 'ACTIVO',
      },
    });
    expect(lot.statusCode, lot.body).toBe(200);
    const lotId = lot.json().result.id as string;
    for (const branch of a.branches) {
      const sub = await ctx().request({
        method: 'POST',
        url: '/v2/mantenimiento/control/addcontrolsucur',
        token: admin,
        payload: {
          id_sucursal: branch,
          IDControlFacturalocalidad: lotId,
          tipo: 'Sucursal',
          cantidadFacturas: 100,
          serie: '00',
          logEstatusRegistro: 'ACTIVO',
        },
      });
      expect(sub.statusCode, sub.body).toBe(200);
    }
    const [stored] = await ctx().database.db.select().from(controlLots).where(eq(controlLots.id, lotId));
    expect(stored).toBeTruthy();
    expect(await ctx().database.db.$count(controlSublots, eq(controlSublots.lotId, lotId))).toBe(2);
    const role = await managerRole(ctx);
    const clerk = await addUser(ctx, role, [a.id], [a.branches[0]]);
    const token = await ctx().login(clerk.email, PASSWORD);
    const res = await ctx().request({
      method: 'GET',
      url: `/v2/mantenimiento/control/getcontrolesSucursalesByIDControlFacturalocalidad/${lotId}`,
      token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.map((s: { id_sucursal: string }) => s.id_sucursal)).toEqual([a.branches[0]]);
  });
});
