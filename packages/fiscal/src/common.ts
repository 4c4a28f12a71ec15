import { TEXT_MAX, textTooLong } from './bounds.ts';
import { z } from './zod-es.ts';

/** Register status shared by every master entity (spec 000 §4). */
export const REGISTER_STATUSES = ['ACTIVO', 'INACTIVO'] as const;
export type RegisterStatus = (typeof REGISTER_STATUSES)[number];

/**
 * A required text field whose empty and missing forms both show the spec's message. No text is
 * unbounded: `max` defaults to TEXT_MAX.long; a field with a tighter rule pipes it after.
 */
export function requiredText(message: string, max: number = TEXT_MAX.long) {
  return z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string({ error: message }).trim().min(1, message).max(max, textTooLong(max)),
  );
}

/** Connectors send absent optional text as missing, null or ''; all three mean absent. At most `max`. */
export function optionalText(max: number = TEXT_MAX.long) {
  return z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.string().trim().max(max, textTooLong(max)).optional(),
  );
}

/** Booleans arrive as true/false or as the strings "true"/"false". */
export const looseBoolean = z.preprocess((v) => {
  if (v === 'true') return true;
  if (v === 'false') return false;
  return v;
}, z.boolean());

/** Default list paging: page 1, 10 rows (spec 000 §7). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(10),
  search: optionalText(TEXT_MAX.search),
});
export type PageQuery = z.infer<typeof pageQuery>;

export interface Page<T> {
  results: T[];
  page: number;
  limit: number;
  totalPages: number;
  totalResults: number;
}

export const idParam = z.object({ id: z.uuid({ error: 'Identificador no válido' }) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in its usual text form: an id PostgreSQL's `uuid` type accepts. */
export const isUuid = (value: string): boolean => UUID.test(value);
