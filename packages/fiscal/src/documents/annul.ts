import { z } from '../zod-es.ts';

/** The reason a user gives when annulling a document, kept in its record and audit. */
export const ANNUL_REASON_MAX = 250;

const reason = z
  .string({ error: 'El motivo de anulación debe ser texto' })
  .trim()
  .max(ANNUL_REASON_MAX, `El motivo de anulación admite hasta ${ANNUL_REASON_MAX} caracteres`);

/** The reason as a field of an annulment item (optional: integration connectors send none). */
export const annulReasonField = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  reason.optional(),
);

/**
 * The body of a screen's annulment route (PUT …/anular…/:id): `{ motivoAnulacion }`, or nothing at all, so
 * the routes keep answering callers that send no body. The screens always ask for it.
 */
export const annulReasonBody = z.preprocess(
  (v) => (v === undefined || v === null ? {} : v),
  z.object({ motivoAnulacion: annulReasonField }),
);
