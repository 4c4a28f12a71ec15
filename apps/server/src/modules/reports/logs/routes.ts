import { LOG_MESSAGES, logsByRangeQuery, z } from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, principalOf, scopeOfRequest } from '../../../http/guard.ts';
import { errorResponses } from '../../../http/responses.ts';
import { logsReport } from './report.ts';

const MODULE = '/reportes/logs';

/** The event-log report 'Generar Reporte de Logs' (spec 002 §2.8, §7 Reports). */
export const logReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/logs/getLogsByRange',
    {
      preValidation: guard({ module: MODULE }),
      schema: {
        tags: ['reportes'],
        security: [{ bearerAuth: [] }],
        summary:
          "Logs de Eventos: el registro de auditoría de un usuario (o de todos los visibles) entre fechaInicio y fechaFin como PDF en base64; result null y 'No hay datos para mostrar' si no hay eventos",
        querystring: logsByRangeQuery,
        response: {
          200: z.object({
            code: z.number(),
            message: z.string(),
            total: z.number(),
            result: z.string().nullable(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { pdf, total } = await logsReport(db, scopeOfRequest(request), principal, request.query);
      return {
        code: 200,
        message: pdf ? LOG_MESSAGES.title : LOG_MESSAGES.empty,
        total,
        result: pdf ? pdf.toString('base64') : null,
      };
    },
  );
};
