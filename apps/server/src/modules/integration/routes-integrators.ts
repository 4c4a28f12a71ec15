import { requestLogQuery, requestLogRow } from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, principalOf } from '../../http/guard.ts';
import { INTEGRATION } from '../../http/integration-access.ts';
import { errorBody, errorResponses, pageBody } from '../../http/responses.ts';
import { INTEGRATION_TAG, RATE_LIMIT_DOC } from './hooks.ts';
import { listRequestLog } from './request-log.queries.ts';
import { requestLogOf } from './request-log.ts';

const security = [{ bearerAuth: [] }];
const tags = [INTEGRATION_TAG];

/** The integrators' request log; their look-up by number is modules/lookup's. */
export const integratorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/integracion/registro',
    {
      config: { requestLog: false, ...INTEGRATION.read },
      preValidation: guard('authenticated'),
      schema: {
        tags,
        security,
        summary: 'Registro de solicitudes de integración (90 días), paginado y filtrable',
        description: `Cada llamada a una ruta de integración: fecha, clave de API o usuario, ruta, estatus HTTP, documentos aceptados y rechazados, duración, Idempotency-Key y los primeros 2 kB del cuerpo con secretos y tokens ocultos. El administrador de una razón social ve las llamadas de sus razones sociales; cualquier otro llamante, las suyas. Filtros: id_localidad, desde/hasta (ISO 8601), ruta, status, errores=true (estatus >= 400 o documentos rechazados), idempotencyKey, search. Ejemplo: \`GET /v2/integracion/registro?page=1&limit=20&errores=true\`.\n\n${RATE_LIMIT_DOC}`,
        querystring: requestLogQuery,
        response: { 200: pageBody(requestLogRow), ...errorResponses, 429: errorBody },
      },
    },
    async (request) => {
      // The caller's latest calls are written before they are read.
      await requestLogOf(db).flush();
      return listRequestLog(db, principalOf(request), request.query);
    },
  );
};
