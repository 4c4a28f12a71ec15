import {
  type DeclarationRow,
  declarationPeriod,
  documentStatusLabel,
  formatDateCaracas,
  type PageQuery,
  type WithholdingDetail,
  type WithholdingFilters,
  type WithholdingListRow,
  type WithholdingPublic,
} from '@sigece/fiscal';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jsonRecordset } from '../../db/json-recordset.ts';
import { declaracionesRetencion, retenciones, retencionLineas } from '../../db/schema.ts';
import { likePattern } from '../../http/paging.ts';
import type { TenantScope } from '../../http/tenancy.ts';
import { lockCompany } from '../companies/lookup.service.ts';
import { issuedByRif } from '../companies/service.ts';
import { assignedAtIso, renderStates } from '../issuance/ledger/ledger.ts';
import { loadIssued, readChildRows, realDocuments, visibleIssued } from '../issuance/read/issued.ts';
import { documentList, publicView } from '../issuance/read/listing.ts';
import { islrConceptsByCode, isTarifa2Concept } from '../reference/lookup.service.ts';
import { withheldDocumentKey } from './withheld-key.ts';

/** The SQL of the withholdings' own tables (retenciones, retencion_lineas, unidades_tributarias). */

export type WithholdingRow = typeof retenciones.$inferSelect;
export type WithholdingInsert = typeof retenciones.$inferInsert;
export type WithholdingLineInsert = Omit<typeof retencionLineas.$inferInsert, 'retencionId'>;
export type WithholdingLineRow = typeof retencionLineas.$inferSelect;

const rifOf = (c: { tipoDocumento: string; numeroDocumento: string }) =>
  `${c.tipoDocumento}-${c.numeroDocumento}`;

export async function insertWithholding(
  tx: DbOrTx,
  voucher: WithholdingInsert,
  lines: WithholdingLineInsert[],
): Promise<WithholdingRow> {
  const [row] = await tx.insert(retenciones).values(voucher).returning();
  await tx.insert(retencionLineas).values(lines.map((l) => ({ ...l, retencionId: row.id })));
  return row;
}

/** Copies control numbers from the kernel's recordset `v` onto vouchers (see issuance/ledger/ledger.ts). */
export const WITHHOLDING_CONTROL_NUMBERS_UPDATE = sql`update retenciones r set serie = v.serie,
  numero_control = v.numero, nro_control = v.nro, id_control_lote = v.lote from v where r.id = v.id`;

/** Writes automatic voucher numbers onto stored vouchers, in one statement. */
export async function writeVoucherNumbers(tx: DbOrTx, docs: Array<{ id: string; numero: string }>) {
  if (docs.length === 0) return;
  const rows = docs.map((d) => ({ id: d.id, nro: d.numero }));
  await tx.execute(sql`update retenciones r set nro_comprobante = v.nro
    from (${jsonRecordset(rows, 'v', 'id uuid, nro text')}) v where r.id = v.id`);
}

/** The ISLR concepts by code (the catalog keeps them). */
export const conceptsByCode = islrConceptsByCode;

/**
 * The ISLR base already withheld under Tarifa N° 2 from one supplier by the company in a year: the
 * sum of `base_retencion` of the active vouchers' lines whose concept carries the tarifa2 flag
 * and whose document date falls in [from, to]. The agent's fiscal year is taken as the calendar year:
 * companies carry no fiscal-year field, and the Ley de ISLR's annual exercise is the calendar year unless
 * the taxpayer chose otherwise.
 */
export async function tarifa2Accumulated(
  db: DbOrTx,
  localidadId: string,
  rifProveedor: string,
  from: string,
  to: string,
): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${retencionLineas.baseRetencion}), 0)::text` })
    .from(retencionLineas)
    .innerJoin(retenciones, eq(retenciones.id, retencionLineas.retencionId))
    .where(
      and(
        eq(retenciones.localidadId, localidadId),
        eq(retenciones.rifProveedor, rifProveedor),
        eq(retenciones.modelo, 'ISLR'),
        eq(retenciones.status, 'ACTIVO'),
        eq(retenciones.deleted, false),
        // Test vouchers never count as withheld (declarations, accumulations).
        realDocuments(retenciones),
        isTarifa2Concept(retencionLineas.conceptoIslr),
        gte(retencionLineas.fechaDocumento, from),
        lte(retencionLineas.fechaDocumento, to),
      ),
    );
  return row?.total ?? '0';
}

/** A voucher that is not deleted, checked against the caller's tenancy (403 for another company's). */
export async function visibleWithholding(db: DbOrTx, scope: TenantScope, id: string, lock = false) {
  return visibleIssued(db, retenciones, scope, id, 'Retención no encontrada', lock);
}

export async function withholdingsByNumber(db: DbOrTx, localidadId: string, nroComprobante: string) {
  return db
    .select()
    .from(retenciones)
    .where(
      and(
        eq(retenciones.localidadId, localidadId),
        eq(retenciones.nroComprobante, nroComprobante),
        eq(retenciones.deleted, false),
        // By number: real vouchers only (annulment, the integration look-up).
        realDocuments(retenciones),
      ),
    );
}

// --- Lists ----------------------------------------------------------------------------------------------

const SORT = {
  id: retenciones.createdAt,
  fechaEmision: retenciones.fechaEmision,
  nroComprobante: retenciones.nroComprobante,
  NroControlComprobante: retenciones.nroControl,
  rifProveedor: retenciones.rifProveedor,
  identificacion: retenciones.identificacion,
  modeloRetencion: retenciones.modelo,
} as const;

/** getRetencionesIva (spec 002 §2.2, §7): server paging, filters and sort (default id ascending, §9). */
export const listWithholdings = documentList({
  table: retenciones,
  tipoDoc: 'ret',
  columns: getTableColumns(retenciones),
  filters: (q: PageQuery & WithholdingFilters) => {
    const rif = q.rif?.toUpperCase().replace(/[^A-Z0-9]/g, '');
    return [
      rif ? issuedByRif(retenciones.localidadId, rif) : undefined,
      q.nroComprobante ? ilike(retenciones.nroComprobante, likePattern(q.nroComprobante)) : undefined,
      q.rifProveedor ? ilike(retenciones.rifProveedor, likePattern(q.rifProveedor.toUpperCase())) : undefined,
      q.modeloRetencion ? eq(retenciones.modelo, q.modeloRetencion) : undefined,
      q.facturaCompraId ? eq(retenciones.facturaCompraId, q.facturaCompraId) : undefined,
    ];
  },
  searchIn: [
    retenciones.nroComprobante,
    retenciones.nroControl,
    retenciones.rifProveedor,
    retenciones.identificacion,
  ],
  orderBy: (q) => {
    const order = q.sortOrder === 'desc' ? desc : asc;
    return [order(SORT[q.sortBy]), order(retenciones.id)];
  },
  rows: (_db, rows) =>
    rows.map(({ row, render, company }) => listRow(row, company, render?.pdfEstado ?? null)),
});

function listRow(
  r: WithholdingRow,
  company: { nombre: string; tipoDocumento: string; numeroDocumento: string },
  pdfEstado: string | null,
): WithholdingListRow {
  return {
    id: r.id,
    id_localidad: r.localidadId,
    id_sucursal: r.sucursalId,
    rif: rifOf(company),
    razonSocial: company.nombre,
    NroControlComprobante: r.nroControl ?? '',
    nroComprobante: r.nroComprobante ?? '',
    rifProveedor: r.rifProveedor,
    identificacion: r.identificacion,
    fechaEmision: r.fechaEmision.toISOString(),
    fecha: formatDateCaracas(r.fechaEmision),
    periodoFiscalDel: r.periodoDel,
    peridofiscalAl: r.periodoAl,
    periodoFiscalAl: r.periodoAl,
    logEstatusRegistro: r.status,
    estatus: documentStatusLabel(r.status),
    modeloRetencion: r.modelo,
    tipoDocumento: r.tipoDocumento,
    tasaRetencion: r.tasaRetencion,
    correo: r.correo,
    totalRetenido: r.totalRetenido,
    factura_compra_id: r.facturaCompraId,
    pdfEstado: pdfEstado ?? (r.pdf ? 'GENERADA' : null),
  };
}

/**
 * How many active vouchers each purchase invoice has ("a purchase invoice shows the
 * vouchers issued against it"): only vouchers of the purchase's own company count, since a voucher's
 * `facturaCompraId` is the connector's word and is not checked against the company.
 */
export async function activeVouchersOfPurchases(
  db: DbOrTx,
  purchases: ReadonlyArray<{ id: number; localidadId: string }>,
): Promise<Map<number, number>> {
  if (purchases.length === 0) return new Map();
  const rows = await db
    .select({ compra: retenciones.facturaCompraId, localidad: retenciones.localidadId, n: count() })
    .from(retenciones)
    .where(
      and(
        eq(retenciones.deleted, false),
        realDocuments(retenciones),
        eq(retenciones.status, 'ACTIVO'),
        inArray(
          retenciones.facturaCompraId,
          purchases.map((p) => p.id),
        ),
      ),
    )
    .groupBy(retenciones.facturaCompraId, retenciones.localidadId);
  const owner = new Map(purchases.map((p) => [p.id, p.localidadId]));
  const out = new Map<number, number>();
  for (const r of rows)
    if (r.compra !== null && owner.get(r.compra) === r.localidad) out.set(r.compra, Number(r.n));
  return out;
}

// --- One voucher ----------------------------------------------------------------------------------------

/** The voucher with its company, branch and lines, as stored. */
export async function loadWithholding(db: DbOrTx, id: string) {
  const { doc: voucher, ...rest } = await loadIssued(db, retenciones, id, 'Retención no encontrada', {
    lines: readChildRows(db, retencionLineas, retencionLineas.retencionId, id, retencionLineas.posicion),
  });
  return { voucher, ...rest };
}

export async function withholdingDetail(db: DbOrTx, id: string): Promise<WithholdingDetail> {
  const { voucher: r, company, lines } = await loadWithholding(db, id);
  const states = await renderStates(db, 'ret', [id]);
  const islr = r.modelo === 'ISLR';
  return {
    ...listRow(r, company, states.get(id)?.pdfEstado ?? null),
    fechaAsignacionControl: await assignedAtIso(db, 'ret', r.id),
    direccion: r.direccion,
    lstRetenciones: lines.map((l) => ({
      posicion: l.posicion,
      fechaDocumento: l.fechaDocumento,
      nroDocumento: l.nroDocumento,
      nroControlDocumento: l.nroControlDocumento,
      nroNota: l.nroNota,
      nroDocumentoAfectado: l.nroDocumentoAfectado,
      tipoTransaccion: l.tipoTransaccion,
      montoTotalDocumento: l.montoTotalDocumento,
      compraExento: l.compraExento,
      baseImponible: l.baseImponible,
      alicuota: l.alicuota,
      impuestoCausado: l.impuestoCausado,
      impuestoRetenido: l.impuestoRetenido,
      conceptoIslr: l.conceptoIslr,
      concepto: l.concepto,
      porcentaje: l.porcentaje,
      sustraendo: l.sustraendo,
      causadoRetenido: islr ? l.impuestoRetenido : null,
    })),
  };
}

/** The public projection (spec 002 §3 "Verification data read"): never lines, amounts or e-mail. */
export const publicWithholding = publicView<WithholdingPublic, typeof retenciones>({
  table: retenciones,
  key: 'data',
  head: (r) => ({
    id: r.id,
    nroComprobante: r.nroComprobante ?? '',
    NroControlComprobante: r.nroControl,
    rifProveedor: r.rifProveedor,
    identificacion: r.identificacion,
    modeloRetencion: r.modelo,
    fechaEmision: r.fechaEmision.toISOString(),
  }),
});

// --- Declarations -------------------------------------------------------------------------------------

/** A company's ACTIVE vouchers of one model issued in [from, to), with their lines, in voucher order. */
export async function declaredVouchers(
  db: DbOrTx,
  localidadId: string,
  modelo: 'IVA' | 'ISLR',
  from: Date,
  to: Date,
) {
  const rows = await db
    .select({ r: retenciones, l: retencionLineas })
    .from(retenciones)
    .innerJoin(retencionLineas, eq(retencionLineas.retencionId, retenciones.id))
    .where(
      and(
        eq(retenciones.localidadId, localidadId),
        eq(retenciones.modelo, modelo),
        eq(retenciones.status, 'ACTIVO'),
        eq(retenciones.deleted, false),
        // Test vouchers never count as withheld (declarations, accumulations).
        realDocuments(retenciones),
        sql`${retenciones.nroControl} is not null`,
        gte(retenciones.fechaEmision, from),
        lt(retenciones.fechaEmision, to),
      ),
    )
    .orderBy(asc(retenciones.nroComprobante), asc(retencionLineas.posicion));
  const vouchers = new Map<string, { r: WithholdingRow; lines: WithholdingLineRow[] }>();
  for (const { r, l } of rows) {
    const v = vouchers.get(r.id);
    if (v) v.lines.push(l);
    else vouchers.set(r.id, { r, lines: [l] });
  }
  return [...vouchers.values()];
}

/**
 * The supplier documents already withheld by the company's active vouchers (key → voucher number), for
 * the given suppliers: the mass load reports a voucher whose documents are there as already existing
 * (vouchers have no number of the connector's to find duplicates by).
 */
export async function activeWithheldDocuments(
  db: DbOrTx,
  localidadId: string,
  suppliers: string[],
): Promise<Map<string, string>> {
  if (suppliers.length === 0) return new Map();
  const rows = await db
    .select({
      rifProveedor: retenciones.rifProveedor,
      modelo: retenciones.modelo,
      nroComprobante: retenciones.nroComprobante,
      nroDocumento: retencionLineas.nroDocumento,
      nroNota: retencionLineas.nroNota,
      nroControlDocumento: retencionLineas.nroControlDocumento,
      tipoTransaccion: retencionLineas.tipoTransaccion,
    })
    .from(retencionLineas)
    .innerJoin(retenciones, eq(retenciones.id, retencionLineas.retencionId))
    .where(
      and(
        eq(retenciones.localidadId, localidadId),
        inArray(retenciones.rifProveedor, suppliers),
        eq(retenciones.status, 'ACTIVO'),
        eq(retenciones.deleted, false),
        // Test vouchers never count as withheld (declarations, accumulations).
        realDocuments(retenciones),
      ),
    );
  return new Map(rows.map((r) => [withheldDocumentKey(r), r.nroComprobante ?? '']));
}

// --- Declared periods -------------------------------------------------------------------

export type DeclarationRecord = typeof declaracionesRetencion.$inferSelect;
const etiquetaOf = (d: DeclarationRecord) =>
  declarationPeriod(d.periodo, d.quincena === 1 || d.quincena === 2 ? d.quincena : null).etiqueta;

export const declarationRow = (d: DeclarationRecord): DeclarationRow => ({
  id: d.id,
  id_localidad: d.localidadId,
  modelo: d.modelo as 'IVA' | 'ISLR',
  periodo: d.periodo,
  quincena: d.quincena,
  desde: d.desde,
  hasta: d.hasta,
  nombreArchivo: d.nombreArchivo,
  sha256: d.sha256,
  comprobantes: d.comprobantes,
  declaradoPor: d.declaradoPor,
  fechaDeclaracion: d.fechaDeclaracion.toISOString(),
});

export async function declarationById(db: DbOrTx, id: string) {
  const [d] = await db.select().from(declaracionesRetencion).where(eq(declaracionesRetencion.id, id));
  return d ? { ...d, etiqueta: etiquetaOf(d) } : null;
}

/** The declaration of exactly this period, if any. */
export async function declarationOf(
  db: DbOrTx,
  localidadId: string,
  modelo: 'IVA' | 'ISLR',
  desde: string,
  hasta: string,
) {
  const [d] = await db
    .select()
    .from(declaracionesRetencion)
    .where(
      and(
        eq(declaracionesRetencion.localidadId, localidadId),
        eq(declaracionesRetencion.modelo, modelo),
        eq(declaracionesRetencion.desde, desde),
        eq(declaracionesRetencion.hasta, hasta),
      ),
    )
    .limit(1);
  return d ?? null;
}

/** A declaration of the model sharing a day with the period (a month and its fortnights overlap). */
export async function overlappingDeclaration(
  db: DbOrTx,
  localidadId: string,
  modelo: 'IVA' | 'ISLR',
  period: { desde: string; hasta: string },
) {
  const [d] = await db
    .select()
    .from(declaracionesRetencion)
    .where(
      and(
        eq(declaracionesRetencion.localidadId, localidadId),
        eq(declaracionesRetencion.modelo, modelo),
        lte(declaracionesRetencion.desde, period.hasta),
        gte(declaracionesRetencion.hasta, period.desde),
      ),
    )
    .limit(1);
  return d ? { ...d, etiqueta: etiquetaOf(d) } : null;
}

export async function declarationsOf(db: DbOrTx, localidadId: string, modelo?: 'IVA' | 'ISLR') {
  return db
    .select()
    .from(declaracionesRetencion)
    .where(
      and(
        eq(declaracionesRetencion.localidadId, localidadId),
        modelo ? eq(declaracionesRetencion.modelo, modelo) : undefined,
      ),
    )
    .orderBy(desc(declaracionesRetencion.desde), desc(declaracionesRetencion.fechaDeclaracion))
    .limit(500);
}

/** Serialises declarations of one company (the overlap check and the insert run under it). */
export async function lockCompanyDeclarations(tx: DbOrTx, localidadId: string) {
  await lockCompany(tx, localidadId);
}

export async function insertDeclaration(tx: DbOrTx, values: typeof declaracionesRetencion.$inferInsert) {
  const [row] = await tx.insert(declaracionesRetencion).values(values).returning();
  return row;
}

/** Points the declared vouchers to their declaration, which freezes them. */
export async function markDeclared(tx: DbOrTx, declaracionId: string, voucherIds: string[]) {
  if (voucherIds.length === 0) return;
  await tx
    .update(retenciones)
    .set({ declaracionId })
    .where(and(inArray(retenciones.id, voucherIds), isNull(retenciones.declaracionId)));
}
