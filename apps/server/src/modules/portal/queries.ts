import {
  caracasDayEnd,
  caracasDayStart,
  dec,
  type PortalDocumentRow,
  type PortalDocumentsQuery,
  TIPOS_DOC,
  type TipoDoc,
} from '@sigece/fiscal';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { likePattern, offsetOf, pageOf } from '../../http/paging.ts';

/**
 * The tax authority's view of every numbered document (issue 19 item 7), a read model like the SENIAT
 * reports (modules/reports/seniat/queries.ts): the ledger of control numbers (`control_numbers`, one row per
 * number the imprenta assigned, whatever the family) joined with the company and the document holding each
 * number. Deleted documents stay in it: a numbered document never leaves a fiscal record (issue 19 item 6).
 * No tenancy: the portal user reads every company (the guard opened this to portal users only).
 */
const FROM = sql`
  from control_numbers c
  join localidades l on l.id = c.id_localidad
  left join facturas f on c.tipo_doc = 'fact' and f.id = c.id_documento
  left join notas n on c.tipo_doc = 'nota' and n.id = c.id_documento
  left join ordenes o on c.tipo_doc = 'orden' and o.id = c.id_documento
  left join retenciones r on c.tipo_doc = 'ret' and r.id = c.id_documento`;

const ISSUED_AT = sql`coalesce(f.fecha_emision, n.fecha_emision, o.fecha_emision, r.fecha_emision, c.emitido_en)`;
const CLIENT = sql`coalesce(f.cliente, n.cliente, o.cliente)`;
const ISSUER_KEY = sql`upper(l.tipo_documento || l.numero_documento)`;
/** The client's RIF without dash (withholding vouchers: the supplier's). */
const CLIENT_KEY = sql`case when r.id is not null then regexp_replace(upper(r.rif_proveedor), '[^0-9A-Z]', '', 'g')
  else upper(coalesce(${CLIENT} ->> 'tipoDocumento', '') || coalesce(${CLIENT} ->> 'numeroDocumento', '')) end`;
const CLIENT_NAME = sql`coalesce(r.identificacion, ${CLIENT} ->> 'identificacion', '')`;

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
        ? sql`(${ISSUER_KEY} = ${key} or ${CLIENT_KEY} = ${key})`
        : sql`(regexp_replace(${ISSUER_KEY}, '^[A-Z]', '') = ${key} or regexp_replace(${CLIENT_KEY}, '^[A-Z]', '') = ${key})`,
    );
  }
  if (q.search) {
    const term = likePattern(q.search);
    parts.push(sql`(l.nombre ilike ${term} or ${CLIENT_NAME} ilike ${term} or c.nro_control ilike ${term}
      or coalesce(f.nro_factura, n.nro_nota, o.nro_orden, r.nro_comprobante, '') ilike ${term})`);
  }
  return sql.join(parts, sql` and `);
}

interface RawRow {
  id: string;
  tipoDoc: string;
  tipoNota: string | null;
  modeloOrden: string | null;
  modeloRet: string | null;
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
  rifProveedor: string | null;
  clienteDireccion: string | null;
  moneda: string | null;
  base: string | null;
  impuesto: string | null;
  total: string | null;
  status: string | null;
  pdfEstado: string;
}

const NOTE_NAMES: Record<string, string> = { Credito: 'Nota de Crédito', Debito: 'Nota de Débito' };
const ORDER_NAMES: Record<string, string> = {
  ORDENENTREGA: 'Orden de Entrega',
  GUIADESPACHO: 'Guía de Despacho',
};

function typeName(r: RawRow): string {
  if (r.tipoDoc === 'nota') return NOTE_NAMES[r.tipoNota ?? ''] ?? 'Nota';
  if (r.tipoDoc === 'orden') return ORDER_NAMES[r.modeloOrden ?? ''] ?? 'Orden / Guía';
  if (r.tipoDoc === 'ret') return `Comprobante de Retención ${r.modeloRet ?? ''}`.trim();
  return 'Factura';
}

const iso = (value: Date | string) => new Date(value).toISOString();
const money = (value: string | null) => dec(value ?? '0').toFixed(2);

function view(r: RawRow): PortalDocumentRow {
  const tipoDoc = (TIPOS_DOC as readonly string[]).includes(r.tipoDoc) ? (r.tipoDoc as TipoDoc) : 'fact';
  const numero = r.numeroDoc ?? '';
  return {
    id: r.id,
    tipoDoc,
    tipo: typeName(r),
    fechaEmision: iso(r.fechaEmision),
    fechaAsignacion: iso(r.fechaAsignacion),
    nroControl: r.nroControl,
    numero: r.serieDoc ? `${r.serieDoc}-${numero}` : numero,
    id_localidad: r.localidadId,
    emisor: r.emisor,
    emisorRif: r.emisorRif,
    emisorDireccion: r.emisorDireccion,
    cliente: r.cliente,
    clienteRif:
      r.rifProveedor ??
      (r.clienteTipo && r.clienteNumero ? `${r.clienteTipo}-${r.clienteNumero}` : (r.clienteNumero ?? '')),
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
    db.execute(sql`select count(*)::int as n ${FROM} where ${where}`),
    db.execute(sql`
      select c.id_documento as id, c.tipo_doc as "tipoDoc", n.tipo as "tipoNota", o.modelo_orden as "modeloOrden",
             r.modelo_retencion as "modeloRet", ${ISSUED_AT} as "fechaEmision", c.emitido_en as "fechaAsignacion",
             c.nro_control as "nroControl", coalesce(f.serie_factura, n.serie_nota) as "serieDoc",
             coalesce(f.nro_factura, n.nro_nota, o.nro_orden, r.nro_comprobante) as "numeroDoc",
             c.id_localidad as "localidadId", l.nombre as emisor,
             l.tipo_documento || '-' || l.numero_documento as "emisorRif", l.direccion as "emisorDireccion",
             ${CLIENT} ->> 'tipoDocumento' as "clienteTipo", ${CLIENT} ->> 'numeroDocumento' as "clienteNumero",
             ${CLIENT_NAME} as cliente, r.rif_proveedor as "rifProveedor",
             coalesce(r.direccion, ${CLIENT} ->> 'direccion') as "clienteDireccion",
             coalesce(f.factura_divisa, n.factura_divisa, o.factura_divisa, case when r.id is not null then 'VES' end) as moneda,
             coalesce(
               coalesce(f.sub_total, n.sub_total, o.sub_total)
                 - coalesce(f.total_exento, n.total_exento, o.total_exento, 0)
                 - coalesce(f.total_exonerado, n.total_exonerado, o.total_exonerado, 0),
               r.total_base)::text as base,
             coalesce(f.total_iva, n.total_iva, o.total_iva, r.total_retenido)::text as impuesto,
             coalesce(f.importe_total, n.importe_total, o.importe_total, r.total_documentos)::text as total,
             coalesce(f.log_estatus_registro, n.log_estatus_registro, o.log_estatus_registro, r.log_estatus_registro) as status,
             c.pdf_estado as "pdfEstado"
      ${FROM}
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
