import { Decimal } from './money.ts';
import { z } from './zod-es.ts';

/**
 * What the database columns hold, told to the schemas: a value beyond a column's range is the sender's
 * mistake (a Spanish 400 naming the field), never a 500 from PostgreSQL.
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
    .lt(powerOfTen(precision - scale));
}

// 10^n by exponent, computed once: every amount of every document is checked against one (computed per
// check, it was about 6 % of an invoice request's CPU).
const powersOfTen = new Map<number, Decimal>();
function powerOfTen(exponent: number): Decimal {
  let power = powersOfTen.get(exponent);
  if (!power) {
    power = new Decimal(10).pow(exponent);
    powersOfTen.set(exponent, power);
  }
  return power;
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

/**
 * The columns a connector's document is stored in: invoice and note lines keep their
 * quantities as numeric(20,4) and discount percentages as numeric(9,4).
 */
export const DOCUMENT_COLUMNS = {
  amount: NUMERIC.amount,
  rate: NUMERIC.rate,
  quantity: { precision: 20, scale: 4 },
  percent: { precision: 9, scale: 4 },
} as const satisfies Record<string, NumericShape>;
export type DecimalKind = keyof typeof DOCUMENT_COLUMNS;

/** True when the value fits its document column. "1e400" and "Infinity" do not. */
export const fitsDecimal = (value: string | number, kind: DecimalKind): boolean =>
  fitsNumeric(String(value), DOCUMENT_COLUMNS[kind]);

/** A document's own error line (the connector reads it beside the document's number). */
export const tooLargeMessage = (field: string) => `${field} excede el máximo permitido`;

/** Longest decimal text accepted (digits, sign, point, exponent): longer is never a sensible amount. */
export const DECIMAL_TEXT_MAX = 64;

/** Limits of the fields a connector sends that the contract does not name (kept with the document). */
export const EXTRA_LIMITS = {
  /** Nesting levels below the document's own object. */
  maxDepth: 8,
  /** Characters of all of a document's extra fields together (keys and texts). */
  maxChars: 20_000,
} as const;

/**
 * Checks a value's nesting depth and size WITHOUT recursion (a 5,000-level nested object must be a
 * per-document error, not a stack overflow), so it can run before anything recursive (schemas,
 * JSON.stringify, the database's jsonb parser) touches the value. Returns how deep the value goes
 * (capped at maxDepth + 1) and an estimate of its size in characters (capped at maxChars + 1).
 */
export function measureJson(
  value: unknown,
  limits: { maxDepth: number; maxChars: number } = EXTRA_LIMITS,
): { depth: number; chars: number } {
  let depth = 0;
  let chars = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [v, level] = stack.pop()!;
    if (level > depth) depth = level;
    if (depth > limits.maxDepth || chars > limits.maxChars) break;
    if (typeof v === 'string') chars += v.length + 2;
    else if (v === null || typeof v !== 'object') chars += String(v).length;
    else if (Array.isArray(v)) {
      chars += 2;
      for (const item of v) stack.push([item, level + 1]);
    } else {
      chars += 2;
      for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
        chars += k.length + 3;
        stack.push([item, level + 1]);
      }
    }
  }
  return { depth: Math.min(depth, limits.maxDepth + 1), chars: Math.min(chars, limits.maxChars + 1) };
}

/**
 * The problem with a document's extra fields (those not in `known`, compared ignoring case), or null:
 * each one at most EXTRA_LIMITS.maxDepth levels deep, all together at most EXTRA_LIMITS.maxChars.
 * `where` prefixes the field's name in the message ("lstDetallesFacturaGeneral[0].").
 */
export function extraFieldsProblem(
  raw: unknown,
  known: readonly string[],
  where = '',
  budget: { chars: number } = { chars: EXTRA_LIMITS.maxChars },
): string | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const knownSet = new Set(known.map((k) => k.toLowerCase()));
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (knownSet.has(key.toLowerCase())) continue;
    const { depth, chars } = measureJson(value, { maxDepth: EXTRA_LIMITS.maxDepth, maxChars: budget.chars });
    if (depth > EXTRA_LIMITS.maxDepth)
      return `El campo ${where}${key} excede la profundidad máxima de ${EXTRA_LIMITS.maxDepth} niveles`;
    budget.chars -= chars + key.length;
    if (budget.chars < 0)
      return `Los campos adicionales exceden el tamaño máximo de ${EXTRA_LIMITS.maxChars} caracteres (${where}${key})`;
  }
  return null;
}
