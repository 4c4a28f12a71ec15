// The tax-authority reports of the imprenta digital (spec 002 §2.5, §6, §7 Reports) and the period rules
// the SENIAT, event-log and e-mail-log reports share.
//
// Legal source: the screen names its first two kinds after "Providencia 0032 Art. 28". The provision is
// Providencia Administrativa SNAT/2014/0032 (the 2014 rules for issuing invoices by electronic means,
// replaced for digital printers by SNAT/2024/000102, Gaceta Oficial 43.032 of 19/12/2024; see
// https://www.consultoreswhb.com/imprenta-digital/ and
// https://accesoalajusticia.org/regulacion-del-uso-de-medios-digitales-para-la-emision-de-facturas-y-otros-documentos-fiscales).
// The text of its Art. 28 and any layout it prescribes for the report could NOT be found in the sources
// at hand: the columns below (per client company and period, the documents numbered and the
// control-number ranges assigned) are ours, and the API docs say so.
import { z } from '../zod-es.ts';
import { absentToUndefined } from './absent.ts';

/** Report type codes of the screen's six buttons (spec 002 §9: 1, 2, 4, 5, 6, 7) and their action keys (§6). */
export const SENIAT_REPORTS = {
  1: {
    key: 'repProvi0032',
    label: 'Reporte Providencia 0032 Art. 28',
    file: 'ReporteGeneral',
    period: 'range',
  },
  6: {
    key: 'repProvi0032art28',
    label: 'Reporte Contribuyentes Providencia 0032 Art. 28',
    file: 'ReporteGeneral',
    period: 'range',
  },
  2: { key: 'reporteSemanal', label: 'Reporte Semanal', file: 'ReporteSemanal', period: 'week' },
  4: { key: 'reporteMensual', label: 'Reporte Mensual', file: 'ReporteMensual', period: 'month' },
  5: { key: 'reporteAnual', label: 'Reporte Anual', file: 'ReporteAnual', period: 'year' },
  7: {
    key: 'reporteSemanalProcert',
    label: 'Reporte Semanal Procert',
    file: 'ReporteSemanal',
    period: 'week',
  },
} as const;
export type SeniatReportKind = keyof typeof SENIAT_REPORTS;
export const SENIAT_REPORT_KINDS = [1, 6, 2, 4, 5, 7] as const satisfies readonly SeniatReportKind[];
export const SENIAT_MODULE = '/reportes/ReportSeniat';

/** The longest period one report may cover: a year (366 days with 29 February). */
export const REPORT_MAX_DAYS = 366;
/** A weekly report covers at most seven calendar days. */
export const WEEK_DAYS = 7;

export const REPORT_MESSAGES = {
  email: 'Ingresa un correo electronico valido',
  year: 'Ingresa un anio valido',
  month: 'Selecciona un mes valido (1 a 12)',
  kind: 'Tipo de reporte no valido: use 1, 2, 4, 5, 6 o 7',
  format: 'Formato no valido: use XLSX o PDF',
  startRequired: 'La fecha Desde es requerida',
  endRequired: 'La fecha Hasta es requerida',
  date: 'Debe ser una fecha válida (aaaa-mm-dd)',
  reversed: 'La fecha Desde no puede ser posterior a la fecha Hasta',
  future: 'Las fechas del reporte no pueden ser posteriores a hoy',
  tooLong: `El período del reporte no puede exceder ${REPORT_MAX_DAYS} días`,
  weekTooLong: `El reporte semanal abarca como máximo ${WEEK_DAYS} días`,
  futureYear: 'El año no puede ser posterior al actual',
  rifs: 'Seleccione al menos una razón social',
  queued: 'Reporte generado con exito, en breve llegara a tu correo',
} as const;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Days from `start` to `end`, both included (yyyy-MM-dd). */
export const daysInRange = (start: string, end: string): number => dayNumber(end) - dayNumber(start) + 1;

export interface Period {
  start: string;
  end: string;
}

export type PeriodCheck = { ok: true; period: Period } | { ok: false; field: string; message: string };

/**
 * A date range of a report: Desde ≤ Hasta, neither after `today` (Caracas, yyyy-MM-dd) and at most
 * `maxDays` long (spec 002 §5: "Period report dates cannot exceed today").
 */
export function checkRange(
  start: string | undefined,
  end: string | undefined,
  today: string,
  maxDays: number = REPORT_MAX_DAYS,
): PeriodCheck {
  if (!start) return { ok: false, field: 'fechaInicio', message: REPORT_MESSAGES.startRequired };
  if (!end) return { ok: false, field: 'fechaFin', message: REPORT_MESSAGES.endRequired };
  if (start > end) return { ok: false, field: 'fechaInicio', message: REPORT_MESSAGES.reversed };
  if (end > today) return { ok: false, field: 'fechaFin', message: REPORT_MESSAGES.future };
  if (daysInRange(start, end) > maxDays)
    return {
      ok: false,
      field: 'fechaFin',
      message: maxDays === WEEK_DAYS ? REPORT_MESSAGES.weekTooLong : REPORT_MESSAGES.tooLong,
    };
  return { ok: true, period: { start, end } };
}

export interface SeniatPeriodInput {
  fechaInicio?: string;
  fechaFin?: string;
  anio?: string;
  mes?: number;
}

/**
 * The period a report kind covers: by range (1, 6), a week from Desde (2, 7; Hasta optional, at most
 * 7 days), a calendar month (4: anio + mes) or a calendar year (5: anio). Months and years may be the
 * current one (the report then holds what has been issued so far).
 */
export function seniatPeriod(kind: SeniatReportKind, input: SeniatPeriodInput, today: string): PeriodCheck {
  const mode = SENIAT_REPORTS[kind].period;
  if (mode === 'range') return checkRange(input.fechaInicio, input.fechaFin, today);
  if (mode === 'week') {
    if (!input.fechaInicio)
      return { ok: false, field: 'fechaInicio', message: REPORT_MESSAGES.startRequired };
    const end = input.fechaFin ?? dayOf(dayNumber(input.fechaInicio) + WEEK_DAYS - 1);
    const capped = !input.fechaFin && end > today ? today : end;
    return checkRange(input.fechaInicio, capped, today, WEEK_DAYS);
  }
  const year = input.anio ?? '';
  if (!/^\d{4}$/.test(year)) return { ok: false, field: 'anio', message: REPORT_MESSAGES.year };
  if (year > today.slice(0, 4)) return { ok: false, field: 'anio', message: REPORT_MESSAGES.futureYear };
  if (mode === 'year') return { ok: true, period: { start: `${year}-01-01`, end: `${year}-12-31` } };
  const month = input.mes;
  if (!month || month < 1 || month > 12) return { ok: false, field: 'mes', message: REPORT_MESSAGES.month };
  const mm = String(month).padStart(2, '0');
  if (`${year}-${mm}` > today.slice(0, 7))
    return { ok: false, field: 'mes', message: REPORT_MESSAGES.future };
  const next =
    month === 12 ? `${Number(year) + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { ok: true, period: { start: `${year}-${mm}-01`, end: dayOf(dayNumber(next) - 1) } };
}

/** ReporteGeneral_{start}_al_{end}_{timestamp}.xlsx (spec 002 §2.5); dates as yyyy-MM-dd. */
export function seniatFileName(
  kind: SeniatReportKind,
  period: Period,
  timestamp: number,
  format: SeniatFormat = 'XLSX',
): string {
  return `${SENIAT_REPORTS[kind].file}_${period.start}_al_${period.end}_${timestamp}.${format.toLowerCase()}`;
}

export const SENIAT_FORMATS = ['XLSX', 'PDF'] as const;
export type SeniatFormat = (typeof SENIAT_FORMATS)[number];

const absent = (v: unknown) => absentToUndefined(v) === undefined;
const optionalDay = z.preprocess(
  (v) => (absent(v) ? undefined : v),
  z.iso.date({ error: REPORT_MESSAGES.date }).optional(),
);
const reportEmail = z
  .string({ error: REPORT_MESSAGES.email })
  .trim()
  .max(200, REPORT_MESSAGES.email)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, REPORT_MESSAGES.email);
const rif = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[JGVEPC]-?\d{5,9}$/, 'RIF debe tener el formato J-123456789');

/** GET reportSemanalSeniat / reportSemanalGeneral / descargarReportSemanalSeniat (spec 002 §7). */
export const seniatReportQuery = z.object({
  tipoReporte: z.coerce
    .number({ error: REPORT_MESSAGES.kind })
    .refine(
      (v): v is SeniatReportKind => (SENIAT_REPORT_KINDS as readonly number[]).includes(v),
      REPORT_MESSAGES.kind,
    ),
  anio: z.preprocess(
    (v) => (absent(v) ? undefined : String(v)),
    z.string().max(4, REPORT_MESSAGES.year).optional(),
  ),
  mes: z.preprocess(
    (v) => (absent(v) ? undefined : v),
    z.coerce.number({ error: REPORT_MESSAGES.month }).int(REPORT_MESSAGES.month).optional(),
  ),
  email: z.preprocess((v) => (absent(v) ? undefined : v), reportEmail.optional()),
  rif: z.preprocess((v) => (absent(v) ? undefined : v), rif.optional()),
  valueFormato: z.preprocess(
    (v) => (absent(v) ? 'XLSX' : typeof v === 'string' ? v.toUpperCase() : v),
    z.enum(SENIAT_FORMATS, { error: REPORT_MESSAGES.format }),
  ),
  fechaInicio: optionalDay,
  fechaFin: optionalDay,
});
export type SeniatReportQuery = z.infer<typeof seniatReportQuery>;

/** POST reportPeriodoGlobalSeniat: query fechaInicio, fechaFin, email; body rifsArray. */
export const seniatGlobalQuery = z.object({
  fechaInicio: optionalDay,
  fechaFin: optionalDay,
  email: reportEmail,
});
export const seniatGlobalBody = z.object({
  rifsArray: z.array(rif, { error: REPORT_MESSAGES.rifs }).min(1, REPORT_MESSAGES.rifs).max(500),
});

/** A stored document's status as the report shows it. */
export const seniatStatusLabel = (status: string): string => (status === 'INACTIVO' ? 'Anulado' : 'Emitido');

/** The amounts a SENIAT report prints for one document. */
export interface SeniatAmounts {
  baseImponible: string;
  exento: string;
  iva: string;
  total: string;
  retenido: string;
}

/**
 * An annulled document keeps its line (its control number was assigned and stays reported) with every amount
 * at zero, as the sales book shows it (Providencia SNAT/2011/00071 as reports/sales-book.ts reads it: an
 * annulled document keeps its line, its number was used, with zero amounts). Active documents keep theirs.
 */
export function seniatAmountsOf(status: string, amounts: SeniatAmounts): SeniatAmounts {
  if (status !== 'INACTIVO') return amounts;
  return { baseImponible: '0.00', exento: '0.00', iva: '0.00', total: '0.00', retenido: '0.00' };
}
