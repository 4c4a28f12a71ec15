import { Decimal } from './money.ts';
import { z } from './zod-es.ts';

/**
 * What the database columns hold, told to the schemas: a value beyond a column's range is the sender's
 * mistake (a Spanish 400 naming the field), never a 500 from PostgreSQL (issue 13 items 9 and 11).
 */

/** PostgreSQL `integer`. */
export const INT4_MAX = 2_147_483_647;
/** PostgreSQL `bigint` read as a JS number (drizzle mode 'number'): the safe-integer range. */
export const BIGINT_MAX = Number.MAX_SAFE_INTEGER;

/** Column shapes in use: `numeric(precision, scale)`. */
export const NUMERIC = {
  /** Amounts in Bs. and in foreign currency. */
  amount: { precision: 20, scale: 2 },
  /** Exchange rates and PTR prices. */
  rate: { precision: 24, scale: 8 },
  /** Stock quantities. */
  quantity: { precision: 20, scale: 3 },
  /** Tax percentages (valor of a tax type). */
  percent: { precision: 7, scale: 2 },
} as const;

export interface NumericShape {
  precision: number;
  scale: number;
}

/** The largest value a `numeric(p, s)` column stores, as text: 999…9.99. */
export function numericMax({ precision, scale }: NumericShape): string {
  const whole = '9'.repeat(precision - scale);
  return scale > 0 ? `${whole}.${'9'.repeat(scale)}` : whole;
}

/**
 * Whether a decimal text fits `numeric(p, s)` once PostgreSQL rounds it to `scale` places (so
 * 99.999 does not fit numeric(4,2): it becomes 100.00). Text that is not a number does not fit.
 */
export function fitsNumeric(text: string, { precision, scale }: NumericShape): boolean {
  let value: Decimal;
  try {
    value = new Decimal(text);
  } catch {
    return false;
  }
  if (!value.isFinite()) return false;
  return value
    .abs()
    .toDecimalPlaces(scale, Decimal.ROUND_HALF_UP)
    .lt(new Decimal(10).pow(precision - scale));
}

/** "El campo precio admite hasta 999999999999999999.99" */
export const numericTooLarge = (field: string, shape: NumericShape) =>
  `El campo ${field} admite hasta ${numericMax(shape)}`;

/** "El campo cantidad admite hasta 2147483647" */
export const integerTooLarge = (field: string, max: number) => `El campo ${field} admite hasta ${max}`;

/** Maximum lengths of free text that neither the spec nor a column names more precisely. */
export const TEXT_MAX = {
  /** Codes, ISO codes, short identifiers. */
  code: 20,
  /** Names, titles, aliases. */
  name: 200,
  /** Addresses, descriptions, web sites. */
  long: 500,
  /** Search boxes. */
  search: 100,
  /** Secrets and opaque tokens (passwords, key-store aliases, refresh and reset tokens). */
  secret: 2_000,
} as const;

/** "Maximo 200 caracteres permitidos" (the spelling of the spec's own length messages). */
export const textTooLong = (max: number) => `Maximo ${max} caracteres permitidos`;

/** A string of at most `max` characters, with the Spanish message. */
export const maxText = (max: number) => z.string().max(max, textTooLong(max));

/** Base64 text of a file of at most `bytes` bytes, plus room for a data-URL prefix. */
export const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4 + 100;
