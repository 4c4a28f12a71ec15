// What the purchase-book calls accept and answer (not in the spec, shaped like the sales
// book's calls of spec 002 §3 Reports): the same query, a summary of our own naming.
import { z } from '../zod-es.ts';
import { salesBookQuerySchema } from './sales-book-schemas.ts';

/** A company, optionally a branch, and a date range of at most a year, as for the sales book. */
export const purchaseBookQuerySchema = salesBookQuerySchema;
export type PurchaseBookQuery = z.infer<typeof purchaseBookQuerySchema>;

const rateTotal = z.object({ alicuota: z.string(), baseImponible: z.string(), montoAlicuota: z.string() });

export const purchaseBookSummarySchema = z.object({
  documentos: z.number(),
  internas: z.number(),
  importaciones: z.number(),
  totalCompras: z.string(),
  totalExento: z.string(),
  /** RLIVA art. 75: exonerated, not subject, without right to crédito fiscal. */
  totalExonerado: z.string(),
  totalNoSujeto: z.string(),
  totalSinDerecho: z.string(),
  totalGravamenes: z.array(rateTotal),
  totalIvaRetenido: z.string(),
  /** The month-end summary of crédito fiscal, one row per concept. */
  resumen: z.array(z.object({ concepto: z.string(), baseImponible: z.string(), impuesto: z.string() })),
});

/** getlibroCompras answers the PDF (reporteCompra); getLibroComprasExcel the spreadsheet (libroExcel). */
export const purchaseBookAnswerSchema = z.object({
  msg: z.string(),
  libro: purchaseBookSummarySchema.extend({
    reporteCompra: z.string().optional(),
    libroExcel: z.string().optional(),
  }),
});
export type PurchaseBookAnswer = z.infer<typeof purchaseBookAnswerSchema>;
