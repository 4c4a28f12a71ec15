import type { DeliveryFamily, DeliveryRow } from '@sigece/fiscal';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documentDeliveries } from '../../db/schema.ts';

/**
 * Each document's e-mail delivery, as its lists and detail show it: EN_COLA when an
 * e-mail is queued, then ENVIADO or FALLIDO with the SMTP server's answer. A document without a row was
 * never queued (NO_ENVIADO). The attempts themselves are in the e-mail log (mail_messages).
 */

type Row = typeof documentDeliveries.$inferSelect;

const toDelivery = (id: string, row: Row | undefined): DeliveryRow =>
  row
    ? {
        id,
        estado: row.estado as DeliveryRow['estado'],
        correo: row.correo,
        ccCorreo: row.ccCorreo,
        statusCode: row.statusCode,
        statusText: row.statusText,
        intentos: row.intentos,
        actualizado: row.actualizado.toISOString(),
      }
    : {
        id,
        estado: 'NO_ENVIADO',
        correo: [],
        ccCorreo: [],
        statusCode: null,
        statusText: null,
        intentos: 0,
        actualizado: null,
      };

async function upsert(
  db: DbOrTx,
  key: { tipoDoc: DeliveryFamily; id: string },
  values: Partial<Omit<Row, 'tipoDoc' | 'documentId'>> & { estado: string },
  countAttempt: boolean,
): Promise<void> {
  const now = new Date();
  await db
    .insert(documentDeliveries)
    .values({
      tipoDoc: key.tipoDoc,
      documentId: key.id,
      ...values,
      intentos: countAttempt ? 1 : 0,
      actualizado: now,
    })
    .onConflictDoUpdate({
      target: [documentDeliveries.tipoDoc, documentDeliveries.documentId],
      set: {
        ...values,
        intentos: countAttempt ? sql`${documentDeliveries.intentos} + 1` : documentDeliveries.intentos,
        actualizado: now,
      },
    });
}

/** An e-mail was queued for the document, to these recipients. */
export const markQueued = (
  db: DbOrTx,
  key: { tipoDoc: DeliveryFamily; id: string },
  to: string[],
  cc: string[],
) =>
  upsert(db, key, { estado: 'EN_COLA', correo: to, ccCorreo: cc, statusCode: null, statusText: null }, false);

/** The SMTP server (or the local outbox) took it. */
export const markSent = (
  db: DbOrTx,
  key: { tipoDoc: DeliveryFamily; id: string },
  to: string[],
  cc: string[],
  answer: { statusCode: string; statusText: string },
) => upsert(db, key, { estado: 'ENVIADO', correo: to, ccCorreo: cc, ...answer }, true);

/** The SMTP server refused it or could not be reached: its answer is kept for the screens. */
export const markFailed = (
  db: DbOrTx,
  key: { tipoDoc: DeliveryFamily; id: string },
  to: string[],
  cc: string[],
  answer: { statusCode: string; statusText: string },
) => upsert(db, key, { estado: 'FALLIDO', correo: to, ccCorreo: cc, ...answer }, true);

/** The delivery of each document in `ids`, in that order (NO_ENVIADO for those never queued). */
export async function deliveryStates(
  db: DbOrTx,
  tipoDoc: DeliveryFamily,
  ids: readonly string[],
): Promise<DeliveryRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(documentDeliveries)
    .where(and(eq(documentDeliveries.tipoDoc, tipoDoc), inArray(documentDeliveries.documentId, [...ids])));
  const byId = new Map(rows.map((r) => [r.documentId, r]));
  return ids.map((id) => toDelivery(id, byId.get(id)));
}

export async function deliveryOf(db: DbOrTx, tipoDoc: DeliveryFamily, id: string): Promise<DeliveryRow> {
  const [row] = await deliveryStates(db, tipoDoc, [id]);
  return row;
}
