import { CLIENT_DOCUMENT_TYPES } from '../formats.ts';
import { TAX_RATES } from '../invoices/schema.ts';
import { choice, decimal, documentNumber, optionalDecimal, optionalText, text } from '../tolerant.ts';
import { z } from '../zod-es.ts';

/**
 * A purchase invoice as the back office records it (spec 001 §3.10, form of §2.5, POST
 * {facturaCompra}/crear and PUT {facturaCompra}/editar/{id} of §7.4): what a company bought, from which
 * supplier, on the supplier's own document. A record only: no control number is assigned and no PDF is
 * signed.
 */

/** Spec 001 §3.11 "Unit options on purchase lines". */
export const PURCHASE_UNITS = [
  'KILOGRAMO',
  'GRAMO',
  'TONELADA',
  'UNIDAD',
  'LITRO',
  'MILILITRO',
  'METRO',
] as const;

/**
 * Purchase type (spec 001 §3.10 `tipoCompra`, values not shown): the purchase book of the IVA law's
 * regulation (art. 72) separates internal purchases from imports, so those are the two kinds.
 */
export const PURCHASE_TYPES = ['INTERNA', 'IMPORTACION'] as const;

/** Payment methods of spec 001 §3.5, shared with invoices. */
export const PURCHASE_PAYMENT_METHODS = [
  'EFECTIVO',
  'TARJETA_DEBITO',
  'TARJETA_CREDITO',
  'CHEQUE',
  'TRANSFERENCIA',
  'CESTA_TICKETS',
  'TARJETA_ALIMENTACION',
  'POS_VIRTUAL',
] as const;

/**
 * How the IVA treats a purchase line, for the purchase book's columns (Reglamento de la Ley del IVA art. 75):
 * an untaxed line (exento, or rate 0) is an exempt, exonerated or not-subject purchase;
 * a taxed line is a purchase with right to fiscal credit unless marked SIN_DERECHO (its IVA does not give
 * crédito fiscal: Ley del IVA art. 33, purchases not for the taxpayer's taxed activity). Absent: EXENTO for
 * untaxed lines, with right to credit for taxed ones (what every earlier record meant).
 */
export const PURCHASE_VAT_TREATMENTS = ['EXENTO', 'EXONERADO', 'NO_SUJETO', 'SIN_DERECHO'] as const;
export type PurchaseVatTreatment = (typeof PURCHASE_VAT_TREATMENTS)[number];

/** Whether a purchase line carries no IVA (exempt flag, or rate 0). */
export const untaxedPurchaseLine = (l: { exento: boolean; alicuota: string }): boolean =>
  l.exento || Number(l.alicuota) === 0;

export const PURCHASE_MESSAGES = {
  /** §5.7: the control number must not be empty; the spec's message says so in its own words. */
  nroControl: 'El nombre debe contener al menos 2 caracteres',
  nroFactura: 'El N° de factura es requerido',
  noLines: 'La factura de compra debe tener al menos una línea',
  /** §8.5 popups. */
  created: 'Guardado',
  updated: 'Actualizado',
  inactivated: 'Inactivado',
  activated: 'Activado',
  /** §8.5: a failure's popup shows 'Error' plus the server's message. */
  failed: (message: string) => `Error: ${message}`,
  notFound: 'Factura de compra no encontrada',
  inactiveEdit: 'No se puede editar una factura de compra INACTIVO',
  duplicate: (nro: string) => `La factura N° ${nro} de este proveedor ya existe`,
  untaxedTreatment:
    'tratamientoIva EXENTO, EXONERADO o NO_SUJETO solo aplica a líneas exentas o de alícuota 0',
  taxedTreatment: 'tratamientoIva SIN_DERECHO solo aplica a líneas gravadas',
} as const;

const requiredTrimmed = (message: string, max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
    z.string({ error: message }).trim().min(1, message).max(max, `Maximo ${max} caracteres permitidos`),
  );

export const purchaseSupplierSchema = z.object({
  tipoDocumento: choice('proveedor.tipoDocumento', CLIENT_DOCUMENT_TYPES),
  numeroDocumento: text('proveedor.numeroDocumento', 9).pipe(
    z.string().regex(/^\d{1,9}$/, 'proveedor.numeroDocumento admite hasta 9 dígitos'),
  ),
  identificacion: text('proveedor.identificacion', 90),
  direccion: optionalText('proveedor.direccion', 200),
  correo: optionalText('proveedor.correo', 50).pipe(
    z.email('proveedor.correo no es un correo válido').optional(),
  ),
});

export const purchaseLineSchema = z
  .object({
    concepto: text('concepto', 250),
    cantidad: decimal('cantidad', 'quantity').refine((v) => Number(v) > 0, 'cantidad debe ser mayor que 0'),
    unidadMedida: choice('unidadMedida', PURCHASE_UNITS),
    /** Unit price before tax (§3.10 "precio (base imponible)"). */
    precio: decimal('precio', 'rate').refine((v) => !v.startsWith('-'), 'precio no puede ser negativo'),
    /** Discount percent of the line (§4.4 percent rule). */
    descuento: optionalDecimal('descuento', 'percent').refine(
      (v) => v === undefined || (Number(v) >= 0 && Number(v) <= 100),
      'descuento debe estar entre 0 y 100',
    ),
    exento: z.boolean().default(false),
    /** The tax type: the IVA rate in percent (0, 8 reduced, 16 general, 31 general plus luxury). */
    alicuota: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().replace(/\.0+$/, '') : v),
      z.enum(TAX_RATES, { error: 'alicuota debe ser 0, 8, 16 o 31' }),
    ),
    /** The purchase book's column of the line (PURCHASE_VAT_TREATMENTS); optional, see above. */
    tratamientoIva: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z
        .enum(PURCHASE_VAT_TREATMENTS, {
          error: 'tratamientoIva debe ser EXENTO, EXONERADO, NO_SUJETO o SIN_DERECHO',
        })
        .optional(),
    ),
  })
  .superRefine((l, ctx) => {
    if (!l.tratamientoIva) return;
    const untaxed = untaxedPurchaseLine(l);
    if (l.tratamientoIva === 'SIN_DERECHO' ? untaxed : !untaxed)
      ctx.addIssue({
        code: 'custom',
        path: ['tratamientoIva'],
        message: untaxed ? PURCHASE_MESSAGES.taxedTreatment : PURCHASE_MESSAGES.untaxedTreatment,
      });
  });

export const purchasePaymentSchema = z.object({
  modoPago: choice('modoPago', PURCHASE_PAYMENT_METHODS),
  monto: decimal('monto').refine((v) => Number(v) > 0, 'monto debe ser mayor que 0'),
  divisa: choice('divisa', ['VEF', 'USD', 'EUR', 'PTR']).default('VEF'),
  nro: optionalText('nro', 15),
  fecha: z.iso.date({ error: 'fecha debe ser una fecha AAAA-MM-DD' }).optional(),
});

export const purchaseInputSchema = z.object({
  id_localidad: z.uuid({ error: 'Seleccione la razón social' }),
  id_sucursal: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.uuid().optional()),
  proveedor: purchaseSupplierSchema,
  nroControl: documentNumber('nroControl', requiredTrimmed(PURCHASE_MESSAGES.nroControl, 30)),
  nroFactura: documentNumber('nroFactura', requiredTrimmed(PURCHASE_MESSAGES.nroFactura, 30)),
  fechaFactura: z.iso.date({ error: 'fechaFactura debe ser una fecha AAAA-MM-DD' }),
  tipoCompra: choice('tipoCompra', PURCHASE_TYPES),
  lstDetalles: z
    .array(purchaseLineSchema, { error: PURCHASE_MESSAGES.noLines })
    .min(1, PURCHASE_MESSAGES.noLines)
    .max(200, 'Máximo 200 líneas por factura de compra'),
  lstPagos: z.array(purchasePaymentSchema).max(20, 'Máximo 20 pagos por factura de compra').default([]),
});
export type PurchaseInput = z.infer<typeof purchaseInputSchema>;
export type PurchaseLineInput = z.infer<typeof purchaseLineSchema>;

const taxRow = z.object({ alicuota: z.string(), baseImponible: z.string(), montoAlicuota: z.string() });

/** A stored purchase invoice as list, detail and edit form read it. */
export const purchaseRecordSchema = z.object({
  id: z.number(),
  id_localidad: z.string(),
  id_sucursal: z.string().nullable(),
  /** The buying company: the "Cliente" column of §2.5. */
  cliente: z.string(),
  codigoSucursal: z.string().nullable(),
  proveedor: z.object({
    id: z.string(),
    tipoDocumento: z.string(),
    numeroDocumento: z.string(),
    rif: z.string(),
    identificacion: z.string(),
    direccion: z.string().nullable(),
    correo: z.string().nullable(),
  }),
  nroControl: z.string(),
  nroFactura: z.string(),
  fechaFactura: z.string(),
  tipoCompra: z.string(),
  lstDetalles: z.array(
    z.object({
      concepto: z.string(),
      cantidad: z.string(),
      unidadMedida: z.string(),
      precio: z.string(),
      descuento: z.string().optional(),
      exento: z.boolean(),
      alicuota: z.string(),
      tratamientoIva: z.enum(PURCHASE_VAT_TREATMENTS).optional(),
      importe: z.string(),
      montoDescuento: z.string(),
      montoGravamen: z.string(),
    }),
  ),
  lstPagos: z.array(
    z.object({
      modoPago: z.string(),
      monto: z.string(),
      divisa: z.string(),
      nro: z.string().optional(),
      fecha: z.string().optional(),
    }),
  ),
  subTotal: z.string(),
  totalExento: z.string(),
  montoDescuento: z.string(),
  lstGravamenes: z.array(taxRow),
  totalIva: z.string(),
  importeTotal: z.string(),
  logEstatusRegistro: z.string(),
  /** In the list only: the active withholding vouchers issued against it. */
  retenciones: z.number().int().optional(),
});
export type PurchaseRecord = z.infer<typeof purchaseRecordSchema>;

export const purchaseListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: optionalText('search', 100),
  id_localidad: z.preprocess((v) => (v === '' ? undefined : v), z.uuid().optional()),
});

export const purchaseIdParam = z.object({
  id: z.coerce
    .number({ error: 'Identificador no válido' })
    .int('Identificador no válido')
    .positive('Identificador no válido')
    .max(Number.MAX_SAFE_INTEGER, 'Identificador no válido'),
});
