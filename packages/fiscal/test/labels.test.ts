// One label per code, in Spanish and English, for every code the screens and PDFs
// show (payment methods of spec 001 §3.5, the mass-load counters of spec 001 §8.7, status words).
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_STATUS_LABELS,
  documentStatusLabel,
  MASS_LOAD_COUNTER_LABELS,
  MASS_LOAD_TYPE_LABELS,
  MASS_LOAD_TYPES,
  massLoadCounterLabel,
  PAYMENT_METHOD_CODES,
  PAYMENT_METHOD_LABELS,
  paymentMethodLabel,
  RECORD_STATUS_LABELS,
  recordStatusLabel,
} from '../src/index.ts';

/** The counter names the mass-load types answer with (apps/server mass-load/types/*.ts). */
const COUNTERS = [
  ['TotalFacturasProcedas', 'totalFacturaNew', 'totalFacturaconError'],
  ['TotalNotasProcedas', 'totalNotasNew', 'totalNotasconError'],
  ['TotalFacturasAnularProcedas', 'totalFacturaAnuladas', 'totalFacturaAnularconError'],
  ['TotalNotasAnularProcedas', 'totalNotasAnuladas', 'totalNotasAnularconError'],
  ['TotalOrdenesProcedas', 'totalOrdenesNew', 'totalOrdenesconError'],
  ['TotalOrdenesAnularProcedas', 'totalOrdenesAnuladas', 'totalOrdenesAnularconError'],
  ['TotalRentecionIvaProcedas', 'totalRetencionesNew', 'TotalRetencionIvaconError'],
].flat();

function expectBoth(label: { es: string; en: string } | undefined, code: string) {
  expect(label, code).toBeDefined();
  expect(label!.es.trim(), `${code} es`).not.toBe('');
  expect(label!.en.trim(), `${code} en`).not.toBe('');
  // A label is words for people, not the code again.
  expect(label!.es, code).not.toBe(code);
  expect(label!.en, code).not.toMatch(/_/);
}

describe('code labels', () => {
  it('every payment method has a Spanish and an English label', () => {
    for (const code of PAYMENT_METHOD_CODES) expectBoth(PAYMENT_METHOD_LABELS[code], code);
    expect(Object.keys(PAYMENT_METHOD_LABELS).sort()).toEqual([...PAYMENT_METHOD_CODES].sort());
    expect(paymentMethodLabel('TARJETA_DEBITO')).toBe('Tarjeta de débito');
    expect(paymentMethodLabel('CESTA_TICKETS', 'en')).toBe('Food vouchers');
  });

  it('every mass-load counter and file type has both labels', () => {
    for (const code of COUNTERS) expectBoth(MASS_LOAD_COUNTER_LABELS[code], code);
    for (const tipo of MASS_LOAD_TYPES) expectBoth(MASS_LOAD_TYPE_LABELS[tipo], tipo);
    expect(massLoadCounterLabel('totalFacturaNew')).toBe('Facturas nuevas');
  });

  it('status words: one label per code, the same word everywhere', () => {
    for (const code of ['ACTIVO', 'INACTIVO'] as const) {
      expectBoth(RECORD_STATUS_LABELS[code], code);
      expectBoth(DOCUMENT_STATUS_LABELS[code], code);
    }
    expect(recordStatusLabel('ACTIVO')).toBe('Activo');
    expect(recordStatusLabel('ACTIVO', 'en')).toBe('Active');
    expect(documentStatusLabel('INACTIVO')).toBe('Anulada');
  });

  it('an unknown code is shown as itself, and no prototype key is a label', () => {
    expect(paymentMethodLabel('CRIPTO')).toBe('CRIPTO');
    expect(paymentMethodLabel('__proto__')).toBe('__proto__');
    expect(paymentMethodLabel('toString')).toBe('toString');
  });
});
