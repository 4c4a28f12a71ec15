/**
 * Tests own their clock. Every test file of the fiscal and server projects runs with the JS
 * clock moved to SIGECE_TEST_NOW (default below): an offset clock that keeps ticking, so timeouts, polling
 * and durations behave as usual while "today" is an instant the tests chose. `.ci/run` also runs the
 * date-sensitive suites at a month end and at 23:30 in Caracas, which is already the next day in UTC.
 *
 * `SIGECE_TEST_NOW=real` keeps the machine's clock (to check a test against the real date by hand).
 *
 * Only `Date` moves: `new Date()`, `Date()` and `Date.now()`; instances are ordinary Dates. PGlite reads
 * the same JS clock for `now()`, a PostgreSQL server does not: so the server must take "now" from one
 * clock (the JS one) wherever a test compares it with a date of its own.
 */

// A Wednesday in the middle of a month, mid-morning in Caracas: not today, not a month or year end.
export const DEFAULT_TEST_NOW = '2026-06-10T10:00:00-04:00';

const setting = process.env.SIGECE_TEST_NOW?.trim() || DEFAULT_TEST_NOW;

/**
 * The instant the test clock starts at (ms since the epoch), undefined with `real`. The shared database
 * start-up (apps/server/test/database-snapshots.ts) seeds at this instant, so a seeded row is never newer
 * than what a test writes after it.
 */
export const TEST_CLOCK_START: number | undefined = setting === 'real' ? undefined : Date.parse(setting);

/**
 * The machine's Date, kept on the first load: a worker that runs several files without isolation (the
 * server project, vitest.config.ts) loads this file again before each one, and each file's clock must
 * start at the chosen instant from the real clock, not wrap the previous file's.
 */
const REAL_DATE = Symbol.for('sigece.test.realDate');
const holder = globalThis as unknown as { [REAL_DATE]?: DateConstructor };
holder[REAL_DATE] ??= globalThis.Date;

if (TEST_CLOCK_START !== undefined) {
  const RealDate = holder[REAL_DATE];
  const target = TEST_CLOCK_START;
  if (Number.isNaN(target)) {
    throw new Error(`SIGECE_TEST_NOW no es una fecha ISO 8601 válida: ${setting}`);
  }
  const offset = target - RealDate.now();
  const now = () => RealDate.now() + offset;
  globalThis.Date = new Proxy(RealDate, {
    construct: (date, args, newTarget) =>
      Reflect.construct(date, args.length > 0 ? args : [now()], newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (date, property, receiver) => (property === 'now' ? now : Reflect.get(date, property, receiver)),
  });
}
