import { Decimal, type DecimalInput, dec, money, round2, sum, withinCent } from '../money.ts';

/**
 * The totals rules of spec 001 §4.4 (line amounts and discounts, exempt and exonerated totals, tax
 * per rate) and §9 (IGTF). Every amount is exact and rounded half-up to 2 places where stored.
 */

export type DiscountKind = 'none' | 'percent' | 'amount';

export interface LineInput {
  cantidad: DecimalInput;
  precio: DecimalInput;
  /** Discount percent (descuento) or fixed amount (montoDescuento); percent wins when both are sent. */
  descuentoPorcentaje?: DecimalInput | null;
  descuentoMonto?: DecimalInput | null;
  exento?: boolean;
  exonerado?: boolean;
  /** Tax rate in percent: 0, 8, 16 or 31. */
  alicuota: DecimalInput;
}

export interface LineTotals {
  bruto: string;
  descuento: string;
  importe: string;
  alicuota: string;
  impuesto: string;
  exento: boolean;
  exonerado: boolean;
}

/**
 * §4.4 line rules: no discount → price × quantity; percent → (price − price × pct / 100) × quantity;
 * fixed amount → price × quantity − amount. Exempt and exonerated lines carry no tax.
 */
export function lineTotals(line: LineInput): LineTotals {
  const bruto = dec(line.precio).times(line.cantidad);
  const pct = dec(line.descuentoPorcentaje ?? 0);
  let importe: Decimal;
  if (pct.gt(0)) {
    importe = dec(line.precio).minus(dec(line.precio).times(pct).div(100)).times(line.cantidad);
  } else if (dec(line.descuentoMonto ?? 0).gt(0)) {
    importe = bruto.minus(dec(line.descuentoMonto ?? 0));
  } else {
    importe = bruto;
  }
  const untaxed = Boolean(line.exento || line.exonerado);
  const alicuota = untaxed ? dec(0) : dec(line.alicuota);
  const importe2 = round2(importe);
  return {
    bruto: money(bruto),
    descuento: money(round2(bruto).minus(importe2)),
    importe: money(importe2),
    alicuota: alicuota.toFixed(2),
    impuesto: money(importe2.times(alicuota).div(100)),
    exento: Boolean(line.exento),
    exonerado: Boolean(line.exonerado),
  };
}

export interface TaxRow {
  alicuota: string;
  baseImponible: string;
  montoAlicuota: string;
}

export interface DocumentTotals {
  subTotal: string;
  totalExento: string;
  totalExonerado: string;
  montoDescuento: string;
  /** One row per tax rate, grouped (§4.2 "Tax totals are grouped per tax type"). */
  gravamenes: TaxRow[];
  totalIva: string;
  importeTotal: string;
}

/**
 * Document totals: subtotal is the sum of line amounts; exempt and exonerated totals sum the lines so
 * flagged; discount sums the line discounts; the tax of each rate is its base times the rate; total is
 * subtotal plus taxes (§4.4, note totals).
 */
export function documentTotals(lines: LineTotals[]): DocumentTotals {
  const byRate = new Map<string, Decimal>();
  for (const l of lines) {
    if (l.exento || l.exonerado || dec(l.alicuota).isZero()) continue;
    byRate.set(l.alicuota, (byRate.get(l.alicuota) ?? dec(0)).plus(l.importe));
  }
  const gravamenes = [...byRate.entries()]
    .sort(([a], [b]) => dec(a).comparedTo(dec(b)))
    .map(([alicuota, base]) => ({
      alicuota,
      baseImponible: money(base),
      montoAlicuota: money(base.times(alicuota).div(100)),
    }));
  const subTotal = sum(lines.map((l) => l.importe));
  const totalIva = sum(gravamenes.map((g) => g.montoAlicuota));
  return {
    subTotal: money(subTotal),
    totalExento: money(sum(lines.filter((l) => l.exento).map((l) => l.importe))),
    totalExonerado: money(sum(lines.filter((l) => l.exonerado).map((l) => l.importe))),
    montoDescuento: money(sum(lines.map((l) => l.descuento))),
    gravamenes,
    totalIva: money(totalIva),
    importeTotal: money(subTotal.plus(totalIva)),
  };
}

// --- IGTF (spec 001 §9) -------------------------------------------------------------------
//
// Sources. Ley de Reforma Parcial del Decreto con Rango, Valor y Fuerza de Ley que establece el Impuesto a
// las Grandes Transacciones Financieras, G.O. Extraordinaria N° 6.687 (25-02-2022): art. 4 num. 11 makes
// taxable the payments in foreign currency received by special taxpayers outside the national financial
// system, and art. 13 lets the Executive set their rate between 0 % and 20 %; Decreto N° 4.647 (G.O. N°
// 42.339, 17-03-2022) set it at 3 %. Providencia SNAT/2022/000013 (same G.O. 42.339; sources.md S9) makes
// the special taxpayer the perceiving agent of that 3 % (art. 1). The gazettes themselves were not in the
// library: the articles are as law firms (S9) and the peers cite them. The tax is on the payment that
// cancels the debt, not on change returned: binaural-dev/odoo-venezuela l10n_ve_igtf computes it on
// min(payment, principal debt) (sources.md S10); so does this rule.

export const IGTF_RATE = '3';

/** Currencies of the national financial system: payments in them never carry IGTF. */
export const NATIONAL_CURRENCIES = new Set(['VEF', 'VES', 'VED', 'BS', 'BS.']);

export interface PaymentInput {
  monto: DecimalInput;
  divisa: string;
  igtf: boolean;
}

/** Whether IGTF applies to a payment (foreign currency, ticked, the company a special taxpayer). */
export function igtfApplies(payment: PaymentInput, company: { contribuyenteEspecial: boolean }): boolean {
  return (
    payment.igtf && !NATIONAL_CURRENCIES.has(payment.divisa.toUpperCase()) && company.contribuyenteEspecial
  );
}

/**
 * The most IGTF a payment can carry (3 % of the whole payment, in its currency), or null when IGTF does
 * not apply. What it really carries depends on the debt it cancels: igtfOfPayments.
 */
export function igtfOf(payment: PaymentInput, company: { contribuyenteEspecial: boolean }): string | null {
  if (!igtfApplies(payment, company)) return null;
  return money(dec(payment.monto).times(IGTF_RATE).div(100));
}

/** Why an IGTF flag cannot apply, for the clear message a connector gets; null when it applies or is off. */
export function igtfProblem(
  payment: PaymentInput,
  company: { contribuyenteEspecial: boolean },
): string | null {
  if (!payment.igtf) return null;
  if (NATIONAL_CURRENCIES.has(payment.divisa.toUpperCase())) return 'El IGTF solo aplica a pagos en divisas';
  if (!company.contribuyenteEspecial)
    return 'El IGTF solo aplica cuando la razón social es contribuyente especial';
  return null;
}

export interface IgtfPaymentInput {
  monto: DecimalInput;
  /** Invoice-currency units per unit of the payment's currency (1 when they are the same). */
  rateToInvoice: DecimalInput;
  /** igtfApplies for this payment. */
  igtf: boolean;
  /** A payment in the national currency: it cancels the debt before the foreign-currency ones. */
  national: boolean;
}

export interface IgtfOfPayment {
  /** The part of the payment that cancels the invoice's debt, in the invoice currency. */
  base: string;
  /** 3 % of base, in the invoice currency (0.00 when IGTF does not apply). */
  igtf: string;
}

/**
 * The IGTF of each payment of an invoice of `total` (in the invoice currency): 3 % of what the payment
 * applies to the debt, never of the change. Payments in bolívares cancel the debt first, then the others
 * in the order given; the IGTF itself is no debt that carries IGTF (the tax is on the payment of the
 * operation's price). A 116.00 Bs. invoice paid with 20 USD at 40.00 (800.00 Bs.): base 116.00, IGTF 3.48.
 *
 * Why bolívares first (reviewed against the law, kept). Ley de IGTF art. 4 num. 11 taxes only the payment
 * made in foreign currency (or crypto-assets) to a special taxpayer; Providencia SNAT/2022/000013 art. 1
 * makes it perceive 3 % "sobre los pagos en divisas" it receives (sources.md S9). Neither text, as found,
 * says how one settlement that mixes bolívares and foreign currency is split between the debt and the change.
 * The peers apply payments in the order they are registered: binaural-dev/odoo-venezuela l10n_ve_igtf
 * (account_payment.py calculate_igtf_for_payment) taxes min(payment, the invoice's residual when that
 * payment is posted), so a bolívar payment posted before a foreign one lowers the foreign one's base. In
 * sigece every payment of an invoice is tendered at once, when the invoice is issued: there is no posting
 * order, only the order lines were typed in. Applying bolívares first (1) gives the same IGTF whatever that
 * typing order; (2) is Odoo's result for the natural sequence of a mixed tender, where the customer's
 * bolívares are counted first and the foreign currency covers the rest, its excess returned as change;
 * (3) never makes a bolívar tender pure change while the foreign one carries the tax — foreign-first would
 * turn a 116.00 Bs. invoice paid with 100.00 Bs. + 20 USD at 40.00 into IGTF 3.48 on the whole debt
 * and 100.00 Bs. handed back, a payment that paid nothing. With a single foreign payment (the
 * example of the IGTF tests) the order does not arise: base min(800.00, 116.00) = 116.00, IGTF 3.48 either
 * way.
 */
export function igtfOfPayments(
  total: DecimalInput,
  payments: ReadonlyArray<IgtfPaymentInput>,
): { payments: IgtfOfPayment[]; total: string } {
  let owed = dec(total);
  const out: IgtfOfPayment[] = payments.map(() => ({ base: '0.00', igtf: '0.00' }));
  const order = [...payments.keys()].sort(
    (a, b) => Number(!payments[a].national) - Number(!payments[b].national) || a - b,
  );
  for (const i of order) {
    const p = payments[i];
    const value = dec(p.monto).times(p.rateToInvoice);
    const applied = Decimal.max(0, Decimal.min(value, owed));
    owed = owed.minus(value);
    if (!p.igtf) continue;
    const base = round2(applied);
    out[i] = { base: money(base), igtf: money(base.times(IGTF_RATE).div(100)) };
  }
  return { payments: out, total: money(sum(out.map((p) => p.igtf))) };
}

/**
 * What is still owed after the payments, in the invoice currency (§4.2): the total plus the IGTF the
 * payments carry (the PDF's 'TOTAL A PAGAR'), less each payment converted by the rates when its currency
 * differs. Shown as 0 at 0.03 or less; generating needs less than 0.9 (§9).
 */
export function remainingBalance(
  total: DecimalInput,
  payments: Array<{ monto: DecimalInput; rateToInvoice: DecimalInput }>,
  igtf: DecimalInput = 0,
): string {
  const paid = sum(payments.map((p) => dec(p.monto).times(p.rateToInvoice)));
  const left = round2(dec(total).plus(igtf).minus(paid));
  return left.lte('0.03') && left.gte('-0.03') ? '0.00' : left.toFixed(2);
}

export const OWED_ZERO_THRESHOLD = '0.03';
export const GENERATE_MAX_REMAINING = '0.9';

/** One difference between what a connector sent and what the rules give, naming field and both values. */
export interface TotalsMismatch {
  field: string;
  sent: string;
  expected: string;
}

/** Compares sent against computed amounts with the 0.01 tolerance; a missing sent amount is not compared. */
export function compareAmounts(
  pairs: Array<{ field: string; sent: DecimalInput | null | undefined; expected: DecimalInput }>,
): TotalsMismatch[] {
  return pairs
    .filter((p) => p.sent !== null && p.sent !== undefined && !withinCent(p.sent, p.expected))
    .map((p) => ({ field: p.field, sent: money(p.sent!), expected: money(p.expected) }));
}

/** "El campo importeTotal enviado (116.02) no coincide con el calculado (116.00)", joined by '; '. */
export function mismatchMessage(mismatches: ReadonlyArray<TotalsMismatch>): string {
  return mismatches
    .map((m) => `El campo ${m.field} enviado (${m.sent}) no coincide con el calculado (${m.expected})`)
    .join('; ');
}
