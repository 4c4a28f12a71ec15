import { sandboxPublicFields } from '../integration/api-keys.ts';
import { z } from '../zod-es.ts';

/**
 * What the withholding routes answer: the integration API's wire names (contract "Withholding
 * vouchers", `TotalRentecionIvaProcedas` spelled as on the wire) and the back-office's rows (spec 002 §3
 * "Withholding record", §7). The server declares them as response schemas; the web infers its types.
 */

export const withholdingErrorLineSchema = z.object({
  posicion: z.number(),
  rifProveedor: z.string(),
  msg: z.string(),
});
export const withholdingDoneLineSchema = z.object({
  msg: z.string(),
  NroControlComprobante: z.string(),
  /** When the control number was assigned, ISO 8601 in Caracas time ("2026-06-10T10:00:00-04:00"). */
  FechaAsignacionControl: z.string().optional(),
  nroComprobante: z.string(),
  id: z.string(),
});
export const withholdingIngestAnswerSchema = z.object({
  code: z.number(),
  TotalRetencionIvaconError: z.number(),
  DetalleErrorRetencionesIva: z.array(withholdingErrorLineSchema),
  /** Vouchers received in the request (as invoices' TotalFacturasProcedas). */
  TotalRentecionIvaProcedas: z.number(),
  DetalleretencionesProcesadas: z.array(withholdingDoneLineSchema),
});
export type WithholdingIngestAnswer = z.infer<typeof withholdingIngestAnswerSchema>;

export const withholdingAnnulAnswerSchema = z.object({
  result: z.object({
    code: z.number(),
    TotalDeRetencionIvaEnviadas: z.number(),
    TotalRetencionIvaAnuladasProcedas: z.number(),
    DetalleErrorRetencionesIva: z.array(z.object({ nroComprobante: z.string(), msg: z.string() })),
    DetalleRetencionesAnuladas: z.array(z.object({ nroComprobante: z.string(), msg: z.string() })),
  }),
});
export type WithholdingAnnulAnswer = z.infer<typeof withholdingAnnulAnswerSchema>;

/** One row of getRetencionesIva (spec 002 §3 "Withholding record", `peridofiscalAl` as spelled there). */
export const withholdingListRowSchema = z.object({
  id: z.string(),
  id_localidad: z.string(),
  id_sucursal: z.string().nullable(),
  rif: z.string(),
  razonSocial: z.string(),
  NroControlComprobante: z.string(),
  nroComprobante: z.string(),
  rifProveedor: z.string(),
  identificacion: z.string(),
  fechaEmision: z.string(),
  fecha: z.string(),
  periodoFiscalDel: z.string(),
  peridofiscalAl: z.string(),
  periodoFiscalAl: z.string(),
  logEstatusRegistro: z.string(),
  estatus: z.string(),
  modeloRetencion: z.string(),
  tipoDocumento: z.string(),
  tasaRetencion: z.string().nullable(),
  correo: z.string(),
  totalRetenido: z.string(),
  factura_compra_id: z.number().nullable(),
  pdfEstado: z.string().nullable(),
});
export type WithholdingListRow = z.infer<typeof withholdingListRowSchema>;

export const withholdingLineViewSchema = z.object({
  posicion: z.number(),
  fechaDocumento: z.string(),
  nroDocumento: z.string().nullable(),
  nroControlDocumento: z.string(),
  nroNota: z.string().nullable(),
  nroDocumentoAfectado: z.string().nullable(),
  tipoTransaccion: z.string().nullable(),
  montoTotalDocumento: z.string(),
  compraExento: z.string(),
  baseImponible: z.string(),
  alicuota: z.string().nullable(),
  impuestoCausado: z.string().nullable(),
  impuestoRetenido: z.string(),
  conceptoIslr: z.string().nullable(),
  concepto: z.string().nullable(),
  porcentaje: z.string().nullable(),
  sustraendo: z.string().nullable(),
  causadoRetenido: z.string().nullable(),
});

export const withholdingDetailSchema = withholdingListRowSchema.extend({
  /** When the control number was assigned (ISO 8601, Caracas); null while unnumbered. */
  fechaAsignacionControl: z.string().nullable().optional(),
  direccion: z.string(),
  lstRetenciones: z.array(withholdingLineViewSchema),
});
export type WithholdingDetail = z.infer<typeof withholdingDetailSchema>;

/** What getRetencionId answers without a token (spec 002 §3 "Verification data read": data + localidaddetalle). */
export const withholdingPublicSchema = z.object({
  code: z.number(),
  data: z.object({
    id: z.string(),
    nroComprobante: z.string(),
    NroControlComprobante: z.string().nullable(),
    rifProveedor: z.string(),
    identificacion: z.string(),
    modeloRetencion: z.string(),
    fechaEmision: z.string(),
    estatus: z.string(),
    logEstatusRegistro: z.string(),
    /** Why it was annulled (null while active or when no reason was given). */
    motivoAnulacion: z.string().nullable().optional(),
    checkedSumBase64: z.string().nullable(),
    ...sandboxPublicFields,
  }),
  localidaddetalle: z.object({ rif: z.string(), nombre: z.string() }),
});
export type WithholdingPublic = z.infer<typeof withholdingPublicSchema>;

export const taxUnitRowSchema = z.object({
  id: z.string(),
  valor: z.string(),
  fechaDesde: z.string(),
  providencia: z.string(),
  gacetaOficial: z.string(),
  logEstatusRegistro: z.string(),
  logUsername: z.string(),
  logFechaRegistro: z.string(),
});
export type TaxUnitRow = z.infer<typeof taxUnitRowSchema>;

/** A period declared to SENIAT: who confirmed it, when, and the file's SHA-256. */
export const declarationRowSchema = z.object({
  id: z.string(),
  id_localidad: z.string(),
  modelo: z.enum(['IVA', 'ISLR']),
  periodo: z.string(),
  quincena: z.number().nullable(),
  desde: z.string(),
  hasta: z.string(),
  nombreArchivo: z.string(),
  sha256: z.string(),
  comprobantes: z.number(),
  declaradoPor: z.string(),
  fechaDeclaracion: z.string(),
});
export type DeclarationRow = z.infer<typeof declarationRowSchema>;

/** POST calcularIslr's result: the line's ISLR as the save computes it. */
export const islrPreviewSchema = z.object({
  baseRetencion: z.string(),
  porcentaje: z.string(),
  sustraendo: z.string(),
  ut: z.string().nullable(),
  retenido: z.string(),
  tramos: z.array(z.object({ monto: z.string(), porcentaje: z.string() })),
  tarifa2: z.boolean(),
  acumuladoPrevio: z.string().nullable(),
});
export type IslrPreview = z.infer<typeof islrPreviewSchema>;
