import { defineConfig } from 'vitest/config';

// One runner for every unit and integration test; the browser journeys live in e2e/ (Playwright).
export default defineConfig({
  test: {
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
