import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './vitest.sequencer.ts';

/**
 * Server test files that must not share modules with the others: a module mock (vi.mock) would leak into
 * the files after it, and password-cost.test.ts checks the server's own hash cost, which the harness
 * lowers for every file that imports it.
 */
const ISOLATED_SERVER_FILES = [
  'apps/server/test/auth-reset-throttle.test.ts',
  'apps/server/test/password-cost.test.ts',
];

const SERVER_TEST = {
  setupFiles: ['./vitest.clock.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  fileParallelism: true,
};

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
          // A worker runs its server files one after another in one module graph (no isolation): each
          // file used to import the server (Fastify, drizzle, pg-boss, PDFKit…) again, a second or more of
          // CPU a file. Files share no state through it: each has its own database, app and secrets.
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: ISOLATED_SERVER_FILES,
          isolate: false,
          ...SERVER_TEST,
        },
      },
      {
        test: {
          // The files that need their own module graph (ISOLATED_SERVER_FILES says why).
          name: 'server-isolated',
          include: ISOLATED_SERVER_FILES,
          ...SERVER_TEST,
        },
      },
    ],
  },
});
