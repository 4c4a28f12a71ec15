import type { Deps } from '../../deps.ts';
import type { JobSpec } from './spec.ts';

/**
 * One background job: its queue name, the zod schema of its payload and its handler. Each module
 * declares its jobs with `defineJob` next to the code they run; `jobs/registry.ts` lists them all, and
 * the queue creates, feeds and works exactly those.
 */
export interface JobDefinition<T = unknown> extends JobSpec<T> {
  handler: (deps: Deps, data: T) => Promise<void>;
}

export const defineJob = <T>(definition: JobDefinition<T>): JobDefinition<T> => definition;
