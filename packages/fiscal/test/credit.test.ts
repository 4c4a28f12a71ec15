// Credit invoices and low stock: due day, balance, payment chip; figures by hand.
import { describe, expect, it } from 'vitest';
import { creditBalance, creditDueDate, lowStock, paymentState } from '../src/index.ts';

describe('credit invoices', () => {
  it('due day = emission day + credit days, in calendar days, across months, years and 29 February', () => {
    expect(creditDueDate('2026-06-10', 30)).toBe('2026-07-10');
    expect(creditDueDate('2026-12-15', 30)).toBe('2027-01-14');
    expect(creditDueDate('2028-02-15', 15)).toBe('2028-03-01');
    expect(creditDueDate('2027-02-15', 15)).toBe('2027-03-02');
  });

  it('balance: the total less what was received on credit; nothing on a cash invoice', () => {
    const p = { condicionPago: 'CREDITO', importeTotal: '116.00', cobrado: '16.00', fechaVencimiento: null };
    expect(creditBalance(p)).toBe('100.00');
    expect(creditBalance({ ...p, condicionPago: 'CONTADO' })).toBe('0.00');
    expect(creditBalance({ ...p, cobrado: '116.00' })).toBe('0.00');
  });

  it('chip: PAGADA, PARCIAL, CREDITO, or VENCIDA once the due day is past with a balance', () => {
    const p = {
      condicionPago: 'CREDITO',
      importeTotal: '116.00',
      cobrado: '0',
      fechaVencimiento: '2026-07-10',
    };
    expect(paymentState(p, '2026-07-10')).toBe('CREDITO');
    expect(paymentState({ ...p, cobrado: '1' }, '2026-07-10')).toBe('PARCIAL');
    expect(paymentState(p, '2026-07-11')).toBe('VENCIDA');
    expect(paymentState({ ...p, cobrado: '116' }, '2026-07-11')).toBe('PAGADA');
    expect(paymentState({ ...p, condicionPago: 'CONTADO' }, '2026-07-11')).toBe('PAGADA');
  });

  it('low stock: under 10 % of the lot left', () => {
    expect(lowStock(10, 100)).toBe(false);
    expect(lowStock(9, 100)).toBe(true);
    expect(lowStock(0, 0)).toBe(false);
  });
});
