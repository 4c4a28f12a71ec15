// The purchase invoices as the reports read them: monthly totals for the operations chart
// (reports/charts) and the purchase book's pages (reports/purchase-book). Purchases are recorded in
// bolívares.
import { formatRif } from '@sigece/fiscal';
import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { PurchaseLineRow } from '../../db/schema/purchases.ts';
import { facturasCompra } from '../../db/schema.ts';
import { type TenantScope, tenantCondition } from '../../http/tenancy.ts';

/** Monthly totals of the active purchase invoices of a scope, by invoice date, between two days (yyyy-MM-dd, end excluded). */
export async function monthlyPurchaseTotals(
  db: DbOrTx,
  scope: TenantScope,
  filter: { localidadId?: string; desde: string; hasta: string },
): Promise<Array<{ mes: string; total: string; documentos: number }>> {
  const rows = await db
    .select({
      mes: sql<string>`to_char(${facturasCompra.fechaFactura}, 'YYYY-MM')`,
      total: sql<string>`coalesce(sum(${facturasCompra.importeTotal}), 0)::text`,
      documentos: sql<number>`count(*)::int`,
    })
    .from(facturasCompra)
    .where(
      and(
        filter.localidadId ? eq(facturasCompra.localidadId, filter.localidadId) : undefined,
        tenantCondition(scope, {
          localidad: facturasCompra.localidadId,
          sucursal: facturasCompra.sucursalId,
        }),
        eq(facturasCompra.status, 'ACTIVO'),
        gte(facturasCompra.fechaFactura, filter.desde),
        lt(facturasCompra.fechaFactura, filter.hasta),
      ),
    )
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({ mes: r.mes, total: r.total, documentos: Number(r.documentos) }));
}

/** One purchase record as the purchase book reads it. */
export interface BookPurchase {
  id: number;
  fechaFactura: string;
  rif: string;
  nombre: string;
  nroFactura: string;
  nroControl: string;
  tipoCompra: string;
  totalExento: string;
  importeTotal: string;
  gravamenes: Array<{ alicuota: string; baseImponible: string; montoAlicuota: string }>;
  /** The lines' IVA treatment and amounts: the book's exempt/exonerated/not subject/without-credit split. */
  lineas: Array<Pick<PurchaseLineRow, 'exento' | 'alicuota' | 'importe' | 'tratamientoIva'>>;
}

/** Where a page of the purchase book ends: the next starts after this date and id. */
export interface PurchaseBookCursor {
  fechaFactura: string;
  id: number;
}

/**
 * Up to `limit` active purchase records of a company (optionally a branch) dated in [fechaInicio,
 * fechaFin], within the scope, after `cursor`, in chronological order (invoice date, then id). Inactivated
 * records are withdrawn, not annulled documents, and are left out.
 */
export async function purchasesForBook(
  db: DbOrTx,
  scope: TenantScope,
  filter: { localidadId: string; sucursalId?: string; fechaInicio: string; fechaFin: string },
  cursor: PurchaseBookCursor | null,
  limit: number,
): Promise<BookPurchase[]> {
  const rows = await db
    .select({
      id: facturasCompra.id,
      fechaFactura: facturasCompra.fechaFactura,
      proveedor: facturasCompra.proveedor,
      nroFactura: facturasCompra.nroFactura,
      nroControl: facturasCompra.nroControl,
      tipoCompra: facturasCompra.tipoCompra,
      totalExento: facturasCompra.totalExento,
      importeTotal: facturasCompra.importeTotal,
      gravamenes: facturasCompra.gravamenes,
      lineas: facturasCompra.lineas,
    })
    .from(facturasCompra)
    .where(
      and(
        eq(facturasCompra.localidadId, filter.localidadId),
        filter.sucursalId ? eq(facturasCompra.sucursalId, filter.sucursalId) : undefined,
        tenantCondition(scope, {
          localidad: facturasCompra.localidadId,
          sucursal: facturasCompra.sucursalId,
        }),
        eq(facturasCompra.status, 'ACTIVO'),
        gte(facturasCompra.fechaFactura, filter.fechaInicio),
        lte(facturasCompra.fechaFactura, filter.fechaFin),
        cursor
          ? sql`(${facturasCompra.fechaFactura}, ${facturasCompra.id}) > (${cursor.fechaFactura}::date, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(asc(facturasCompra.fechaFactura), asc(facturasCompra.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    fechaFactura: r.fechaFactura,
    rif: formatRif(r.proveedor.tipoDocumento, r.proveedor.numeroDocumento),
    nombre: r.proveedor.identificacion,
    nroFactura: r.nroFactura,
    nroControl: r.nroControl,
    tipoCompra: r.tipoCompra,
    totalExento: r.totalExento,
    importeTotal: r.importeTotal,
    gravamenes: r.gravamenes,
    lineas: r.lineas.map((l) => ({
      exento: l.exento,
      alicuota: l.alicuota,
      importe: l.importe,
      tratamientoIva: l.tratamientoIva,
    })),
  }));
}
