import { readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { createRunDatabase, withDatabase } from './support/database.ts';
import { e2eServerEnv } from './support/server-env.ts';

/**
 * The journeys run against the real server (built web app included: `npm run build` first) on port
 * 3100, with a fresh data directory and, when DATABASE_URL is set, a fresh PostgreSQL database.
 *
 * Playwright starts the webServer before any globalSetup, so the database is created here, while the
 * config loads in the runner process (workers load it too and skip this). Earlier runs' data
 * directories and (older than an hour) databases are removed at the same time.
 */
const PORT = Number(process.env.SIGECE_E2E_PORT ?? 3100);
/** The repository root; the server runs from this folder (e2e/), so its paths are given relative to it. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const E2E = fileURLToPath(new URL('.', import.meta.url));
const isRunner = process.env.TEST_WORKER_INDEX === undefined;

if (isRunner && !process.env.SIGECE_E2E_RUN) {
  process.env.SIGECE_E2E_RUN = String(Date.now());
  const run = process.env.SIGECE_E2E_RUN;
  // Data directories of earlier runs are no longer in use (this run owns port 3100).
  for (const dir of readdirSync(ROOT).filter((d) => d.startsWith('.data-e2e-'))) {
    rmSync(join(ROOT, dir), { recursive: true, force: true });
  }
  process.env.SIGECE_E2E_DATA_DIR = relative(E2E, join(ROOT, `.data-e2e-${run}`));
  if (process.env.DATABASE_URL) {
    const database = await createRunDatabase(process.env.DATABASE_URL, Number(run));
    process.env.SIGECE_E2E_DATABASE_URL = withDatabase(process.env.DATABASE_URL, database);
  }
}

const serverEnv = e2eServerEnv({
  port: PORT,
  dataDir: process.env.SIGECE_E2E_DATA_DIR ?? '../.data-e2e',
  databaseUrl: process.env.SIGECE_E2E_DATABASE_URL,
  logLevel: process.env.SIGECE_E2E_LOG_LEVEL,
});

const launchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
};

const UX_JOURNEYS = /ux-.*\.spec\.ts$/;
const LAPTOP = { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 768 } };
const PHONE = {
  ...devices['Desktop Chrome'],
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};
const UX_MATRIX = [
  { name: 'ux-laptop-caracas', device: LAPTOP, timezoneId: 'America/Caracas' },
  { name: 'ux-laptop-madrid', device: LAPTOP, timezoneId: 'Europe/Madrid' },
  { name: 'ux-phone-caracas', device: PHONE, timezoneId: 'America/Caracas' },
  { name: 'ux-phone-madrid', device: PHONE, timezoneId: 'Europe/Madrid' },
];

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  // One more try for a journey that fails once: on the two-core CI machine, loaded by the server, its
  // render workers, PostgreSQL and Chromium together, two journeys in 83 (a heading after a menu click, a
  // radio after a select) each missed their 10 s once and passed in every run before and after. Playwright
  // still reports such a journey as "flaky" in its summary; one that fails twice fails the run.
  retries: 1,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1366, height: 900 },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: UX_JOURNEYS,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, launchOptions },
    },
    // The everyday-use journeys (`ux-*.spec.ts`) run at a laptop's and a phone's size, each with the
    // browser in UTC-4 (Caracas) and in UTC+1 (Madrid): date-only values must not move with the zone.
    ...UX_MATRIX.map(({ name, device, timezoneId }) => ({
      name,
      testMatch: UX_JOURNEYS,
      use: { ...device, timezoneId, launchOptions },
    })),
  ],
  webServer: {
    command: 'npx tsx ../apps/server/src/main.ts',
    cwd: E2E,
    url: `http://localhost:${PORT}/v2/health`,
    env: serverEnv,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
