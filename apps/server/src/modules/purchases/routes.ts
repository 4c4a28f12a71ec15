import {
  PURCHASE_MESSAGES,
  purchaseIdParam,
  purchaseInputSchema,
  purchaseListQuery,
  purchaseRecordSchema,
  screen,
} from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, scopeOfRequest } from '../../http/guard.ts';
import { errorResponses, pageBody, resultBody } from '../../http/responses.ts';
import { auditContextOf } from '../audit/service.ts';
import { createPurchase, editPurchase, listPurchases, setPurchaseStatus } from './service.ts';

/**
 * Spec 001 §7.4 under {facturaCompra} = /facturaCompra. The spec shows no purchase permission keys
 * (§6): access is the module's — the list screen for reading and status changes, the form screen
 * (or the list) for recording and editing.
 */
const LIST = screen('/facturacion/compras');
const FORM = screen('/facturacion/facturaCompra');
const BASE = '/facturaCompra';
const security = [{ bearerAuth: [] }];
const tags = ['facturas de compra'];

export const purchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    `${BASE}/listar`,
    {
      preValidation: guard({ module: LIST.module }),
      schema: {
        tags,
        security,
        summary:
          'Lista paginada de facturas de compra (por ID), con búsqueda por número, control o proveedor',
        querystring: purchaseListQuery,
        response: { 200: pageBody(purchaseRecordSchema), ...errorResponses },
      },
    },
    (request) => listPurchases(db, scopeOfRequest(request), request.query),
  );

  app.post(
    `${BASE}/crear`,
    {
      preValidation: guard({ anyOf: [{ module: FORM.module }, { module: LIST.module }] }),
      schema: {
        tags,
        security,
        summary:
          'Registra una factura de compra: el proveedor se busca o crea entre los terceros de la razón social; totales e IVA por alícuota calculados',
        body: purchaseInputSchema,
        response: { 200: resultBody(purchaseRecordSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: PURCHASE_MESSAGES.created,
      result: await createPurchase(db, scopeOfRequest(request), request.body, auditContextOf(request)),
    }),
  );

  app.put(
    `${BASE}/editar/:id`,
    {
      preValidation: guard({ anyOf: [{ module: FORM.module }, { module: LIST.module }] }),
      schema: {
        tags,
        security,
        summary: 'Edita una factura de compra activa',
        params: purchaseIdParam,
        body: purchaseInputSchema,
        response: { 200: resultBody(purchaseRecordSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: PURCHASE_MESSAGES.updated,
      result: await editPurchase(
        db,
        scopeOfRequest(request),
        request.params.id,
        request.body,
        auditContextOf(request),
      ),
    }),
  );

  const statusRoute = (path: string, status: 'ACTIVO' | 'INACTIVO', message: string, summary: string) =>
    app.put(
      `${BASE}/${path}/:id`,
      {
        preValidation: guard({ module: LIST.module }),
        schema: {
          tags,
          security,
          summary,
          params: purchaseIdParam,
          response: { 200: resultBody(purchaseRecordSchema), ...errorResponses },
        },
      },
      async (request) => ({
        code: 200,
        message,
        result: await setPurchaseStatus(
          db,
          scopeOfRequest(request),
          request.params.id,
          status,
          auditContextOf(request),
        ),
      }),
    );

  statusRoute(
    'eliminar',
    'INACTIVO',
    PURCHASE_MESSAGES.inactivated,
    'Inactiva una factura de compra y la devuelve',
  );
  statusRoute('activar', 'ACTIVO', PURCHASE_MESSAGES.activated, 'Activa una factura de compra inactiva');
};
