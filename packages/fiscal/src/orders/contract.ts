import { sandboxPublicFields } from '../integration/api-keys.ts';
import { pdfStateSchema } from '../invoices/contract.ts';
import { z } from '../zod-es.ts';
import { ORDER_KINDS } from './schemas.ts';

/**
 * What the orders routes answer (spec 001 §2.4, §3.9, §7.3; spec 002 §2.7, §7): the server declares these
 * as its responses, the web derives its types from them.
 */

/** The answer of POST /v2/ordenes/masivaordenes: `resultado` with the counters and detail lists. */
export const orderIngestAnswerSchema = z.object({
  code: z.union([z.literal(200), z.literal(203)]),
  resultado: z.object({
    code: z.union([z.literal(200), z.literal(203)]),
    TotalOrdenesProcedas: z.number(),
    totalOrdenesNew: z.number(),
    totalOrdenesconError: z.number(),
    DetalleErrorOrdenes: z.array(z.object({ posicion: z.number(), nroOrden: z.string(), msg: z.string() })),
    DetalleOrdenesProcesadas: z.array(
      z.object({
        nroOrden: z.string(),
        nroControl: z.string(),
        /** When the control number was assigned, ISO 8601 in Caracas time ("2026-06-10T10:00:00-04:00"). */
        fechaAsignacionControl: z.string().optional(),
        msg: z.string(),
        id: z.string(),
      }),
    ),
  }),
});
export type OrderIngestAnswer = z.infer<typeof orderIngestAnswerSchema>;

const annulLine = z.object({ NroOrden: z.string(), Mensaje: z.string() });
/** The answer of PUT /v2/ordenes/anular: `result` with the failed and the annulled orders. */
export const orderAnnulAnswerSchema = z.object({
  code: z.union([z.literal(200), z.literal(203)]),
  result: z.object({
    code: z.union([z.literal(200), z.literal(203)]),
    TotalOrdenesProcedas: z.number(),
    totalOrdenesAnuladas: z.number(),
    totalOrdenesconError: z.number(),
    DetalleErrorOrdenes: z.array(annulLine),
    DetalleOrdensAnuladaExitosas: z.array(annulLine),
  }),
});
export type OrderAnnulAnswer = z.infer<typeof orderAnnulAnswerSchema>;

/** The filters of GET queryordenes (spec 001 §7.3): all optional, only the ones with a value apply. */
export const orderFiltersSchema = z.object({
  rif: z.string().trim().max(20).optional(),
  fechaInicio: z.iso.date({ error: 'fechaInicio debe ser una fecha AAAA-MM-DD' }).optional(),
  fechaFin: z.iso.date({ error: 'fechaFin debe ser una fecha AAAA-MM-DD' }).optional(),
  codigoSucursal: z.string().trim().max(16).optional(),
  id_localidad: z.uuid({ error: 'id_localidad no válido' }).optional(),
  id_sucursal: z.uuid({ error: 'id_sucursal no válido' }).optional(),
  nroOrden: z.string().trim().max(20).optional(),
  /** The list's sortable headers (spec 001 §2.4); unset, id ascending. */
  sort: z
    .enum([
      'id',
      'nroOrden',
      'nroControl',
      'fechaEmision',
      'modeloOrden',
      'razonSocial',
      'cliente',
      'importeTotal',
    ])
    .default('id'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type OrderFilters = z.infer<typeof orderFiltersSchema>;

/** A row of the orders list (§3.9 "List and stored fields"). */
export const orderListRowSchema = z.object({
  id: z.string(),
  /** The order's sequence: the default sort (§2.4 "id ascending"). */
  secuencia: z.number(),
  id_localidad: z.string(),
  id_sucursal: z.string().nullable(),
  /** The company's RIF and the branch's code: PUT anular names the order by them. */
  rif: z.string(),
  codigoSucursal: z.string().nullable(),
  nroOrden: z.string(),
  nroControl: z.string().nullable(),
  serie: z.string().nullable(),
  modeloOrden: z.enum(ORDER_KINDS),
  tipo: z.string(),
  fechaEmision: z.string(),
  /** dd/MM/yyyy in Caracas. */
  fecha: z.string(),
  cliente: z.string(),
  razonSocial: z.string(),
  sucursal: z.string().nullable(),
  /** 'true' once an invoice was issued from the order. */
  facturaGenerada: z.enum(['true', 'false']),
  id_factura: z.string().nullable(),
  nroFactura: z.string().nullable(),
  IncluirMontos: z.boolean(),
  facturaDivisa: z.string(),
  importeTotal: z.string().nullable(),
  motivo: z.string(),
  direccionEntrega: z.string(),
  observacion: z.string().nullable(),
  pdfEstado: pdfStateSchema,
  logEstatusRegistro: z.string(),
  logDeletedRegistro: z.boolean(),
  /** Activa or Anulada. */
  estatus: z.string(),
});
export type OrderListRow = z.infer<typeof orderListRowSchema>;

export const orderDetailLineSchema = z.object({
  codigoProducto: z.string(),
  descripcion: z.string(),
  unidadMedida: z.string(),
  cantidad: z.string(),
  /** Null in an order without amounts. */
  precio: z.string().nullable(),
  descuento: z.string().nullable(),
  montoDescuento: z.string().nullable(),
  importe: z.string().nullable(),
  alicuotaGravamen: z.string().nullable(),
  montoGravamen: z.string().nullable(),
  exento: z.boolean(),
  exonerado: z.boolean(),
});
export type OrderDetailLine = z.infer<typeof orderDetailLineSchema>;

/** The whole order (GET getOrdenId with a token; 'Facturar' reads it), without the PDF bytes. */
export const orderDetailSchema = orderListRowSchema.extend({
  /** When the control number was assigned (ISO 8601, Caracas); null while unnumbered. */
  fechaAsignacionControl: z.string().nullable().optional(),
  tasaCambio: z.string().nullable(),
  subTotal: z.string().nullable(),
  totalExento: z.string().nullable(),
  totalExonerado: z.string().nullable(),
  montoDescuento: z.string().nullable(),
  totalIva: z.string().nullable(),
  clienteDetalle: z.record(z.string(), z.unknown()),
  lstDetallesFacturaGeneral: z.array(orderDetailLineSchema),
  lstGravamenes: z.array(
    z.object({ alicuota: z.string(), baseImponible: z.string(), montoAlicuota: z.string() }),
  ),
  checkedSumBase64: z.string().nullable(),
  origen: z.string(),
  logUsername: z.string(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** GET getOrdenId/{id} without a token: the public projection (spec 002 §7), never lines or amounts. */
export const orderPublicSchema = z.object({
  code: z.number(),
  orden: z.object({
    id: z.string(),
    modeloOrden: z.enum(ORDER_KINDS),
    tipo: z.string(),
    nroOrden: z.string(),
    nroControl: z.string().nullable(),
    fechaEmision: z.string(),
    estatus: z.string(),
    logEstatusRegistro: z.string(),
    /** Why it was annulled (null while active or when no reason was given). */
    motivoAnulacion: z.string().nullable().optional(),
    ordenGenerada: z.enum(['true', 'false']),
    checkedSumBase64: z.string().nullable(),
    cliente: z.object({ rif: z.string(), identificacion: z.string() }),
    ...sandboxPublicFields,
  }),
  localidaddetalle: z.object({ rif: z.string(), nombre: z.string() }),
});
export type OrderPublic = z.infer<typeof orderPublicSchema>;

/** The query of getlibroOrdenes and getOrdenesExcel (spec 002 §7 Reports): both dates and a company. */
export const orderReportQuerySchema = z
  .object({
    fechaInicio: z.iso.date({ error: 'fechaInicio es requerido (AAAA-MM-DD)' }),
    fechaFin: z.iso.date({ error: 'fechaFin es requerido (AAAA-MM-DD)' }),
    id_localidad: z.uuid({ error: 'id_localidad es requerido' }),
    id_sucursal: z.preprocess((v) => (v === '' ? undefined : v), z.uuid().optional()),
  })
  .refine((q) => q.fechaInicio <= q.fechaFin, {
    message: 'fechaInicio no puede ser posterior a fechaFin',
    path: ['fechaFin'],
  });
export type OrderReportQuery = z.infer<typeof orderReportQuerySchema>;

/** getlibroOrdenes: libro {consolidado (count), reporteVenta (base64 PDF), totalFacturas}. */
export const orderReportAnswerSchema = z.object({
  code: z.number(),
  libro: z.object({
    consolidado: z.number(),
    reporteVenta: z.string(),
    totalFacturas: z.object({ totalImporteTotalSinTerceros: z.string() }),
    /** Active orders' totals per currency; totalImporteTotalSinTerceros is the Bs. one. */
    totalesPorMoneda: z.array(z.object({ moneda: z.string(), total: z.string() })),
  }),
});
export type OrderReportAnswer = z.infer<typeof orderReportAnswerSchema>;

/** getOrdenesExcel: libro.libroExcel (base64 xlsx) and its file name. */
export const orderExcelAnswerSchema = z.object({
  code: z.number(),
  libro: z.object({ libroExcel: z.string(), consolidado: z.number(), nombre: z.string() }),
});
export type OrderExcelAnswer = z.infer<typeof orderExcelAnswerSchema>;
