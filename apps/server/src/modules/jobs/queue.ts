import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import type { JobDefinition } from './define.ts';

/**
 * Background work on pg-boss, in the application's own database (PostgreSQL or PGlite). Jobs survive
 * restarts, are retried with back-off, and run in any of the server processes. Only jobs declared with
 * `defineJob` and listed in `jobs/registry.ts` can be sent: the payload is checked against its schema.
 */
export interface JobQueue {
  send<T>(job: JobDefinition<T>, data: NoInfer<T>, options?: PgBoss.SendOptions): Promise<string | null>;
  /** Starts this process's workers for `job`, calling `run` with each checked payload. */
  work<T>(job: JobDefinition<T>, run: (data: T) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export async function startJobQueue(
  database: Database,
  definitions: readonly JobDefinition<never>[],
  options: { pollingIntervalSeconds?: number } = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: 'pgboss',
    supervise: true,
    schedule: false,
    // PGlite serves one process: keep maintenance light.
    maintenanceIntervalSeconds: 120,
  });
  boss.on('error', (error) => console.error('cola de trabajos:', error.message));
  await boss.start();
  for (const job of definitions) {
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: 5,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 300,
      ...job.queue,
    });
  }
  const polling = options.pollingIntervalSeconds ?? 1;
  return {
    send: (job, data, sendOptions) =>
      boss.send(job.name, job.payload.parse(data) as object, sendOptions ?? {}),
    async work(job, run) {
      await boss.work<object>(
        job.name,
        { batchSize: job.batchSize ?? 1, pollingIntervalSeconds: polling },
        async (jobs) => {
          for (const item of jobs) await run(job.payload.parse(item.data));
        },
      );
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
