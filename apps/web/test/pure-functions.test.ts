// Unit tests of the web's pure functions: the invoice draft's lines and totals and the
// display formats (spec 000 §9: dd/MM/yyyy in America/Caracas, amounts the Venezuelan way). No browser:
// these modules import no DOM.
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatPercent,
  formatQuantity,
  isoDay,
} from '../src/components/format.ts';
import {
  addLine,
  canGenerate,
  type DraftLine,
  draftTotals,
  emptyDraft,
  isSettled,
  owedIn,
} from '../src/features/invoices/draft.ts';
import { invoiceNumber } from '../src/features/invoices/invoiceNumber.ts';

function line(overrides: Partial<DraftLine>): DraftLine {
  return {
    productId: 'p1',
    codigoProducto: 'P-001',
    descripcion: 'Resma',
    unidadMedida: 'UNIDAD',
    precio: '100.00',
    exento: false,
    exonerado: false,
    alicuota: '16.00',
    idgravamen: null,
    cantidad: '1',
    descuentoTipo: 'none',
    descuentoValor: '',
    ...overrides,
  };
}

const rates = (iso: string) => ({ VEF: '1', USD: '200' })[iso] ?? null;

describe('invoice draft (spec 001 §4.2, §4.4)', () => {
  it('adding a product already on the invoice merges its quantity (§4.2)', () => {
    const lines = addLine([line({ cantidad: '2' })], line({ cantidad: '3' }));
    expect(lines).toHaveLength(1);
    expect(lines[0].cantidad).toBe('5');
    expect(addLine(lines, line({ productId: 'p2' }))).toHaveLength(2);
  });

  it('totals: taxed and exempt lines, 16 % IVA, the total in dollars, the balance a payment settles', () => {
    const draft = emptyDraft();
    draft.lines = [
      line({ cantidad: '2' }),
      line({ productId: 'p2', precio: '50.00', exento: true, alicuota: '0' }),
    ];
    const owing = draftTotals(draft, rates);
    expect(owing.totalExento).toBe('50.00');
    expect(owing.gravamenes.map((g) => [g.baseImponible, g.montoAlicuota])).toEqual([['200.00', '32.00']]);
    expect(owing.importeTotal).toBe('282.00');
    expect(owing.totalUsd).toBe('1.41');
    expect(owing.faltaPorPagar).toBe('282.00');
    expect(isSettled(owing)).toBe(false);
    expect(owedIn(owing, '1', '200')).toBe('1.41');

    draft.pagos = [
      {
        key: 'a',
        modoPago: 'EFECTIVO',
        divisa: 'VEF',
        monto: '281.98',
        banco: null,
        nro: '',
        fecha: '2026-06-10',
        tasa: '1',
        igtf: false,
        igtfValor: '0.00',
      },
    ];
    const paid = draftTotals(draft, rates);
    // 0.02 short of the total shows as 0 (0.03 or less, §4.4): the payment dialog closes.
    expect(paid.faltaMostrada).toBe('0.00');
    expect(isSettled(paid)).toBe(true);
  });

  it('GENERAR stays off until client, company, lines and payments are there (§5.1)', () => {
    const draft = emptyDraft();
    const check = canGenerate(draft, draftTotals(draft, rates));
    expect(check.ok).toBe(false);
    expect(check.missing).toEqual(expect.arrayContaining(['client', 'company', 'lines', 'payments']));
  });
});

describe('display formats (spec 000 §9)', () => {
  it('dates are dd/MM/yyyy in Caracas; a date-only value is the day it names', () => {
    expect(formatDate('2026-06-10')).toBe('10/06/2026');
    // 02:00 UTC on the 11th is still the 10th in Caracas (UTC-4).
    expect(formatDate('2026-06-11T02:00:00Z')).toBe('10/06/2026');
    expect(formatDateTime('2026-06-11T02:00:00Z')).toBe('10/06/2026 22:00:00');
    expect(formatDate(null)).toBe('');
    expect(isoDay('2026-12-31')).toBe('31/12/2026');
  });

  it('amounts, percentages and quantities the Venezuelan way; a non-number shows as it came', () => {
    expect(formatMoney('1234.5', 'VES')).toMatch(/^1\.234,50 /);
    expect(formatPercent('16')).toBe('16,00 %');
    expect(formatQuantity('1500')).toBe('1.500');
    expect(formatQuantity('2.5')).toBe('2,5');
    expect(formatMoney('abc')).toBe('abc');
  });

  it("an invoice's number carries its own series when it has one", () => {
    expect(invoiceNumber({ serieNrofactura: 'A', nroFactura: '00000012' })).toBe('A-00000012');
    expect(invoiceNumber({ serieNrofactura: '', nroFactura: '00000012' })).toBe('00000012');
  });
});
