import type PgBoss from 'pg-boss';
import type { z } from 'zod';

/**
 * What the queue needs of a job: its name, payload schema and queue options. The handler (which needs the
 * app's Deps) is added in define.ts, so the queue, which Deps names, does not import Deps back.
 */
export interface JobSpec<T = unknown> {
  name: string;
  payload: z.ZodType<T>;
  /**
   * pg-boss queue options; defaults in modules/jobs/queue.ts. The default policy, 'short', keeps at most
   * one waiting job per `singletonKey` (see queue.ts).
   */
  queue?: {
    policy?: PgBoss.QueuePolicy;
    retryLimit?: number;
    retryDelay?: number;
    expireInSeconds?: number;
  };
  /** Jobs of this queue a process runs at once (default: twice the cores, see queue.ts). */
  concurrency?: number;
  /** Most jobs fetched in one query (default: `concurrency`). */
  batchSize?: number;
}
