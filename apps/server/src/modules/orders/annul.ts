import {
  annulOrderSchema,
  DOCUMENT_FAMILIES,
  ORDER_MESSAGES,
  type OrderAnnulAnswer,
  orderNumberOf,
  type z,
} from '@sigece/fiscal';
import type { Db } from '../../db/client.ts';
import { ordenes } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import type { TenantScope } from '../../http/tenancy.ts';
import type { AuditContext } from '../audit/service.ts';
import { annulByNumber, type FamilyAnnulment } from '../issuance/annulment/annul.ts';
import { type OrderRow, ordersByNumber, visibleOrder } from './queries.ts';

/** Bounds one request: each annulment is its own short transaction. */
export const MAX_ORDERS_PER_REQUEST = 1000;

type OrderAnnulItem = z.infer<typeof annulOrderSchema>;
type Line = OrderAnnulAnswer['result']['DetalleErrorOrdenes'][number];

/**
 * How an order or guide is annulled (spec 001 §4.5, §7.3): ACTIVO → INACTIVO ('Anulada'), generated
 * or not; by number with modeloOrden when an order and a guide share the number. The answer of PUT
 * /v2/ordenes/anular lists the failed ones (DetalleErrorOrdenes) and the annulled ones
 * (DetalleOrdensAnuladaExitosas), code 203 when any failed.
 */
export const orderAnnulment: FamilyAnnulment<OrderRow, OrderAnnulItem, Line, Line, OrderAnnulAnswer> = {
  table: ordenes,
  tipoDoc: 'orden',
  auditEntity: DOCUMENT_FAMILIES.orden.auditEntity,
  visible: (tx, scope, id) => visibleOrder(tx, scope, id, true),
  refuse(_tx, order) {
    if (order.status !== 'ACTIVO') throw badRequest(ORDER_MESSAGES.alreadyAnnulled);
  },
  byNumber: {
    schema: annulOrderSchema,
    numberSent: orderNumberOf,
    label: (item) => item.nroOrden,
    find: (db, localidadId, item) => ordersByNumber(db, localidadId, item.nroOrden, item.modeloOrden),
    missing: (item) => `La Orden/Guia ${item.nroOrden} no existe en ${item.rif}`,
    ambiguous: (item) =>
      `Hay una orden de entrega y una guía de despacho ${item.nroOrden}: envíe modeloOrden`,
    message: () => ORDER_MESSAGES.annulled,
    answer: {
      error: ({ label, message }) => ({ NroOrden: label, Mensaje: message }),
      done: ({ label, message }) => ({ NroOrden: label, Mensaje: message }),
      build: ({ code, received, errors, done }) => ({
        code,
        result: {
          code,
          TotalOrdenesProcedas: received,
          totalOrdenesAnuladas: done.length,
          totalOrdenesconError: errors.length,
          DetalleErrorOrdenes: errors,
          DetalleOrdensAnuladaExitosas: done,
        },
      }),
    },
  },
};

/** PUT /v2/ordenes/anular: each named order annulled on its own (the kernel's bulk annulment). */
export const annulOrders = (db: Db, scope: TenantScope, body: unknown[], audit: AuditContext) =>
  annulByNumber<OrderAnnulAnswer>(db, orderAnnulment, scope, body, audit);
