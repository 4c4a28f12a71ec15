import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';

/**
 * Background work on pg-boss, in the application's own database (PostgreSQL or PGlite). Jobs survive
 * restarts, are retried with back-off, and run in any of the server processes.
 */
export const QUEUES = {
  invoicePdf: 'factura-pdf',
  documentMail: 'documento-correo',
} as const;

export interface JobQueue {
  send(queue: string, data: object, options?: PgBoss.SendOptions): Promise<string | null>;
  work<T extends object>(
    queue: string,
    handler: (data: T) => Promise<void>,
    options?: { batchSize?: number },
  ): Promise<void>;
  stop(): Promise<void>;
}

export async function startJobQueue(
  database: Database,
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
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name, {
      name,
      retryLimit: 5,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 300,
    });
  }
  const polling = options.pollingIntervalSeconds ?? 1;
  return {
    send: (queue, data, sendOptions) => boss.send(queue, data, sendOptions ?? {}),
    async work(queue, handler, workOptions) {
      await boss.work<object>(
        queue,
        { batchSize: workOptions?.batchSize ?? 1, pollingIntervalSeconds: polling },
        async (jobs) => {
          for (const job of jobs) await handler(job.data as never);
        },
      );
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
