import {
  createWebhookSchema,
  idParam,
  replayDeliveriesSchema,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  webhookDeliveriesQuery,
  webhookDeliveryRowSchema,
  webhookListQuery,
  webhookRowSchema,
  webhookSecretAnswerSchema,
  webhookTestAnswerSchema,
} from '@sigece/fiscal';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../http/errors.ts';
import { guard, principalOf, scopeOfRequest } from '../../http/guard.ts';
import { pageOf } from '../../http/paging.ts';
import { errorResponses, messageBody, pageBody } from '../../http/responses.ts';
import { auditContextOf } from '../audit/service.ts';
import { startWebhookSweeper } from './delivery.ts';
import {
  changeEndpoint,
  createEndpoint,
  listDeliveries,
  listEndpoints,
  replayDeliveries,
  sendTestEvent,
} from './service.ts';

const M = WEBHOOK_MESSAGES;
/** A company's administrator: 'Razón Social' › Modificar. */
const ADMIN = guard({ module: '/mantenimiento/Localidad', action: 'update' });
const security = [{ bearerAuth: [] }];
const tags = ['webhooks'];
const BASE = '/integracion/webhooks';

const EXAMPLE_EVENT = {
  id: 'msg_2f1c8e0a9b7d4c3e8f6a5b4c3d2e1f00',
  type: 'documento.numerado',
  time: '2026-06-10T14:00:00.000Z',
  company: { id: '6f1e…', rif: 'J-123456789', nombre: 'Empresa Demo, C.A.' },
  data: { tipoDoc: 'fact', id: '0b5e…', serie: 'A', numero: '00000123', nroControl: '00-00000123' },
};

const DESCRIPTION = `Webhooks firmados (Standard Webhooks). Cada entrega es un POST JSON como este:

\`\`\`json
${JSON.stringify(EXAMPLE_EVENT, null, 2)}
\`\`\`

con las cabeceras \`webhook-id\` (el \`id\` del evento, igual en cada reintento), \`webhook-timestamp\` (segundos
desde 1970) y \`webhook-signature\` = \`v1,\` + base64(HMAC-SHA256(clave, \`\${webhook-id}.\${webhook-timestamp}.\${cuerpo}\`)),
donde la clave son los bytes del secreto \`whsec_…\` sin el prefijo, decodificados de base64. Verifique la firma
sobre el cuerpo exacto recibido y rechace marcas de tiempo de más de 5 minutos. Responda 2xx en menos de 10 s;
cualquier otra respuesta se reintenta con espera exponencial (10 s, 20 s, 40 s… hasta 6 h) durante 3 días, y
los eventos de un mismo documento llegan en orden. Un receptor que falla 3 días seguidos se desactiva y se avisa
por correo a los administradores de la razón social. Eventos: ${WEBHOOK_EVENTS.join(', ')} (y webhook.prueba).
En correo.enviado y correo.fallido, \`data\` añade \`para\`, \`cc\` y el \`codigo\` SMTP; carga.terminada trae \`id\`,
\`tipo\`, \`nombreArchivo\`, \`total\`, \`nuevos\`, \`existentes\` y \`errores\` de la carga; reporte.listo trae
\`reporte\`, su período \`fechaInicio\`/\`fechaFin\`, \`archivo\`, \`documentos\` y \`para\`.`;

/** Webhooks are administered by people on the back-office screens, never with an integration API key. */
function noApiKey(request: FastifyRequest) {
  if (principalOf(request).apiKey) throw forbidden(M.apiKey);
}

/**
 * Webhook endpoints of a company: register, list, delete, disable/enable, rotate the
 * secret (shown once), send a test event, and the delivery log with 'Reenviar'.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  if (deps.jobs && deps.config.jobWorkers !== false) {
    const stop = startWebhookSweeper(deps);
    app.addHook('onClose', async () => stop());
  }

  app.post(
    BASE,
    {
      preValidation: ADMIN,
      schema: {
        tags,
        security,
        summary: 'Registrar un webhook (el secreto se muestra solo en esta respuesta)',
        description: DESCRIPTION,
        body: createWebhookSchema.describe(
          'Ejemplo: {"localidad":"<id de la razón social>","url":"https://erp.example.com/sigece/webhooks","eventos":["documento.numerado","documento.firmado"]}',
        ),
        response: { 201: webhookSecretAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      noApiKey(request);
      const created = await createEndpoint(
        deps,
        scopeOfRequest(request),
        request.body,
        auditContextOf(request),
      );
      return reply.code(201).send({ code: 201, message: M.created, ...created });
    },
  );

  app.get(
    BASE,
    {
      preValidation: ADMIN,
      schema: {
        tags,
        security,
        summary: 'Webhooks de las razones sociales del usuario (paginado; ?localidad= para una)',
        querystring: webhookListQuery,
        response: { 200: pageBody(webhookRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      noApiKey(request);
      const { rows, total } = await listEndpoints(deps, scopeOfRequest(request), request.query);
      return pageOf({ ...request.query, search: undefined }, rows, total);
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      preValidation: ADMIN,
      schema: {
        tags,
        security,
        summary: 'Eliminar un webhook (y su registro de entregas)',
        params: idParam,
        response: { 200: messageBody, ...errorResponses },
      },
    },
    async (request) => {
      noApiKey(request);
      await changeEndpoint(
        deps,
        scopeOfRequest(request),
        request.params.id,
        'delete',
        auditContextOf(request),
      );
      return { code: 200, message: M.deleted };
    },
  );

  for (const [path, change, message, summary] of [
    ['desactivar', 'disable', M.disabled, 'Desactivar un webhook (las entregas pendientes esperan)'],
    ['activar', 'enable', M.enabled, 'Activar un webhook (las entregas pendientes salen de inmediato)'],
  ] as const) {
    app.post(
      `${BASE}/:id/${path}`,
      {
        preValidation: ADMIN,
        schema: {
          tags,
          security,
          summary,
          params: idParam,
          response: { 200: messageBody, ...errorResponses },
        },
      },
      async (request) => {
        noApiKey(request);
        await changeEndpoint(
          deps,
          scopeOfRequest(request),
          request.params.id,
          change,
          auditContextOf(request),
        );
        return { code: 200, message };
      },
    );
  }

  app.post(
    `${BASE}/:id/secreto`,
    {
      preValidation: ADMIN,
      schema: {
        tags,
        security,
        summary: 'Renovar el secreto de firma (el nuevo se muestra solo en esta respuesta)',
        params: idParam,
        response: { 200: webhookSecretAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      noApiKey(request);
      const { id } = request.params;
      const { secreto } = await changeEndpoint(
        deps,
        scopeOfRequest(request),
        id,
        'rotate',
        auditContextOf(request),
      );
      return { code: 200, message: M.rotated, id, secreto: secreto! };
    },
  );

  app.post(
    `${BASE}/:id/prueba`,
    {
      preValidation: ADMIN,
      schema: {
        tags,
        security,
        summary: 'Enviar un evento de prueba (webhook.prueba) y ver la respuesta del receptor',
        params: idParam,
        response: { 200: webhookTestAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      noApiKey(request);
      const result = await sendTestEvent(
        deps,
        scopeOfRequest(request),
        request.params.id,
        auditContextOf(request),
      );
      return { code: 200, message: 'Evento de prueba enviado', result };
    },
  );

  app.get(
    `${BASE}/:id/entregas`,
    {
      preValidation: ADMIN,
      schema: {
        tags,
        security,
        summary: 'Registro de entregas: estado, intentos, último código y primer kB de la respuesta',
        params: idParam,
        querystring: webhookDeliveriesQuery,
        response: { 200: pageBody(webhookDeliveryRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      noApiKey(request);
      const { rows, total } = await listDeliveries(
        deps,
        scopeOfRequest(request),
        request.params.id,
        request.query,
      );
      return pageOf({ ...request.query, search: undefined }, rows, total);
    },
  );

  app.post(
    `${BASE}/:id/entregas/reenviar`,
    {
      preValidation: ADMIN,
      schema: {
        tags,
        security,
        summary: 'Reenviar una o varias entregas (vuelven a la cola, con 3 días más de reintentos)',
        params: idParam,
        body: replayDeliveriesSchema.describe('Ejemplo: {"ids":["<id de la entrega>"]}'),
        response: { 200: messageBody, ...errorResponses },
      },
    },
    async (request) => {
      noApiKey(request);
      const n = await replayDeliveries(
        deps,
        scopeOfRequest(request),
        request.params.id,
        request.body.ids,
        auditContextOf(request),
      );
      return { code: 200, message: `${M.replayed}: ${n}` };
    },
  );
};
