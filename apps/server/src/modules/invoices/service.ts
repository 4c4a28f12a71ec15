import {
  documentStatusLabel,
  formatDateCaracas,
  formatRif,
  type InvoicePublicAnswer,
  type PageQuery,
  shownControlNumber,
} from '@sigece/fiscal';
import { desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { facturaGravamenes, facturaLineas, facturaPagos, facturas } from '../../db/schema.ts';
import { checksumBase64 } from '../../documents/checksum.ts';
import { badRequest } from '../../http/errors.ts';
import { likePattern } from '../../http/paging.ts';
import type { TenantScope } from '../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { annulDocument } from '../issuance/annulment/annul.ts';
import { annulledPdf } from '../issuance/annulment/annulment-record.ts';
import { assignedAtIso, type RenderState } from '../issuance/ledger/ledger.ts';
import { clientSearchFields, loadIssued, readChildRows, visibleIssued } from '../issuance/read/issued.ts';
import { documentList, publicView } from '../issuance/read/listing.ts';
import { invoiceAnnulment, invoiceLabel } from './annul-by-number.ts';
import { collectedSql, creditView } from './collections.ts';
import { invoiceModelDetail, lineModelData } from './models.ts';

export interface InvoiceFilters {
  id_localidad?: string;
  id_sucursal?: string;
  nroFactura?: string;
  fechaInicio?: string;
  fechaFin?: string;
  identificacion?: string;
  tipoDocumento?: string;
  numeroDocumento?: string;
  /** The model's list (/facturacion/aereas, /facturacion/licores): one model or several. */
  modeloFactura?: string | string[];
}

const listColumns = {
  id: facturas.id,
  localidadId: facturas.localidadId,
  sucursalId: facturas.sucursalId,
  serieFactura: facturas.serieFactura,
  nroFactura: facturas.nroFactura,
  serie: facturas.serie,
  nroControl: facturas.nroControl,
  fechaEmision: facturas.fechaEmision,
  cliente: facturas.cliente,
  moneda: facturas.moneda,
  importeTotal: facturas.importeTotal,
  status: facturas.status,
  generada: sql<boolean>`${facturas.pdf} is not null`,
  condicionPago: facturas.condicionPago,
  fechaVencimiento: facturas.fechaVencimiento,
  cobrado: collectedSql,
};

type ListRow = {
  id: string;
  localidadId: string;
  sucursalId: string | null;
  serieFactura: string;
  nroFactura: string;
  serie: string | null;
  nroControl: string | null;
  fechaEmision: Date;
  cliente: Record<string, unknown>;
  moneda: string;
  importeTotal: string;
  status: string;
  generada: boolean;
  condicionPago: string;
  fechaVencimiento: string | null;
  cobrado: string;
  localidad: string;
  sucursal: string | null;
};

function invoiceListView(r: ListRow, render?: RenderState) {
  const c = r.cliente as { tipoDocumento: string; numeroDocumento: string; identificacion: string };
  return {
    id: r.id,
    id_localidad: r.localidadId,
    id_sucursal: r.sucursalId,
    serieNrofactura: r.serieFactura,
    nroFactura: r.nroFactura,
    serie: r.serie,
    /** The control number, or 'No generada' until the signed PDF exists (spec 001 §2.2). */
    nroControl: shownControlNumber(r.nroControl, r.generada),
    nroControlAsignado: r.nroControl,
    localidad: r.localidad,
    sucursal: r.sucursal,
    facturaGenerada: r.generada ? 'true' : 'false',
    /** PENDIENTE, GENERADA or FALLIDA (after the render job's retries; an administrator may retry). */
    pdfEstado: render?.pdfEstado ?? (r.generada ? 'GENERADA' : 'PENDIENTE'),
    pdfError: render?.pdfError ?? null,
    fechaEmision: r.fechaEmision.toISOString(),
    fecha: formatDateCaracas(r.fechaEmision),
    cliente: `${formatRif(c.tipoDocumento, c.numeroDocumento)} / ${c.identificacion}`,
    facturaDivisa: r.moneda,
    importeTotal: r.importeTotal,
    logEstatusRegistro: r.status,
    estatus: documentStatusLabel(r.status),
    ...creditView(r),
  };
}

export const listInvoices = documentList({
  table: facturas,
  tipoDoc: 'fact',
  columns: listColumns,
  filters: (query: PageQuery & InvoiceFilters) => [
    query.nroFactura ? ilike(facturas.nroFactura, likePattern(query.nroFactura)) : undefined,
    query.modeloFactura ? inArray(facturas.modelo, [query.modeloFactura].flat()) : undefined,
    query.identificacion
      ? ilike(sql`${facturas.cliente}->>'identificacion'`, likePattern(query.identificacion))
      : undefined,
    query.tipoDocumento ? sql`${facturas.cliente}->>'tipoDocumento' = ${query.tipoDocumento}` : undefined,
    query.numeroDocumento
      ? sql`${facturas.cliente}->>'numeroDocumento' like ${`${query.numeroDocumento}%`}`
      : undefined,
  ],
  searchIn: [facturas.nroFactura, facturas.nroControl, ...clientSearchFields(facturas.cliente)],
  orderBy: () => [desc(facturas.fechaEmision), desc(facturas.numeroControl)],
  rows: (_db, rows) =>
    rows.map(({ row, render, company, branch }) =>
      invoiceListView({ ...row, localidad: company.nombre, sucursal: branch?.nombre ?? null }, render),
    ),
});

export async function visibleInvoice(db: DbOrTx, scope: TenantScope, id: string) {
  return visibleIssued(db, facturas, scope, id, 'Factura no encontrada');
}

/** The whole invoice as the detail dialog and the JSON download show it, without the PDF bytes. */
export async function invoiceDetail(db: Db, id: string) {
  const {
    doc: f,
    company,
    branch,
    lines,
    payments,
    taxes,
  } = await loadIssued(db, facturas, id, 'Factura no encontrada', {
    lines: readChildRows(db, facturaLineas, facturaLineas.facturaId, id, facturaLineas.posicion),
    payments: readChildRows(db, facturaPagos, facturaPagos.facturaId, id, facturaPagos.id),
    taxes: readChildRows(db, facturaGravamenes, facturaGravamenes.facturaId, id, facturaGravamenes.alicuota),
  });
  const row = { localidad: company, sucursal: branch };
  return {
    id: f.id,
    rif: formatRif(row.localidad.tipoDocumento, row.localidad.numeroDocumento),
    id_localidad: f.localidadId,
    id_sucursal: f.sucursalId,
    localidaddetalle: {
      nombre: row.localidad.nombre,
      rif: formatRif(row.localidad.tipoDocumento, row.localidad.numeroDocumento),
      direccion: row.localidad.direccion,
    },
    sucursaldetalle: row.sucursal
      ? {
          nombre: row.sucursal.nombre,
          codigoSucursal: row.sucursal.codigoSucursal,
          direccion: row.sucursal.direccion,
        }
      : null,
    codigoSucursal: row.sucursal?.codigoSucursal ?? null,
    serieNrofactura: f.serieFactura,
    nroFactura: f.nroFactura,
    serie: f.serie,
    nroControl: f.nroControl,
    fechaEmision: f.fechaEmision.toISOString(),
    fechaAsignacionControl: await assignedAtIso(db, 'fact', f.id),
    facturaDivisa: f.moneda,
    cambioDivisa: f.tasaCambio,
    tipoCambioDiaUsd: f.tasaUsd,
    condicionPago: f.condicionPago,
    tipoVenta: f.tipoVenta,
    modeloFactura: f.modelo,
    diasCredito: f.diasCredito,
    fechaVencimiento: f.fechaVencimiento,
    estatusCredito: f.estatusCredito,
    motivoAnulacion: f.motivoAnulacion,
    subTotal: f.subTotal,
    totalExento: f.totalExento,
    totalExonerado: f.totalExonerado,
    montoDescuento: f.montoDescuento,
    totalDescuento: f.montoDescuento,
    totalIva: f.totalIva,
    importeTotal: f.importeTotal,
    totalIgtf: f.totalIgtf,
    tipoColetilla: f.tipoColetilla,
    coletillaIGTF: f.coletillaIgtf,
    observacion: f.observacion,
    observacionInfo: f.observacionInfo,
    ordenCompra: f.ordenCompra,
    servicio: f.servicio,
    cuentaTerceros: f.cuentaTerceros !== null,
    ...(f.cuentaTerceros ?? {}),
    cliente: f.cliente,
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
      nrolote: l.nroLote,
      fechaVenciProducto: l.fechaVenciProducto,
      ...(l.extras ?? {}),
      ...lineModelData(f.datosModelo, l.posicion),
    })),
    lstPagos: payments.map((p) => ({
      modoPago: p.modoPago,
      nro: p.nro,
      monto: p.monto,
      fechaComprobantePago: p.fecha,
      banco: p.banco,
      divisa: p.divisa,
      tasaDiaDivisa: p.tasaDiaDivisa,
      diasCredito: p.diasCredito,
      igtf: p.igtf,
      igtfValor: p.igtfValor,
    })),
    lstGravamenes: taxes.map((t) => ({
      alicuota: t.alicuota,
      baseImponible: t.baseImponible,
      montoAlicuota: t.montoAlicuota,
    })),
    extras: f.extras,
    ...invoiceModelDetail(f),
    origen: f.origen,
    facturaGenerada: f.pdf ? 'true' : 'false',
    checkedSumBase64: checksumBase64(f.pdfSha256),
    logEstatusRegistro: f.status,
    logUsername: f.createdBy,
  };
}

/** ACTIVO → INACTIVO ('Anulada') with the user's reason (the kernel's annulment, `annul-by-number.ts`). */
export async function annulInvoice(
  db: Db,
  scope: TenantScope,
  id: string,
  audit: AuditContext,
  motivoAnulacion?: string,
) {
  const before = await annulDocument(db, invoiceAnnulment, scope, id, audit, motivoAnulacion);
  return {
    message: `Anulada Factura N°: ${invoiceLabel(before)}`,
    result: { id, logEstatusRegistro: 'INACTIVO', nroFactura: invoiceLabel(before) },
  };
}

/**
 * Removes an invoice from the lists. Fiscal records are kept (the row, its number and its PDF stay),
 * and only an annulled invoice can be removed: an active one, generated or not, is annulled first.
 */
export async function deleteInvoice(db: Db, scope: TenantScope, id: string, audit: AuditContext) {
  return db.transaction(async (tx) => {
    const before = await visibleInvoice(tx, scope, id);
    // Its control number is used either way: only an annulled invoice leaves the lists.
    if (before.status === 'ACTIVO') throw badRequest('Anule la factura antes de eliminarla');
    await tx.update(facturas).set({ deleted: true, updatedAt: new Date() }).where(eq(facturas.id, id));
    await recordAudit(tx, audit, {
      entity: 'factura',
      entityId: id,
      action: 'delete',
      before: { logDeletedRegistro: false },
      after: { logDeletedRegistro: true },
    });
    return {
      message: `Eliminada Factura N°: ${invoiceLabel(before)}`,
      result: { id, nroFactura: invoiceLabel(before) },
    };
  });
}

export async function invoicePdf(db: Db, scope: TenantScope, id: string) {
  const row = await visibleInvoice(db, scope, id);
  if (!row.pdf) throw badRequest('La factura aún no está generada');
  // Once annulled, the PDF marked 'ANULADA' (when rendered); the original's bytes stay stored.
  const pdf = (await annulledPdf(db, 'fact', id)) ?? row.pdf;
  return { pdf, nombre: `Factura_${invoiceLabel(row)}.pdf` };
}

/** The public projection (spec 002 §7 "Public verification"): never lines, amounts or e-mail addresses. */
export const publicInvoice = publicView<InvoicePublicAnswer, typeof facturas>({
  table: facturas,
  key: 'factura',
  head: (f) => ({
    id: f.id,
    nroFactura: invoiceLabel(f),
    serie: f.serie,
    nroControl: f.pdf ? f.nroControl : null,
    fechaEmision: f.fechaEmision.toISOString(),
  }),
  generated: 'facturaGenerada',
  client: true,
});
