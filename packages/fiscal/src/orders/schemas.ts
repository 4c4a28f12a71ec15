import { EXTRA_LIMITS, extraFieldsProblem } from '../bounds.ts';
import { annulReasonField } from '../documents/annul.ts';
import { invoiceClientSchema, invoiceLineSchema, invoiceSchema } from '../invoices/schema.ts';
import {
  choice,
  documentNumber,
  optionalBool,
  optionalDate,
  optionalDecimal,
  optionalText,
  text,
  tolerantObject,
} from '../tolerant.ts';
import { z } from '../zod-es.ts';

/**
 * Delivery orders and dispatch guides as they arrive: one item of POST /v2/ordenes/masivaordenes
 * (spec 001 §3.9 "Creation payload item"), read liberally as invoices are (see tolerant.ts), and one
 * item of PUT /v2/ordenes/anular (§7.3).
 */

/** The two kinds (spec 001 §3.9 modeloOrden). */
export const ORDER_KINDS = ['ORDENENTREGA', 'GUIADESPACHO'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
/** Orders are priced in Bs., USD or EUR (spec 001 §2.4 currency selector; §4.5 default VEF). */
export const ORDER_CURRENCIES = ['VEF', 'USD', 'EUR'] as const;

/** Text limits of an order (spec 001 §9: address 250; the reason and the observations are free text). */
export const ORDER_LIMITS = { nroOrden: 20, motivo: 100, observacion: 250, direccionEntrega: 250 } as const;

const line = invoiceLineSchema.out.shape;
const head = invoiceSchema.out.shape;
const client = invoiceClientSchema.out.shape;

/**
 * An order line: code, description, quantity and unit always; the price and the tax data only matter
 * when the order includes amounts (IncluirMontos), where they are the invoice line's.
 */
export const orderLineSchema = tolerantObject({
  codigoProducto: line.codigoProducto,
  descripcion: line.descripcion,
  unidadMedida: line.unidadMedida,
  cantidad: line.cantidad,
  precio: optionalDecimal('precio', 'rate'),
  exento: line.exento,
  exonerado: line.exonerado,
  importe: line.importe,
  alicuotaGravamen: line.alicuotaGravamen,
  idgravamen: optionalText('idgravamen', 40),
  montoGravamen: line.montoGravamen,
  montoDescuento: line.montoDescuento,
  descuento: line.descuento,
});
export type OrderLineInput = z.infer<typeof orderLineSchema>;

/**
 * The order's client (§3.9): the invoice client's fields plus the delivery address. `identificacion`
 * may be left out to name a client already in the company's catalog by its document.
 */
export const orderClientSchema = tolerantObject({
  ...client,
  identificacion: optionalText('cliente.identificacion', 90),
  direccionEntrega: optionalText('cliente.direccionEntrega', ORDER_LIMITS.direccionEntrega),
});

export const orderSchema = tolerantObject({
  rif: head.rif,
  codigoSucursal: head.codigoSucursal,
  nroOrden: documentNumber('nroOrden', text('nroOrden', ORDER_LIMITS.nroOrden)),
  modeloOrden: choice('modeloOrden', ORDER_KINDS),
  IncluirMontos: optionalBool('IncluirMontos'),
  importeTotal: optionalDecimal('importeTotal'),
  subTotal: optionalDecimal('subTotal'),
  montoDescuento: optionalDecimal('montoDescuento'),
  totalExento: optionalDecimal('totalExento'),
  totalExonerado: optionalDecimal('totalExonerado'),
  facturaDivisa: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'VEF' : v),
    choice('facturaDivisa', ORDER_CURRENCIES),
  ),
  cambioDivisa: head.cambioDivisa,
  tipoCambioDiaUsd: head.tipoCambioDiaUsd,
  fechaVencimiento: optionalDate('fechaVencimiento'),
  motivo: text('motivo', ORDER_LIMITS.motivo),
  observacion: optionalText('observacion', ORDER_LIMITS.observacion),
  direccionEntrega: optionalText('direccionEntrega', ORDER_LIMITS.direccionEntrega),
  cliente: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.custom<unknown>((v) => v !== undefined, 'cliente es requerido').pipe(orderClientSchema),
  ),
  lstDetallesFacturaGeneral: z
    .array(orderLineSchema, { error: 'lstDetallesFacturaGeneral es requerido' })
    .min(1, 'La orden debe tener al menos una línea'),
});
export type OrderInput = z.infer<typeof orderSchema>;

export const ORDER_KNOWN_FIELDS: readonly string[] = Object.keys(orderSchema.out.shape);

/** One item of PUT /v2/ordenes/anular (spec 001 §7.3), with modeloOrden when both kinds share the number. */
export const annulOrderSchema = tolerantObject({
  rif: head.rif,
  codigoSucursal: head.codigoSucursal,
  nroOrden: documentNumber('nroOrden', text('nroOrden', ORDER_LIMITS.nroOrden)),
  modeloOrden: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    choice('modeloOrden', ORDER_KINDS).optional(),
  ),
  motivoAnulacion: annulReasonField,
});

/** The order number as sent, for error lines (even when the order could not be parsed). */
export function orderNumberOf(raw: unknown): string {
  if (raw && typeof raw === 'object') {
    for (const [k, v] of Object.entries(raw))
      if (k.toLowerCase() === 'nroorden' && (typeof v === 'string' || typeof v === 'number'))
        return String(v).slice(0, 40);
  }
  return '';
}

/** The problem with an order's extra fields (bounded in depth and size, as invoices'); null when fine. */
export function orderExtrasProblem(raw: unknown): string | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const budget = { chars: EXTRA_LIMITS.maxChars as number };
  const top = extraFieldsProblem(raw, ORDER_KNOWN_FIELDS, '', budget);
  if (top) return top;
  const entries = Object.entries(raw as Record<string, unknown>);
  const field = (name: string) => entries.find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  const c = extraFieldsProblem(
    field('cliente'),
    Object.keys(orderClientSchema.out.shape),
    'cliente.',
    budget,
  );
  if (c) return c;
  const lines = field('lstDetallesFacturaGeneral');
  if (!Array.isArray(lines)) return null;
  const known = Object.keys(orderLineSchema.out.shape);
  for (const [i, item] of lines.entries()) {
    const found = extraFieldsProblem(item, known, `lstDetallesFacturaGeneral[${i}].`, budget);
    if (found) return found;
  }
  return null;
}
