import { EXTRA_LIMITS, extraFieldsProblem } from '../bounds.ts';
import { annulReasonField } from '../documents/annul.ts';
import { invoiceLineSchema, invoiceSchema, invoiceTaxSchema } from '../invoices/schema.ts';
import {
  decimal,
  documentNumber,
  optionalBool,
  optionalDate,
  optionalDecimal,
  optionalText,
  text,
  tolerantObject,
} from '../tolerant.ts';
import { z } from '../zod-es.ts';

/**
 * Credit and debit notes as they arrive: one item of POST /v2/facturas/nota/masivanotas (contract
 * "Credit and debit notes", read liberally as invoices are: see tolerant.ts) and the body of the
 * back-office POST /v2/facturas/nota/addnota (spec 001 §7.2).
 */

export const NOTE_TYPES = ['Credito', 'Debito'] as const;
export type NoteType = (typeof NOTE_TYPES)[number];
export const NOTE_CATEGORY_CODES = ['0', '1', '2'] as const;
export type NoteCategoryCode = (typeof NOTE_CATEGORY_CODES)[number];

const absent = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** 'Credito', 'CREDITO', 'crédito' → 'Credito' (spec 001 §3.11: Credito or Debito). */
export const noteTypeSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const t = v
      .trim()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    return t === 'credito' ? 'Credito' : t === 'debito' ? 'Debito' : v;
  },
  z.enum(NOTE_TYPES, { error: 'tipo debe ser Credito o Debito' }),
);

/** One character 0, 1 or 2 (spec 001 §9 categories); a number 0 is read as '0'. */
export const noteCategorySchema = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
  z.enum(NOTE_CATEGORY_CODES, { error: 'categoria debe ser 0, 1 o 2' }),
);

const line = invoiceLineSchema.out.shape;
const head = invoiceSchema.out.shape;

/** A note line of the integration API: the invoice line's fields plus the returned quantity and prices. */
export const noteLineSchema = tolerantObject({
  codigoProducto: line.codigoProducto,
  descripcion: line.descripcion,
  unidadMedida: line.unidadMedida,
  cantidad: line.cantidad,
  cantidadDevolucion: optionalDecimal('cantidadDevolucion', 'quantity'),
  precio: line.precio,
  precioOriginal: optionalDecimal('precioOriginal', 'rate'),
  precioDevolucion: optionalDecimal('precioDevolucion', 'rate'),
  importe: line.importe,
  exento: line.exento,
  exonerado: line.exonerado,
  alicuotaGravamen: line.alicuotaGravamen,
  montoGravamen: line.montoGravamen,
  descuento: line.descuento,
  montoDescuento: line.montoDescuento,
});
export type NoteLineInput = z.infer<typeof noteLineSchema>;

const optionalList = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === null || v === '' ? undefined : v), z.array(item).optional());

/** One note of POST /v2/facturas/nota/masivanotas. */
export const noteSchema = tolerantObject({
  rif: head.rif,
  codigoSucursal: head.codigoSucursal,
  nroFactura: documentNumber('nroFactura', text('nroFactura', 20)),
  /** Series of the affected invoice's number, when the company separates series. */
  serieNrofactura: head.serieNrofactura,
  nroNota: documentNumber('nroNota', text('nroNota', 9)),
  tipo: noteTypeSchema,
  serie: optionalText('serie', 2),
  categoria: noteCategorySchema,
  /** Absent means the category's label (spec 001 §4.3: choosing a category copies its label). */
  concepto: optionalText('concepto', 99),
  importeTotal: decimal('importeTotal'),
  subTotal: decimal('subTotal'),
  montoDescuento: optionalDecimal('montoDescuento'),
  totalExento: optionalDecimal('totalExento'),
  totalExonerado: optionalDecimal('totalExonerado'),
  tasaCambio: optionalDecimal('tasaCambio', 'rate'),
  facturaDivisa: z.preprocess(
    (v) => (absent(v) ? undefined : typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string().max(3, 'facturaDivisa admite máximo 3 caracteres').optional(),
  ),
  lstDetallesNota: z
    .array(noteLineSchema, { error: 'lstDetallesNota es requerido' })
    .min(1, 'No hay productos selecionados paara la nota'),
  lstGravamenes: optionalList(invoiceTaxSchema),
});
export type NoteInput = z.infer<typeof noteSchema>;

export const NOTE_KNOWN_FIELDS = Object.keys(noteSchema.out.shape);

/**
 * The problem with a note's extra fields (as for invoices), checked without recursion
 * before the schema reads the payload: at its top level and in each line, within one size budget.
 */
export function noteExtrasProblem(raw: unknown): string | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const budget = { chars: EXTRA_LIMITS.maxChars as number };
  const top = extraFieldsProblem(raw, NOTE_KNOWN_FIELDS, '', budget);
  if (top) return top;
  const lines = Object.entries(raw as Record<string, unknown>).find(
    ([k]) => k.toLowerCase() === 'lstdetallesnota',
  )?.[1];
  if (!Array.isArray(lines)) return null;
  const known = Object.keys(noteLineSchema.out.shape);
  for (const [i, item] of lines.entries()) {
    const found = extraFieldsProblem(item, known, `lstDetallesNota[${i}].`, budget);
    if (found) return found;
  }
  return null;
}

/** The note number as sent, for error lines (even when the note could not be parsed). */
export function noteNumberOf(raw: unknown): string {
  if (raw && typeof raw === 'object') {
    for (const [k, v] of Object.entries(raw))
      if (k.toLowerCase() === 'nronota' && (typeof v === 'string' || typeof v === 'number'))
        return String(v).trim();
  }
  return '';
}

// --- Back office ---------------------------------------------------------------------------------------

const uuid = (field: string) => z.uuid({ error: `${field} no es un identificador válido` });

/**
 * One line of the new-note screen: which invoice line (its position, 1-based, or its product code)
 * and, when marked, the returned quantity (credit) or the new price (debit).
 */
export const addNoteLineSchema = tolerantObject({
  posicion: z.preprocess(
    (v) => (absent(v) ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number().int().min(1, 'posicion debe ser mayor a 0').optional(),
  ),
  codigoProducto: optionalText('codigoProducto', 30),
  isDevolucion: optionalBool('isDevolucion'),
  cantidadDevolucion: optionalDecimal('cantidadDevolucion', 'quantity'),
  precioDevolucion: optionalDecimal('precioDevolucion', 'rate'),
});
export type AddNoteLineInput = z.infer<typeof addNoteLineSchema>;

/**
 * POST /v2/facturas/nota/addnota (spec 001 §7.2). The lines of the affected invoice come with their
 * return quantity or new price; the server prices them from the stored invoice, and the totals the
 * screen shows, when sent, must agree with its own within 0.01.
 */
export const addNoteSchema = tolerantObject({
  id_factura: uuid('id_factura'),
  id_localidad: z.preprocess((v) => (absent(v) ? undefined : v), uuid('id_localidad').optional()),
  id_sucursal: z.preprocess((v) => (absent(v) ? undefined : v), uuid('id_sucursal').optional()),
  nroFactura: documentNumber('nroFactura', optionalText('nroFactura', 20)),
  nroNota: documentNumber('nroNota', text('nroNota', 9)),
  serie: optionalText('serie', 2),
  tipo: noteTypeSchema,
  categoria: noteCategorySchema,
  concepto: optionalText('concepto', 99),
  descripcion: optionalText('descripcion', 250),
  fechaEmision: optionalDate('fechaEmision'),
  tasaCambio: optionalDecimal('tasaCambio', 'rate'),
  facturaDivisa: optionalText('facturaDivisa', 3),
  importeTotal: optionalDecimal('importeTotal'),
  subTotal: optionalDecimal('subTotal'),
  montoDescuento: optionalDecimal('montoDescuento'),
  totalExento: optionalDecimal('totalExento'),
  totalExonerado: optionalDecimal('totalExonerado'),
  lstDetallesNota: z.array(addNoteLineSchema, { error: 'lstDetallesNota es requerido' }),
  lstGravamenes: optionalList(invoiceTaxSchema),
});
export type AddNoteInput = z.infer<typeof addNoteSchema>;

/** FiltrarNotas and querynotas filters: only non-empty ones count (spec 001 §5.5). */
export const noteFiltersSchema = z.object({
  id_localidad: z.preprocess((v) => (absent(v) ? undefined : v), z.uuid().optional()),
  id_sucursal: z.preprocess((v) => (absent(v) ? undefined : v), z.uuid().optional()),
  nroNota: z.preprocess((v) => (absent(v) ? undefined : v), z.string().trim().max(20).optional()),
  tipo: z.preprocess((v) => (absent(v) ? undefined : v), noteTypeSchema.optional()),
  fechaInicio: optionalDate('fechaInicio'),
  fechaFin: optionalDate('fechaFin'),
});
export type NoteFilters = z.infer<typeof noteFiltersSchema>;

/** One note to annul through PUT /v2/facturas/nota/masivaanularnotas. */
export const annulNoteSchema = tolerantObject({
  rif: head.rif,
  codigoSucursal: head.codigoSucursal,
  nroNota: documentNumber('nroNota', text('nroNota', 9)),
  tipo: z.preprocess((v) => (absent(v) ? undefined : v), noteTypeSchema.optional()),
  motivoAnulacion: annulReasonField,
});
export type AnnulNoteInput = z.infer<typeof annulNoteSchema>;
