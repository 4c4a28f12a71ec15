import { pageQuery } from '../common.ts';
import { z } from '../zod-es.ts';

/** GET /v2/integracion/registro: the integrators' request log, filtered and paged. */
export const requestLogQuery = pageQuery.extend({
  id_localidad: z.uuid('id_localidad debe ser un UUID').optional(),
  desde: z.iso.datetime({ error: 'desde debe ser una fecha y hora ISO 8601', offset: true }).optional(),
  hasta: z.iso.datetime({ error: 'hasta debe ser una fecha y hora ISO 8601', offset: true }).optional(),
  ruta: z.string().trim().max(200).optional(),
  status: z.coerce.number({ error: 'status debe ser un número' }).int().min(100).max(599).optional(),
  /** Only the calls with an error status (>= 400) or with refused documents. */
  errores: z
    .enum(['true', 'false'], { error: 'errores debe ser true o false' })
    .transform((v) => v === 'true')
    .optional(),
  idempotencyKey: z.string().trim().max(255).optional(),
});
export type RequestLogQuery = z.infer<typeof requestLogQuery>;

export const requestLogRow = z.object({
  id: z.number(),
  fecha: z.string().meta({ description: 'Momento en que llegó la solicitud (ISO 8601)' }),
  id_localidad: z.string().nullable(),
  rif: z.string().nullable(),
  llamante: z.string().meta({ description: 'Prefijo de la clave de API o correo del usuario' }),
  metodo: z.string(),
  ruta: z.string(),
  status: z.number(),
  aceptados: z.number().nullable(),
  rechazados: z.number().nullable(),
  duracionMs: z.number(),
  idempotencyKey: z.string().nullable(),
  cuerpo: z
    .string()
    .nullable()
    .meta({ description: 'Primeros 2 kB del cuerpo, con secretos y tokens ocultos' }),
});
export type RequestLogRow = z.infer<typeof requestLogRow>;
