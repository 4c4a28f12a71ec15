import { Decimal } from './money.ts';

/**
 * What fits the columns documents are stored in (issue 13 item 9): a value beyond these is refused
 * with a Spanish message naming its field, before it reaches the database (where it would be a
 * numeric overflow). numeric(p, s) holds p − s integer digits.
 */
export const DECIMAL_KINDS = {
  /** Amounts: numeric(20,2), 18 integer digits. */
  amount: { limit: '1e18', column: 'numeric(20,2)' },
  /** Prices and exchange rates: numeric(24,8), 16 integer digits. */
  rate: { limit: '1e16', column: 'numeric(24,8)' },
  /** Quantities: numeric(20,4), 16 integer digits. */
  quantity: { limit: '1e16', column: 'numeric(20,4)' },
  /** Percentages: numeric(9,4), 5 integer digits. */
  percent: { limit: '1e5', column: 'numeric(9,4)' },
} as const;
export type DecimalKind = keyof typeof DECIMAL_KINDS;

/** The largest value of a PostgreSQL `integer` column. */
export const INTEGER_MAX = 2_147_483_647;

/** Longest decimal text accepted (digits, sign, point, exponent): longer is never a sensible amount. */
export const DECIMAL_TEXT_MAX = 64;

/** True when |value| fits a column of this kind. "1e400" and "Infinity" do not. */
export function fitsDecimal(value: string | number, kind: DecimalKind): boolean {
  try {
    const d = new Decimal(value);
    return d.isFinite() && d.abs().lt(DECIMAL_KINDS[kind].limit);
  } catch {
    return false;
  }
}

export const tooLargeMessage = (field: string) => `${field} excede el máximo permitido`;

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
