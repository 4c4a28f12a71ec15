import { emailLogQuery, emailStatusQuery, z } from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, scopeOfRequest } from '../../../http/guard.ts';
import { errorResponses, pageBody } from '../../../http/responses.ts';
import { exportEmailLog, searchEmailLog, storedEmailStatus } from './service.ts';

const MODULE = '/reportes/logsEmail';
const BASE = '/mantenimiento/logEmails';
const security = [{ bearerAuth: [] }];
const tags = ['reportes'];

const entry = z.object({
  id: z.string(),
  messageId: z.string(),
  statusCode: z.string(),
  estatus: z.string(),
  msg: z.string(),
  recibido: z.array(z.string()),
  cc: z.array(z.string()),
  asunto: z.string(),
  logFechaRegistro: z.string(),
  fecha: z.string(),
  tipoDoc: z.string(),
  nroDoc: z.string(),
  fechaEmision: z.string().nullable(),
  id_localidad: z.string().nullable(),
  id_sucursal: z.string().nullable(),
});
const exportBody = z.object({
  code: z.number(),
  message: z.string(),
  fileName: z.string(),
  totalResults: z.number(),
  libroExcel: z.string(),
});

/** The e-mail log (spec 002 §2.9, §7 E-mail logs). */
export const emailLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    `${BASE}/queryLogEmail`,
    {
      preValidation: guard({ module: MODULE }),
      schema: {
        tags,
        security,
        summary:
          'Log de correos: status 1 busca (paginado, más recientes primero); status 2 exporta a Excel LogsEmail_{timestamp}.xlsx (libroExcel en base64)',
        querystring: emailLogQuery,
        response: { 200: z.union([pageBody(entry), exportBody]), ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOfRequest(request);
      return request.query.status === 2
        ? exportEmailLog(db, scope, request.query)
        : searchEmailLog(db, scope, request.query);
    },
  );
  app.get(
    `${BASE}/getemailSendgrid`,
    {
      preValidation: guard({ module: MODULE }),
      schema: {
        tags,
        security,
        summary:
          'Estatus de un correo: la respuesta guardada del servidor SMTP (250 = Aceptado); aperturas y clics no se registran',
        querystring: emailStatusQuery,
        response: {
          200: z.object({
            code: z.number(),
            result: z.object({
              messageId: z.string(),
              status: z.string(),
              statusCode: z.string(),
              msg: z.string(),
              to_email: z.string(),
              opens_count: z.number(),
              clicks_count: z.number(),
              fecha: z.string(),
              transport: z.string(),
            }),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => storedEmailStatus(db, scopeOfRequest(request), request.query.idMMessage),
  );
};
