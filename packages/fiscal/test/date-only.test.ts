import { describe, expect, it } from 'vitest';
import { formatDateCaracas, formatDateOnly, parseDateOnly, parseDisplayDate } from '../src/index.ts';

// A date-only value names a calendar day; spec 000 §9 shows it dd/MM/yyyy.
describe('date-only values are days, not instants', () => {
  it('25/11 stays 25/11 (new Date("2026-11-25") is 24/11 at 20:00 in Caracas)', () => {
    expect(formatDateOnly('2026-11-25')).toBe('25/11/2026');
    expect(formatDateCaracas('2026-11-25')).toBe('25/11/2026');
    expect(formatDateCaracas('2026-11-01')).toBe('01/11/2026');
  });

  it('instants still show their Caracas day', () => {
    expect(formatDateCaracas('2026-12-01T02:00:00Z')).toBe('30/11/2026');
  });

  it('only real calendar days parse', () => {
    expect(parseDateOnly('2026-02-29')).toBeNull();
    expect(parseDateOnly('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(formatDateOnly('2026-11-25T10:00:00Z')).toBeNull();
  });

  it('dd/MM/yyyy typed in a date input becomes yyyy-MM-dd', () => {
    expect(parseDisplayDate('25/11/2026')).toBe('2026-11-25');
    expect(parseDisplayDate('1/2/2026')).toBe('2026-02-01');
    expect(parseDisplayDate('31/11/2026')).toBeNull();
    expect(parseDisplayDate('2026-11-25')).toBeNull();
  });
});
