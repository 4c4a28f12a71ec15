// The FiscalDocument's generic additions for the invoice models: titled sections of
// labelled data, charges outside the taxable base in the totals box, and notes under a line. Printed
// (pdftotext), and bounded like every other printed field (bounds.ts).
import { describe, expect, it } from 'vitest';
import {
  boundDocument,
  MAX_CHARGES,
  MAX_LINE_NOTES,
  MAX_SECTION_FIELDS,
  MAX_SECTIONS,
  PRINT_LIMITS,
} from '../src/documents/bounds.ts';
import { renderPdf, sampleInvoice } from '../src/documents/index.ts';
import { totalsInBolivares } from '../src/documents/parts.ts';
import { pdfToText } from './support/pdf-text.ts';

describe('documents: sections, charges and line notes', () => {
  it('prints a section, a charge row and a line note', { timeout: 20_000 }, async () => {
    const doc = sampleInvoice({ lines: 2 });
    doc.sections = [
      {
        title: 'DATOS DEL TRANSPORTE AÉREO',
        fields: [
          { label: 'Pasajero', value: 'MARIA PEREZ' },
          { label: 'N° de boleto', value: '279-2401234567' },
        ],
      },
    ];
    doc.totals.charges = [{ label: 'Tasa aeroportuaria (no gravado)', monto: '85.50' }];
    doc.amountsInBs = undefined;
    doc.lines[0].notes = ['Grado: 40 °G.L.   Capacidad: 0,75 L'];
    const text = (await pdfToText(await renderPdf(doc))).replace(/\s+/g, ' ');
    for (const expected of [
      'DATOS DEL TRANSPORTE AÉREO',
      'Pasajero: MARIA PEREZ',
      '279-2401234567',
      'Tasa aeroportuaria (no gravado)',
      '85,50',
      'Grado: 40 °G.L. Capacidad: 0,75 L',
    ])
      expect(text).toContain(expected);
  });

  it('bounds them: counts capped, every text cut to its maximum', () => {
    const doc = sampleInvoice({ lines: 1 });
    const long = 'x'.repeat(100_000);
    doc.sections = Array.from({ length: MAX_SECTIONS + 3 }, () => ({
      title: long,
      fields: Array.from({ length: MAX_SECTION_FIELDS + 5 }, () => ({ label: long, value: long })),
    }));
    doc.totals.charges = Array.from({ length: MAX_CHARGES + 5 }, () => ({ label: long, monto: '1.00' }));
    doc.lines[0].notes = Array.from({ length: MAX_LINE_NOTES + 5 }, () => long);
    const bound = boundDocument(doc);
    expect(bound.sections).toHaveLength(MAX_SECTIONS);
    expect(bound.sections![0].title).toHaveLength(PRINT_LIMITS.short);
    expect(bound.sections![0].fields).toHaveLength(MAX_SECTION_FIELDS);
    expect(bound.sections![0].fields[0].label).toHaveLength(PRINT_LIMITS.extraLabel);
    expect(bound.sections![0].fields[0].value).toHaveLength(PRINT_LIMITS.extraValue);
    expect(bound.totals.charges).toHaveLength(MAX_CHARGES);
    expect(bound.totals.charges![0].label).toHaveLength(PRINT_LIMITS.extraLabel);
    expect(bound.lines[0].notes).toHaveLength(MAX_LINE_NOTES);
    expect(bound.lines[0].notes![0]).toHaveLength(PRINT_LIMITS.extraValue);
  });

  it('converts the charges to bolívares with the other totals (85.50 USD × 36.50 = 3,120.75 Bs.)', () => {
    const totals = {
      subtotal: '100.00',
      exento: '0.00',
      exonerado: '0.00',
      descuento: '0.00',
      taxes: [{ alicuota: '16', base: '100.00', monto: '16.00' }],
      charges: [{ label: 'Tasa', monto: '85.50' }],
      total: '201.50',
    };
    // 201.50 × 36.50 = 7,354.75
    expect(totalsInBolivares(totals, '36.50')).toMatchObject({
      charges: [{ label: 'Tasa', monto: '3120.75' }],
      total: '7354.75',
    });
  });
});
