import type { DbOrTx } from '../../db/client.ts';
import { DocumentRejected } from '../issuance/family.ts';
import { activeInvoiceOfOrder } from './orders.service.ts';

/** What an invoice's rule needs of the order it names. */
export interface OrderForInvoicing {
  nro: string;
  localidadId: string;
  status: string;
}

/**
 * Reads a visible (not deleted) order by id, under a row lock when `lock` is set. The orders context
 * provides it (`families/registry.ts`): orders rank above invoices, since an order's list shows the invoice
 * issued from it, so invoices may not import orders.
 */
export type OrderReader = (
  db: DbOrTx,
  ordenId: string,
  lock: boolean,
) => Promise<OrderForInvoicing | undefined>;

let readOrder: OrderReader | undefined;

/** Called once by the families' registry. */
export function provideOrderReader(reader: OrderReader): void {
  readOrder = reader;
}

/**
 * 'Facturar': an invoice may name the order it comes from (`idOrden`). The order must be of the
 * invoice's company, active, and not invoiced yet. Checked at intake and again when the invoice is
 * stored, under a lock on the order (two invoices racing for one order: the second is refused; the
 * unique index facturas_orden_uq is the last guard).
 */
export async function checkOrderToInvoice(
  db: DbOrTx,
  ordenId: string,
  localidadId: string,
  lock = false,
): Promise<void> {
  if (!readOrder) throw new Error('orders are not registered: import src/families/registry.ts');
  const order = await readOrder(db, ordenId, lock);
  if (!order || order.localidadId !== localidadId)
    throw new DocumentRejected('La Orden/Guia indicada en idOrden no existe en la razón social');
  if (order.status !== 'ACTIVO') throw new DocumentRejected(`La Orden/Guia ${order.nro} está anulada`);
  // An annulled invoice frees its order: it can be invoiced again.
  const invoiced = await activeInvoiceOfOrder(db, ordenId);
  if (invoiced) throw new DocumentRejected(`La Orden/Guia ${order.nro} ya fue facturada`);
}
