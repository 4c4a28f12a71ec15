import { TIPOS_DOC } from '../documents/families.ts';
import { z } from '../zod-es.ts';

/**
 * GET /v2/documentos/buscar: a document found by the ERP's own reference — the issuing
 * company's RIF, the family and the number the ERP gave it (invoice, note, order) or the voucher's number
 * (withholding), with the invoice number's series when it has one.
 */
export const documentLookupQuery = z.object({
  rif: z
    .string({ error: 'rif es requerido' })
    .trim()
    .regex(/^[VEJGPC]-?\d{1,9}$/i, 'rif debe tener el formato J-123456789'),
  tipo: z.enum(TIPOS_DOC, { error: `tipo debe ser uno de: ${TIPOS_DOC.join(', ')}` }),
  numero: z
    .string({ error: 'numero es requerido' })
    .trim()
    .min(1, 'numero es requerido')
    .max(20, 'numero admite hasta 20 caracteres'),
  serie: z.string().trim().max(2, 'serie admite hasta 2 caracteres').optional(),
});
export type DocumentLookupQuery = z.infer<typeof documentLookupQuery>;

export const documentLookupAnswer = z.object({
  id: z.string().meta({ example: '5b0c1e9e-3f7a-4f7e-9d1b-2a1f0c9d8e7f' }),
  tipo: z.enum(TIPOS_DOC),
  numero: z.string().meta({ example: '000123' }),
  serie: z.string().nullable().meta({ description: 'Serie del número del documento (facturas)' }),
  nroControl: z.string().nullable().meta({ example: '00-00000001' }),
  fechaAsignacionControl: z.string().nullable().meta({
    description: 'Fecha y hora (ISO 8601) en que se asignó el número de control',
    example: '2026-11-26T14:03:22.512Z',
  }),
  estatus: z.string().meta({ description: 'ACTIVO o INACTIVO (anulado)', example: 'ACTIVO' }),
  pdfFirmado: z.boolean().meta({ description: 'true cuando el PDF firmado ya está generado' }),
  pdfSha256: z
    .string()
    .nullable()
    .meta({ description: 'SHA-256 (hexadecimal) de los bytes del PDF firmado' }),
  urlVerificacion: z.string().meta({
    description: 'Página pública de verificación (destino del código QR)',
    example: 'https://sigece.example/certificar/5b0c…/fact',
  }),
});
export type DocumentLookupAnswer = z.infer<typeof documentLookupAnswer>;
