import { compareAmounts, mismatchMessage } from '../invoices/totals.ts';
import { Decimal, type DecimalInput, dec, money } from '../money.ts';
import { formatVoucherNumber } from '../numbering/format.ts';
import {
  type IslrLineInput,
  type IvaLineInput,
  type TransactionType,
  WITHHOLDING_DOCUMENT_TYPE,
  WITHHOLDING_MESSAGES,
  type WithholdingHeaderInput,
} from './schemas.ts';

/** A withholding rule broken, with the Spanish message the connector or the screen shows. */
export class WithholdingRuleError extends Error {
  override name = 'WithholdingRuleError';
}

// --- Voucher number ----------------------------------------------------------------------------------

/**
 * The voucher number: 14 digits, year and month of issue then the agent's 8-digit sequence
 * (Providencia SNAT/2015/0049 art. 16 numeral 1; contract "Withholding vouchers"). The sequence comes
 * from the agent's automatic withholding numbers (modules/numbering).
 */
export function voucherNumber(issueDay: string, sequence: number): string {
  const [year, month] = issueDay.split('-').map(Number);
  return formatVoucherNumber({ year, month }, sequence);
}

// --- Header ------------------------------------------------------------------------------------------

/**
 * Spec 002 §5 header rules beyond the field schemas: the period runs forward, the document type (when
 * sent) matches the model, and IVA needs its rate of 75 or 100 % (Providencia SNAT/2015/0049 arts. 4-5)
 * while ISLR has none.
 */
export function checkHeader(h: WithholdingHeaderInput): void {
  if (h.periodoFiscalAl < h.periodoFiscalDel)
    throw new WithholdingRuleError(
      'periodoFiscalAl: La fecha de fin del periodo fiscal no puede ser anterior a la de inicio',
    );
  const tipo = WITHHOLDING_DOCUMENT_TYPE[h.modeloRetencion];
  if (h.tipoDocumento && h.tipoDocumento !== tipo)
    throw new WithholdingRuleError(
      `tipoDocumento: para ${h.modeloRetencion} debe ser ${tipo} (enviado ${h.tipoDocumento})`,
    );
  if (h.modeloRetencion === 'IVA' && !h.tasaRetencion)
    throw new WithholdingRuleError('tasaRetencion: para IVA debe ser 75 o 100');
}

// --- IVA ---------------------------------------------------------------------------------------------

/** impuestoCausado = base × alícuota / 100, rounded half-up to cents (Ley de IVA art. 27). */
export const ivaCaused = (base: DecimalInput, alicuota: DecimalInput): string =>
  money(dec(base).times(alicuota).div(100));

/** impuestoRetenido = impuestoCausado × rate / 100 (Providencia SNAT/2015/0049 art. 4: 75 %; art. 5: 100 %). */
export const ivaWithheld = (caused: DecimalInput, rate: DecimalInput): string =>
  money(dec(caused).times(rate).div(100));

export interface IvaLineComputed {
  impuestoCausado: string;
  impuestoRetenido: string;
}

const isAdjustment = (t: TransactionType) => t === '02-AJUSND' || t === '03-AJUSNC';

/**
 * One IVA line judged (spec 002 §4-§5): a date not later than `today`; '01-REG' needs the document
 * number; the adjustments '02-AJUSND' / '03-AJUSNC' need the note number and the affected document
 * (Providencia SNAT/2015/0049 art. 16 numerals 9-10); the tax caused and withheld are computed per line
 * and a received amount more than 0.01 away is refused naming the field and both values.
 */
export function checkIvaLine(
  line: IvaLineInput,
  rate: string,
  today: string,
  where = 'lstRetenciones',
): IvaLineComputed {
  if (line.fechaDocumento > today)
    throw new WithholdingRuleError(`${where}: fechaDocumento no puede ser posterior a hoy`);
  if (line.tipoTransaccion === '01-REG' && !line.nroDocumento)
    throw new WithholdingRuleError(`${where}: nroDocumento es requerido para 01-REG`);
  if (isAdjustment(line.tipoTransaccion)) {
    if (!line.nroNota)
      throw new WithholdingRuleError(`${where}: nroNota es requerido para ${line.tipoTransaccion}`);
    if (!line.nroDocumentoAfectado)
      throw new WithholdingRuleError(
        `${where}: nroDocumentoAfectado es requerido para ${line.tipoTransaccion}`,
      );
  }
  for (const field of ['montoTotalDocumento', 'baseImponible', 'compraExento'] as const) {
    const v = line[field];
    if (v !== undefined && dec(v).isNegative())
      throw new WithholdingRuleError(`${where}: ${field} no puede ser negativo`);
  }
  const impuestoCausado = ivaCaused(line.baseImponible, line.alicuota);
  const impuestoRetenido = ivaWithheld(impuestoCausado, rate);
  const mismatches = compareAmounts([
    { field: 'impuestoCausado', sent: line.impuestoCausado, expected: impuestoCausado },
    { field: 'impuestoRetenido', sent: line.impuestoRetenido, expected: impuestoRetenido },
  ]);
  if (mismatches.length > 0) throw new WithholdingRuleError(`${where}: ${mismatchMessage(mismatches)}`);
  return { impuestoCausado, impuestoRetenido };
}

/**
 * The duplicate rule of spec 002 §5: a line cannot be added when one exists with the same nroDocumento,
 * nroControlDocumento and tipoTransaccion, or the same nroNota, nroControlDocumento and
 * tipoTransaccion — and the same alícuota: a document taxed at several rates is
 * withheld with one line per rate, as SENIAT's TXT has one line per tax line of a document (sources.md
 * S4: odoo-venezuela `l10n_ve_withholding_iva/model/generate_txt.py` writes one line per tax; S7: TXT
 * layout 2.6 field 15 "alícuota" per line). Rates compare as numbers ("16" = "16.00"). Returns the spec's
 * message (kept to the letter) for the first duplicate in `lines` order, or null.
 */
export function duplicateLineMessage(
  lines: ReadonlyArray<
    Pick<IvaLineInput, 'nroControlDocumento' | 'tipoTransaccion'> & {
      nroDocumento?: string;
      nroNota?: string;
      alicuota?: string;
    }
  >,
): string | null {
  const byDocument = new Set<string>();
  const byNote = new Set<string>();
  for (const l of lines) {
    const rate = l.alicuota === undefined ? '' : dec(l.alicuota).toFixed(2);
    if (l.nroDocumento) {
      const key = `${l.nroDocumento}|${l.nroControlDocumento}|${l.tipoTransaccion}|${rate}`;
      if (byDocument.has(key)) return WITHHOLDING_MESSAGES.duplicateDocumento;
      byDocument.add(key);
    }
    if (l.nroNota) {
      const key = `${l.nroNota}|${l.nroControlDocumento}|${l.tipoTransaccion}|${rate}`;
      if (byNote.has(key)) return WITHHOLDING_MESSAGES.duplicateNota;
      byNote.add(key);
    }
  }
  return null;
}

// --- ISLR --------------------------------------------------------------------------------------------

/** A concept of Decreto 1.808 art. 9 as the seeded table holds it (db/reference/islr.ts). */
export interface IslrConcept {
  codigo: string;
  concepto: string;
  tipoPersona: string;
  /** Withholding percent, e.g. "3.00". */
  porcentaje: string;
  /** Percent of the payment that is taxable, e.g. "100.00" or "90.00". */
  baseImponible: string;
  /** True when the PNR sustraendo applies. */
  sustraendo: boolean;
  /** The sustraendo factor in UT (83.3334), or null. */
  factor: string | null;
  /** A fixed amount below which nothing is withheld, or null. */
  montoMinimo?: string | null;
  /**
   * Tarifa N° 2 applies (the SENIAT table's "escalonado" rows for PJND: 005, 009, 023, 028-031, 033, 035,
   * 037, 039, 056, 060): `porcentaje` is then only the first bracket.
   */
  tarifa2?: boolean | null;
}

/** A dated value of the unidad tributaria (Código Orgánico Tributario art. 3 parágrafo tercero). */
export interface TaxUnitValue {
  valor: string;
  /** "YYYY-MM-DD" from which the value is in force (date of its Gaceta Oficial). */
  fechaDesde: string;
}

/** The UT value in force on `day` (the latest whose fechaDesde is not after it), or null. */
export function taxUnitOn(values: ReadonlyArray<TaxUnitValue>, day: string): TaxUnitValue | null {
  let found: TaxUnitValue | null = null;
  for (const v of values) if (v.fechaDesde <= day && (!found || v.fechaDesde > found.fechaDesde)) found = v;
  return found;
}

/**
 * Tarifa N° 2 (Ley de ISLR, Decreto N° 1.435, G.O. 6.152 Ext. 18-11-2014, art. 52, which Decreto 1.808
 * art. 9 numerals 1 lit. d), 2 lit. d) … refer to for persons other than natural persons), in UT:
 *   up to 2,000 UT                     15 %
 *   the fraction from 2,000 to 3,000   22 %   ⇔ 22 % of the whole − sustraendo 140 UT
 *   the fraction above 3,000           34 %   ⇔ 34 % of the whole − sustraendo 500 UT
 * (140 = 2,000 × (22 − 15) %; 500 = 140 + 3,000 × (34 − 22) %.) SENIAT's manual 60.40.40.039 v2.2, note V,
 * applies it to the amounts paid to one beneficiary in the agent's fiscal year, each bracket reported in
 * its own record of the XML.
 */
export const TARIFA_2_BRACKETS = [
  { hastaUT: '2000', porcentaje: '15.00', sustraendoUT: '0' },
  { hastaUT: '3000', porcentaje: '22.00', sustraendoUT: '140' },
  { hastaUT: null, porcentaje: '34.00', sustraendoUT: '500' },
] as const;

/** The Tarifa N° 2 tax on a whole amount (in Bs.) by the sustraendo form: rate × amount − sustraendo × UT. */
export function tarifa2Tax(amount: DecimalInput, ut: DecimalInput): Decimal {
  const x = dec(amount);
  const bracket =
    TARIFA_2_BRACKETS.find((b) => b.hastaUT === null || x.lte(dec(b.hastaUT).times(ut))) ??
    TARIFA_2_BRACKETS[2];
  const tax = x.times(bracket.porcentaje).div(100).minus(dec(bracket.sustraendoUT).times(ut));
  return tax.isNegative() ? new Decimal(0) : tax;
}

/** One bracket's share of a payment: the amount taxed at one percentage (one XML record, note V). */
export interface IslrTramo {
  monto: string;
  porcentaje: string;
}

/**
 * The shares of `base` by bracket when `prior` was already paid to the same beneficiary in the fiscal
 * year: the part below 2,000 UT (counting `prior`) at 15 %, then up to 3,000 UT at 22 %, the rest at 34 %.
 */
export function tarifa2Tramos(base: DecimalInput, prior: DecimalInput, ut: DecimalInput): IslrTramo[] {
  const out: IslrTramo[] = [];
  let from = dec(prior);
  const to = from.plus(base);
  for (const b of TARIFA_2_BRACKETS) {
    const limit = b.hastaUT === null ? null : dec(b.hastaUT).times(ut);
    const end = limit === null || limit.gt(to) ? to : limit;
    if (end.gt(from)) {
      out.push({ monto: money(end.minus(from)), porcentaje: b.porcentaje });
      from = end;
    }
  }
  return out;
}

export interface IslrComputed {
  /** The taxable part of the payment: payment × concept base % / 100. */
  baseRetencion: string;
  /** The percentage applied (Tarifa N° 2: the highest bracket the payment reaches). */
  porcentaje: string;
  /** UT × factor × porcentaje / 100 (0 when the concept has none). */
  sustraendo: string;
  /** The UT used, or null when the concept uses none. */
  ut: string | null;
  /** base × porcentaje / 100 − sustraendo, never below zero. */
  retenido: string;
  /** The base by percentage, one XML record each (a single share unless Tarifa N° 2 splits it). */
  tramos: IslrTramo[];
}

export interface IslrOptions {
  /**
   * Tarifa N° 2 only: the taxable base already paid to the same beneficiary (RIF) in the agent's fiscal
   * year before this payment (the server sums it from the stored vouchers). Zero when absent.
   */
  acumuladoPrevio?: DecimalInput;
}

/**
 * ISLR withheld on one payment (Decreto 1.808 arts. 9 and 2-3; db/reference/islr.ts):
 *   baseRetencion = pago × baseImponible % ; retenido = baseRetencion × porcentaje % − sustraendo
 *   sustraendo   = UT(en vigor en la fecha del documento) × factor × porcentaje %   (PNR only)
 * Nothing is withheld when the result is zero or less (payments up to UT × factor, art. 9 parágrafo
 * único) or the payment is below the concept's fixed minimum.
 * Tarifa N° 2 concepts withhold Tarifa2(prior + base) − Tarifa2(prior) (see tarifa2Tax), e.g. concept 005
 * on 100,000.00 with UT 43 and nothing paid before: base 90,000.00 > 2,000 UT (86,000.00), so
 * 22 % × 90,000.00 − 140 × 43 = 19,800.00 − 6,020.00 = 13,780.00.
 */
export function islrWithheld(
  payment: DecimalInput,
  concept: IslrConcept,
  ut: TaxUnitValue | null,
  options: IslrOptions = {},
): IslrComputed {
  const baseRetencion = dec(payment).times(concept.baseImponible).div(100);
  if (concept.tarifa2) {
    if (!ut)
      throw new WithholdingRuleError('No hay valor de unidad tributaria vigente para la fecha del documento');
    const prior = dec(options.acumuladoPrevio ?? 0);
    if (prior.isNegative()) throw new WithholdingRuleError('El monto acumulado previo no puede ser negativo');
    const tramos = tarifa2Tramos(baseRetencion, prior, ut.valor);
    let retenido = tarifa2Tax(prior.plus(baseRetencion), ut.valor).minus(tarifa2Tax(prior, ut.valor));
    if (concept.montoMinimo && dec(payment).lt(concept.montoMinimo)) retenido = new Decimal(0);
    return {
      baseRetencion: money(baseRetencion),
      porcentaje: tramos.length > 0 ? tramos[tramos.length - 1].porcentaje : money(concept.porcentaje),
      sustraendo: money(0),
      ut: ut.valor,
      retenido: money(retenido),
      tramos: tramos.length > 0 ? tramos : [{ monto: money(0), porcentaje: money(concept.porcentaje) }],
    };
  }
  const pct = dec(concept.porcentaje);
  let sustraendo = new Decimal(0);
  if (concept.sustraendo) {
    if (!ut)
      throw new WithholdingRuleError('No hay valor de unidad tributaria vigente para la fecha del documento');
    sustraendo = dec(ut.valor)
      .times(concept.factor ?? '0')
      .times(pct)
      .div(100);
  }
  let retenido = baseRetencion.times(pct).div(100).minus(sustraendo);
  if (retenido.lte(0)) retenido = new Decimal(0);
  if (concept.montoMinimo && dec(payment).lt(concept.montoMinimo)) retenido = new Decimal(0);
  return {
    baseRetencion: money(baseRetencion),
    porcentaje: money(pct),
    sustraendo: money(sustraendo),
    ut: concept.sustraendo && ut ? ut.valor : null,
    retenido: money(retenido),
    tramos: [{ monto: money(baseRetencion), porcentaje: money(pct) }],
  };
}

/**
 * One ISLR line judged (spec 002 §5 "ISLR line"): date not later than `today`, a concept of the table,
 * and `causadoRetenido` within 0.01 of the computed withholding.
 */
export function checkIslrLine(
  line: IslrLineInput,
  concept: IslrConcept | undefined,
  ut: TaxUnitValue | null,
  today: string,
  where = 'lstRetenciones',
  options: IslrOptions = {},
): IslrComputed {
  if (line.fechaDocumento > today)
    throw new WithholdingRuleError(`${where}: fechaDocumento no puede ser posterior a hoy`);
  if (!concept)
    throw new WithholdingRuleError(`${where}: El concepto de ISLR ${line.conceptoIslr} no existe`);
  if (dec(line.baseImponible).isNegative() || dec(line.montoTotalDocumento).isNegative())
    throw new WithholdingRuleError(`${where}: los montos no pueden ser negativos`);
  const computed = islrWithheld(line.baseImponible, concept, ut, options);
  const mismatches = compareAmounts([
    { field: 'causadoRetenido', sent: line.causadoRetenido, expected: computed.retenido },
  ]);
  if (mismatches.length > 0) throw new WithholdingRuleError(`${where}: ${mismatchMessage(mismatches)}`);
  return computed;
}

/** Sum of amounts as money. */
export const withholdingTotal = (values: Iterable<DecimalInput>): string => {
  let acc = new Decimal(0);
  for (const v of values) acc = acc.plus(v);
  return money(acc);
};
