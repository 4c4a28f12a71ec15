import {
  caracasDate,
  dec,
  duplicateLineMessage,
  fortnightOf,
  ivaCaused,
  money,
  WITHHOLDING_MESSAGES,
  type WithholdingPrefill,
  ivaWithheld as withheldOf,
  z,
} from '@sigece/fiscal';
import type { IslrLine, IvaLine, WithholdingModel, WithholdingVoucher } from './api.ts';

/**
 * The add-withholding page's draft (spec 002 §2.3, §4, §5): the header and line forms' values, their
 * messages, the input behaviours and the voucher that is sent. The amounts the law fixes (tax incurred,
 * tax withheld) are derived here, never typed, so the server's check of them always agrees.
 */

/** Spec 002 §9: IVA withholding rates selectable, IVA line rates, transaction types of the select. */
export const IVA_WITHHOLDING_RATES = ['75', '100'] as const;
export const IVA_LINE_RATES = ['8', '16', '31'] as const;
export const TRANSACTION_TYPES = ['01-REG', '02-AJUSND', '03-AJUSNC'] as const;
export const MODELS: ReadonlyArray<WithholdingModel> = ['IVA', 'ISLR'];

/**
 * Spec 002 §5: the RIF input is uppercased, other characters are stripped, the hyphen is inserted
 * automatically, max length 11 (letter, hyphen, 9 digits). The hyphen appears with the first digit, so
 * that erasing back over it works.
 */
export function rifMask(value: string): string {
  const clean = value.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const letter = /^[JGVEP]/.test(clean) ? clean[0] : '';
  const digits = clean.replace(/\D/g, '').slice(0, 9);
  if (!letter) return '';
  return digits ? `${letter}-${digits}` : letter;
}

/**
 * The default fiscal period: the fortnight of today (Caracas), days 1-15 or 16 to the month's end, since
 * IVA withholdings are declared per fortnight (fiscal fortnightOf). Spec 002 §5 had the
 * whole month; the user may still widen it.
 */
export function defaultPeriod(today: string = caracasDate()): { del: string; al: string } {
  const { periodoFiscalDel, periodoFiscalAl } = fortnightOf(today);
  return { del: periodoFiscalDel, al: periodoFiscalAl };
}

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
const notFuture = (v: string) => v <= caracasDate();

export interface HeaderValues {
  id_localidad: string;
  codigoSucursal: string;
  periodoFiscalDel: string;
  periodoFiscalAl: string;
  rifProveedor: string;
  identificacion: string;
  direccion: string;
  correo: string;
  modeloRetencion: '' | WithholdingModel;
  tasaRetencion: string;
}

export function emptyHeader(): HeaderValues {
  const period = defaultPeriod();
  return {
    id_localidad: '',
    codigoSucursal: '',
    periodoFiscalDel: period.del,
    periodoFiscalAl: period.al,
    rifProveedor: '',
    identificacion: '',
    direccion: '',
    correo: '',
    modeloRetencion: '',
    tasaRetencion: '0',
  };
}

/** Spec 002 §5 "Withholding header", every message as written there. */
export const headerSchema = z
  .object({
    id_localidad: z.string().min(1, WITHHOLDING_MESSAGES.localidad),
    codigoSucursal: z.string().max(20),
    periodoFiscalDel: z
      .string()
      .min(1, WITHHOLDING_MESSAGES.periodoDel)
      .refine(isDate, WITHHOLDING_MESSAGES.fechaValida),
    periodoFiscalAl: z
      .string()
      .min(1, WITHHOLDING_MESSAGES.periodoAl)
      .refine(isDate, WITHHOLDING_MESSAGES.fechaValida),
    rifProveedor: z
      .string()
      .min(1, WITHHOLDING_MESSAGES.rifRequired)
      .max(20)
      .regex(/^[JGVEP]-\d{9}$/, WITHHOLDING_MESSAGES.rifFormat),
    identificacion: z.string().trim().min(1, WITHHOLDING_MESSAGES.nombre).max(200),
    direccion: z.string().trim().min(1, WITHHOLDING_MESSAGES.direccion).max(200),
    correo: z
      .string()
      .trim()
      .min(1, WITHHOLDING_MESSAGES.correo)
      .max(200)
      .email(WITHHOLDING_MESSAGES.correoValido),
    modeloRetencion: z.string().min(1, WITHHOLDING_MESSAGES.modelo),
    tasaRetencion: z.string(),
  })
  // The IVA withheld is the tax incurred times this rate: an IVA voucher cannot go without it.
  .refine((h) => h.modeloRetencion !== 'IVA' || IVA_WITHHOLDING_RATES.some((r) => r === h.tasaRetencion), {
    path: ['tasaRetencion'],
    message: 'Porcentaje de Retención es requerido',
  })
  .refine(
    (h) =>
      !isDate(h.periodoFiscalDel) || !isDate(h.periodoFiscalAl) || h.periodoFiscalDel <= h.periodoFiscalAl,
    {
      path: ['periodoFiscalAl'],
      message: 'La fecha de fin debe ser posterior a la de inicio',
    },
  );

/** The IVA line form; tax incurred is derived from base and rate, tax withheld from the header's rate. */
export interface IvaLineValues {
  fechaDocumento: string;
  nroDocumento: string;
  nroControlDocumento: string;
  nroNota: string;
  nroDocumentoAfectado: string;
  tipoTransaccion: (typeof TRANSACTION_TYPES)[number];
  montoTotalDocumento: string;
  compraExento: string;
  baseImponible: string;
  alicuota: (typeof IVA_LINE_RATES)[number];
}

export const emptyIvaLine = (): IvaLineValues => ({
  fechaDocumento: '',
  nroDocumento: '',
  nroControlDocumento: '',
  nroNota: '',
  nroDocumentoAfectado: '',
  tipoTransaccion: '01-REG',
  montoTotalDocumento: '',
  compraExento: '0',
  baseImponible: '',
  alicuota: '16',
});

const amount = (required: string) =>
  z
    .string()
    .min(1, required)
    .regex(/^\d{1,15}(\.\d{1,2})?$/, 'Debe ser un monto válido');
const optionalAmount = z.string().regex(/^(\d{1,15}(\.\d{1,2})?)?$/, 'Debe ser un monto válido');
const documentDate = z
  .string()
  .min(1, WITHHOLDING_MESSAGES.islrFecha)
  .refine(isDate, WITHHOLDING_MESSAGES.fechaValida)
  .refine(notFuture, 'La fecha no puede ser posterior a hoy');

/** Spec 002 §5 "IVA line": '01-REG' needs the document number, the adjustments their note number. */
export const ivaLineSchema = z
  .object({
    fechaDocumento: documentDate,
    nroDocumento: z.string().max(20),
    nroControlDocumento: z.string().trim().min(1, WITHHOLDING_MESSAGES.islrNroControl).max(20),
    nroNota: z.string().max(20),
    nroDocumentoAfectado: z.string().max(20),
    tipoTransaccion: z.enum(TRANSACTION_TYPES),
    montoTotalDocumento: amount(WITHHOLDING_MESSAGES.islrMontoTotal),
    compraExento: optionalAmount,
    baseImponible: amount(WITHHOLDING_MESSAGES.islrBase),
    alicuota: z.enum(IVA_LINE_RATES),
  })
  .refine((l) => l.tipoTransaccion !== '01-REG' || l.nroDocumento.trim() !== '', {
    path: ['nroDocumento'],
    message: WITHHOLDING_MESSAGES.islrNroDocumento,
  })
  .refine((l) => l.tipoTransaccion === '01-REG' || l.nroNota.trim() !== '', {
    path: ['nroNota'],
    message: 'Nro de Nota es requerido',
  })
  // Providencia SNAT/2015/0049 art. 16: an adjustment names the document it adjusts.
  .refine((l) => l.tipoTransaccion === '01-REG' || l.nroDocumentoAfectado.trim() !== '', {
    path: ['nroDocumentoAfectado'],
    message: 'Nro Documento Afectado es requerido',
  });

/** Spec 002 §4: '01-REG' disables note and affected document; the adjustments disable the document. */
export const ivaFieldDisabled = (tipo: string, field: 'nroDocumento' | 'nroNota' | 'nroDocumentoAfectado') =>
  tipo === '01-REG' ? field !== 'nroDocumento' : field === 'nroDocumento';

export interface IslrLineValues {
  fechaDocumento: string;
  nroDocumento: string;
  nroControlDocumento: string;
  conceptoIslr: string;
  montoTotalDocumento: string;
  compraExento: string;
  baseImponible: string;
  causadoRetenido: string;
}

export const emptyIslrLine = (): IslrLineValues => ({
  fechaDocumento: '',
  nroDocumento: '',
  nroControlDocumento: '',
  conceptoIslr: '',
  montoTotalDocumento: '',
  compraExento: '0',
  baseImponible: '',
  causadoRetenido: '',
});

/** Spec 002 §5 "ISLR line", every message as written there. */
export const islrLineSchema = z.object({
  fechaDocumento: documentDate,
  nroDocumento: z.string().trim().min(1, WITHHOLDING_MESSAGES.islrNroDocumento).max(20),
  nroControlDocumento: z.string().trim().min(1, WITHHOLDING_MESSAGES.islrNroControl).max(20),
  conceptoIslr: z.string().min(1, WITHHOLDING_MESSAGES.islrConcepto),
  montoTotalDocumento: amount(WITHHOLDING_MESSAGES.islrMontoTotal),
  compraExento: optionalAmount,
  baseImponible: amount(WITHHOLDING_MESSAGES.islrBase),
  causadoRetenido: amount(WITHHOLDING_MESSAGES.islrCausado),
});

/** A line of the table: its values and a key for React. */
export type DraftLine =
  | { key: string; kind: 'IVA'; values: IvaLineValues }
  | { key: string; kind: 'ISLR'; values: IslrLineValues };

/** IVA: impuestoCausado = base × alícuota (the fiscal rule the server checks). */
export const ivaIncurred = (v: Pick<IvaLineValues, 'baseImponible' | 'alicuota'>) =>
  ivaCaused(v.baseImponible || 0, v.alicuota || 0);

/** IVA: impuestoRetenido = impuestoCausado × the voucher's rate (75 or 100 %). */
export const ivaWithheld = (v: Pick<IvaLineValues, 'baseImponible' | 'alicuota'>, tasa: string) =>
  withheldOf(ivaIncurred(v), tasa || 0);

/**
 * Spec 002 §5 duplicate rule (the fiscal one): the message when `line` would repeat one of `lines` by
 * nroDocumento or nroNota with the same nroControlDocumento, tipoTransaccion and alícuota (one line per
 * rate of a document is allowed), else null.
 */
export function duplicateMessage(lines: ReadonlyArray<IvaLineValues>, line: IvaLineValues): string | null {
  const key = (l: IvaLineValues) => ({
    nroControlDocumento: l.nroControlDocumento.trim(),
    tipoTransaccion: l.tipoTransaccion as '01-REG',
    nroDocumento: l.nroDocumento.trim() || undefined,
    nroNota: l.nroNota.trim() || undefined,
    alicuota: l.alicuota || undefined,
  });
  return duplicateLineMessage([...lines, line].map(key));
}

/** Spec 002 §5: empty optional text becomes absent. */
const present = (v: string) => (v.trim() ? v.trim() : undefined);

function ivaPayload(v: IvaLineValues, tasa: string): IvaLine {
  const reg = v.tipoTransaccion === '01-REG';
  return {
    fechaDocumento: v.fechaDocumento,
    nroDocumento: reg ? present(v.nroDocumento) : undefined,
    nroControlDocumento: v.nroControlDocumento.trim(),
    nroNota: reg ? undefined : present(v.nroNota),
    nroDocumentoAfectado: reg ? undefined : present(v.nroDocumentoAfectado),
    tipoTransaccion: v.tipoTransaccion,
    montoTotalDocumento: v.montoTotalDocumento,
    compraExento: v.compraExento || '0',
    baseImponible: v.baseImponible,
    alicuota: v.alicuota,
    impuestoCausado: ivaIncurred(v),
    impuestoRetenido: ivaWithheld(v, tasa),
  };
}

function islrPayload(v: IslrLineValues): IslrLine {
  return {
    fechaDocumento: v.fechaDocumento,
    nroDocumento: v.nroDocumento.trim(),
    nroControlDocumento: v.nroControlDocumento.trim(),
    conceptoIslr: v.conceptoIslr,
    montoTotalDocumento: v.montoTotalDocumento,
    compraExento: v.compraExento || '0',
    baseImponible: v.baseImponible,
    causadoRetenido: v.causadoRetenido,
  };
}

/** The voucher createRetencionIvaMasiva takes: header plus lstRetenciones (spec 002 §3, §7). */
export function voucherPayload(
  head: HeaderValues,
  agentRif: string,
  lines: ReadonlyArray<DraftLine>,
  facturaCompraId?: number,
): WithholdingVoucher {
  const iva = head.modeloRetencion === 'IVA';
  return {
    rif: agentRif,
    codigoSucursal: present(head.codigoSucursal),
    periodoFiscalDel: head.periodoFiscalDel,
    periodoFiscalAl: head.periodoFiscalAl,
    rifProveedor: head.rifProveedor,
    identificacion: head.identificacion.trim(),
    direccion: head.direccion.trim(),
    correo: head.correo.trim(),
    modeloRetencion: iva ? 'IVA' : 'ISLR',
    tipoDocumento: iva ? '05' : '06',
    // Spec 002 §4: a zero rate is treated as unset.
    tasaRetencion: iva && head.tasaRetencion !== '0' ? head.tasaRetencion : undefined,
    facturaCompraId,
    lstRetenciones: lines.map((l) =>
      l.kind === 'IVA' ? ivaPayload(l.values, head.tasaRetencion) : islrPayload(l.values),
    ),
  };
}

/** Total withheld of the draft (the table's footer). */
export function totalWithheld(lines: ReadonlyArray<DraftLine>, tasa: string): string {
  return money(
    lines.reduce(
      (acc, l) =>
        acc.plus(l.kind === 'IVA' ? ivaWithheld(l.values, tasa) : dec(l.values.causadoRetenido || 0)),
      dec(0),
    ),
  );
}

let counter = 0;
export const lineKey = () => `line-${Date.now()}-${++counter}`;

/**
 * A purchase invoice handed over by the purchase list ('Retener IVA' / 'Retener ISLR'): the supplier
 * fills the header; for IVA one line per rate of the purchase goes to the table, for ISLR the line form
 * gets the document (its concept is the user's choice).
 */
export function fromPrefill(
  prefill: WithholdingPrefill,
  companyIds: ReadonlyArray<string>,
): { header: HeaderValues; lines: DraftLine[]; islrLine: IslrLineValues | null } {
  const company = companyIds.find((id) => id === String(prefill.idLocalidad)) ?? '';
  const header: HeaderValues = {
    ...emptyHeader(),
    id_localidad: company,
    codigoSucursal: prefill.codigoSucursal ?? '',
    rifProveedor: rifMask(prefill.proveedor.rif),
    identificacion: prefill.proveedor.nombre.slice(0, 200),
    direccion: (prefill.proveedor.direccion ?? '').slice(0, 200),
    correo: (prefill.proveedor.correo ?? '').slice(0, 200),
    modeloRetencion: prefill.modelo,
  };
  const d = prefill.documento;
  const common = {
    fechaDocumento: d.fecha,
    nroDocumento: d.nroFactura.slice(0, 20),
    nroControlDocumento: d.nroControl.slice(0, 20),
    montoTotalDocumento: money(d.totalConIva),
  };
  if (prefill.modelo === 'ISLR') {
    const base = d.bases.reduce((acc, b) => acc.plus(dec(b.base)), dec(0));
    return {
      header,
      lines: [],
      islrLine: { ...emptyIslrLine(), ...common, compraExento: money(d.exento), baseImponible: money(base) },
    };
  }
  // Only the bases at a rate the line accepts, with that rate as the form spells it ("16.00" is "16").
  const rated = d.bases.flatMap((b) => {
    const alicuota = IVA_LINE_RATES.find((r) => dec(r).equals(dec(b.alicuota)));
    return alicuota ? [{ b, alicuota }] : [];
  });
  const lines: DraftLine[] = rated.map(({ b, alicuota }, i) => ({
    key: lineKey(),
    kind: 'IVA',
    values: {
      ...emptyIvaLine(),
      ...common,
      // The exempt purchases are counted once, on the document's first line.
      compraExento: i === 0 ? money(d.exento) : '0.00',
      baseImponible: money(b.base),
      alicuota,
    },
  }));
  return { header, lines, islrLine: null };
}

/** The draft survives a reload of the page (this tab only) until it is sent (spec 002 §4). */
const DRAFT_KEY = 'sigece.withholdingDraft';

export interface StoredDraft {
  header: HeaderValues;
  done: boolean;
  lines: DraftLine[];
}

export function loadDraft(): StoredDraft | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    const draft = raw ? (JSON.parse(raw) as StoredDraft) : null;
    return draft && typeof draft.header === 'object' && Array.isArray(draft.lines) ? draft : null;
  } catch {
    return null;
  }
}

export function saveDraft(draft: StoredDraft | null): void {
  try {
    if (draft) sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    else sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Storage full or disabled: the draft lives only in the page.
  }
}
