import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Deps } from '../../http/deps.ts';

/**
 * One background job: its queue name, the zod schema of its payload and its handler. Each module
 * declares its jobs with `defineJob` next to the code they run; `jobs/registry.ts` lists them all, and
 * the queue creates, feeds and works exactly those.
 */
export interface JobDefinition<T = unknown> {
  name: string;
  payload: z.ZodType<T>;
  handler: (deps: Deps, data: T) => Promise<void>;
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

export const defineJob = <T>(definition: JobDefinition<T>): JobDefinition<T> => definition;
