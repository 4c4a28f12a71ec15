import { describe, expect, it } from 'vitest';
import { CURRENCY_DISPLAY, formatAmount, money, round2, sum, withinCent } from '../src/index.ts';

describe('contract "General rules": exact decimals rounded half-up to 2 places', () => {
  it('contract: x.xx5 rounds up, where binary floats round down (1.005, 2.675, 0.155)', () => {
    expect(money('1.005')).toBe('1.01');
    expect(money(1.005)).toBe('1.01');
    expect(money('2.675')).toBe('2.68');
    expect(money('0.155')).toBe('0.16');
    expect(money('0.005')).toBe('0.01');
  });

  it('contract: below the half rounds down (0.004, 1.0049)', () => {
    expect(money('0.004')).toBe('0.00');
    expect(money('1.0049')).toBe('1.00');
  });

  it('contract: negatives round symmetrically, away from zero at the half (−1.005 → −1.01)', () => {
    expect(money('-1.005')).toBe('-1.01');
    expect(money('-1.004')).toBe('-1.00');
  });

  it('contract: amounts are written with exactly 2 decimals ("1234.5" → "1234.50", 7 → "7.00")', () => {
    expect(money('1234.5')).toBe('1234.50');
    expect(money(7)).toBe('7.00');
    expect(round2('19.999').toFixed(2)).toBe('20.00');
  });

  it('contract: very large amounts keep every digit (17 integer digits)', () => {
    expect(money('12345678901234567.895')).toBe('12345678901234567.90');
    expect(money('99999999999999999.994')).toBe('99999999999999999.99');
  });

  it('contract: sums are exact (0.1 + 0.2 = 0.3; 1000 × 0.07 = 70.00)', () => {
    expect(sum([0.1, 0.2]).toString()).toBe('0.3');
    expect(money(sum(Array.from({ length: 1000 }, () => '0.07')))).toBe('70.00');
    expect(sum([]).toString()).toBe('0');
  });

  it('contract: two amounts agree within 0.01, exactly', () => {
    expect(withinCent('100.01', '100.00')).toBe(true);
    expect(withinCent('0.31', '0.3')).toBe(true);
    expect(withinCent('100.011', '100.00')).toBe(false);
    expect(withinCent('99.98', '100.00')).toBe(false);
  });
});

describe('spec 000 §9: amounts are shown with 2 decimals (5 to 8 for PTR) and a currency suffix', () => {
  it('spec 000 §9: Venezuelan grouping "1.234.567,89"', () => {
    expect(formatAmount('1234567.891')).toBe('1.234.567,89');
    expect(formatAmount('1234567.895')).toBe('1.234.567,90');
    expect(formatAmount('999.995')).toBe('1.000,00');
    expect(formatAmount(0)).toBe('0,00');
    expect(formatAmount('123')).toBe('123,00');
    expect(formatAmount('-1234.5')).toBe('-1.234,50');
  });

  it('spec 000 §9: the currency suffix follows the amount (Bs., USD, EUR, PTR)', () => {
    expect(formatAmount('1234.5', CURRENCY_DISPLAY.VEF)).toBe('1.234,50 Bs.');
    expect(formatAmount('1234.5', CURRENCY_DISPLAY.USD)).toBe('1.234,50 USD');
    expect(formatAmount('1234.5', CURRENCY_DISPLAY.EUR)).toBe('1.234,50 EUR');
    expect(formatAmount('0.123456789', CURRENCY_DISPLAY.PTR)).toBe('0,12345679 PTR');
  });

  it('spec 000 §9: every listed suffix is known; VEF and VES both show Bs.; PTR has 8 decimals', () => {
    for (const iso of ['USD', 'PTR', 'EUR', 'RUB', 'TRY', 'CNY']) {
      expect(CURRENCY_DISPLAY[iso].suffix).toBe(iso);
    }
    expect(CURRENCY_DISPLAY.VEF.suffix).toBe('Bs.');
    expect(CURRENCY_DISPLAY.VES.suffix).toBe('Bs.');
    expect(CURRENCY_DISPLAY.PTR.decimals).toBe(8);
    expect(CURRENCY_DISPLAY.USD.decimals).toBe(2);
  });
});
