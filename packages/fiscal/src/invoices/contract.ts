import { sandboxPublicFields } from '../integration/api-keys.ts';
import { z } from '../zod-es.ts';
import { PAYMENT_STATES } from './credit.ts';

/**
 * The answers of the invoice routes (contract "Invoices", spec 001 §2.2, §5): the server declares them
 * as its response schemas, the web derives its types from them (z.infer), so neither side keeps a
 * hand-written twin.
 */

/** Render state of a document's signed PDF (the kernel's ledger). */
export const pdfStateSchema = z.enum(['PENDIENTE', 'GENERADA', 'FALLIDA']);
export type PdfEstado = z.infer<typeof pdfStateSchema>;

/** A row of GET queryfacturacion / POST FiltrarFacturas. */
export const invoiceListRowSchema = z.object({
  id: z.string(),
  id_localidad: z.string(),
  id_sucursal: z.string().nullable(),
  serieNrofactura: z.string(),
  nroFactura: z.string(),
  serie: z.string().nullable(),
  /** The control number, or 'No generada' until the signed PDF exists. */
  nroControl: z.string().nullable(),
  nroControlAsignado: z.string().nullable(),
  localidad: z.string(),
  sucursal: z.string().nullable(),
  facturaGenerada: z.string(),
  /** PENDIENTE, GENERADA, or FALLIDA after the render job's retries (an administrator may retry it). */
  pdfEstado: pdfStateSchema,
  pdfError: z.string().nullable(),
  fechaEmision: z.string(),
  fecha: z.string(),
  cliente: z.string(),
  facturaDivisa: z.string(),
  importeTotal: z.string(),
  logEstatusRegistro: z.string(),
  estatus: z.string(),
  /** The payment condition, the due day, what is still owed and the list's chip. */
  condicionPago: z.string(),
  fechaVencimiento: z.string().nullable(),
  saldo: z.string(),
  estadoPago: z.enum(PAYMENT_STATES),
});
export type InvoiceListRow = z.infer<typeof invoiceListRowSchema>;

/** The answer of POST /v2/facturas/masivafacturacion (contract "Invoices"). */
export const invoiceIngestAnswerSchema = z.object({
  code: z.union([z.literal(200), z.literal(203)]),
  TotalFacturasProcedas: z.number(),
  totalFacturasNew: z.number(),
  totalFacturaconError: z.number(),
  DetalleErrorFacturas: z.array(
    z.array(z.object({ posicion: z.number(), NroFactura: z.string(), Msg: z.string() })),
  ),
  DetalleFacturaProcesadas: z.array(
    z.array(
      z.object({
        NroFactura: z.string(),
        NroControl: z.string(),
        /** When the control number was assigned, ISO 8601 in Caracas time ("2026-06-10T10:00:00-04:00"). */
        FechaAsignacionControl: z.string().optional(),
        Cliente: z.string(),
        Msg: z.string(),
        id: z.string(),
      }),
    ),
  ),
});
export type InvoiceIngestAnswer = z.infer<typeof invoiceIngestAnswerSchema>;

/**
 * The answer of POST /v2/facturas/masivaAnularfacturacionXls (spec 001 §7.1, §8.7's annulment
 * counters): every invoice named, annulled or with its error.
 */
export const invoiceAnnulAnswerSchema = z.object({
  code: z.number(),
  TotalFacturasProcedas: z.number(),
  totalFacturasAnuladas: z.number(),
  totalFacturaconError: z.number(),
  DetalleErrorFacturas: z.array(z.array(z.object({ NroFactura: z.string(), Msg: z.string() }))),
  DetalleFacturasAnuladas: z.array(z.array(z.object({ NroFactura: z.string(), Msg: z.string() }))),
});

/** AEREA: passenger, ticket, itinerary and the charges outside the taxable base, as stored. */
export const invoiceDetailAirSchema = z.object({
  pasajero: z.string(),
  documentoPasajero: z.string(),
  domicilioPasajero: z.string().optional(),
  telefonoPasajero: z.string().optional(),
  nroBoleto: z.string(),
  codigoReserva: z.string().optional(),
  aerolinea: z.string().optional(),
  nroVuelo: z.string().optional(),
  origen: z.string(),
  destino: z.string(),
  fechaSalida: z.string(),
  fechaRegreso: z.string().optional(),
  clase: z.string().optional(),
  cargos: z.array(z.object({ concepto: z.string(), beneficiario: z.string().optional(), monto: z.string() })),
  totalCargos: z.string(),
});

/** A line of the detail; the extra fields a connector sent with it are kept (loose). */
export const invoiceDetailLineSchema = z.looseObject({
  codigoProducto: z.string(),
  descripcion: z.string(),
  unidadMedida: z.string(),
  cantidad: z.string(),
  precio: z.string(),
  descuento: z.string(),
  montoDescuento: z.string(),
  importe: z.string(),
  alicuotaGravamen: z.string(),
  montoGravamen: z.string(),
  exento: z.boolean(),
  exonerado: z.boolean(),
  nrolote: z.string().nullable(),
  fechaVenciProducto: z.string().nullable(),
  /** LICORES: the product's grade (° G.L.), capacity and guarantee band. */
  licor: z
    .object({
      gradoAlcoholico: z.string(),
      capacidad: z.string(),
      unidadCapacidad: z.string(),
      bandaGarantia: z.string().optional(),
    })
    .optional(),
});
export type InvoiceDetailLine = z.infer<typeof invoiceDetailLineSchema>;

export const invoiceDetailPaymentSchema = z.object({
  modoPago: z.string(),
  nro: z.string().nullable(),
  monto: z.string(),
  fechaComprobantePago: z.string().nullable(),
  banco: z.string().nullable(),
  divisa: z.string(),
  tasaDiaDivisa: z.string().nullable(),
  diasCredito: z.number().nullable(),
  igtf: z.boolean(),
  igtfValor: z.string().nullable(),
});
export type InvoiceDetailPayment = z.infer<typeof invoiceDetailPaymentSchema>;

/** The client as stored with the invoice at issue. */
export const invoiceDetailClientSchema = z.looseObject({
  tipoDocumento: z.string(),
  numeroDocumento: z.string(),
  identificacion: z.string(),
  direccion: z.string().nullable().optional(),
  telefonoMovil: z.string().nullable().optional(),
  correo: z.string().nullable().optional(),
  ccCorreo: z.string().nullable().optional(),
});

/**
 * The whole invoice (detail dialog, JSON download), without the PDF bytes. Loose: the third party's
 * fields and the connector's extra fields ride along.
 */
export const invoiceDetailSchema = z.looseObject({
  /** When the control number was assigned (ISO 8601, Caracas); null while unnumbered. */
  fechaAsignacionControl: z.string().nullable().optional(),
  id: z.string(),
  rif: z.string(),
  id_localidad: z.string(),
  id_sucursal: z.string().nullable(),
  localidaddetalle: z.object({ nombre: z.string(), rif: z.string(), direccion: z.string().nullable() }),
  sucursaldetalle: z
    .object({ nombre: z.string(), codigoSucursal: z.string(), direccion: z.string().nullable() })
    .nullable(),
  codigoSucursal: z.string().nullable(),
  serieNrofactura: z.string(),
  nroFactura: z.string(),
  serie: z.string().nullable(),
  nroControl: z.string().nullable(),
  fechaEmision: z.string(),
  facturaDivisa: z.string(),
  cambioDivisa: z.string().nullable(),
  tipoCambioDiaUsd: z.string().nullable(),
  condicionPago: z.string(),
  tipoVenta: z.string(),
  modeloFactura: z.string(),
  diasCredito: z.number().nullable(),
  fechaVencimiento: z.string().nullable(),
  estatusCredito: z.string().nullable(),
  /** Why it was annulled (null while active or when no reason was given). */
  motivoAnulacion: z.string().nullable().optional(),
  subTotal: z.string(),
  totalExento: z.string(),
  totalExonerado: z.string(),
  montoDescuento: z.string(),
  totalDescuento: z.string(),
  totalIva: z.string(),
  importeTotal: z.string(),
  totalIgtf: z.string().nullable(),
  tipoColetilla: z.boolean(),
  coletillaIGTF: z.boolean(),
  observacion: z.string().nullable(),
  observacionInfo: z.string().nullable(),
  ordenCompra: z.string().nullable(),
  servicio: z
    .object({
      nroContrato: z.string(),
      pagueAntes: z.string(),
      periodoFacturacion: z.string(),
      direccionServicio: z.string(),
    })
    .nullable(),
  cuentaTerceros: z.boolean(),
  nombrePrestador: z.string().optional(),
  rifPrestador: z.string().optional(),
  domicilioPrestador: z.string().optional(),
  cliente: invoiceDetailClientSchema,
  lstDetallesFacturaGeneral: z.array(invoiceDetailLineSchema),
  lstPagos: z.array(invoiceDetailPaymentSchema),
  lstGravamenes: z.array(
    z.object({ alicuota: z.string(), baseImponible: z.string(), montoAlicuota: z.string() }),
  ),
  extras: z.record(z.string(), z.unknown()),
  /** AEREA: the charges outside the taxable base (inside importeTotal); 0.00 for other models. */
  totalCargos: z.string(),
  transporteAereo: invoiceDetailAirSchema.nullable(),
  licores: z.object({ licenciaExpendio: z.string(), licenciaComprador: z.string().optional() }).nullable(),
  origen: z.string(),
  facturaGenerada: z.string(),
  checkedSumBase64: z.string().nullable(),
  logEstatusRegistro: z.string(),
  logUsername: z.string(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

/** GET getfacturacion/{id} with a token and the view permission. */
export const invoiceDetailAnswerSchema = z.object({
  code: z.number(),
  message: z.string(),
  result: invoiceDetailSchema,
});

/** GET getfacturacion/{id} for everyone else: the public projection (spec 002 §7), never amounts. */
export const invoicePublicAnswerSchema = z.object({
  code: z.number(),
  factura: z.object({
    id: z.string(),
    nroFactura: z.string(),
    serie: z.string().nullable(),
    nroControl: z.string().nullable(),
    fechaEmision: z.string(),
    estatus: z.string(),
    logEstatusRegistro: z.string(),
    motivoAnulacion: z.string().nullable().optional(),
    facturaGenerada: z.string(),
    checkedSumBase64: z.string().nullable(),
    cliente: z.object({ rif: z.string(), identificacion: z.string() }),
    ...sandboxPublicFields,
  }),
  localidaddetalle: z.object({ rif: z.string(), nombre: z.string() }),
});
export type InvoicePublicAnswer = z.infer<typeof invoicePublicAnswerSchema>;
