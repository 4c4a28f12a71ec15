import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './vitest.sequencer.ts';

// One runner for every unit and integration test; the browser journeys live in e2e/ (Playwright).
export default defineConfig({
  test: {
    // One test file per core (vitest's own default leaves one core idle: a single worker on two cores).
    // A server test file waits much of its time on its database thread, its HTTP or its job queue, so two
    // files overlap well; SIGECE_TEST_WORKERS=1 runs them one at a time.
    maxWorkers: Number(process.env.SIGECE_TEST_WORKERS) || availableParallelism(),
    // The minute-long server files first (vitest.sequencer.ts), so that both workers end together.
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: 'fiscal',
          include: ['packages/fiscal/test/**/*.test.ts'],
          setupFiles: ['./vitest.clock.ts'],
        },
      },
      {
        test: {
          // The web's pure functions (draft totals, formats): no browser needed.
          name: 'web',
          include: ['apps/web/test/**/*.test.ts'],
          setupFiles: ['./vitest.clock.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          setupFiles: ['./vitest.clock.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
        },
      },
    ],
  },
});
