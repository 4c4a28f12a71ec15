import { DECIMAL_TEXT_MAX, type DecimalKind, fitsDecimal, INT4_MAX, tooLargeMessage } from './bounds.ts';
import { z } from './zod-es.ts';

/**
 * Liberal reading of what ERP connectors send (contract "General rules"): keys in any case, amounts
 * as numbers or numeric strings, booleans as true/false or "true"/"false", and absent as missing,
 * null or "". What is stored is strict: exact decimal text, real booleans, trimmed text.
 */

const absent = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Renames keys to the schema's spelling when they match it ignoring case; others are kept as they are. */
export function canonicalKeys(known: readonly string[]) {
  const byLower = new Map(known.map((k) => [k.toLowerCase(), k]));
  return (value: unknown) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const canonical = byLower.get(key.toLowerCase()) ?? key;
      // The exact spelling wins over a differently cased duplicate.
      if (!(canonical in out) || key === canonical) out[canonical] = v;
    }
    return out;
  };
}

/** An object schema that accepts its keys in any case and keeps unknown extra fields. */
export function tolerantObject<T extends z.ZodRawShape>(shape: T) {
  return z.preprocess(canonicalKeys(Object.keys(shape)), z.looseObject(shape));
}

function toDecimalText(v: unknown): unknown {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : v;
  if (typeof v !== 'string') return v;
  const t = v.trim();
  // "" is absent (contract): a required amount sent so is missing, not "not a number".
  if (t === '') return undefined;
  // "1234,56" (no dot) is a decimal comma; "1.234,56" a grouped one.
  if (/^-?\d+,\d+$/.test(t)) return t.replace(',', '.');
  if (/^-?\d{1,3}(\.\d{3})+,\d+$/.test(t)) return t.replace(/\./g, '').replace(',', '.');
  return t;
}

const DECIMAL = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/**
 * A decimal sent as a number or numeric text, kept as exact text; `kind` bounds it to what its column
 * holds (bounds.ts): 1e18 as an amount or "1e400" anywhere is refused naming the field.
 */
export function decimal(field: string, kind: DecimalKind = 'amount') {
  const message = `${field} debe ser un número`;
  return z.preprocess(
    toDecimalText,
    z
      .string({ error: `${field} es requerido` })
      .max(DECIMAL_TEXT_MAX, { error: message, abort: true })
      .regex(DECIMAL, { error: message, abort: true })
      .refine((v) => fitsDecimal(v, kind), tooLargeMessage(field)),
  );
}

export function optionalDecimal(field: string, kind: DecimalKind = 'amount') {
  return z.preprocess((v) => (absent(v) ? undefined : v), decimal(field, kind).optional());
}

export function bool(field: string) {
  return z.preprocess(
    (v) => {
      if (typeof v === 'string') {
        const t = v.trim().toLowerCase();
        if (t === 'true' || t === '1' || t === 'si' || t === 'sí') return true;
        if (t === 'false' || t === '0' || t === 'no') return false;
      }
      if (v === 1) return true;
      if (v === 0) return false;
      return v;
    },
    z.boolean({ error: `${field} debe ser verdadero o falso` }),
  );
}

export function optionalBool(field: string) {
  return z.preprocess((v) => (absent(v) ? undefined : v), bool(field).optional());
}

/** Text, trimmed; numbers are accepted as their digits (a number field sent as 123). */
export function text(field: string, max: number) {
  return z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: `${field} es requerido` })
      .min(1, `${field} es requerido`)
      .max(max, `${field} admite máximo ${max} caracteres`),
  );
}

export function optionalText(field: string, max: number) {
  return z.preprocess((v) => (absent(v) ? undefined : v), text(field, max).optional());
}

/** Upper-cased choice: "contado" is CONTADO. */
export function choice<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(values, { error: `${field} debe ser uno de: ${values.join(', ')}` }),
  );
}

/** A calendar date "YYYY-MM-DD" (an ISO date-time is cut to its date). */
export function optionalDate(field: string) {
  return z.preprocess(
    (v) => (absent(v) ? undefined : typeof v === 'string' ? v.trim().slice(0, 10) : v),
    z.iso.date({ error: `${field} debe ser una fecha AAAA-MM-DD` }).optional(),
  );
}

export function optionalInt(field: string) {
  return z.preprocess(
    (v) => (absent(v) ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: `${field} debe ser un número entero` })
      .int(`${field} debe ser un número entero`)
      .min(0)
      .max(INT4_MAX, tooLargeMessage(field))
      .optional(),
  );
}

/** Unknown fields of a parsed loose object, for keeping with the document. */
export function extrasOf(value: Record<string, unknown>, known: readonly string[]): Record<string, unknown> {
  const set = new Set(known);
  return Object.fromEntries(Object.entries(value).filter(([k]) => !set.has(k)));
}

/**
 * One rule for every document number a client sends (invoice, note, order, withholding line and
 * purchase numbers): no line breaks, quotes, backslashes or other control or invisible format
 * characters. These numbers travel into download names, e-mail subjects, CSV/TXT reports for SENIAT and
 * XML declarations, where a CR/LF or a quote splits a header or a field. Withholding
 * voucher numbers are all digits already, so they never held one.
 */
export const DOCUMENT_NUMBER_UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}"'`\\]/u;

export const documentNumberMessage = (field: string) =>
  `${field} no admite saltos de línea, comillas ni caracteres de control`;

/** `schema` (a text field) refusing what DOCUMENT_NUMBER_UNSAFE names, with documentNumberMessage. */
export function documentNumber<T extends z.ZodType>(field: string, schema: T): T {
  return schema.refine(
    (v) => typeof v !== 'string' || !DOCUMENT_NUMBER_UNSAFE.test(v),
    documentNumberMessage(field),
  ) as T;
}
