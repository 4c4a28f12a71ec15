import {
  annulOrderSchema,
  describeIssues,
  ORDER_MESSAGES,
  type OrderAnnulAnswer,
  orderNumberOf,
} from '@sigece/fiscal';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ordenes } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { TenantScope } from '../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { recordAnnulment } from '../issuance/annulment-record.ts';
import { DocumentRejected } from '../issuance/family.ts';
import { issuerResolver } from '../issuance/issuer.ts';
import { ordersByNumber, visibleOrder } from './queries.ts';

/** Bounds one request: each annulment is its own short transaction. */
export const MAX_ORDERS_PER_REQUEST = 1000;

/**
 * PUT /v2/ordenes/anular (spec 001 §4.5, §7.3): each order named by company RIF (branch code) and
 * number — and modeloOrden when an order and a guide share the number — goes ACTIVO → INACTIVO
 * ('Anulada') on its own, in its own transaction; the signed PDF's bytes stay. The answer lists the
 * failed ones (DetalleErrorOrdenes) and the annulled ones (DetalleOrdensAnuladaExitosas), code 203
 * when any failed.
 */
export async function annulOrders(
  db: Db,
  scope: TenantScope,
  body: unknown[],
  audit: AuditContext,
): Promise<OrderAnnulAnswer> {
  const issuer = issuerResolver(db, scope);
  const errors: OrderAnnulAnswer['result']['DetalleErrorOrdenes'] = [];
  const done: OrderAnnulAnswer['result']['DetalleOrdensAnuladaExitosas'] = [];
  for (const raw of body) {
    const nroOrden = orderNumberOf(raw);
    try {
      const parsed = annulOrderSchema.safeParse(raw);
      if (!parsed.success) throw new DocumentRejected(describeIssues(parsed.error));
      const input = parsed.data;
      const { company, branch } = await issuer(input.rif, input.codigoSucursal);
      const found = (await ordersByNumber(db, company.id, input.nroOrden, input.modeloOrden)).filter(
        (o) => !branch || o.sucursalId === branch.id,
      );
      if (found.length === 0)
        throw new DocumentRejected(`La Orden/Guia ${input.nroOrden} no existe en ${input.rif}`);
      if (found.length > 1)
        throw new DocumentRejected(
          `Hay una orden de entrega y una guía de despacho ${input.nroOrden}: envíe modeloOrden`,
        );
      await db.transaction(async (tx) => {
        const order = await visibleOrder(tx, scope, found[0].id, true);
        if (order.status !== 'ACTIVO') throw new DocumentRejected(ORDER_MESSAGES.alreadyAnnulled);
        await tx
          .update(ordenes)
          .set({ status: 'INACTIVO', updatedAt: new Date() })
          .where(eq(ordenes.id, order.id));
        await recordAnnulment(tx, 'orden', order.id, audit);
        await recordAudit(tx, audit, {
          entity: 'orden',
          entityId: order.id,
          action: 'annul',
          before: { logEstatusRegistro: 'ACTIVO' },
          after: { logEstatusRegistro: 'INACTIVO' },
        });
      });
      done.push({ NroOrden: input.nroOrden, Mensaje: ORDER_MESSAGES.annulled });
    } catch (error) {
      if (!(error instanceof DocumentRejected || error instanceof AppError)) throw error;
      errors.push({ NroOrden: nroOrden, Mensaje: error.message });
    }
  }
  const code = errors.length > 0 ? 203 : 200;
  return {
    code,
    result: {
      code,
      TotalOrdenesProcedas: body.length,
      totalOrdenesAnuladas: done.length,
      totalOrdenesconError: errors.length,
      DetalleErrorOrdenes: errors,
      DetalleOrdensAnuladaExitosas: done,
    },
  };
}
