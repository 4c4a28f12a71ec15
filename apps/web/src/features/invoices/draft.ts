import {
  Decimal,
  type DocumentTotals,
  dec,
  documentTotals,
  GENERATE_MAX_REMAINING,
  igtfOf,
  igtfOfPayments,
  type LineTotals,
  lineTotals,
  money,
  NATIONAL_CURRENCIES,
  OWED_ZERO_THRESHOLD,
  remainingBalance,
} from '@sigece/fiscal';
import type { Client } from '../../components/ClientPicker/index.ts';
import { formatMoney, formatRate } from '../../components/format.ts';
import type { InvoiceBranch, InvoiceCompany, ThirdPartyAccount } from './api.ts';
import {
  type AirDraft,
  emptyAirDraft,
  emptyLiquorDraft,
  type LiquorDraft,
  lineModelPayload,
  modelComplete,
  modelPayload,
  withModelCharges,
} from './models.ts';

/**
 * The working draft of the new invoice screen (spec 001 §2.1, §4.1, §4.2, §4.4) and the payload it
 * sends. Every amount goes through the rules of @sigece/fiscal (decimal.js): no float arithmetic.
 */

export const INVOICE_CURRENCIES = ['VEF', 'USD', 'EUR', 'PTR'] as const;
export type InvoiceCurrency = (typeof INVOICE_CURRENCIES)[number];
export const FOREIGN_CURRENCIES: ReadonlySet<string> = new Set(['USD', 'EUR']);

export const SALE_TYPES = ['INTERNA', 'EXPORTACION'] as const;
export type SaleType = (typeof SALE_TYPES)[number];
export const INVOICE_MODELS = ['GENERAL', 'SERVICIO', 'AEREA', 'LICORES'] as const;
export type InvoiceModel = (typeof INVOICE_MODELS)[number];
export type PaymentCondition = 'CONTADO' | 'CREDITO';

export const PAYMENT_METHODS = [
  'EFECTIVO',
  'TARJETA_DEBITO',
  'TARJETA_CREDITO',
  'CHEQUE',
  'TRANSFERENCIA',
  'CESTA_TICKETS',
  'TARJETA_ALIMENTACION',
  'POS_VIRTUAL',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Spec 001 §3.5: currency ids of the payment (1 VEF, 2 EUR, 3 USD, 4 COP). */
export const PAYMENT_CURRENCY_IDS: Record<string, number> = { VEF: 1, EUR: 2, USD: 3, COP: 4 };

/** Limits of spec 001 §9. */
export const OBSERVATION_MAX = 80;
export const RECEIPT_MAX = 15;
export const SERIES_MAX = 2;
/** 'no aplica' for the service fields of a GENERAL invoice (spec 001 §5.4). */
export const NOT_APPLICABLE = 'no aplica';

export type DiscountKind = 'none' | 'percent' | 'amount';

export interface DraftLine {
  productId: string;
  codigoProducto: string;
  descripcion: string;
  unidadMedida: string;
  /** Unit price in the invoice currency. */
  precio: string;
  exento: boolean;
  exonerado: boolean;
  /** The active rate of the product's tax type, e.g. '16.00' ('0' when exempt or exonerated). */
  alicuota: string;
  idgravamen: string | null;
  cantidad: string;
  descuentoTipo: DiscountKind;
  /** The percent (descuentoTipo 'percent') or the amount (descuentoTipo 'amount'). */
  descuentoValor: string;
}

export interface DraftPayment {
  key: string;
  modoPago: PaymentMethod;
  /** ISO code of the payment currency. */
  divisa: string;
  monto: string;
  banco: string | null;
  nro: string;
  fecha: string;
  /** Bs. per unit of the payment currency on the day. */
  tasa: string;
  igtf: boolean;
  /** The IGTF of the payment, in the payment currency ('0.00' when it does not apply). */
  igtfValor: string;
}

export interface ServiceData {
  nroContrato: string;
  pagueAntes: string;
  direccionServicio: string;
  periodoFacturacion: string;
}

export interface Draft {
  cliente: Client | null;
  divisa: InvoiceCurrency;
  localidadId: string;
  sucursalId: string;
  tipoVenta: SaleType | '';
  modelo: InvoiceModel;
  servicio: ServiceData;
  /** AEREA and LICORES data (models.ts). */
  aereo: AirDraft;
  licores: LiquorDraft;
  serie: string;
  separaSerie: boolean;
  serieNrofactura: string;
  nroFactura: string;
  tercero: ThirdPartyAccount | null;
  lines: DraftLine[];
  condicion: PaymentCondition;
  /** CREDITO: the credit days; the server dates the due day from them. */
  diasCredito: string;
  pagos: DraftPayment[];
  observacion: string;
  tipoColetilla: boolean;
  /** The delivery order or guide this invoice comes from ('Facturar' in the orders list). */
  idOrden?: string;
}

/**
 * The defaults of §4.1: currency VEF, condition CONTADO, no lines, payments, taxes or totals; the sale type
 * starts as INTERNA, what nearly every invoice is.
 */
export function emptyDraft(): Draft {
  return {
    cliente: null,
    divisa: 'VEF',
    localidadId: '',
    sucursalId: '',
    tipoVenta: 'INTERNA',
    modelo: 'GENERAL',
    servicio: { nroContrato: '', pagueAntes: '', direccionServicio: '', periodoFacturacion: '' },
    aereo: emptyAirDraft(),
    licores: emptyLiquorDraft(),
    serie: '',
    separaSerie: false,
    serieNrofactura: '',
    nroFactura: '',
    tercero: null,
    lines: [],
    condicion: 'CONTADO',
    diasCredito: '',
    pagos: [],
    observacion: '',
    tipoColetilla: false,
  };
}

// --- Lines -----------------------------------------------------------------------------------------------

export function totalsOfLine(line: DraftLine): LineTotals {
  return lineTotals({
    cantidad: line.cantidad,
    precio: line.precio,
    descuentoPorcentaje: line.descuentoTipo === 'percent' ? line.descuentoValor || '0' : null,
    descuentoMonto: line.descuentoTipo === 'amount' ? line.descuentoValor || '0' : null,
    exento: line.exento,
    exonerado: line.exonerado,
    alicuota: line.alicuota,
  });
}

/**
 * §4.2: adding a product that is already on the invoice merges quantity, amount, discount and tax. The
 * merged line keeps the common discount (none, or the same percent); otherwise it carries the sum of
 * both discounts as an amount, so its amount is the sum of both amounts.
 */
export function mergeLines(current: DraftLine, added: DraftLine): DraftLine {
  const cantidad = dec(current.cantidad).plus(added.cantidad).toString();
  const samePercent =
    current.descuentoTipo === 'percent' &&
    added.descuentoTipo === 'percent' &&
    dec(current.descuentoValor || 0).eq(dec(added.descuentoValor || 0));
  if (current.descuentoTipo === 'none' && added.descuentoTipo === 'none') {
    return { ...current, cantidad };
  }
  if (samePercent) return { ...current, cantidad };
  const descuento = dec(totalsOfLine(current).descuento).plus(totalsOfLine(added).descuento);
  return {
    ...current,
    cantidad,
    descuentoTipo: descuento.gt(0) ? 'amount' : 'none',
    descuentoValor: descuento.gt(0) ? money(descuento) : '',
  };
}

export function addLine(lines: DraftLine[], added: DraftLine): DraftLine[] {
  const index = lines.findIndex((l) => l.productId === added.productId);
  if (index < 0) return [...lines, added];
  return lines.map((l, i) => (i === index ? mergeLines(l, added) : l));
}

// --- Totals and payments ---------------------------------------------------------------------------------

/** Bs. per unit of a currency (VEF is 1), or null when no rate is known. */
export type RateOf = (iso: string) => string | null;

/** How much one unit of the payment currency is worth in the invoice currency. */
export function rateToInvoice(paymentRate: string, invoiceRate: string): Decimal {
  return dec(paymentRate).div(invoiceRate);
}

export interface DraftTotals extends DocumentTotals {
  lines: LineTotals[];
  /** IGTF of the payments, in the invoice currency. */
  igtf: string;
  /** Each payment's IGTF in its own currency, by payment key (fiscal igtfOfPayments). */
  igtfPagos: Record<string, string>;
  /** What is still owed, in the invoice currency (may be negative when overpaid). */
  faltaPorPagar: string;
  /** faltaPorPagar as shown: 0 at 0.03 or less (§4.4). */
  faltaMostrada: string;
  /** 'Total $' when the invoice is in Bs.: the total over the USD rate; null otherwise. */
  totalUsd: string | null;
  /** AEREA: charges outside the taxable base, inside importeTotal. */
  totalCargos: string;
}

export function draftTotals(draft: Draft, rateOf: RateOf): DraftTotals {
  const lines = draft.lines.map(totalsOfLine);
  const totals = withModelCharges(draft, documentTotals(lines));
  const invoiceRate = rateOf(draft.divisa) ?? '1';
  const payments = draft.condicion === 'CONTADO' ? draft.pagos : [];
  // IGTF on what each foreign-currency payment applies to the debt, never on change.
  const igtfOfAll = igtfOfPayments(
    totals.importeTotal,
    payments.map((p) => ({
      monto: p.monto,
      rateToInvoice: rateToInvoice(p.tasa, invoiceRate),
      igtf: p.igtf,
      national: NATIONAL_CURRENCIES.has(p.divisa),
    })),
  );
  const igtf = igtfOfAll.total;
  const igtfPagos = Object.fromEntries(
    payments.map((p, i) => [
      p.key,
      money(dec(igtfOfAll.payments[i].igtf).div(rateToInvoice(p.tasa, invoiceRate))),
    ]),
  );
  // 'Falta por Pagar' owes the IGTF too: the PDF's 'TOTAL A PAGAR' is the total plus it.
  const faltaPorPagar = remainingBalance(
    totals.importeTotal,
    payments.map((p) => ({ monto: p.monto, rateToInvoice: rateToInvoice(p.tasa, invoiceRate) })),
    igtf,
  );
  const usd = rateOf('USD');
  const totalUsd =
    draft.divisa === 'VEF' && usd && dec(usd).gt(0) ? money(dec(totals.importeTotal).div(usd)) : null;
  return {
    ...totals,
    lines,
    igtf,
    igtfPagos,
    faltaPorPagar,
    faltaMostrada: dec(faltaPorPagar).lte(OWED_ZERO_THRESHOLD) ? '0.00' : faltaPorPagar,
    totalUsd,
  };
}

/** The remaining balance reached 0 (as shown): the payment modal closes itself (§4.2). */
export const isSettled = (totals: DraftTotals) => dec(totals.faltaMostrada).isZero();

/**
 * IGTF of a payment (§9): 3 % of a foreign-currency payment received by a special-taxpayer company,
 * in the payment currency; null when it does not apply.
 */
export function paymentIgtf(
  payment: { monto: string; divisa: string; igtf: boolean },
  company: Pick<InvoiceCompany, 'contribuyenteEspecial'> | undefined,
): string | null {
  if (!company || !payment.monto || dec(payment.monto).lte(0)) return null;
  try {
    return igtfOf({ monto: payment.monto, divisa: payment.divisa, igtf: payment.igtf }, company);
  } catch {
    return null;
  }
}

/** What the remaining balance is in another currency, rounded up to the cent (a payment's suggestion). */
export function owedIn(totals: DraftTotals, invoiceRate: string, paymentRate: string): string {
  const owed = dec(totals.faltaPorPagar);
  if (owed.lte(OWED_ZERO_THRESHOLD)) return '';
  return owed.times(invoiceRate).div(paymentRate).toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2);
}

export interface GenerateCheck {
  ok: boolean;
  /** Which rule of §5.1 is not met yet (for the helper under the button). */
  missing: Array<'client' | 'company' | 'saleType' | 'model' | 'lines' | 'payments' | 'balance'>;
}

/** §5.1: when GENERAR factura is enabled (besides "not while submitting"). */
export function canGenerate(draft: Draft, totals: DraftTotals): GenerateCheck {
  const missing: GenerateCheck['missing'] = [];
  if (!draft.cliente) missing.push('client');
  if (!draft.localidadId) missing.push('company');
  if (!draft.tipoVenta) missing.push('saleType');
  if (!modelComplete(draft)) missing.push('model');
  if (draft.lines.length === 0) missing.push('lines');
  if (draft.condicion === 'CONTADO') {
    if (draft.pagos.length === 0) missing.push('payments');
    else if (!dec(totals.faltaPorPagar).lt(GENERATE_MAX_REMAINING)) missing.push('balance');
  }
  return { ok: missing.length === 0, missing };
}

// --- Display ---------------------------------------------------------------------------------------------

/** An amount with its currency's suffix and decimals (VEF shows as Bs.); 0 when empty. */
export const showAmount = (value: string | null | undefined, currency: string): string =>
  formatMoney(value || '0', currency);

/** A rate on screen: 2 decimals, es-VE; the payload keeps every decimal. */
export const showRate = (value: string | null | undefined): string => formatRate(value, null);

// --- The payload (packages/fiscal/src/invoices/schema.ts) ------------------------------------------------

export interface PayloadContext {
  company: InvoiceCompany;
  branch: InvoiceBranch | null;
  /** The company or branch assigns invoice numbers: the server takes the next one. */
  automaticNumber: boolean;
  rateOf: RateOf;
}

const optional = (value: string) => (value.trim() ? value.trim() : undefined);

/** 1–365 credit days on a credit invoice, or none. */
export const CREDIT_DAYS_MAX = 365;
export function creditDays(draft: Pick<Draft, 'condicion' | 'diasCredito'>): number | undefined {
  if (draft.condicion !== 'CREDITO' || !/^\d{1,3}$/.test(draft.diasCredito.trim())) return undefined;
  const days = Number(draft.diasCredito);
  return days >= 1 && days <= CREDIT_DAYS_MAX ? days : undefined;
}

/** The invoice as POST masivafacturacion receives it (invoiceSchema), with the fiscal totals. */
export function buildPayload(draft: Draft, totals: DraftTotals, ctx: PayloadContext) {
  const { company, branch } = ctx;
  const cliente = draft.cliente!;
  const servicio = draft.modelo === 'SERVICIO';
  const usd = ctx.rateOf('USD');
  const invoiceRate = ctx.rateOf(draft.divisa);
  const pagos = draft.condicion === 'CONTADO' ? draft.pagos : [];
  const observacion = draft.observacion.trim().replace(/\r?\n/g, '/n');
  return {
    rif: company.rif || `${company.tipoDocumento}-${company.numeroDocumento}`,
    codigoSucursal: branch?.codigoSucursal,
    nroFactura: ctx.automaticNumber ? undefined : optional(draft.nroFactura),
    serie: optional(draft.serie.toUpperCase()),
    serieNrofactura: draft.separaSerie ? optional(draft.serieNrofactura.toUpperCase()) : undefined,
    importeTotal: totals.importeTotal,
    subTotal: totals.subTotal,
    montoDescuento: totals.montoDescuento,
    totalExento: totals.totalExento,
    totalExonerado: totals.totalExonerado,
    facturaDivisa: draft.divisa,
    cambioDivisa: draft.divisa !== 'VEF' && invoiceRate ? invoiceRate : undefined,
    tipoCambioDiaUsd: usd ?? undefined,
    tipoColetilla: draft.divisa === 'VEF' ? draft.tipoColetilla : false,
    tipoVenta: draft.tipoVenta,
    modeloFactura: draft.modelo,
    condicionPago: draft.condicion,
    diasCredito: creditDays(draft),
    periodoFacturacion: servicio ? optional(draft.servicio.periodoFacturacion) : NOT_APPLICABLE,
    nroContrato: servicio ? optional(draft.servicio.nroContrato) : NOT_APPLICABLE,
    direccionServicio: servicio ? optional(draft.servicio.direccionServicio) : NOT_APPLICABLE,
    // §9: pagueAntes carries the time suffix T00:00:01.001.
    pagueAntes:
      servicio && draft.servicio.pagueAntes ? `${draft.servicio.pagueAntes}T00:00:01.001` : undefined,
    cuentaTerceros: draft.tercero !== null,
    rifPrestador: draft.tercero?.rifPrestador,
    nombrePrestador: draft.tercero?.nombrePrestador,
    domicilioPrestador: draft.tercero?.domicilioPrestador,
    observacion: observacion || undefined,
    idOrden: draft.idOrden,
    ...modelPayload(draft),
    coletillaIGTF: pagos.some((p) => dec(totals.igtfPagos[p.key] ?? 0).gt(0)),
    cliente: {
      tipoDocumento: cliente.tipoDocumento,
      numeroDocumento: cliente.numeroDocumento,
      identificacion: cliente.identificacion,
      direccion: cliente.direccion ?? undefined,
      telefonoMovil: cliente.telefonoMovil ?? undefined,
      correo: cliente.correo ?? undefined,
      ccCorreo: cliente.ccCorreo ?? undefined,
      contribuyenteEspecial: cliente.contribuyenteEspecial,
      tipoProveedor: cliente.tipoProveedor || 'PNR',
      tipoPersona: 'CLIENTE',
    },
    lstDetallesFacturaGeneral: draft.lines.map((line, i) => {
      const t = totals.lines[i];
      return {
        codigoProducto: line.codigoProducto,
        descripcion: line.descripcion,
        cantidad: line.cantidad,
        unidadMedida: line.unidadMedida,
        precio: line.precio,
        exento: line.exento,
        exonerado: line.exonerado,
        importe: t.importe,
        alicuotaGravamen: dec(t.alicuota).toString(),
        idgravamen: line.idgravamen ?? undefined,
        montoGravamen: t.impuesto,
        descuento: line.descuentoTipo === 'percent' ? dec(line.descuentoValor || 0).toString() : '0',
        montoDescuento: t.descuento,
        ...lineModelPayload(draft, line),
      };
    }),
    lstPagos: pagos.map((p) => ({
      modoPago: p.modoPago,
      banco: p.banco ?? undefined,
      nro: optional(p.nro),
      fechaComprobantePago: p.fecha || undefined,
      divisa: { id: PAYMENT_CURRENCY_IDS[p.divisa] ?? p.divisa, siglas: p.divisa },
      tasaDiaDivisa: p.tasa,
      monto: p.monto,
      condicion: draft.condicion,
      igtf: p.igtf,
      igtfValor: totals.igtfPagos[p.key] ?? '0.00',
    })),
    lstGravamenes: totals.gravamenes.map((g) => ({
      tipo: 'IVA',
      baseImponible: g.baseImponible,
      alicuota: dec(g.alicuota).toString(),
      montoAlicuota: g.montoAlicuota,
    })),
  };
}
