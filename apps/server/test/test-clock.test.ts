import { caracasDate } from '@sigece/fiscal';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEST_NOW } from '../../../vitest.clock.ts';

// The clock every test runs on (vitest.clock.ts): chosen by SIGECE_TEST_NOW, never the machine's date.
const chosen = process.env.SIGECE_TEST_NOW?.trim() || DEFAULT_TEST_NOW;

describe.skipIf(chosen === 'real')('the test clock', () => {
  it('starts at the chosen instant and keeps ticking', async () => {
    const drift = Date.now() - Date.parse(chosen);
    expect(drift).toBeGreaterThanOrEqual(0);
    // The clock started when this file loaded; a few minutes covers a slow machine.
    expect(drift).toBeLessThan(10 * 60_000);
    const before = new Date();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(Date.now() - before.getTime()).toBeGreaterThanOrEqual(25);
    expect(new Date(Date.now()).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('leaves explicit dates, Date.UTC, Date.parse and instanceof alone', () => {
    expect(new Date('2020-02-29T12:00:00Z').toISOString()).toBe('2020-02-29T12:00:00.000Z');
    expect(new Date(2020, 0, 1).getFullYear()).toBe(2020);
    expect(Date.UTC(2020, 0, 1)).toBe(1577836800000);
    expect(Date.parse('2020-01-01T00:00:00Z')).toBe(1577836800000);
    expect(new Date()).toBeInstanceOf(Date);
    expect(typeof Date()).toBe('string');
  });

  it('the default is not a day the demo seed or a saved fixture could share with the real date', () => {
    expect(caracasDate(new Date(DEFAULT_TEST_NOW))).toBe('2026-06-10');
    if (!process.env.SIGECE_TEST_NOW) expect(caracasDate()).toBe('2026-06-10');
  });
});
