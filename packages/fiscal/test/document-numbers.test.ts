// One rule for every document number a client sends (tolerant.ts documentNumber):
// invoice, note, order, withholding-line and purchase numbers refuse CR/LF, quotes, backslashes and other
// control or invisible characters with one message, and still take what ERPs send (letters, digits,
// hyphens, slashes, accents, spaces).
import { describe, expect, it } from 'vitest';
import {
  addNoteSchema,
  annulNoteSchema,
  annulOrderSchema,
  invoiceSchema,
  islrLineSchema,
  ivaLineSchema,
  noteSchema,
  orderSchema,
  purchaseInputSchema,
  tolerant,
  type z,
} from '../src/index.ts';

const FIELDS: Array<[string, z.ZodType, string]> = [
  ['invoice', invoiceSchema, 'nroFactura'],
  ['note', noteSchema, 'nroNota'],
  ['note (invoice affected)', noteSchema, 'nroFactura'],
  ['note (back office)', addNoteSchema, 'nroNota'],
  ['note (back office, invoice affected)', addNoteSchema, 'nroFactura'],
  ['note annulment', annulNoteSchema, 'nroNota'],
  ['order', orderSchema, 'nroOrden'],
  ['order annulment', annulOrderSchema, 'nroOrden'],
  ['IVA withholding line', ivaLineSchema, 'nroDocumento'],
  ['IVA withholding line (control)', ivaLineSchema, 'nroControlDocumento'],
  ['IVA withholding line (note)', ivaLineSchema, 'nroNota'],
  ['IVA withholding line (affected)', ivaLineSchema, 'nroDocumentoAfectado'],
  ['ISLR withholding line', islrLineSchema, 'nroDocumento'],
  ['ISLR withholding line (control)', islrLineSchema, 'nroControlDocumento'],
  ['purchase', purchaseInputSchema, 'nroFactura'],
  ['purchase (control)', purchaseInputSchema, 'nroControl'],
];

function messageOf(schema: z.ZodType, field: string, value: string): string | undefined {
  const parsed = schema.safeParse({ [field]: value });
  if (parsed.success) return undefined;
  return parsed.error.issues.find((i) => i.path.join('.') === field)?.message;
}

describe('document numbers: one rule', () => {
  const unsafe = [
    '12\r\n34',
    '12\n34',
    '1"2',
    "1'2",
    '1`2',
    '1\\2',
    '1\t2',
    '1\u00002',
    '1\u20282',
    '1\u200b2',
    '1\u007f2',
  ];
  for (const [what, schema, field] of FIELDS) {
    it(`${what}: ${field} refuses line breaks, quotes and control characters with one message`, () => {
      for (const value of unsafe) {
        expect(messageOf(schema, field, value), JSON.stringify(value)).toBe(
          `${field} no admite saltos de línea, comillas ni caracteres de control`,
        );
      }
      for (const value of ['A-123', '00012', 'F 1/2', 'Ñ7.8', '9']) {
        expect(messageOf(schema, field, value), value).toBeUndefined();
      }
    });
  }

  it('the message is the one documentNumberMessage builds', () => {
    expect(tolerant.documentNumberMessage('nroFactura')).toBe(
      'nroFactura no admite saltos de línea, comillas ni caracteres de control',
    );
  });
});
