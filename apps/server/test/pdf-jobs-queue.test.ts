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
});
