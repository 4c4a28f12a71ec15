import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ordenes } from '../../db/schema.ts';
import { activeInvoiceOfOrder } from '../invoices/orders.service.ts';
import { DocumentRejected } from '../issuance/family.ts';

/**
 * 'Facturar': an invoice may name the order it comes from (`idOrden`). The order must be of
 * the invoice's company, active, and not invoiced yet. Checked at intake and again when the invoice is
 * stored, under a lock on the order (two invoices racing for one order: the second is refused; the
 * unique index facturas_orden_uq is the last guard).
 */
export async function checkOrderToInvoice(
  db: DbOrTx,
  ordenId: string,
  localidadId: string,
  lock = false,
): Promise<void> {
  const query = db
    .select({ id: ordenes.id, nro: ordenes.nroOrden, loc: ordenes.localidadId, status: ordenes.status })
    .from(ordenes)
    .where(and(eq(ordenes.id, ordenId), eq(ordenes.deleted, false)))
    .limit(1);
  const [order] = lock ? await query.for('update') : await query;
  if (!order || order.loc !== localidadId)
    throw new DocumentRejected('La Orden/Guia indicada en idOrden no existe en la razón social');
  if (order.status !== 'ACTIVO') throw new DocumentRejected(`La Orden/Guia ${order.nro} está anulada`);
  // An annulled invoice frees its order: it can be invoiced again.
  const invoiced = await activeInvoiceOfOrder(db, ordenId);
  if (invoiced) throw new DocumentRejected(`La Orden/Guia ${order.nro} ya fue facturada`);
}
