import { sandboxPublicFields } from '../integration/api-keys.ts';
import { z } from '../zod-es.ts';
import { NOTE_CATEGORY_CODES, NOTE_TYPES } from './schemas.ts';

/**
 * What the notes routes answer (spec 001 §2.3, §3.8, §7.2, §8.3; contract "Credit and debit notes"): the
 * server declares these as its responses, the web derives its types from them.
 */

/** A row of the notes list (§2.3 columns). */
export const noteListRowSchema = z.object({
  id: z.string(),
  id_localidad: z.string(),
  id_sucursal: z.string().nullable(),
  id_factura: z.string(),
  nroNota: z.string(),
  serie: z.string(),
  /** The control number, or 'No generada' until the signed PDF exists. */
  nroControl: z.string().nullable(),
  nroControlAsignado: z.string().nullable(),
  nroFactura: z.string(),
  tipo: z.enum(NOTE_TYPES),
  categoria: z.enum(NOTE_CATEGORY_CODES),
  concepto: z.string(),
  fechaEmision: z.string(),
  /** dd/MM/yyyy in Caracas. */
  fecha: z.string(),
  razonSocial: z.string(),
  sucursal: z.string().nullable(),
  cliente: z.string(),
  facturaDivisa: z.string(),
  importeTotal: z.string(),
  /** 'true' once the signed PDF exists (Gen. Nota Si/No). */
  notaGenerada: z.enum(['true', 'false']),
  /** The kernel's render state once the note holds a control number; null while it waits for 'generar'. */
  pdfEstado: z.enum(['PENDIENTE', 'GENERADA', 'FALLIDA']).nullable(),
  pdfError: z.string().nullable(),
  logEstatusRegistro: z.string(),
  /** Activa or Anulada. */
  estatus: z.string(),
});
export type NoteListRow = z.infer<typeof noteListRowSchema>;

const taxRow = z.object({
  alicuota: z.string(),
  baseImponible: z.string(),
  montoAlicuota: z.string(),
  /** The tax amount in Bs. for a foreign-currency note. */
  montoAlicuotaBs: z.string().nullable(),
});

/** A note line (§3.8 "Note detail line"). */
export const noteDetailLineSchema = z.object({
  _id: z.string(),
  codigoProducto: z.string(),
  descripcion: z.string(),
  unidadMedida: z.string(),
  cantidad: z.string(),
  cantidadDevolucion: z.string(),
  precio: z.string(),
  precioOriginal: z.string().nullable(),
  precioDevolucion: z.string().nullable(),
  descuento: z.string(),
  montoDescuento: z.string(),
  importe: z.string(),
  alicuotaGravamen: z.string(),
  montoGravamen: z.string(),
  exento: z.boolean(),
  exonerado: z.boolean(),
  isDevolucion: z.boolean(),
});

/** The whole note as the consult dialog and the JSON download show it, without the PDF bytes. */
export const noteDetailSchema = z.object({
  /** When the control number was assigned (ISO 8601, Caracas); null while unnumbered. */
  fechaAsignacionControl: z.string().nullable().optional(),
  id: z.string(),
  rif: z.string(),
  id_localidad: z.string(),
  id_sucursal: z.string().nullable(),
  razonSocial: z.string(),
  sucursal: z.string().nullable(),
  id_factura: z.string(),
  nroFactura: z.string(),
  nroControlFactura: z.string().nullable(),
  fechaEmisionFactura: z.string(),
  nroNota: z.string(),
  serie: z.string(),
  nroControl: z.string().nullable(),
  tipo: z.enum(NOTE_TYPES),
  categoria: z.enum(NOTE_CATEGORY_CODES),
  concepto: z.string(),
  descripcion: z.string().nullable(),
  fechaEmision: z.string(),
  cliente: z.record(z.string(), z.unknown()),
  facturaDivisa: z.string(),
  tasaCambio: z.string().nullable(),
  subTotal: z.string(),
  totalExento: z.string(),
  totalExonerado: z.string(),
  montoDescuento: z.string(),
  totalIva: z.string(),
  importeTotal: z.string(),
  /** Bs. equivalents of a foreign-currency note (null in Bs.). */
  subTotalBs: z.string().nullable(),
  totalIvaBs: z.string().nullable(),
  importeTotalBs: z.string().nullable(),
  lstDetallesNota: z.array(noteDetailLineSchema),
  lstGravamenes: z.array(taxRow),
  extras: z.record(z.string(), z.unknown()),
  origen: z.string(),
  notaGenerada: z.enum(['true', 'false']),
  checkedSumBase64: z.string().nullable(),
  logEstatusRegistro: z.string(),
  logUsername: z.string(),
});
export type NoteDetail = z.infer<typeof noteDetailSchema>;

/** The answer of POST /v2/facturas/nota/masivanotas, exactly as the contract spells it. */
export const noteIngestAnswerSchema = z.object({
  code: z.number(),
  TotalNotasProcedas: z.number(),
  totalNotasNew: z.number(),
  totalNotasconError: z.number(),
  DetalleErrorNotas: z.array(z.array(z.object({ nroNota: z.string(), Msg: z.string() }))),
  DetalleNotasProcesadas: z.array(
    z.array(
      z.object({
        serie: z.string(),
        nroNota: z.string(),
        nroControl: z.string(),
        /** When the control number was assigned, ISO 8601 in Caracas time ("2026-06-10T10:00:00-04:00"). */
        fechaAsignacionControl: z.string().optional(),
        Msg: z.string(),
      }),
    ),
  ),
});
export type NoteIngestAnswer = z.infer<typeof noteIngestAnswerSchema>;

/** The answer of PUT /v2/facturas/nota/masivaanularnotas: code 200, or 203 with the per-note errors. */
export const noteAnnulAnswerSchema = z.object({
  code: z.number(),
  TotalNotasProcedas: z.number(),
  totalNotasAnuladas: z.number(),
  totalNotasconError: z.number(),
  DetalleErrorNotas: z.array(z.array(z.object({ nroNota: z.string(), Msg: z.string() }))),
  DetalleNotasAnuladas: z.array(z.array(z.object({ nroNota: z.string(), Msg: z.string() }))),
});
export type NoteAnnulAnswer = z.infer<typeof noteAnnulAnswerSchema>;

/** The public projection of GET /v2/facturas/nota/getNotaId/{id} without a token (spec 002 §7). */
export const notePublicSchema = z.object({
  code: z.number(),
  nota: z.object({
    id: z.string(),
    tipo: z.enum(NOTE_TYPES),
    nroNota: z.string(),
    serie: z.string(),
    nroControl: z.string().nullable(),
    nroFactura: z.string(),
    fechaEmision: z.string(),
    estatus: z.string(),
    logEstatusRegistro: z.string(),
    /** Why it was annulled (null while active or when no reason was given). */
    motivoAnulacion: z.string().nullable().optional(),
    notaGenerada: z.enum(['true', 'false']),
    checkedSumBase64: z.string().nullable(),
    cliente: z.object({ rif: z.string(), identificacion: z.string() }),
    ...sandboxPublicFields,
  }),
  localidaddetalle: z.object({ rif: z.string(), nombre: z.string() }),
});
export type NotePublic = z.infer<typeof notePublicSchema>;

/** The result of annul, delete and generate (one note). */
export const noteActionResultSchema = z.object({
  id: z.string(),
  nroNota: z.string(),
  logEstatusRegistro: z.string(),
  notaGenerada: z.enum(['true', 'false']),
  nroControl: z.string().nullable(),
});
export type NoteActionResult = z.infer<typeof noteActionResultSchema>;

/**
 * GET /v2/facturas/nota/saldoFactura/{id}: what earlier active credit notes already returned of an
 * invoice (by product code) and credited in total, so the new-note screen bounds each return to what
 * is left (spec 001 §5.5).
 */
export const noteInvoiceBalanceSchema = z.object({
  devuelto: z.record(z.string(), z.string()),
  acreditado: z.string(),
});
export type NoteInvoiceBalance = z.infer<typeof noteInvoiceBalanceSchema>;
