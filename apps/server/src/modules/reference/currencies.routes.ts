import {
  bcvReadAnswerSchema,
  bcvStoreAnswerSchema,
  divisaRowSchema,
  divisaSchema,
  idParam,
  pageQuery,
  REGISTER_STATUSES,
  rateInForceAnswerSchema,
  screen,
  TEXT_MAX,
  tasaCambioSchema,
  tasaRowSchema,
  z,
} from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard } from '../../http/guard.ts';
import { errorResponses, pageBody, resultBody } from '../../http/responses.ts';
import { auditContextOf } from '../audit/service.ts';
import * as currencies from './currencies.ts';

const DIVISA = screen('/mantenimiento/Divisa');
const TASA = screen('/mantenimiento/TasaCambio');
const security = [{ bearerAuth: [] }];
const tags = ['divisas y tasas de cambio'];

export const currencyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const base = '/mantenimiento/divisa';

  app.get(
    `${base}/listar`,
    {
      preValidation: guard('authenticated'),
      schema: {
        tags,
        security,
        summary: 'Divisas con su tasa vigente (paginado)',
        querystring: pageQuery.extend({ status: z.enum(REGISTER_STATUSES).optional() }),
        response: { 200: pageBody(divisaRowSchema), ...errorResponses },
      },
    },
    async (request) => currencies.listDivisas(db, request.query),
  );
  app.post(
    `${base}/crear`,
    {
      preValidation: guard({ module: DIVISA.module }),
      schema: {
        tags,
        security,
        summary: 'Crea una divisa',
        body: divisaSchema,
        response: { 200: resultBody(divisaRowSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: 'Guardado',
      result: await currencies.saveDivisa(db, request.body, auditContextOf(request)),
    }),
  );
  app.put(
    `${base}/editar/:id`,
    {
      preValidation: guard({ module: DIVISA.module }),
      schema: {
        tags,
        security,
        summary: 'Modifica una divisa',
        params: idParam,
        body: divisaSchema,
        response: { 200: resultBody(divisaRowSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: 'Actualizado',
      result: await currencies.saveDivisa(db, request.body, auditContextOf(request), request.params.id),
    }),
  );
  for (const [verb, status, message] of [
    ['eliminar', 'INACTIVO', 'Inactivado'],
    ['activar', 'ACTIVO', 'Activado'],
  ] as const) {
    app.put(
      `${base}/${verb}/:id`,
      {
        preValidation: guard({ module: DIVISA.module }),
        schema: {
          tags,
          security,
          summary: `${message}: divisa`,
          params: idParam,
          response: { 200: resultBody(divisaRowSchema), ...errorResponses },
        },
      },
      async (request) => ({
        code: 200,
        message,
        result: await currencies.setDivisaStatus(db, request.params.id, status, auditContextOf(request)),
      }),
    );
  }

  app.get(
    `${base}/GetDivisasBcv`,
    {
      preValidation: guard({ anyOf: [{ module: TASA.module }, { module: DIVISA.module }] }),
      schema: {
        tags,
        security,
        summary: 'Lee las tasas oficiales (USD, EUR, CNY, TRY, RUB) de la página del BCV sin guardarlas',
        response: { 200: bcvReadAnswerSchema, ...errorResponses },
      },
    },
    async () => ({ code: 200, result: await currencies.readBcv(config.bcvUrl) }),
  );
  app.get(
    `${base}/DivisasActualizar`,
    {
      preValidation: guard({ anyOf: [{ module: TASA.module }, { module: DIVISA.module }] }, { writes: true }),
      schema: {
        tags,
        security,
        summary: 'Lee las tasas oficiales del BCV y las guarda como tasas del día',
        response: {
          200: bcvStoreAnswerSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      code: 200,
      message: 'Tasas actualizadas',
      result: await currencies.refreshFromBcv(db, config.bcvUrl, auditContextOf(request)),
    }),
  );
  app.post(
    `${base}/tasa`,
    {
      preValidation: guard({ module: TASA.module }),
      schema: {
        tags,
        security,
        summary: 'Registra manualmente la tasa de un día (reemplaza la de ese día)',
        body: tasaCambioSchema,
        response: { 200: resultBody(tasaRowSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: 'Guardado',
      result: await db.transaction((tx) =>
        currencies.storeRate(tx, request.body, 'MANUAL', auditContextOf(request)),
      ),
    }),
  );
  app.get(
    `${base}/tasas`,
    {
      preValidation: guard('authenticated'),
      schema: {
        tags,
        security,
        summary: 'Historial de tasas por fecha (paginado)',
        querystring: pageQuery.extend({
          iso: z.string().max(TEXT_MAX.code).optional(),
          desde: z.iso.date().optional(),
          hasta: z.iso.date().optional(),
        }),
        response: { 200: pageBody(tasaRowSchema), ...errorResponses },
      },
    },
    async (request) => currencies.listRates(db, request.query),
  );
  app.get(
    `${base}/tasaVigente`,
    {
      preValidation: guard('authenticated'),
      schema: {
        tags,
        security,
        summary: 'La tasa que usa un documento de esa fecha (la del día o la última anterior)',
        querystring: z.object({
          iso: z.string().max(TEXT_MAX.code).toUpperCase(),
          fecha: z.iso.date().optional(),
        }),
        response: {
          // No rate is an answer, not an error: screens ask for every currency they may show.
          200: rateInForceAnswerSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const rate = await currencies.rateOn(db, request.query.iso, request.query.fecha);
      if (!rate)
        return {
          code: 200,
          message: `No hay tasa registrada para ${request.query.iso} en esa fecha`,
          result: null,
        };
      return { code: 200, result: rate };
    },
  );
};
