// Item 14 of the hardening issue: PDF jobs were fetched one per 1-second poll, and every restart queued
// one more duplicate job per pending document. The queue now fetches in batches and keeps fetching while
// there are jobs, and a singletonKey keeps one waiting job per document (pg-boss 'short' policy), also
// across a restart. Assertions are on job states and on the number of fetch queries, never on time.
import { z } from '@sigece/fiscal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { defineJob } from '../src/modules/jobs/define.ts';
import { type JobQueue, startJobQueue } from '../src/modules/jobs/queue.ts';
import { DRIVERS, freshDatabase } from './harness.ts';

const payload = z.object({ n: z.number().int() });
const noop = async () => {};

/** The database, with a count of pg-boss's fetch queries (its only statement with SKIP LOCKED). */
function counted(database: Database): { database: Database; fetches: () => number } {
  let fetches = 0;
  return {
    database: {
      ...database,
      executeSql(text, values) {
        if (text.includes('SKIP LOCKED')) fetches++;
        return database.executeSql(text, values);
      },
    },
    fetches: () => fetches,
  };
}

async function states(database: Database, name: string): Promise<Record<string, number>> {
  const rows = await database.query<{ state: string; n: number }>(
    'select state::text as state, count(*)::int as n from pgboss.job where name = $1 group by state',
    [name],
  );
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

async function until(check: () => boolean | Promise<boolean>, what: string, seconds = 30) {
  for (let i = 0; i < seconds * 20; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`sin cumplirse: ${what}`);
}

describe.each(DRIVERS)('pdf jobs queue [%s]', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const queues: JobQueue[] = [];
  const start = async (db: Database, jobs: unknown[], pollingIntervalSeconds = 1) => {
    const queue = await startJobQueue(db, jobs as never[], { pollingIntervalSeconds });
    queues.push(queue);
    return queue;
  };

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(driver));
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop().catch(() => {});
    await drop();
  });

  it("keeps one job per document's key, also after a restart", async () => {
    const job = defineJob({ name: 'prueba-unico', payload, handler: noop });
    const first = await start(database, [job]);
    expect(await first.send(job, { n: 1 }, { singletonKey: 'pdf-factura-1' })).toBeTruthy();
    expect(await first.send(job, { n: 1 }, { singletonKey: 'pdf-factura-1' })).toBeNull();
    await first.stop();
    // A restart: a new queue on the same database queues the pending documents again.
    const second = await start(database, [job]);
    expect(await second.send(job, { n: 1 }, { singletonKey: 'pdf-factura-1' })).toBeNull();
    expect(await states(database, job.name)).toEqual({ created: 1 });
    // Another document, and jobs sent without a key, are never merged.
    await second.send(job, { n: 2 }, { singletonKey: 'pdf-factura-2' });
    await second.send(job, { n: 3 });
    await second.send(job, { n: 3 });
    expect(await states(database, job.name)).toEqual({ created: 4 });
  });

  it('works 20 queued jobs with a few batch fetches, not one per polling interval', async () => {
    const job = defineJob({ name: 'prueba-lote', payload, handler: noop, concurrency: 4 });
    const { database: db, fetches } = counted(database);
    // A polling interval far longer than the test: only fetching without waiting can finish it.
    const queue = await start(db, [job], 60);
    for (let n = 0; n < 20; n++) await queue.send(job, { n }, { singletonKey: `lote-${n}` });
    const seen = new Set<number>();
    await queue.work(job, async ({ n }) => {
      seen.add(n);
    });
    await until(() => seen.size === 20, '20 trabajos atendidos');
    await until(async () => (await states(database, job.name)).completed === 20, '20 trabajos completados');
    expect(await states(database, job.name)).toEqual({ completed: 20 });
    // 4 at a time, refilled when 2 are free: about 10 fetches (one more to find the queue empty).
    expect(fetches()).toBeLessThan(20);
  });

  it('fails only the job whose handler throws; the rest of its batch completes', async () => {
    const job = defineJob({
      name: 'prueba-falla',
      payload,
      handler: noop,
      queue: { retryLimit: 0 },
      concurrency: 4,
    });
    const queue = await start(database, [job]);
    for (let n = 0; n < 4; n++) await queue.send(job, { n }, { singletonKey: `falla-${n}` });
    await queue.work(job, async ({ n }) => {
      if (n === 2) throw new Error('documento defectuoso');
    });
    await until(async () => {
      const s = await states(database, job.name);
      return s.completed === 3 && s.failed === 1;
    }, '3 completados y 1 fallido');
    const [failed] = await database.query<{ output: { message: string } }>(
      "select output from pgboss.job where name = $1 and state = 'failed'",
      [job.name],
    );
    expect(failed.output.message).toBe('documento defectuoso');
  });
  it("hands a job whose runner died back to the queue as the same job, and leaves live runners' jobs", async () => {
    const job = defineJob({ name: 'prueba-huerfano', payload, handler: noop, concurrency: 4 });
    const sender = await start(database, [job]);
    for (const n of [1, 2, 3, 4]) await sender.send(job, { n }, { singletonKey: `huerfano-${n}` });
    // What a kill -9 leaves behind: jobs 'active' for a runner that no longer beats (1), never tagged
    // because the process died right after fetching (2); and what must be left alone: a job of a live
    // runner on another host (3), one fetched a moment ago and not tagged yet (4).
    const live = '00000000-0000-4000-8000-000000000003';
    await database.query("insert into job_runners (id, host, pid) values ($1, 'otro-host', 1)", [live]);
    const activate = (n: number, started: string, output: string | null) =>
      database.query(
        `update pgboss.job set state = 'active', started_on = now() - $2::interval, output = $3::jsonb
          where name = $1 and data->>'n' = $4`,
        [job.name, started, output, String(n)],
      );
    await activate(1, '1 second', JSON.stringify({ runner: '00000000-0000-4000-8000-000000000001' }));
    await activate(2, '1 minute', null);
    await activate(3, '1 minute', JSON.stringify({ runner: live }));
    await activate(4, '1 second', null);

    const seen: number[] = [];
    const queue = await start(database, [job], 60);
    await queue.work(job, async ({ n }) => {
      seen.push(n);
    });
    await until(
      async () => (await states(database, job.name)).completed === 2,
      'los 2 huérfanos completados',
    );
    expect(seen.sort()).toEqual([1, 2]);
    // The same job rows, run again (a retry): never a second job for one key.
    const rows = await database.query<{ n: string; state: string; retry_count: number }>(
      "select data->>'n' as n, state::text as state, retry_count from pgboss.job where name = $1 order by 1",
      [job.name],
    );
    expect(rows).toEqual([
      { n: '1', state: 'completed', retry_count: 1 },
      { n: '2', state: 'completed', retry_count: 1 },
      { n: '3', state: 'active', retry_count: 0 },
      { n: '4', state: 'active', retry_count: 0 },
    ]);
    await database.query('delete from job_runners where id = $1', [live]);
  });
});
