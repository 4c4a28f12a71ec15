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
  /** pg-boss queue policy; defaults in modules/jobs/queue.ts. */
  queue?: {
    retryLimit?: number;
    retryDelay?: number;
    expireInSeconds?: number;
    /**
     * pg-boss queue policy: 'standard' (default) lets any number of jobs share a singletonKey;
     * 'short' keeps at most one queued (not yet started) job per singletonKey, a second send is dropped.
     */
    policy?: 'standard' | 'short' | 'singleton' | 'stately';
  };
  /** How many jobs a worker fetches at once (default 1). */
  batchSize?: number;
}

export const defineJob = <T>(definition: JobDefinition<T>): JobDefinition<T> => definition;
