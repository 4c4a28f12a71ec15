import {
  caracasDayEnd,
  caracasDayStart,
  dec,
  documentTypeName,
  type PortalDocumentRow,
  type PortalDocumentsQuery,
  TIPOS_DOC,
  type TipoDoc,
} from '@sigece/fiscal';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { likePattern, offsetOf, pageOf } from '../../http/paging.ts';
import { ledgerDocuments, ledgerPartyRif } from '../issuance/ledger/ledger-documents.ts';

/**
 * The tax authority's view of every numbered document, a read model like the SENIAT
 * reports (modules/reports/seniat/queries.ts): the ledger of control numbers (`control_numbers`, one row per
 * number the imprenta assigned, whatever the family) joined with the company and the document holding each
 * number. Deleted documents stay in it: a numbered document never leaves a fiscal record.
 * No tenancy: the portal user reads every company (the guard opened this to portal users only). Built at
 * each query, not at import, so every family is registered by then (src/families/registry.ts).
 */
const from = () => sql`
  from control_numbers c
  join localidades l on l.id = c.id_localidad
  left join ${ledgerDocuments()} d on d.tipo_doc = c.tipo_doc and d.id = c.id_documento`;

const ISSUED_AT = sql`coalesce(d.fecha_emision, c.emitido_en)`;
const ISSUER_KEY = sql`upper(l.tipo_documento || l.numero_documento)`;

function filters(q: PortalDocumentsQuery): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.tipoDoc) parts.push(sql`c.tipo_doc = ${q.tipoDoc}`);
  if (q.id_localidad) parts.push(sql`c.id_localidad = ${q.id_localidad}::uuid`);
  if (q.nroControl) parts.push(sql`c.nro_control ilike ${likePattern(q.nroControl)}`);
  if (q.fechaInicio)
    parts.push(sql`${ISSUED_AT} >= ${caracasDayStart(q.fechaInicio).toISOString()}::timestamptz`);
  if (q.fechaFin) parts.push(sql`${ISSUED_AT} < ${caracasDayEnd(q.fechaFin).toISOString()}::timestamptz`);
  if (q.rif) {
    const key = q.rif.toUpperCase().replace(/-/g, '');
    // With its letter the RIF is matched whole; digits alone match whatever the letter.
    parts.push(
      /^[A-Z]/.test(key)
        ? sql`(${ISSUER_KEY} = ${key} or d.cliente_clave = ${key})`
        : sql`(regexp_replace(${ISSUER_KEY}, '^[A-Z]', '') = ${key} or regexp_replace(d.cliente_clave, '^[A-Z]', '') = ${key})`,
    );
  }
  if (q.search) {
    const term = likePattern(q.search);
    parts.push(sql`(l.nombre ilike ${term} or coalesce(d.cliente_nombre, '') ilike ${term} or c.nro_control ilike ${term}
      or coalesce(d.numero, '') ilike ${term})`);
  }
  return sql.join(parts, sql` and `);
}

interface RawRow {
  id: string;
  tipoDoc: string;
  /** The document's kind within its family (a note's Credito/Debito, an order's model, IVA/ISLR). */
  tipo: string | null;
  fechaEmision: Date | string;
  fechaAsignacion: Date | string;
  nroControl: string;
  serieDoc: string | null;
  numeroDoc: string | null;
  localidadId: string;
  emisor: string;
  emisorRif: string;
  emisorDireccion: string;
  clienteTipo: string | null;
  clienteNumero: string | null;
  cliente: string;
  clienteDireccion: string | null;
  moneda: string | null;
  base: string | null;
  impuesto: string | null;
  total: string | null;
  status: string | null;
  pdfEstado: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const money = (value: string | null) => dec(value ?? '0').toFixed(2);

function view(r: RawRow): PortalDocumentRow {
  const tipoDoc = (TIPOS_DOC as readonly string[]).includes(r.tipoDoc) ? (r.tipoDoc as TipoDoc) : 'fact';
  const numero = r.numeroDoc ?? '';
  return {
    id: r.id,
    tipoDoc,
    tipo: documentTypeName(r.tipoDoc, r.tipo),
    fechaEmision: iso(r.fechaEmision),
    fechaAsignacion: iso(r.fechaAsignacion),
    nroControl: r.nroControl,
    numero: r.serieDoc ? `${r.serieDoc}-${numero}` : numero,
    id_localidad: r.localidadId,
    emisor: r.emisor,
    emisorRif: r.emisorRif,
    emisorDireccion: r.emisorDireccion,
    cliente: r.cliente,
    clienteRif: ledgerPartyRif(r.clienteTipo, r.clienteNumero),
    clienteDireccion: r.clienteDireccion ?? '',
    moneda: r.moneda ?? '',
    baseImponible: money(r.base),
    impuesto: money(r.impuesto),
    total: money(r.total),
    estatus: r.status === 'INACTIVO' ? 'ANULADO' : 'ACTIVO',
    pdf: r.pdfEstado === 'GENERADA',
  };
}

/**
 * One page of numbered documents, newest first. Amounts as stored: invoices and notes their taxable base
 * (subtotal less exempt and exonerated, as the SENIAT reports compute it), VAT and total; orders the same
 * when issued with amounts (0 otherwise); withholding vouchers the base, the tax withheld and the total of
 * the documents withheld from.
 */
export async function portalDocuments(db: DbOrTx, q: PortalDocumentsQuery) {
  const where = filters(q);
  const [counted, found] = await Promise.all([
    db.execute(sql`select count(*)::int as n ${from()} where ${where}`),
    db.execute(sql`
      select c.id_documento as id, c.tipo_doc as "tipoDoc", d.tipo, ${ISSUED_AT} as "fechaEmision",
             c.emitido_en as "fechaAsignacion", c.nro_control as "nroControl", d.serie as "serieDoc",
             d.numero as "numeroDoc", c.id_localidad as "localidadId", l.nombre as emisor,
             l.tipo_documento || '-' || l.numero_documento as "emisorRif", l.direccion as "emisorDireccion",
             d.cliente_tipo as "clienteTipo", d.cliente_numero as "clienteNumero",
             coalesce(d.cliente_nombre, '') as cliente, d.cliente_direccion as "clienteDireccion", d.moneda,
             d.base::text as base, coalesce(d.retenido, d.iva)::text as impuesto, d.total::text as total,
             d.status, c.pdf_estado as "pdfEstado"
      ${from()}
      where ${where}
      order by ${ISSUED_AT} desc, c.id desc
      limit ${q.limit} offset ${offsetOf(q)}`),
  ]);
  const total = Number((counted as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  const rows = (found as unknown as { rows: RawRow[] }).rows;
  return pageOf(q, rows.map(view), total);
}

/** The ledger row of a numbered document (its company), or null: the PDF route's existence check. */
export async function numberedDocument(
  db: DbOrTx,
  tipoDoc: TipoDoc,
  id: string,
): Promise<{ localidadId: string; nroControl: string } | null> {
  const result = (await db.execute(
    sql`select id_localidad as "localidadId", nro_control as "nroControl" from control_numbers
        where tipo_doc = ${tipoDoc} and id_documento = ${id}::uuid limit 1`,
  )) as unknown as { rows: Array<{ localidadId: string; nroControl: string }> };
  return result.rows[0] ?? null;
}

/** Every company, for the portal's filter. */
export async function portalCompanies(db: DbOrTx) {
  const result = (await db.execute(
    sql`select id, nombre, tipo_documento || '-' || numero_documento as rif from localidades order by nombre, id`,
  )) as unknown as { rows: Array<{ id: string; nombre: string; rif: string }> };
  return result.rows;
}
