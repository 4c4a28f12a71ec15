/**
 * What the orders context may ask of the invoices without reading their table: which active invoice an
 * order was invoiced by ('Facturar'). An annulled invoice frees its order, so only active
 * invoices count here.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { facturas } from '../../db/schema.ts';

/** The active invoice issued from this order, if any. */
export async function activeInvoiceOfOrder(db: DbOrTx, ordenId: string): Promise<{ id: string } | undefined> {
  const [invoiced] = await db
    .select({ id: facturas.id })
    .from(facturas)
    .where(and(eq(facturas.ordenId, ordenId), eq(facturas.status, 'ACTIVO')))
    .limit(1);
  return invoiced;
}

/** The active invoices issued from these orders (one per order at most: facturas_orden_uq). */
export async function activeInvoicesOfOrders(db: DbOrTx, ordenIds: string[]) {
  if (ordenIds.length === 0) return [];
  return db
    .select({
      id: facturas.id,
      orden: facturas.ordenId,
      serie: facturas.serieFactura,
      nro: facturas.nroFactura,
    })
    .from(facturas)
    .where(and(inArray(facturas.ordenId, ordenIds), eq(facturas.status, 'ACTIVO')));
}
