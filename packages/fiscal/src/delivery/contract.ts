import { TIPOS_DOC, type TipoDoc } from '../documents/families.ts';
import { z } from '../zod-es.ts';

/**
 * A document's e-mail delivery: not sent (no e-mail queued yet), queued, sent, or
 * failed with the SMTP server's answer. One word per state on every screen, in both languages.
 */
export const DELIVERY_STATES = ['NO_ENVIADO', 'EN_COLA', 'ENVIADO', 'FALLIDO'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** The document families that e-mail their PDF, as the kernel names them. */
export const DELIVERY_FAMILIES = TIPOS_DOC;
export type DeliveryFamily = TipoDoc;

export const DELIVERY_MESSAGES = {
  queued: 'Correo en cola de envío',
  noPdf: 'El documento aún no tiene PDF: podrá enviarse cuando esté generado',
  annulledOrDeleted: 'El documento fue eliminado y no puede enviarse',
  notFound: 'El documento no existe',
  emailInvalid: 'debe ser un correo valido',
  emailRequired: 'Es requerido',
  tooManyCc: 'Máximo 5 correos en copia',
  tooManyIds: 'Máximo 200 documentos por consulta',
  family: 'Tipo de documento no válido',
} as const;

const M = DELIVERY_MESSAGES;
const EMAIL_MAX = 254;
const email = z.string().trim().max(EMAIL_MAX, M.emailInvalid).pipe(z.email(M.emailInvalid));
const family = z.enum(DELIVERY_FAMILIES, { error: M.family });

/** 'Enviar / Reenviar por correo': the recipient (correo) and up to five copies (CC, comma-separated). */
export const sendDocumentMailSchema = z.object({
  tipoDoc: family,
  id: z.uuid({ error: 'Identificador no válido' }),
  correo: z
    .string({ error: M.emailRequired })
    .trim()
    .min(1, M.emailRequired)
    .max(EMAIL_MAX, M.emailInvalid)
    .pipe(z.email(M.emailInvalid)),
  ccCorreo: z
    .string()
    .max(EMAIL_MAX * 5 + 10, M.tooManyCc)
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(/[,;\s]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(email).max(5, M.tooManyCc)),
});
export type SendDocumentMailBody = z.input<typeof sendDocumentMailSchema>;

/** The states of a page of documents of one family. */
export const deliveryStatesQuery = z.object({
  tipoDoc: family,
  ids: z
    .string()
    .max(200 * 37, M.tooManyIds)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.uuid({ error: 'Identificador no válido' })).max(200, M.tooManyIds)),
});

export const deliveryRowSchema = z.object({
  id: z.string(),
  estado: z.enum(DELIVERY_STATES),
  correo: z.array(z.string()),
  ccCorreo: z.array(z.string()),
  statusCode: z.string().nullable(),
  statusText: z.string().nullable(),
  intentos: z.number(),
  actualizado: z.string().nullable(),
});
export type DeliveryRow = z.infer<typeof deliveryRowSchema>;

export const deliveryStatesAnswerSchema = z.object({ code: z.number(), results: z.array(deliveryRowSchema) });
export const sendDocumentMailAnswerSchema = z.object({
  code: z.number(),
  message: z.string(),
  result: deliveryRowSchema,
});
