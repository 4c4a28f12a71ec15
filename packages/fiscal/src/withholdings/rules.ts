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
 * tipoTransaccion. Returns the spec's message for the first duplicate in `lines` order, or null.
 */
export function duplicateLineMessage(
  lines: ReadonlyArray<
    Pick<IvaLineInput, 'nroControlDocumento' | 'tipoTransaccion'> & {
      nroDocumento?: string;
      nroNota?: string;
    }
  >,
): string | null {
  const byDocument = new Set<string>();
  const byNote = new Set<string>();
  for (const l of lines) {
    if (l.nroDocumento) {
      const key = `${l.nroDocumento}|${l.nroControlDocumento}|${l.tipoTransaccion}`;
      if (byDocument.has(key)) return WITHHOLDING_MESSAGES.duplicateDocumento;
      byDocument.add(key);
    }
    if (l.nroNota) {
      const key = `${l.nroNota}|${l.nroControlDocumento}|${l.tipoTransaccion}`;
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

export interface IslrComputed {
  /** The taxable part of the payment: payment × concept base % / 100. */
  baseRetencion: string;
  porcentaje: string;
  /** UT × factor × porcentaje / 100 (0 when the concept has none). */
  sustraendo: string;
  /** The UT used, or null when the concept has no sustraendo. */
  ut: string | null;
  /** base × porcentaje / 100 − sustraendo, never below zero. */
  retenido: string;
}

/**
 * ISLR withheld on one payment (Decreto 1.808 arts. 9 and 2-3; db/reference/islr.ts):
 *   baseRetencion = pago × baseImponible % ; retenido = baseRetencion × porcentaje % − sustraendo
 *   sustraendo   = UT(en vigor en la fecha del documento) × factor × porcentaje %   (PNR only)
 * Nothing is withheld when the result is zero or less (payments up to UT × factor, art. 9 parágrafo
 * único) or the payment is below the concept's fixed minimum.
 */
export function islrWithheld(
  payment: DecimalInput,
  concept: IslrConcept,
  ut: TaxUnitValue | null,
): IslrComputed {
  const baseRetencion = dec(payment).times(concept.baseImponible).div(100);
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
): IslrComputed {
  if (line.fechaDocumento > today)
    throw new WithholdingRuleError(`${where}: fechaDocumento no puede ser posterior a hoy`);
  if (!concept)
    throw new WithholdingRuleError(`${where}: El concepto de ISLR ${line.conceptoIslr} no existe`);
  if (dec(line.baseImponible).isNegative() || dec(line.montoTotalDocumento).isNegative())
    throw new WithholdingRuleError(`${where}: los montos no pueden ser negativos`);
  const computed = islrWithheld(line.baseImponible, concept, ut);
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
