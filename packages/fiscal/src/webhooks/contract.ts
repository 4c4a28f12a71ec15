import { z } from '../zod-es.ts';

/**
 * Webhooks for integrators: a company's administrator registers endpoints that receive
 * the events they choose, signed in the Standard Webhooks form (https://www.standardwebhooks.com/, spec
 * "Standard Webhooks" v1: headers webhook-id, webhook-timestamp, webhook-signature = "v1," + base64
 * HMAC-SHA256 over `${id}.${timestamp}.${body}` with the secret after its `whsec_` prefix, base64-decoded).
 */
export const WEBHOOK_EVENTS = [
  'documento.numerado',
  'documento.firmado',
  'documento.anulado',
  'correo.enviado',
  'correo.fallido',
  'carga.terminada',
  'reporte.listo',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The event 'Enviar evento de prueba' sends: never recorded by the product itself. */
export const WEBHOOK_TEST_EVENT = 'webhook.prueba';

export const WEBHOOK_DELIVERY_STATES = ['PENDIENTE', 'ENTREGADA', 'FALLIDA'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const WEBHOOK_MESSAGES = {
  urlRequired: 'La URL es requerida',
  urlInvalid: 'La URL no es válida',
  urlHttps: 'La URL debe usar HTTPS',
  urlCredentials: 'La URL no debe llevar usuario ni contraseña',
  eventsRequired: 'Seleccione al menos un evento',
  eventInvalid: 'Evento no válido',
  localidadInvalid: 'Razón social no válida',
  notFound: 'Webhook no encontrado',
  deliveryNotFound: 'Entrega no encontrada',
  created: 'Webhook registrado: guarde el secreto, no se volverá a mostrar',
  deleted: 'Webhook eliminado',
  disabled: 'Webhook desactivado',
  enabled: 'Webhook activado',
  rotated: 'Secreto renovado: guarde el nuevo secreto, no se volverá a mostrar',
  replayed: 'Entregas puestas en cola nuevamente',
  tooMany: 'Máximo 10 webhooks por razón social',
  apiKey: 'Los webhooks se administran desde la aplicación, no con una clave de API',
} as const;
const M = WEBHOOK_MESSAGES;

/** Most endpoints one company may register. */
export const WEBHOOKS_PER_COMPANY = 10;
/** An endpoint (or a delivery) failing this long is given up: the endpoint disabled, its admins e-mailed. */
export const WEBHOOK_GIVE_UP_MS = 3 * 24 * 60 * 60 * 1000;
/** How long a receiver has to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The first kilobyte of the receiver's answer is kept in the delivery log. */
export const WEBHOOK_ANSWER_KEPT = 1024;

/**
 * Why a webhook URL is refused (a Spanish message), or null when it is fine. HTTPS is required, so that
 * the event (document data) and its signature travel encrypted; `allowHttp` (development and test, see the
 * server's config) also takes plain http, e.g. a receiver on 127.0.0.1.
 */
export function webhookUrlProblem(value: string, allowHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return M.urlInvalid;
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:'))
    return allowHttp ? M.urlInvalid : M.urlHttps;
  if (!url.hostname) return M.urlInvalid;
  if (url.username || url.password) return M.urlCredentials;
  return null;
}

/**
 * When attempt n+1 happens after attempt n failed (n ≥ 1): 10 s, 20 s, 40 s… doubling up to 6 h, so the
 * first day is dense and each later day still has four attempts. Deliveries keep being retried until
 * WEBHOOK_GIVE_UP_MS after they were (re)queued, which makes at least 3 days of attempts.
 */
export function webhookRetryDelayMs(failedAttempts: number): number {
  const n = Math.max(1, Math.floor(failedAttempts));
  return Math.min(10_000 * 2 ** Math.min(n - 1, 30), 6 * 60 * 60 * 1000);
}

const url = z.string({ error: M.urlRequired }).trim().min(1, M.urlRequired).max(2000, M.urlInvalid);
const eventos = z
  .array(z.enum(WEBHOOK_EVENTS, { error: M.eventInvalid }), { error: M.eventsRequired })
  .min(1, M.eventsRequired)
  .max(WEBHOOK_EVENTS.length, M.eventInvalid)
  .transform((list) => [...new Set(list)]);

/** `POST /v2/integracion/webhooks`: the company, the receiver's URL and the events it wants. */
export const createWebhookSchema = z.object({
  localidad: z.uuid({ error: M.localidadInvalid }),
  url,
  eventos,
});
export type CreateWebhook = z.infer<typeof createWebhookSchema>;

/** The list and the delivery log: paged; the list by company, the log by state. */
export const webhookListQuery = z.object({
  localidad: z.uuid({ error: M.localidadInvalid }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const webhookDeliveriesQuery = z.object({
  estado: z.enum(WEBHOOK_DELIVERY_STATES, { error: 'Estado no válido' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
/** 'Reenviar' of one or many deliveries of an endpoint. */
export const replayDeliveriesSchema = z.object({
  ids: z
    .array(z.uuid({ error: 'Identificador no válido' }), { error: 'Seleccione al menos una entrega' })
    .min(1, 'Seleccione al menos una entrega')
    .max(100, 'Máximo 100 entregas por vez'),
});

export const webhookRowSchema = z.object({
  id: z.string(),
  localidad: z.string(),
  razonSocial: z.string(),
  url: z.string(),
  eventos: z.array(z.string()),
  activo: z.boolean(),
  /** Why it was disabled (by an administrator, or after 3 days of failures). */
  motivoDesactivacion: z.string().nullable(),
  fallandoDesde: z.string().nullable(),
  creado: z.string(),
  /** Deliveries waiting to be sent or retried. */
  pendientes: z.number(),
});
export type WebhookRow = z.infer<typeof webhookRowSchema>;

/** The answers that show the secret: once, when created and when rotated. */
export const webhookSecretAnswerSchema = z.object({
  code: z.number(),
  message: z.string(),
  id: z.string(),
  secreto: z.string(),
});

export const webhookDeliveryRowSchema = z.object({
  id: z.string(),
  evento: z.string(),
  tipo: z.string(),
  documento: z.string().nullable(),
  estado: z.enum(WEBHOOK_DELIVERY_STATES),
  intentos: z.number(),
  proximoIntento: z.string().nullable(),
  ultimoIntento: z.string().nullable(),
  /** The receiver's last HTTP status, null when it did not answer (timeout, refused connection). */
  ultimoCodigo: z.number().nullable(),
  /** The first kilobyte of its last answer, or why there was none. */
  ultimaRespuesta: z.string().nullable(),
  creado: z.string(),
});
export type WebhookDeliveryRow = z.infer<typeof webhookDeliveryRowSchema>;

export const webhookTestAnswerSchema = z.object({
  code: z.number(),
  message: z.string(),
  result: webhookDeliveryRowSchema,
});
