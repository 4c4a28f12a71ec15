import { z } from '../zod-es.ts';
import { TIPOS_DOC } from './families.ts';

/**
 * A document's life in plain words: what happened to it, when and by
 * whom, read from what the product already records (the document itself, the ledger of control numbers,
 * the audit log, the e-mail deliveries, the PDF jobs, the annulment). The screens word each kind in both
 * languages; the event-log report words the audit entries the same way (`describeAuditEntry`).
 */
export const ACTIVITY_KINDS = [
  'creado',
  'numerado',
  'firmado',
  'pdfFallido',
  'correoEnCola',
  'correoEnviado',
  'correoFallido',
  'correoSolicitado',
  'anulado',
  'firmadoAnulado',
  'eliminado',
  'pdfReintentado',
  'cobrado',
  'modificado',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_MESSAGES = {
  family: 'Tipo de documento no válido',
  id: 'Identificador de documento no válido',
  notFound: 'Documento no encontrado',
} as const;

/**
 * GET /v2/documentos/:tipoDoc/:id/actividad and the public annulment state: the path's parameters. Every
 * declared family has both.
 */
export const documentRefParams = z.object({
  tipoDoc: z.enum(TIPOS_DOC, { error: ACTIVITY_MESSAGES.family }),
  id: z.uuid({ error: ACTIVITY_MESSAGES.id }),
});

export const activityEventSchema = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  /** ISO instant. */
  at: z.string(),
  /** Who did it (an e-mail), or null for the system. */
  by: z.string().nullable(),
  /** The words the event needs besides its kind: a control number, recipients, an SMTP answer, a reason. */
  detail: z.string().nullable(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const activityAnswerSchema = z.object({
  code: z.literal(200),
  result: z.object({
    tipoDoc: z.enum(TIPOS_DOC),
    id: z.string(),
    events: z.array(activityEventSchema),
  }),
});
export type ActivityAnswer = z.infer<typeof activityAnswerSchema>;

/** The public annulment state of a document: null fields while it is active. */
export const publicAnnulmentAnswerSchema = z.object({
  code: z.literal(200),
  anulado: z.boolean(),
  /** ISO instant of the annulment. */
  fechaAnulacion: z.string().nullable(),
  motivoAnulacion: z.string().nullable(),
  /** 'Documento anulado el dd/MM/yyyy' (Caracas), or null. */
  message: z.string().nullable(),
  /** SHA-256 (base64) of the PDF marked 'ANULADA', once rendered: it verifies as this document too. */
  checkedSumAnuladaBase64: z.string().nullable(),
});
export type PublicAnnulmentAnswer = z.infer<typeof publicAnnulmentAnswerSchema>;
