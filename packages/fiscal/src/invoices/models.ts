import { fitsDecimal, tooLargeMessage } from '../bounds.ts';
import { type Decimal, dec, money, sum } from '../money.ts';
import { canonicalKeys, choice, decimal, optionalDate, optionalText, text } from '../tolerant.ts';
import { z } from '../zod-es.ts';
import type { DocumentTotals } from './totals.ts';

/**
 * Invoice models beyond GENERAL and SERVICIO: air-transport invoices (AEREA, screen
 * /facturacion/aereas) and alcoholic-beverage invoices (LICORES, screen /facturacion/licores). Both are
 * ordinary invoices of the invoice family that carry and print extra data; the data below is what the
 * sources ask such invoices to show.
 *
 * Sources (read 2026-11-25 through public pages; the primary Gaceta texts were not at hand):
 * - Providencia Administrativa SNAT/2011/00071, Normas Generales de Emisión de Facturas y otros
 *   Documentos, G.O. N° 39.795 del 08-11-2011. Its heading and arts. 1-2 were read in public copies
 *   (mundotributariovzla.blogspot.com, emersongescalona.blogspot.com, scribd "Providencia 00071"); the
 *   text of art. 13 (content of an invoice) was NOT retrieved here and is cited from its well-known
 *   content: besides numbers, parties and description, charges added to the price are described with
 *   their value, and the taxable base per rate, the exempt amount, the tax and the total are stated
 *   apart. The general invoice already prints that content; the models only add to it.
 * - Providencia conjunta N° 0078 de los ministerios de Finanzas y de Transporte Acuático y Aéreo,
 *   G.O. N° 40.318 (December 2013), normas para la emisión de facturas de boletos aéreos — VERIFIED only
 *   through press summaries (2001online.com, 18-12-2013 "Establecidas normas para la emisión de facturas
 *   y boletos aéreos"; elimpulso.com 07-02-2014): the invoice must show the passenger (nombre y apellido,
 *   cédula or passport for foreigners, domicilio fiscal, telephone), the provider of the service, the
 *   ticket number, the itinerary (departure and arrival dates, origin and destination) and the payment
 *   method; the ticket itself adds the booking locator, flight number, class, fare and the breakdown of
 *   taxes. Hence `transporteAereo` and its `lstCargos`: airport fees, departure tax and other charges
 *   collected for third parties are broken down, added to the amount payable and kept OUT of the IVA
 *   base (they are not the carrier's consideration; 00071 asks third-party amounts to be stated apart).
 * - Ley de Impuesto sobre Alcohol y Especies Alcohólicas (reform G.O. N° 38.238 del 28-07-2005) and its
 *   Reglamento (Decreto N° 712, G.O. N° 3.601 Ext. del 14-08-1985): the trade in alcoholic species is
 *   done under a licence (licencia de expendio) and the taxed species are identified by their alcoholic
 *   grade (° G.L.), the capacity of the container and the guarantee band (banda de garantía) on it. The
 *   article of the Reglamento that lists what a seller's INVOICE must state could NOT be found in the
 *   sources available here: the licence number on the header and grade, capacity and band per line are
 *   the data those texts use to identify a licensed sale, printed so an inspection can match them.
 */

export const INVOICE_MODELS = ['GENERAL', 'SERVICIO', 'AEREA', 'LICORES'] as const;
export type InvoiceModel = (typeof INVOICE_MODELS)[number];

/** Most charges a ticket breaks down (IATA tickets show a handful of tax boxes). */
export const MAX_AIR_CHARGES = 20;

/** An object read liberally (keys in any case) that keeps only its own, bounded fields. */
const modelObject = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess(canonicalKeys(Object.keys(shape)), z.object(shape));
const absent = (v: unknown) => v === undefined || v === null || v === '';
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (absent(v) ? undefined : v), schema.optional());

/** A charge outside the taxable base: airport fee, departure tax, other third-party charges. */
export const airChargeSchema = modelObject({
  concepto: text('transporteAereo.lstCargos.concepto', 60),
  /** Who the charge is collected for (airport, INAC, the State). */
  beneficiario: optionalText('transporteAereo.lstCargos.beneficiario', 90),
  monto: decimal('transporteAereo.lstCargos.monto').refine(
    (v) => !dec(v).isNegative(),
    'transporteAereo.lstCargos.monto no puede ser negativo',
  ),
});

export const airTransportSchema = modelObject({
  pasajero: text('transporteAereo.pasajero', 90),
  /** Cédula, or passport for foreigners (Providencia 0078). */
  documentoPasajero: text('transporteAereo.documentoPasajero', 20),
  domicilioPasajero: optionalText('transporteAereo.domicilioPasajero', 200),
  telefonoPasajero: optionalText('transporteAereo.telefonoPasajero', 20),
  /** IATA ticket number: 3-digit airline code and 10-digit serial, sometimes with a dash. */
  nroBoleto: text('transporteAereo.nroBoleto', 20).pipe(
    z.string().regex(/^[A-Za-z0-9-]+$/, 'transporteAereo.nroBoleto admite solo letras, dígitos y guiones'),
  ),
  codigoReserva: optionalText('transporteAereo.codigoReserva', 10),
  /** The carrier, when an agency issues the invoice. */
  aerolinea: optionalText('transporteAereo.aerolinea', 90),
  nroVuelo: optionalText('transporteAereo.nroVuelo', 10),
  origen: text('transporteAereo.origen', 60),
  destino: text('transporteAereo.destino', 60),
  fechaSalida: optionalDate('transporteAereo.fechaSalida').pipe(
    z.string({ error: 'transporteAereo.fechaSalida es requerido' }),
  ),
  fechaRegreso: optionalDate('transporteAereo.fechaRegreso'),
  clase: optionalText('transporteAereo.clase', 20),
  lstCargos: optional(
    z
      .array(airChargeSchema, { error: 'transporteAereo.lstCargos debe ser una lista' })
      .max(MAX_AIR_CHARGES, `transporteAereo.lstCargos admite máximo ${MAX_AIR_CHARGES} cargos`),
  ),
});
export type AirTransportInput = z.infer<typeof airTransportSchema>;

export const liquorHeaderSchema = modelObject({
  /** The seller's licence (licencia de expendio de especies alcohólicas). */
  licenciaExpendio: text('licores.licenciaExpendio', 30),
  /** The buyer's licence, when the buyer resells (wholesale). */
  licenciaComprador: optionalText('licores.licenciaComprador', 30),
});
export type LiquorHeaderInput = z.infer<typeof liquorHeaderSchema>;

export const CAPACITY_UNITS = ['ML', 'CL', 'L'] as const;

export const liquorLineSchema = modelObject({
  /** Alcoholic grade in ° G.L. (percent of alcohol by volume), 0 to 100. */
  gradoAlcoholico: decimal('licor.gradoAlcoholico', 'percent').refine(
    (v) => dec(v).gte(0) && dec(v).lte(100),
    'licor.gradoAlcoholico debe estar entre 0 y 100',
  ),
  capacidad: decimal('licor.capacidad', 'quantity').refine(
    (v) => dec(v).gt(0),
    'licor.capacidad debe ser mayor a 0',
  ),
  unidadCapacidad: z.preprocess(
    (v) => (absent(v) ? 'L' : v),
    choice('licor.unidadCapacidad', CAPACITY_UNITS),
  ),
  bandaGarantia: optionalText('licor.bandaGarantia', 40),
});
export type LiquorLineInput = z.infer<typeof liquorLineSchema>;

/** The optional header fields of the models, as `invoiceSchema` reads them. */
export const invoiceModelFields = {
  transporteAereo: optional(airTransportSchema),
  licores: optional(liquorHeaderSchema),
};
/** The optional line field of the LICORES model. */
export const invoiceModelLineFields = { licor: optional(liquorLineSchema) };

/**
 * Why an invoice's model data does not match its model, or null: an AEREA invoice needs
 * `transporteAereo`, a LICORES one `licores`, and neither block (nor a line's `licor`) belongs to
 * another model.
 */
export function invoiceModelProblem(input: {
  modeloFactura: string;
  transporteAereo?: unknown;
  licores?: unknown;
  lstDetallesFacturaGeneral: ReadonlyArray<{ licor?: unknown }>;
}): string | null {
  const model = input.modeloFactura;
  if (model === 'AEREA' && !input.transporteAereo)
    return 'transporteAereo es requerido en facturas de modelo AEREA';
  if (model !== 'AEREA' && input.transporteAereo)
    return 'transporteAereo solo aplica a facturas de modelo AEREA';
  if (model === 'LICORES' && !input.licores) return 'licores es requerido en facturas de modelo LICORES';
  if (model !== 'LICORES' && input.licores) return 'licores solo aplica a facturas de modelo LICORES';
  if (model !== 'LICORES') {
    const i = input.lstDetallesFacturaGeneral.findIndex((l) => l.licor);
    if (i >= 0) return `lstDetallesFacturaGeneral[${i}].licor solo aplica a facturas de modelo LICORES`;
  }
  return null;
}

export interface ChargesTotal {
  cargos: Array<{ concepto: string; beneficiario?: string; monto: string }>;
  totalCargos: string;
}

/**
 * The charges outside the taxable base, each rounded half-up to 2 places, and their total. Throws the
 * per-document message when one is negative or the total does not fit numeric(20,2).
 */
export function airCharges(
  cargos: ReadonlyArray<{ concepto: string; beneficiario?: string; monto: string }> | undefined,
): ChargesTotal {
  const rows = (cargos ?? []).map((c, i) => {
    if (dec(c.monto).isNegative())
      throw new Error(`transporteAereo.lstCargos[${i}].monto no puede ser negativo`);
    return { ...c, monto: money(c.monto) };
  });
  const total = money(sum(rows.map((r) => r.monto)));
  if (!fitsDecimal(total, 'amount')) throw new Error(tooLargeMessage('transporteAereo.totalCargos'));
  return { cargos: rows, totalCargos: total };
}

/**
 * The totals of an invoice with charges outside the taxable base: subtotal, taxes and their bases are
 * those of the lines alone; the amount payable (importeTotal) is subtotal + IVA + charges.
 */
export function totalsWithCharges(
  totals: DocumentTotals,
  totalCargos: string,
): DocumentTotals & { totalCargos: string } {
  const importe: Decimal = dec(totals.subTotal).plus(totals.totalIva).plus(totalCargos);
  return { ...totals, importeTotal: money(importe), totalCargos: money(totalCargos) };
}

/** "0,75 L" style capacity and "40 % G.L." grade for print (decimal comma, trailing zeros dropped). */
export function liquorLineText(l: {
  gradoAlcoholico: string;
  capacidad: string;
  unidadCapacidad: string;
  bandaGarantia?: string | null;
}): string {
  const plain = (v: string) => dec(v).toFixed().replace('.', ',');
  const parts = [
    `Grado: ${plain(l.gradoAlcoholico)} °G.L.`,
    `Capacidad: ${plain(l.capacidad)} ${l.unidadCapacidad}`,
  ];
  if (l.bandaGarantia) parts.push(`Banda: ${l.bandaGarantia}`);
  return parts.join('   ');
}

/** What an invoice of a model stores beside its general data (facturas.datos_modelo, migration 0014). */
export interface InvoiceModelData {
  transporteAereo?: Omit<AirTransportInput, 'lstCargos'> & ChargesTotal;
  licores?: LiquorHeaderInput;
  /** LICORES: the product data of each line that carries it, by line position (from 1). */
  lineas?: Array<{ posicion: number; licor: LiquorLineInput }>;
}
