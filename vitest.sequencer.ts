import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server's test files that each take a minute or more (a real server process started, killed with
 * SIGKILL and started again; a whole deployment), longest first. Vitest runs files without a recorded
 * duration largest first, and these are small files: on two workers they used to start last and run
 * alone at the end while the other worker sat idle. Started first, they overlap the many short files.
 */
export const SLOW_FIRST = [
  'apps/server/test/multi-host.test.ts',
  'apps/server/test/crash-recovery.test.ts',
  'apps/server/test/integration-idempotency-crash.test.ts',
  'apps/server/test/cluster.test.ts',
  'apps/server/test/partitions.test.ts',
];

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = SLOW_FIRST.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
      return index < 0 ? SLOW_FIRST.length : index;
    };
    // A stable sort: the rest keep vitest's order.
    return sorted
      .map((spec, at) => ({ spec, at }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.at - b.at)
      .map(({ spec }) => spec);
  }
}
