import { dashboardSchema } from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, scopeOfRequest } from '../../http/guard.ts';
import { errorResponses } from '../../http/responses.ts';
import { dashboard } from './service.ts';

/** GET /v2/inicio/resumen: Home's dashboard; /home is every signed-in user's screen. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/inicio/resumen',
    {
      preValidation: guard('authenticated'),
      schema: {
        tags: ['inicio'],
        security: [{ bearerAuth: [] }],
        summary:
          'Resumen de inicio: facturado del mes por divisa, PDF y correos pendientes o fallidos, lotes, tasa BCV y lista de arranque de cada razón social',
        response: { 200: dashboardSchema, ...errorResponses },
      },
    },
    async (request) => ({ code: 200, result: await dashboard(db, scopeOfRequest(request)) }),
  );
};
