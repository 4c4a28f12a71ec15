// Login aliases are unique without case, like e-mails (the master's `admin` included),
// through the API and in the database (migration 0018 renames existing duplicates deterministically).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeWithApp, type TestApp } from './harness.ts';
import { createUser, PASSWORD, USERS, unique, userPayload } from './support/users.ts';

type Ctx = () => TestApp;
const ALIAS_TAKEN = 'El alias de usuario ya está registrado';

async function addUser(ctx: Ctx, overrides: Record<string, unknown>) {
  return ctx().request({
    method: 'POST',
    url: `${USERS}/addUser`,
    token: await ctx().adminToken(),
    payload: userPayload({ masterAdmin: true, ...overrides }),
  });
}

describeWithApp('user aliases are unique without case', (ctx) => {
  it("nobody takes the master's alias `admin`, in any case; nothing is written", async () => {
    const [{ n: before }] = await ctx().database.query<{ n: string }>(
      'select count(*)::text as n from users',
    );
    for (const alias of ['admin', 'ADMIN', 'Admin']) {
      const res = await addUser(ctx, { userAlias: alias });
      expect(res.statusCode, alias).toBe(409);
      expect(res.json().message).toBe(ALIAS_TAKEN);
    }
    const [{ n: after }] = await ctx().database.query<{ n: string }>('select count(*)::text as n from users');
    expect(after).toBe(before);
    const login = await ctx().request({
      method: 'POST',
      url: '/v2/auth/login',
      payload: { email: 'admin', password: 'admin123' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('a new or edited user may not take an alias that differs only in case, nor read as an e-mail', async () => {
    const first = await createUser(ctx, { masterAdmin: true, userAlias: unique('ana') });
    const taken = await addUser(ctx, { userAlias: first.userAlias.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(ALIAS_TAKEN);
    const asEmail = await addUser(ctx, { userAlias: first.email.toUpperCase() });
    expect(asEmail.statusCode).toBe(409);
    expect(asEmail.json().message).toBe(ALIAS_TAKEN);

    const second = await createUser(ctx, { masterAdmin: true });
    const edit = await ctx().request({
      method: 'PUT',
      url: `${USERS}/updateUser/${second.id}`,
      token: await ctx().adminToken(),
      payload: {
        ...userPayload({ masterAdmin: true }),
        email: second.email,
        userAlias: ` ${first.userAlias.toUpperCase()}`,
      },
    });
    expect(edit.statusCode, edit.body).toBe(409);
    expect(edit.json().message).toBe(ALIAS_TAKEN);
    // Keeping one's own alias (in another case) is no conflict.
    const own = await ctx().request({
      method: 'PUT',
      url: `${USERS}/updateUser/${second.id}`,
      token: await ctx().adminToken(),
      payload: {
        ...userPayload({ masterAdmin: true }),
        email: second.email,
        userAlias: second.userAlias.toUpperCase(),
      },
    });
    expect(own.statusCode, own.body).toBe(200);
    const login = await ctx().request({
      method: 'POST',
      url: '/v2/auth/login',
      payload: { email: first.userAlias, password: PASSWORD },
    });
    expect(login.json().user?.email).toBe(first.email);
  });

  it('the database refuses a duplicate alias too (unique index on lower(user_alias))', async () => {
    const user = await createUser(ctx, { masterAdmin: true });
    await expect(
      ctx().database.query(
        `insert into users (tipo_documento, numero_documento, first_name, last_name, user_alias, email, password_hash)
         values ('V', '1', 'a', 'b', $1, $2, 'x')`,
        [user.userAlias.toUpperCase(), `${unique('otro')}@example.com`],
      ),
    ).rejects.toThrow();
  });

  it('migration 0018 renames existing duplicates deterministically: the master, then the oldest, keeps it', async () => {
    const db = ctx().database;
    await db.query('drop index users_alias_idx');
    const insert = (alias: string, email: string, master: boolean, at: string) =>
      db.query<{ id: string }>(
        `insert into users (tipo_documento, numero_documento, first_name, last_name, user_alias, email, password_hash,
                            master_admin, log_fecha_registro)
         values ('V', '1', 'a', 'b', $1, $2, 'x', $3, $4) returning id::text as id`,
        [alias, email, master, at],
      );
    const [older] = await insert('Pepe', 'pepe1@example.com', false, '2026-01-01T00:00:00Z');
    const [newer] = await insert('PEPE', 'pepe2@example.com', false, '2026-02-01T00:00:00Z');
    const [adminTwin] = await insert('ADMIN', 'admin2@example.com', false, '2020-01-01T00:00:00Z');
    const sql = readFileSync(new URL('../drizzle/0018_shared_data_security.sql', import.meta.url), 'utf8');
    for (const statement of sql.split('--> statement-breakpoint')) await db.query(statement);
    const aliasOf = async (id: string) =>
      (await db.query<{ a: string }>('select user_alias as a from users where id = $1', [id]))[0].a;
    expect(await aliasOf(older.id)).toBe('Pepe');
    expect(await aliasOf(newer.id)).toBe(`PEPE-${newer.id.slice(0, 8)}`);
    expect(await aliasOf(adminTwin.id)).toBe(`ADMIN-${adminTwin.id.slice(0, 8)}`);
    const [master] = await db.query<{ a: string }>(
      `select user_alias as a from users where email = 'admin@sigece.local'`,
    );
    expect(master.a).toBe('admin');
  });
});
