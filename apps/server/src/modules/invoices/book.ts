// The invoices as the sales book reads them (reports/sales-book): the kernel's book reader
// (issuance/read/book-reader.ts) over the invoice's own columns.
import { documentLabel } from '@sigece/fiscal';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { facturaGravamenes, facturas } from '../../db/schema.ts';
import { type TenantScope, tenantCondition } from '../../http/tenancy.ts';
import { type BookDocument, bookReader } from '../issuance/read/book-reader.ts';
import { realDocuments } from '../issuance/read/issued.ts';

export interface BookInvoice extends BookDocument {
  label: string;
  totalIgtf: string;
  tipoVenta: string;
  terceros: { rifPrestador: string; nombrePrestador: string } | null;
}

/** Up to `limit` numbered invoices of the filter and scope after `cursor`, in control-number order. */
export const invoicesForBook = bookReader({
  table: facturas,
  taxes: {
    table: facturaGravamenes,
    documentId: facturaGravamenes.facturaId,
    alicuota: facturaGravamenes.alicuota,
    base: facturaGravamenes.baseImponible,
    monto: facturaGravamenes.montoAlicuota,
  },
  columns: {
    serieFactura: facturas.serieFactura,
    nroFactura: facturas.nroFactura,
    // Charges collected for third parties (an air ticket's airport fees, invoices/models.ts) are payable on
    // the invoice but are no sale of the company: outside the base, and outside the book's total too, so
    // that a line's total is its exempt, exonerated, bases and taxes.
    importeTotal: sql<string>`(${facturas.importeTotal} - ${facturas.totalCargos})::text`,
    totalIgtf: facturas.totalIgtf,
    tipoVenta: facturas.tipoVenta,
    cuentaTerceros: facturas.cuentaTerceros,
  },
  row: (doc, own): BookInvoice => ({
    ...doc,
    label: documentLabel(own.serieFactura, own.nroFactura),
    totalIgtf: own.totalIgtf,
    tipoVenta: own.tipoVenta,
    terceros: own.cuentaTerceros,
  }),
});

/** Monthly totals (in bolívares, at each invoice's rate) of the active invoices of a scope: the operations chart. */
export async function monthlyInvoiceTotals(
  db: DbOrTx,
  scope: TenantScope,
  filter: { localidadId?: string; desde: Date; hasta: Date },
): Promise<Array<{ mes: string; total: string; documentos: number }>> {
  const rows = await db
    .select({
      mes: sql<string>`to_char(${facturas.fechaEmision} at time zone 'America/Caracas', 'YYYY-MM')`,
      total: sql<string>`coalesce(sum(round(${facturas.importeTotal} * case when ${facturas.moneda} in ('VEF', 'VES') then 1 else coalesce(${facturas.tasaCambio}, 1) end, 2)), 0)::text`,
      documentos: sql<number>`count(*)::int`,
    })
    .from(facturas)
    .where(
      and(
        filter.localidadId ? eq(facturas.localidadId, filter.localidadId) : undefined,
        tenantCondition(scope, { localidad: facturas.localidadId, sucursal: facturas.sucursalId }),
        eq(facturas.deleted, false),
        realDocuments(facturas),
        eq(facturas.status, 'ACTIVO'),
        gte(facturas.fechaEmision, filter.desde),
        lt(facturas.fechaEmision, filter.hasta),
      ),
    )
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({ mes: r.mes, total: r.total, documentos: Number(r.documentos) }));
}
