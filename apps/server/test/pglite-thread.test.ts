// The embedded database on its own thread: while PGlite works the API's event loop
// keeps turning (before, a long statement stopped it for its whole length), and what Drizzle and the
// numbering engine rely on still holds through the worker: one transaction at a time, commit, rollback
// on a throw, and PostgreSQL's error fields (code, constraint) on a failed statement.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../src/db/client.ts';

let database: Database;
beforeAll(async () => {
  database = await openPglite('memory://');
  await database.query('create table counter (id int primary key, n int not null)');
  await database.query('insert into counter values (1, 0)');
}, 300_000);
afterAll(() => database?.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PGlite on its own thread', () => {
  it('the event loop turns while a long statement runs', { timeout: 300_000 }, async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    await database.query('select count(*) from generate_series(1, 1000000) g where g % 7 = 3');
    const took = performance.now() - started;
    clearInterval(timer);
    // Long enough to tell (hundreds of milliseconds), and the 5 ms timer fired during it.
    expect(took).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(took / 5 / 10));
  });

  it('transactions run one at a time, each in its own session, even when they wait inside', {
    timeout: 300_000,
  }, async () => {
    const order: string[] = [];
    const increment = (name: string) =>
      database.db.transaction(async (tx) => {
        order.push(`${name} begin`);
        // Drizzle types a generic PgDatabase's raw result as unknown; this one has PostgreSQL's rows.
        const result = (await tx.execute(sql`select n from counter where id = 1`)) as {
          rows: Array<{ n: number }>;
        };
        const [row] = result.rows;
        await pause(30);
        await tx.execute(sql`update counter set n = ${row.n + 1} where id = 1`);
        order.push(`${name} end`);
      });
    // A statement outside them waits for the open one too.
    await Promise.all([increment('a'), increment('b'), database.query('select 1')]);
    const [row] = await database.query<{ n: number }>('select n from counter where id = 1');
    expect(row.n).toBe(2);
    expect(order).toEqual(['a begin', 'a end', 'b begin', 'b end']);
  });

  it('a throw rolls back, a failed statement keeps its PostgreSQL fields', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`update counter set n = 100 where id = 1`);
        throw new Error('abandonada');
      }),
    ).rejects.toThrow('abandonada');
    const [row] = await database.query<{ n: number }>('select n from counter where id = 1');
    expect(row.n).toBe(2);
    const failure = await database.db
      .execute(sql`insert into counter values (1, 0)`)
      .catch((e: unknown) => e);
    const cause = ((failure as { cause?: unknown }).cause ?? failure) as {
      code?: string;
      constraint?: string;
    };
    expect(cause.code).toBe('23505');
    expect(cause.constraint).toBe('counter_pkey');
    // The session is usable afterwards, and scripts still run as one (pg-boss's adapter).
    expect(await database.executeSql('select 1 as one; select 2 as two')).toEqual({ rows: [{ two: 2 }] });
  });
});
