import { describe, expect, it } from 'vitest';
import { formatCurrencyAmount, totalsByCurrency } from '../src/index.ts';

// Totals per currency, never added across currencies; spec 000 §9: suffixes Bs., USD, EUR…, 2 decimals (PTR
// 8).
describe('amounts carry their own currency', () => {
  it('an order of 93.38 USD shows 93,38 USD (not "93,38 Bs. USD")', () => {
    expect(formatCurrencyAmount('93.38', 'USD')).toBe('93,38 USD');
    expect(formatCurrencyAmount('1234.5', 'VES')).toBe('1.234,50 Bs.');
    expect(formatCurrencyAmount('0.123456789', 'PTR')).toBe('0,12345679 PTR');
  });

  it('report totals are per currency: 93.38 + 6.62 USD = 100.00 USD apart from 50.00 + 25.50 Bs.', () => {
    expect(
      totalsByCurrency([
        { moneda: 'USD', importe: '93.38' },
        { moneda: 'VES', importe: '50.00' },
        { moneda: 'usd', importe: '6.62' },
        { moneda: 'VEF', importe: '25.50' },
        { moneda: 'EUR', importe: null },
      ]),
    ).toEqual([
      { moneda: 'USD', total: '100.00' },
      { moneda: 'VES', total: '75.50' },
    ]);
  });
});
