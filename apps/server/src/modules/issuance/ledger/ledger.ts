import { caracasDateTimeIso } from '@sigece/fiscal';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { jsonRecordset } from '../../../db/json-recordset.ts';
import { controlNumbers, type PdfState } from '../../../db/schema.ts';
import type { ControlNumber } from '../../numbering/engine.ts';
import type { AnyFamily, IssuerRef, TipoDoc } from '../family.ts';

/**
 * Control numbers as the recordset `v(id, serie, numero, nro, lote, loc, suc)` a family's
 * `controlNumbersUpdate` reads (`with v as (…)`): one JSON parameter, the same on both drivers.
 */
export function controlNumbersRecordset(
  entries: Array<{ documentId: string; issuer?: IssuerRef; control: ControlNumber }>,
): SQL {
  const rows = entries.map((e) => ({
    loc: e.issuer?.localidadId ?? null,
    suc: e.issuer?.sucursalId ?? null,
    lote: e.control.lotId,
    serie: e.control.serie,
    numero: e.control.numero,
    nro: e.control.nroControl,
    id: e.documentId,
  }));
  return jsonRecordset(
    rows,
    'r',
    'loc uuid, suc uuid, lote uuid, serie text, numero bigint, nro text, id uuid',
  );
}

/**
 * Records handed-out control numbers in the ledger and copies them onto the family's rows: the ledger
 * in ONE multi-row statement (one JSON parameter: the same statement runs on node-postgres and
 * PGlite), together with the family's update when it offers one (`controlNumbersUpdate`). The ledger's
 * unique keys refuse a number already held by any document of any family (Providencia SNAT/2011/00071).
 *
 * The moment of assignment (`emitido_en`) is the application's clock, the one that dates the documents
 * (the database's `now()` is another clock): every document states it (Providencia
 * SNAT/2024/000102, date and time of each assignment, as integrators read it). Returns that moment.
 */
export async function recordControlNumbers(
  tx: DbOrTx,
  family: AnyFamily,
  entries: Array<{ documentId: string; issuer: IssuerRef; control: ControlNumber }>,
): Promise<Date> {
  // The assignment's date and time from the application's clock (the one the documents and the monthly
  // SENIAT report of assigned numbers use), not the database server's `now()`.
  const at = new Date();
  if (entries.length === 0) return at;
  const insert = sql`insert into control_numbers (id_localidad, id_sucursal, familia, id_control_lote, serie, numero, nro_control, tipo_doc, id_documento, emitido_en)
    select v.loc, v.suc, ${family.controlFamily}, v.lote, v.serie, v.numero, v.nro, ${family.tipoDoc}, v.id, ${at.toISOString()}::timestamptz from v`;
  const recordset = controlNumbersRecordset(entries);
  const update = family.intake.controlNumbersUpdate;
  if (update) {
    await tx.execute(sql`with v as (${recordset}), ledger as (${insert}) ${update}`);
    return at;
  }
  await tx.execute(sql`with v as (${recordset}) ${insert}`);
  await family.intake.writeControlNumbers(
    tx,
    entries.map((e) => ({ id: e.documentId, control: e.control })),
  );
  return at;
}

/**
 * The integration answer's field for the moment a document's number was assigned, named
 * in the answer's own case (`FechaAsignacionControl` beside `NroControl`, `fechaAsignacionControl` beside
 * `nroControl`): ISO 8601 in Caracas time. An added field: no field of the contract changes.
 */
export function assignedAtField<K extends string>(
  name: K,
  doc: { controlAsignadoEn?: Date },
): Partial<Record<K, string>> {
  return doc.controlAsignadoEn
    ? ({ [name]: caracasDateTimeIso(doc.controlAsignadoEn) } as Record<K, string>)
    : {};
}

/** When one document's control number was assigned, ISO 8601 in Caracas time; null while it has none. */
export async function assignedAtIso(db: DbOrTx, tipoDoc: TipoDoc, id: string): Promise<string | null> {
  const at = (await controlAssignedAt(db, tipoDoc, [id])).get(id);
  return at ? caracasDateTimeIso(at) : null;
}

/** A document to render with the moment its control number was assigned (printed under the number). */
export async function withControlAssignment<T extends { controlAssignedAt?: Date }>(
  db: DbOrTx,
  tipoDoc: TipoDoc,
  id: string,
  doc: T,
): Promise<T> {
  const at = (await controlAssignedAt(db, tipoDoc, [id])).get(id);
  return at ? { ...doc, controlAssignedAt: at } : doc;
}

/**
 * When each document's control number was assigned (the ledger's `emitido_en`), by id; documents
 * without a number are absent. Every document states it: PDF, detail, integration answer.
 */
export async function controlAssignedAt(
  db: DbOrTx,
  tipoDoc: TipoDoc,
  ids: string[],
): Promise<Map<string, Date>> {
  const found = new Map<string, Date>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({ id: controlNumbers.documentId, at: controlNumbers.issuedAt })
    .from(controlNumbers)
    .where(and(eq(controlNumbers.tipoDoc, tipoDoc), inArray(controlNumbers.documentId, ids)));
  for (const r of rows) found.set(r.id, r.at);
  return found;
}

export interface RenderState {
  pdfEstado: PdfState;
  pdfError: string | null;
}

/** The render state of some documents of one family (a list page's), by id. */
export async function renderStates(
  db: DbOrTx,
  tipoDoc: TipoDoc,
  ids: string[],
): Promise<Map<string, RenderState>> {
  const states = new Map<string, RenderState>();
  if (ids.length === 0) return states;
  const rows = await db
    .select({
      id: controlNumbers.documentId,
      pdfEstado: controlNumbers.pdfEstado,
      pdfError: controlNumbers.pdfError,
    })
    .from(controlNumbers)
    .where(and(eq(controlNumbers.tipoDoc, tipoDoc), inArray(controlNumbers.documentId, ids)));
  for (const r of rows) states.set(r.id, { pdfEstado: r.pdfEstado, pdfError: r.pdfError });
  return states;
}

const ofDocument = (tipoDoc: TipoDoc, id: string) =>
  and(eq(controlNumbers.tipoDoc, tipoDoc), eq(controlNumbers.documentId, id));

export async function markGenerated(tx: DbOrTx, tipoDoc: TipoDoc, id: string): Promise<void> {
  await tx
    .update(controlNumbers)
    .set({ pdfEstado: 'GENERADA', pdfError: null, pdfUpdatedAt: new Date() })
    .where(ofDocument(tipoDoc, id));
}

/**
 * Counts one failed render attempt and keeps its error; after `maxAttempts` the document is FALLIDA
 * (no more automatic retries; an administrator may retry it). Returns the state it is left in.
 */
export async function recordRenderFailure(
  db: Db,
  tipoDoc: TipoDoc,
  id: string,
  error: string,
  maxAttempts: number,
): Promise<PdfState | undefined> {
  const [row] = await db
    .update(controlNumbers)
    .set({
      pdfIntentos: sql`${controlNumbers.pdfIntentos} + 1`,
      pdfError: error.slice(0, 500),
      pdfEstado: sql`case when ${controlNumbers.pdfIntentos} + 1 >= ${maxAttempts} then 'FALLIDA' else ${controlNumbers.pdfEstado} end`,
      pdfUpdatedAt: new Date(),
    })
    .where(and(ofDocument(tipoDoc, id), eq(controlNumbers.pdfEstado, 'PENDIENTE')))
    .returning({ estado: controlNumbers.pdfEstado });
  return row?.estado;
}

/** An administrator's retry: the document is pending again, with its attempts reset. False if not FALLIDA. */
export async function resetFailedRender(tx: DbOrTx, tipoDoc: TipoDoc, id: string): Promise<boolean> {
  const rows = await tx
    .update(controlNumbers)
    .set({ pdfEstado: 'PENDIENTE', pdfError: null, pdfIntentos: 0, pdfUpdatedAt: new Date() })
    .where(and(ofDocument(tipoDoc, id), eq(controlNumbers.pdfEstado, 'FALLIDA')))
    .returning({ id: controlNumbers.id });
  return rows.length > 0;
}

/** When a document's control number was assigned (the ledger's row), or null before it is numbered. */
export async function controlNumberAssignedAt(
  db: DbOrTx,
  tipoDoc: TipoDoc,
  id: string,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: controlNumbers.issuedAt })
    .from(controlNumbers)
    .where(ofDocument(tipoDoc, id));
  return row?.at ?? null;
}

/** The control number of each of these documents that has one (the event log names documents by it). */
export function controlNumbersOfDocuments(db: DbOrTx, documentIds: string[]) {
  return db
    .select({ id: controlNumbers.documentId, nro: controlNumbers.nroControl })
    .from(controlNumbers)
    .where(inArray(controlNumbers.documentId, documentIds));
}
