// IVA withholdings received from buyers outside sigece, on the screen
// /retenciones/recibidas: not in the spec's route tables, named in its style under /v2/retenciones.
import {
  RECEIVED_WITHHOLDING_MESSAGES,
  receivedWithholdingIdParam,
  receivedWithholdingInputSchema,
  receivedWithholdingListQuery,
  receivedWithholdingRecordSchema,
  screen,
} from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, scopeOfRequest } from '../../http/guard.ts';
import { errorResponses, messageBody, pageBody, resultBody } from '../../http/responses.ts';
import { auditContextOf } from '../audit/service.ts';
import { annulReceived, createReceived, deleteReceived, listReceived } from './service.ts';

const SCREEN = screen('/retenciones/recibidas');
const BASE = '/retenciones/recibidas';
const security = [{ bearerAuth: [] }];
const tags = ['retenciones recibidas'];

export const receivedWithholdingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    `${BASE}/listar`,
    {
      preValidation: guard(SCREEN.can('search')),
      schema: {
        tags,
        security,
        summary:
          'Lista paginada de comprobantes de retención de IVA recibidos de compradores externos, con búsqueda por agente o número',
        querystring: receivedWithholdingListQuery,
        response: { 200: pageBody(receivedWithholdingRecordSchema), ...errorResponses },
      },
    },
    (request) => listReceived(db, scopeOfRequest(request), request.query),
  );

  app.post(
    `${BASE}/crear`,
    {
      preValidation: guard(SCREEN.can('add')),
      schema: {
        tags,
        security,
        summary:
          'Registra un comprobante de retención de IVA recibido: la factura (por su N° de control) es de la razón social y está activa, el monto no supera su IVA, el número no se repite por agente',
        body: receivedWithholdingInputSchema,
        response: { 200: resultBody(receivedWithholdingRecordSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: RECEIVED_WITHHOLDING_MESSAGES.created,
      result: await createReceived(db, scopeOfRequest(request), request.body, auditContextOf(request)),
    }),
  );

  app.put(
    `${BASE}/anular/:id`,
    {
      preValidation: guard(SCREEN.can('cancel')),
      schema: {
        tags,
        security,
        summary: 'Anula un comprobante recibido: sale del libro de ventas',
        params: receivedWithholdingIdParam,
        response: { 200: messageBody, ...errorResponses },
      },
    },
    async (request) => {
      await annulReceived(db, scopeOfRequest(request), request.params.id, auditContextOf(request));
      return { code: 200, message: RECEIVED_WITHHOLDING_MESSAGES.annulled };
    },
  );

  app.delete(
    `${BASE}/eliminar/:id`,
    {
      preValidation: guard(SCREEN.can('delete')),
      schema: {
        tags,
        security,
        summary: 'Elimina un comprobante recibido registrado por error (se oculta de la lista y del libro)',
        params: receivedWithholdingIdParam,
        response: { 200: messageBody, ...errorResponses },
      },
    },
    async (request) => {
      await deleteReceived(db, scopeOfRequest(request), request.params.id, auditContextOf(request));
      return { code: 200, message: RECEIVED_WITHHOLDING_MESSAGES.deleted };
    },
  );
};
