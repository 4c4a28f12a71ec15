// `npm run test:clocks`: the suites whose results depend on the day, run again with the test clock
// (vitest.clock.ts) at a month end and at 23:30 in Caracas, which is already the next day (here the next
// year) in UTC. `npm test` runs them at the default instant; CI runs this too. With DATABASE_URL set, each
// suite runs on PGlite and on that PostgreSQL server, whose own clock stays on the real date.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const DATE_SENSITIVE_SUITES = [
  'packages/fiscal/test',
  'apps/server/test/test-clock.test.ts',
  'apps/server/test/currencies.test.ts',
  'apps/server/test/invoices-api.test.ts',
  'apps/server/test/invoices-backoffice.test.ts',
  'apps/server/test/invoices-verification.test.ts',
  'apps/server/test/invoices-pdf-mail.test.ts',
  'apps/server/test/numbering-engine.test.ts',
  'apps/server/test/numbering-routes.test.ts',
  'apps/server/test/auth.test.ts',
  'apps/server/test/certificates.test.ts',
];

export const CLOCKS = ['2026-11-30T12:00:00-04:00', '2026-12-31T23:30:00-04:00'];

const clocks = process.argv.length > 2 ? process.argv.slice(2) : CLOCKS;
for (const now of clocks) {
  console.log(`\n== SIGECE_TEST_NOW=${now}`);
  const run = spawnSync('npx', ['vitest', 'run', ...DATE_SENSITIVE_SUITES], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SIGECE_TEST_NOW: now },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
