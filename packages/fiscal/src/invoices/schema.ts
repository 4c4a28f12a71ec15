import { EXTRA_LIMITS, extraFieldsProblem } from '../bounds.ts';
import {
  bool,
  choice,
  decimal,
  documentNumber,
  optionalBool,
  optionalDate,
  optionalDecimal,
  optionalInt,
  optionalText,
  text,
  tolerantObject,
} from '../tolerant.ts';
import { z } from '../zod-es.ts';
import { INVOICE_MODELS, invoiceModelFields, invoiceModelLineFields } from './models.ts';

/**
 * One invoice of POST /v2/facturas/masivafacturacion, as ERP connectors send it (contract
 * "Invoices"), read liberally: see tolerant.ts.
 */

export const INVOICE_CURRENCIES = ['VEF', 'USD', 'EUR', 'PTR'] as const;
export const TAX_RATES = ['0', '8', '16', '31'] as const;

const invoiceClientShape = {
  contribuyenteEspecial: optionalBool('cliente.contribuyenteEspecial'),
  tipoDocumento: choice('cliente.tipoDocumento', ['V', 'E', 'J', 'G', 'P', 'C']),
  numeroDocumento: text('cliente.numeroDocumento', 9).pipe(
    z.string().regex(/^\d{1,9}$/, 'cliente.numeroDocumento admite hasta 9 dígitos'),
  ),
  identificacion: text('cliente.identificacion', 90),
  direccion: optionalText('cliente.direccion', 200),
  telefonoMovil: optionalText('cliente.telefonoMovil', 20),
  correo: optionalText('cliente.correo', 50).pipe(
    z.email('cliente.correo no es un correo válido').optional(),
  ),
  ccCorreo: optionalText('cliente.ccCorreo', 50).pipe(
    z.email('cliente.ccCorreo no es un correo válido').optional(),
  ),
  tipoPersona: optionalText('cliente.tipoPersona', 20),
  tipoProveedor: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'PNR' : v),
    choice('cliente.tipoProveedor', ['PJD', 'PJND', 'PNR', 'PNNR']),
  ),
};
export const invoiceClientSchema = tolerantObject(invoiceClientShape);

const invoiceLineShape = {
  codigoProducto: text('codigoProducto', 30),
  descripcion: text('descripcion', 250),
  unidadMedida: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'UNIDAD' : v),
    text('unidadMedida', 10),
  ),
  cantidad: decimal('cantidad', 'quantity'),
  precio: decimal('precio', 'rate'),
  exento: optionalBool('exento'),
  exonerado: optionalBool('exonerado'),
  importe: optionalDecimal('importe'),
  alicuotaGravamen: z.preprocess(
    (v) =>
      v === undefined || v === null || v === ''
        ? '0'
        : typeof v === 'number'
          ? String(v)
          : String(v).trim().replace(/\.0+$/, ''),
    z.enum(TAX_RATES, { error: 'alicuotaGravamen debe ser 0, 8, 16 o 31' }),
  ),
  montoGravamen: optionalDecimal('montoGravamen'),
  montoDescuento: optionalDecimal('montoDescuento'),
  descuento: optionalDecimal('descuento', 'percent'),
  nrolote: optionalText('nrolote', 20),
  fechaVenciProducto: optionalDate('fechaVenciProducto'),
  /** LICORES model: grade, capacity and band of the line's product (models.ts). */
  ...invoiceModelLineFields,
};
export const invoiceLineSchema = tolerantObject(invoiceLineShape);

const invoicePaymentShape = {
  modoPago: text('modoPago', 30),
  nro: optionalText('nro', 15),
  monto: decimal('monto'),
  fechaComprobantePago: optionalDate('fechaComprobantePago'),
  banco: optionalText('banco', 200),
  divisa: z.preprocess(
    (v) =>
      v === undefined || v === null || v === ''
        ? 'VEF'
        : typeof v === 'object' && v !== null && 'siglas' in v
          ? (v as { siglas: unknown }).siglas
          : v,
    text('divisa', 3).pipe(z.string().transform((s) => s.toUpperCase())),
  ),
  tasaDiaDivisa: optionalDecimal('tasaDiaDivisa', 'rate'),
  diasCredito: optionalInt('diasCredito'),
  igtf: z.preprocess((v) => (v === undefined || v === null || v === '' ? false : v), bool('igtf')),
};
export const invoicePaymentSchema = tolerantObject(invoicePaymentShape);

const invoiceTaxShape = {
  baseImponible: decimal('lstGravamenes.baseImponible'),
  alicuota: decimal('lstGravamenes.alicuota'),
  montoAlicuota: decimal('lstGravamenes.montoAlicuota'),
};
export const invoiceTaxSchema = tolerantObject(invoiceTaxShape);

export const invoiceSchema = tolerantObject({
  rif: text('rif', 12).pipe(
    z
      .string()
      .toUpperCase()
      .regex(/^[VEJGPC]-?\d{1,9}$/, 'rif debe tener el formato J-123456789'),
  ),
  codigoSucursal: optionalText('codigoSucursal', 16),
  nroFactura: documentNumber('nroFactura', optionalText('nroFactura', 20)),
  serie: optionalText('serie', 2),
  serieNrofactura: optionalText('serieNrofactura', 2),
  importeTotal: decimal('importeTotal'),
  subTotal: decimal('subTotal'),
  montoDescuento: decimal('montoDescuento'),
  totalExento: decimal('totalExento'),
  totalExonerado: decimal('totalExonerado'),
  condicionPago: choice('condicionPago', ['CONTADO', 'CREDITO']),
  facturaDivisa: choice('facturaDivisa', INVOICE_CURRENCIES),
  cambioDivisa: optionalDecimal('cambioDivisa', 'rate'),
  tipoCambioDiaUsd: optionalDecimal('tipoCambioDiaUsd', 'rate'),
  tipoColetilla: optionalBool('tipoColetilla'),
  tipoVenta: choice('tipoVenta', ['INTERNA', 'EXPORTACION']),
  diasCredito: optionalInt('diasCredito'),
  fechaVenciFactura: optionalDate('fechaVenciFactura'),
  fechaVencimiento: optionalDate('fechaVencimiento'),
  estatusCredito: optionalText('estatusCredito', 10),
  modeloFactura: choice('modeloFactura', INVOICE_MODELS),
  pagueAntes: optionalText('pagueAntes', 40),
  nroContrato: optionalText('nroContrato', 40),
  periodoFacturacion: optionalText('periodoFacturacion', 60),
  direccionServicio: optionalText('direccionServicio', 200),
  cuentaTerceros: optionalBool('cuentaTerceros'),
  rifPrestador: optionalText('rifPrestador', 12),
  nombrePrestador: optionalText('nombrePrestador', 100),
  domicilioPrestador: optionalText('domicilioPrestador', 250),
  coletillaIGTF: optionalBool('coletillaIGTF'),
  observacion: optionalText('observacion', 100),
  observacionInfo: optionalText('observacionInfo', 100),
  ordenCompra: optionalText('ordenCompra', 40),
  /** The delivery order or guide the invoice is issued from ('Facturar'). */
  idOrden: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.uuid({ error: 'idOrden no es un identificador válido' }).optional(),
  ),
  /** AEREA and LICORES models: optional, checked against the model (models.ts). */
  ...invoiceModelFields,
  cliente: invoiceClientSchema,
  lstDetallesFacturaGeneral: z
    .array(invoiceLineSchema, { error: 'lstDetallesFacturaGeneral es requerido' })
    .min(1, 'La factura debe tener al menos una línea'),
  lstPagos: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.array(invoicePaymentSchema).optional(),
  ),
  lstGravamenes: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.array(invoiceTaxSchema).optional(),
  ),
});
export type InvoiceInput = z.infer<typeof invoiceSchema>;
export type InvoiceLineInput = z.infer<typeof invoiceLineSchema>;

export const INVOICE_KNOWN_FIELDS = [
  'rif',
  'codigoSucursal',
  'nroFactura',
  'serie',
  'serieNrofactura',
  'importeTotal',
  'subTotal',
  'montoDescuento',
  'totalExento',
  'totalExonerado',
  'condicionPago',
  'facturaDivisa',
  'cambioDivisa',
  'tipoCambioDiaUsd',
  'tipoColetilla',
  'tipoVenta',
  'diasCredito',
  'fechaVenciFactura',
  'fechaVencimiento',
  'estatusCredito',
  'modeloFactura',
  'pagueAntes',
  'nroContrato',
  'periodoFacturacion',
  'direccionServicio',
  'cuentaTerceros',
  'rifPrestador',
  'nombrePrestador',
  'domicilioPrestador',
  'coletillaIGTF',
  'observacion',
  'observacionInfo',
  'ordenCompra',
  'idOrden',
  'transporteAereo',
  'licores',
  'cliente',
  'lstDetallesFacturaGeneral',
  'lstPagos',
  'lstGravamenes',
] as const;

/** "lstDetallesFacturaGeneral.1.precio: precio debe ser un número" → a connector-readable message. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/** The fields a connector sent that the contract does not name: kept with the document. */
export function extrasOfInvoice(raw: unknown): Record<string, unknown> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const known = new Set(INVOICE_KNOWN_FIELDS.map((k) => k.toLowerCase()));
  return Object.fromEntries(
    Object.entries(raw as Record<string, unknown>).filter(([k]) => !known.has(k.toLowerCase())),
  );
}

/**
 * The problem with an invoice's extra fields, checked without recursion before the
 * schema or anything else reads the payload: at the invoice's top level, in its client, in each line
 * and each payment, none deeper than the limit, all together within one size budget. Null when fine.
 */
export function invoiceExtrasProblem(raw: unknown): string | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const budget = { chars: EXTRA_LIMITS.maxChars as number };
  const problem = extraFieldsProblem(raw, INVOICE_KNOWN_FIELDS, '', budget);
  if (problem) return problem;
  const entries = Object.entries(raw as Record<string, unknown>);
  const field = (name: string) => entries.find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  const client = extraFieldsProblem(field('cliente'), Object.keys(invoiceClientShape), 'cliente.', budget);
  if (client) return client;
  const lists: Array<[string, readonly string[]]> = [
    ['lstDetallesFacturaGeneral', Object.keys(invoiceLineShape)],
    ['lstPagos', Object.keys(invoicePaymentShape)],
    ['lstGravamenes', Object.keys(invoiceTaxShape)],
  ];
  for (const [name, known] of lists) {
    const list = field(name);
    if (!Array.isArray(list)) continue;
    for (const [i, item] of list.entries()) {
      const found = extraFieldsProblem(item, known, `${name}[${i}].`, budget);
      if (found) return found;
    }
  }
  return null;
}

/** The filters of GET queryfacturacion and POST FiltrarFacturas (spec 001 §2.2, §5.6). */
export const invoiceFiltersSchema = z.object({
  id_localidad: z.uuid().optional(),
  id_sucursal: z.uuid().optional(),
  nroFactura: z.string().trim().max(20).optional(),
  fechaInicio: z.iso.date({ error: 'fechaInicio debe ser una fecha AAAA-MM-DD' }).optional(),
  fechaFin: z.iso.date({ error: 'fechaFin debe ser una fecha AAAA-MM-DD' }).optional(),
  identificacion: z.string().trim().max(100).optional(),
  tipoDocumento: z.string().trim().max(1).optional(),
  numeroDocumento: z.string().trim().max(9).optional(),
  /** The list of one model (/facturacion/aereas: AEREA, /facturacion/licores: LICORES). */
  modeloFactura: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.enum(INVOICE_MODELS, { error: `modeloFactura debe ser uno de: ${INVOICE_MODELS.join(', ')}` }),
    )
    .optional(),
});
export type InvoiceFiltersInput = z.infer<typeof invoiceFiltersSchema>;
