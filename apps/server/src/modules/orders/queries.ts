import {
  documentLabel,
  documentStatusLabel,
  formatDateCaracas,
  formatRif,
  type OrderDetail,
  type OrderFilters,
  type OrderKind,
  type OrderListRow,
  type OrderPublic,
  orderKindLabel,
  type PageQuery,
} from '@sigece/fiscal';
import { and, asc, desc, eq, getTableColumns, ilike, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jsonRecordset } from '../../db/json-recordset.ts';
import { ordenes, ordenGravamenes, ordenLineas } from '../../db/schema.ts';
import { checksumBase64 } from '../../documents/checksum.ts';
import { likePattern } from '../../http/paging.ts';
import type { TenantScope } from '../../http/tenancy.ts';
import {
  type BranchName,
  type CompanyName,
  companyNameOf,
  issuedByBranchCode,
  issuedByRif,
} from '../companies/service.ts';
import { activeInvoicesOfOrders } from '../invoices/orders.service.ts';
import { assignedAtIso, renderStates } from '../issuance/ledger/ledger.ts';
import {
  clientSearchFields,
  loadIssued,
  readChildRows,
  realDocuments,
  visibleIssued,
} from '../issuance/read/issued.ts';
import { documentList, publicView } from '../issuance/read/listing.ts';

/** The SQL of the orders' own tables (ordenes, orden_lineas, orden_gravamenes). */

export type OrderRow = typeof ordenes.$inferSelect;
export type OrderInsert = typeof ordenes.$inferInsert;
export type OrderLineInsert = Omit<typeof ordenLineas.$inferInsert, 'ordenId'>;
export type OrderTaxInsert = Omit<typeof ordenGravamenes.$inferInsert, 'ordenId'>;

type ClientJson = { tipoDocumento: string; numeroDocumento: string; identificacion: string };
const clientLabel = (c: Record<string, unknown>) => {
  const x = c as ClientJson;
  return `${formatRif(x.tipoDocumento, x.numeroDocumento)} / ${x.identificacion}`;
};

export async function insertOrder(
  tx: DbOrTx,
  order: OrderInsert,
  lines: OrderLineInsert[],
  taxes: OrderTaxInsert[],
): Promise<OrderRow> {
  const [row] = await tx.insert(ordenes).values(order).returning();
  await tx.insert(ordenLineas).values(lines.map((l) => ({ ...l, ordenId: row.id })));
  if (taxes.length > 0)
    await tx.insert(ordenGravamenes).values(taxes.map((t) => ({ ...t, ordenId: row.id })));
  return row;
}

export const orderKey = (localidadId: string, modelo: string, nroOrden: string) =>
  `${localidadId}|${modelo}|${nroOrden}`;

/**
 * Which `company|kind|nroOrden` keys are already held by an order that is not deleted: one query. A test
 * key's order is a duplicate of test orders only (`sandbox`).
 */
export async function existingOrderKeys(
  tx: DbOrTx,
  keys: Array<{ localidadId: string; modelo: string; nroOrden: string; sandbox?: boolean }>,
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = keys.map((k) => ({
    loc: k.localidadId,
    modelo: k.modelo,
    nro: k.nroOrden,
    sb: k.sandbox === true,
  }));
  const found = (await tx.execute(sql`
    select o.id_localidad::text as loc, o.modelo_orden as modelo, o.nro_orden as nro from ordenes o
    join (${jsonRecordset(rows, 'k', 'loc uuid, modelo text, nro text, sb boolean')}) k
      on o.id_localidad = k.loc and o.sandbox = k.sb and o.modelo_orden = k.modelo and o.nro_orden = k.nro
    where not o.log_deleted_registro`)) as unknown as {
    rows: Array<{ loc: string; modelo: string; nro: string }>;
  };
  return new Set(found.rows.map((r) => orderKey(r.loc, r.modelo, r.nro)));
}

/** Copies control numbers from the kernel's recordset `v` onto orders (see issuance/ledger/ledger.ts). */
export const ORDER_CONTROL_NUMBERS_UPDATE = sql`update ordenes o set serie = v.serie, numero_control = v.numero,
  nro_control = v.nro, id_control_lote = v.lote from v where o.id = v.id`;

/** An order that is not deleted, checked against the caller's tenancy (403 for another company's). */
export async function visibleOrder(db: DbOrTx, scope: TenantScope, id: string, lock = false) {
  return visibleIssued(db, ordenes, scope, id, 'Orden/Guia no encontrada', lock);
}

/** A company's orders (not deleted) by number, of one kind when given. */
/** The order an invoice names, for the invoices' 'Facturar' rule (`invoices/order-invoicing.ts`). */
export async function orderForInvoicing(db: DbOrTx, ordenId: string, lock: boolean) {
  const query = db
    .select({ nro: ordenes.nroOrden, localidadId: ordenes.localidadId, status: ordenes.status })
    .from(ordenes)
    .where(and(eq(ordenes.id, ordenId), eq(ordenes.deleted, false)))
    .limit(1);
  const [order] = lock ? await query.for('update') : await query;
  return order;
}

export async function ordersByNumber(db: DbOrTx, localidadId: string, nroOrden: string, modelo?: string) {
  return db
    .select()
    .from(ordenes)
    .where(
      and(
        eq(ordenes.localidadId, localidadId),
        eq(ordenes.nroOrden, nroOrden),
        eq(ordenes.deleted, false),
        // By number: real orders only (annulment, the integration look-up).
        realDocuments(ordenes),
        modelo ? eq(ordenes.modelo, modelo) : undefined,
      ),
    );
}

/** The active invoice issued from each order, if any (an annulled one frees the order). */
async function invoicesOf(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, { id: string; label: string }>();
  const rows = await activeInvoicesOfOrders(db, ids);
  return new Map(rows.map((r) => [r.orden!, { id: r.id, label: documentLabel(r.serie, r.nro) }]));
}

// --- The list --------------------------------------------------------------------------------------

const SORTS: Record<OrderFilters['sort'], SQL> = {
  id: sql`${ordenes.secuencia}`,
  nroOrden: sql`${ordenes.nroOrden}`,
  nroControl: sql`${ordenes.nroControl}`,
  fechaEmision: sql`${ordenes.fechaEmision}`,
  modeloOrden: sql`${ordenes.modelo}`,
  razonSocial: companyNameOf(ordenes.localidadId),
  cliente: sql`${ordenes.cliente}->>'identificacion'`,
  // Orders without amounts have none: they go last going up, first going down (PostgreSQL's nulls order).
  importeTotal: sql`${ordenes.importeTotal}`,
};

/**
 * The orders list (spec 001 §2.4, §7.3 queryordenes): paged on the server (page from 1), sorted by id
 * ascending unless told, filtered by rif, dates, branch code, company and number, with a search box.
 */
export const listOrders = documentList({
  table: ordenes,
  tipoDoc: 'orden',
  columns: getTableColumns(ordenes),
  filters: (query: PageQuery & OrderFilters) => {
    const rif = query.rif?.toUpperCase().replace('-', '');
    return [
      rif ? issuedByRif(ordenes.localidadId, rif) : undefined,
      query.codigoSucursal ? issuedByBranchCode(ordenes.sucursalId, query.codigoSucursal) : undefined,
      query.nroOrden ? ilike(ordenes.nroOrden, likePattern(query.nroOrden)) : undefined,
    ];
  },
  searchIn: [ordenes.nroOrden, ordenes.nroControl, ordenes.motivo, ...clientSearchFields(ordenes.cliente)],
  orderBy: (query) => {
    const sort = SORTS[query.sort];
    return [query.order === 'desc' ? desc(sort) : asc(sort), asc(ordenes.secuencia)];
  },
  rows: async (db, rows) => {
    const invoices = await invoicesOf(
      db,
      rows.map((r) => r.row.id),
    );
    return rows.map(({ row, render, company, branch }) =>
      listRow(row, company, branch, render?.pdfEstado, invoices.get(row.id)),
    );
  },
});

function listRow(
  o: OrderRow,
  company: Pick<CompanyName, 'nombre' | 'tipoDocumento' | 'numeroDocumento'>,
  branch: BranchName | null,
  pdfEstado: OrderListRow['pdfEstado'] | undefined,
  invoice: { id: string; label: string } | undefined,
): OrderListRow {
  return {
    id: o.id,
    secuencia: o.secuencia,
    id_localidad: o.localidadId,
    id_sucursal: o.sucursalId,
    rif: formatRif(company.tipoDocumento, company.numeroDocumento),
    codigoSucursal: branch?.codigoSucursal ?? null,
    nroOrden: o.nroOrden,
    nroControl: o.nroControl,
    serie: o.serie,
    modeloOrden: o.modelo as OrderKind,
    tipo: orderKindLabel(o.modelo),
    fechaEmision: o.fechaEmision.toISOString(),
    fecha: formatDateCaracas(o.fechaEmision),
    cliente: clientLabel(o.cliente),
    razonSocial: company.nombre,
    sucursal: branch?.nombre ?? null,
    facturaGenerada: invoice ? 'true' : 'false',
    id_factura: invoice?.id ?? null,
    nroFactura: invoice?.label ?? null,
    IncluirMontos: o.incluirMontos,
    facturaDivisa: o.moneda,
    importeTotal: o.importeTotal,
    motivo: o.motivo,
    direccionEntrega: o.direccionEntrega,
    observacion: o.observacion,
    pdfEstado: pdfEstado ?? (o.pdf ? 'GENERADA' : 'PENDIENTE'),
    logEstatusRegistro: o.status,
    logDeletedRegistro: o.deleted,
    estatus: documentStatusLabel(o.status),
  };
}

// --- One order ------------------------------------------------------------------------------------

/** The order with its company, branch, lines and taxes, as stored. */
export async function loadOrder(db: DbOrTx, id: string) {
  const { doc: order, ...rest } = await loadIssued(db, ordenes, id, 'Orden/Guia no encontrada', {
    lines: readChildRows(db, ordenLineas, ordenLineas.ordenId, id, ordenLineas.posicion),
    taxes: readChildRows(db, ordenGravamenes, ordenGravamenes.ordenId, id, ordenGravamenes.alicuota),
  });
  return { order, ...rest };
}

/** The whole order as 'Facturar' and the detail read it, without the PDF bytes. */
export async function orderDetail(db: DbOrTx, id: string): Promise<OrderDetail> {
  const { order: o, company, branch, lines, taxes } = await loadOrder(db, id);
  const [states, invoices] = await Promise.all([renderStates(db, 'orden', [id]), invoicesOf(db, [id])]);
  return {
    ...listRow(o, company, branch, states.get(id)?.pdfEstado, invoices.get(id)),
    fechaAsignacionControl: await assignedAtIso(db, 'orden', o.id),
    tasaCambio: o.tasaCambio,
    subTotal: o.subTotal,
    totalExento: o.totalExento,
    totalExonerado: o.totalExonerado,
    montoDescuento: o.montoDescuento,
    totalIva: o.totalIva,
    clienteDetalle: o.cliente,
    lstDetallesFacturaGeneral: lines.map((l) => ({
      codigoProducto: l.codigoProducto,
      descripcion: l.descripcion,
      unidadMedida: l.unidadMedida,
      cantidad: l.cantidad,
      precio: l.precio,
      descuento: l.descuento,
      montoDescuento: l.montoDescuento,
      importe: l.importe,
      alicuotaGravamen: l.alicuota,
      montoGravamen: l.montoGravamen,
      exento: l.exento,
      exonerado: l.exonerado,
    })),
    lstGravamenes: taxes.map((t) => ({
      alicuota: t.alicuota,
      baseImponible: t.baseImponible,
      montoAlicuota: t.montoAlicuota,
    })),
    checkedSumBase64: checksumBase64(o.pdfSha256),
    origen: o.origen,
    logUsername: o.createdBy,
  };
}

/** The public projection (spec 002 §7 "Public verification"): never lines, amounts or e-mail addresses. */
export const publicOrder = publicView<OrderPublic, typeof ordenes>({
  table: ordenes,
  key: 'orden',
  head: (o) => ({
    id: o.id,
    modeloOrden: o.modelo,
    tipo: orderKindLabel(o.modelo),
    nroOrden: o.nroOrden,
    nroControl: o.pdf ? o.nroControl : null,
    fechaEmision: o.fechaEmision.toISOString(),
  }),
  generated: 'ordenGenerada',
  client: true,
});
