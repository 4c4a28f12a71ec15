import { describe, expect, it } from 'vitest';
import {
  caracasDate,
  formatControlNumber,
  formatDateCaracas,
  formatPhone,
  formatRif,
  formatVoucherNumber,
  lotRange,
  nextOf,
  PHONE_PATTERN,
  parseControlNumber,
  parseRif,
  RIF_PATTERN,
  remainingOf,
} from '../src/index.ts';

describe('spec 000 §3 / 002 §5: a RIF is the type letter, a dash and the number ("J-123456789")', () => {
  it('spec 000 §3: formatRif joins type and number with a dash', () => {
    expect(formatRif('J', '123456789')).toBe('J-123456789');
    expect(formatRif('V', '12345678')).toBe('V-12345678');
  });

  it('spec 000 §3: parseRif reads "J-123456789", "J123456789", lower case and surrounding spaces', () => {
    expect(parseRif('J-123456789')).toEqual({ tipoDocumento: 'J', numeroDocumento: '123456789' });
    expect(parseRif('J123456789')).toEqual({ tipoDocumento: 'J', numeroDocumento: '123456789' });
    expect(parseRif(' v-12345678 ')).toEqual({ tipoDocumento: 'V', numeroDocumento: '12345678' });
    expect(parseRif('C-1')).toEqual({ tipoDocumento: 'C', numeroDocumento: '1' });
  });

  it('spec 001 §3.2: the types are V E J G P C; the number has at most 9 digits', () => {
    for (const t of ['V', 'E', 'J', 'G', 'P', 'C']) expect(parseRif(`${t}-1`)?.tipoDocumento).toBe(t);
    expect(parseRif('X-123456789')).toBeNull();
    expect(parseRif('J-1234567890')).toBeNull();
    expect(parseRif('J-12345678-9')).toBeNull();
    expect(parseRif('J-')).toBeNull();
    expect(parseRif('')).toBeNull();
  });

  it('spec 000 §3: parse and format are inverse', () => {
    const parsed = parseRif('g-200000001');
    expect(parsed && formatRif(parsed.tipoDocumento, parsed.numeroDocumento)).toBe('G-200000001');
  });

  it('spec 000 §3: the stored pattern needs the dash', () => {
    expect(RIF_PATTERN.test('J-123456789')).toBe(true);
    expect(RIF_PATTERN.test('J123456789')).toBe(false);
    expect(RIF_PATTERN.test('J-1234567890')).toBe(false);
  });
});

describe('spec 000 §5 / 002 §5: phones are "(###) #######"', () => {
  it('spec 000 §5: ten digits are formatted, anything else is returned as it came', () => {
    expect(formatPhone('2125551234')).toBe('(212) 5551234');
    expect(formatPhone('212-555-1234')).toBe('(212) 5551234');
    expect(formatPhone('02125551234')).toBe('02125551234');
    expect(PHONE_PATTERN.test('(212) 5551234')).toBe(true);
    expect(PHONE_PATTERN.test('212 5551234')).toBe(false);
  });
});

describe('spec 000 §9: dates are shown dd/MM/yyyy in America/Caracas (UTC−4)', () => {
  it('spec 000 §9: an instant before 04:00 UTC is still the previous day in Caracas', () => {
    expect(formatDateCaracas('2026-01-01T03:59:59Z')).toBe('31/12/2025');
    expect(formatDateCaracas(new Date('2026-01-01T04:00:00Z'))).toBe('01/01/2026');
  });

  it("spec 000 §9: the Caracas calendar day (which day's exchange rate applies)", () => {
    expect(caracasDate(new Date('2026-03-01T02:00:00Z'))).toBe('2026-02-28');
    expect(caracasDate(new Date('2026-03-01T04:00:00Z'))).toBe('2026-03-01');
  });
});

describe('spec 000 §9 control numbers: "SERIE-NUMBER", the number zero-padded to 8, up to 9 digits', () => {
  it('contract invoices: the first control number of series 00 is "00-00000001"', () => {
    expect(formatControlNumber('00', 1)).toBe('00-00000001');
    expect(formatControlNumber('00', 168441)).toBe('00-00168441');
  });

  it('contract invoices: no series (absent, null or blank) means series 00', () => {
    expect(formatControlNumber(null, 5)).toBe('00-00000005');
    expect(formatControlNumber(undefined, 5)).toBe('00-00000005');
    expect(formatControlNumber('  ', 5)).toBe('00-00000005');
    expect(formatControlNumber('01', 5)).toBe('01-00000005');
  });

  it('spec 000 §9: numbers of 9 digits are shown whole; bigint and text numbers are accepted', () => {
    expect(formatControlNumber('00', 123456789)).toBe('00-123456789');
    expect(formatControlNumber('01', 99999999n)).toBe('01-99999999');
    expect(formatControlNumber('01', '42')).toBe('01-00000042');
  });

  it('spec 000 §9: parseControlNumber reads what formatControlNumber writes', () => {
    expect(parseControlNumber('00-00168441')).toEqual({ serie: '00', numero: 168441 });
    expect(parseControlNumber(' 01-123456789 ')).toEqual({ serie: '01', numero: 123456789 });
    expect(parseControlNumber('00-1234567890')).toBeNull();
    expect(parseControlNumber('0000168441')).toBeNull();
    expect(parseControlNumber('ABC-1')).toBeNull();
  });
});

describe('spec 000 §4 / §9 control lots: remaining = hasta − actual, next = actual + 1', () => {
  it('spec 000 §9: remaining numbers and the next number of a lot', () => {
    expect(remainingOf({ hasta: 1000, actual: 250 })).toBe(750);
    expect(remainingOf({ hasta: 1000, actual: 1000 })).toBe(0);
    expect(remainingOf({ hasta: 1000, actual: 1001 })).toBe(0);
    expect(nextOf({ actual: 250 })).toBe(251);
  });

  it('spec 000 §4: a lot with initial number N and quantity Q has Desde N, Hasta N + Q and hands out N+1 … N+Q', () => {
    const lot = lotRange(100, 50);
    expect(lot).toEqual({ desde: 100, hasta: 150, actual: 100 });
    expect(nextOf(lot)).toBe(101);
    expect(remainingOf(lot)).toBe(50);
  });
});

describe('contract withholdings: the voucher number is 14 digits, year, month and an 8-digit sequence', () => {
  it('contract: June 2025, sequence 28 → "20250600000028"', () => {
    expect(formatVoucherNumber({ year: 2025, month: 6 }, 28)).toBe('20250600000028');
    expect(formatVoucherNumber({ year: 2025, month: 12 }, 12345678)).toBe('20251212345678');
  });
});
