// The imprenta digital's monthly report to SENIAT of the control numbers it assigned.
//
// Legal source: Providencia Administrativa SNAT/2024/000102 (Gaceta Oficial 43.032, 19/12/2024), sources
// S11 of research/sources.md. The providencia's own text could NOT be found in the stored public copies;
// the articles cited below follow how integrators and a peer imprenta back-office read it
// (consultoreswhb.com/imprenta-digital, alliottve.com; repository reveronfranklin/OssmmasoftVerticalSlice,
// Features/FacturacionElectronica/ContratoFrontendFacturacionElectronica.md):
// - Art. 29.7 (as read): the imprenta reports to SENIAT, within the 10 continuous days after each month,
//   EVERY control number it assigned in that month, also when it assigned none; "in the terms the Portal
//   Fiscal sets", which are not published: the file layout below is ours.
// - Art. 32 (as read): the register of assignments: issuer, date and time, document type, control number.
// - Art. 34.3 (as read): two monthly reports omitted in one calendar year, consecutive or not, are grounds
//   to revoke the imprenta's authorisation.
// - Art. 30 (as read): the imprenta assigns the control numbers (the families numbered here: invoices, credit
//   and debit notes, delivery orders and dispatch guides, and IVA/ISLR withholding vouchers, S11).
import { z } from '../zod-es.ts';

/** The SENIAT report module's route (the screen 'Generar Reporte Seniat'): the read permission. */
export const ASSIGNED_NUMBERS_PATH = '/reportes/seniat/numerosAsignados';

/** Days after the month within which the report is due (Art. 29.7 as read: 10 continuous days). */
export const REPORT_DUE_DAYS = 10;
/** The day of the next month from which the daily job warns while the report is not sent. */
export const REPORT_WARN_FROM_DAY = 7;
/** Overdue months in one calendar year that are grounds for revocation (Art. 34.3 as read). */
export const REVOCATION_OVERDUE_MONTHS = 2;
/** Months the states screen shows. */
export const STATE_MONTHS = 12;

export const ASSIGNED_NUMBERS_MESSAGES = {
  periodo: 'El período debe tener el formato AAAA-MM (por ejemplo 2026-05)',
  periodoFuture: 'El período no puede ser posterior al mes actual',
  localidad: 'La razón social (localidad) no es un identificador válido',
  formato: 'Formato no válido: use XLSX, PDF o CSV',
  recibo: 'El número de recibo admite hasta 60 caracteres',
  notClosed: (p: string) =>
    `El mes ${p} no ha cerrado: su reporte se genera a partir del día 1 del mes siguiente`,
  alreadySent: (p: string) => `El reporte de ${p} ya fue marcado como enviado al SENIAT`,
  notGenerated: (p: string) => `Genere el reporte de ${p} antes de marcarlo como enviado`,
  providerOnly: 'Solo el administrador maestro del proveedor gestiona el reporte mensual al SENIAT',
  empty: (p: string) => `En el período ${p} no se asignaron números de control`,
} as const;

const PERIODO = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const periodoSchema = z
  .string({ error: ASSIGNED_NUMBERS_MESSAGES.periodo })
  .trim()
  .regex(PERIODO, ASSIGNED_NUMBERS_MESSAGES.periodo);

export const ASSIGNED_NUMBERS_FORMATS = ['XLSX', 'PDF', 'CSV'] as const;
export type AssignedNumbersFormat = (typeof ASSIGNED_NUMBERS_FORMATS)[number];

export const assignedNumbersQuery = z.object({
  periodo: periodoSchema,
  localidad: z.uuid({ error: ASSIGNED_NUMBERS_MESSAGES.localidad }).optional(),
});
export type AssignedNumbersQuery = z.infer<typeof assignedNumbersQuery>;

export const assignedNumbersDownloadQuery = assignedNumbersQuery.extend({
  formato: z.enum(ASSIGNED_NUMBERS_FORMATS, { error: ASSIGNED_NUMBERS_MESSAGES.formato }),
});

export const monthlyReportPeriodBody = z.object({ periodo: periodoSchema });

export const monthlyReportSentBody = z.object({
  periodo: periodoSchema,
  nroRecibo: z
    .string()
    .trim()
    .max(60, ASSIGNED_NUMBERS_MESSAGES.recibo)
    .optional()
    .transform((v) => (v ? v : undefined)),
});

// --- Contracts (server answers; the web infers its types) ------------------------------------------

export const MONTHLY_REPORT_STATES = ['pendiente', 'generado', 'enviado', 'vencido'] as const;
export type MonthlyReportState = (typeof MONTHLY_REPORT_STATES)[number];

export const assignedNumberRow = z.object({
  nroControl: z.string(),
  numero: z.number(),
  tipoDoc: z.string(),
  /** How the report names the document type: 'Factura', 'Nota de Crédito', 'Comprobante de Retención ISLR'… */
  tipoDocumento: z.string(),
  /** The document's own number (invoice, note, order or voucher number); null if the row is gone. */
  documento: z.string().nullable(),
  documentoId: z.string(),
  sucursal: z.string().nullable(),
  /** Date and time of assignment in America/Caracas: yyyy-MM-dd and HH:mm:ss. */
  fecha: z.string(),
  hora: z.string(),
  asignadoEn: z.string(),
  estatus: z.enum(['ACTIVO', 'ANULADO']),
});
export type AssignedNumberRow = z.infer<typeof assignedNumberRow>;

export const assignedRun = z.object({ desde: z.string(), hasta: z.string(), cantidad: z.number() });
export type AssignedRun = z.infer<typeof assignedRun>;

export const assignedSeries = z.object({
  localidadId: z.string(),
  rif: z.string(),
  razonSocial: z.string(),
  /** The control-number family: FACTURA (invoices and notes share it), ORDEN, RETENCION. */
  familia: z.string(),
  lote: z.string().nullable(),
  serie: z.string(),
  cantidad: z.number(),
  anulados: z.number(),
  rangos: z.array(assignedRun),
  numeros: z.array(assignedNumberRow),
});
export type AssignedSeries = z.infer<typeof assignedSeries>;

export const assignedNumbersReport = z.object({
  periodo: z.string(),
  desde: z.string(),
  hasta: z.string(),
  imprenta: z.object({ nombre: z.string(), rif: z.string(), providencia: z.string() }),
  sinAsignaciones: z.boolean(),
  mensaje: z.string().nullable(),
  totales: z.object({
    empresas: z.number(),
    numeros: z.number(),
    anulados: z.number(),
    porFamilia: z.record(z.string(), z.number()),
  }),
  series: z.array(assignedSeries),
});
export type AssignedNumbersReport = z.infer<typeof assignedNumbersReport>;

export const monthlyReportStateRow = z.object({
  periodo: z.string(),
  estado: z.enum(MONTHLY_REPORT_STATES),
  vence: z.string(),
  /** Not sent by the deadline (vencido, or enviado after it): counts toward Art. 34.3. */
  fueraDePlazo: z.boolean(),
  generadoEn: z.string().nullable(),
  generadoPor: z.string().nullable(),
  sha256: z.string().nullable(),
  cantidad: z.number().nullable(),
  enviadoEn: z.string().nullable(),
  enviadoPor: z.string().nullable(),
  nroRecibo: z.string().nullable(),
});
export type MonthlyReportStateRow = z.infer<typeof monthlyReportStateRow>;

export const monthlyReportStates = z.object({
  hoy: z.string(),
  anio: z.string(),
  vencidosAnio: z.number(),
  limiteRevocatoria: z.number(),
  meses: z.array(monthlyReportStateRow),
});
export type MonthlyReportStates = z.infer<typeof monthlyReportStates>;

// --- Period rules --------------------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');

/** The first and last day (yyyy-MM-dd) of a period AAAA-MM. */
export function periodDays(periodo: string): { desde: string; hasta: string } {
  const [y, m] = periodo.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { desde: `${periodo}-01`, hasta: `${periodo}-${pad(last)}` };
}

/** The month after (n = 1) or before (n = -1) a period AAAA-MM. */
export function shiftPeriod(periodo: string, n: number): string {
  const [y, m] = periodo.split('-').map(Number);
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** The last day the report of `periodo` may be sent: day 10 of the next month (Art. 29.7 as read). */
export const reportDeadline = (periodo: string): string =>
  `${shiftPeriod(periodo, 1)}-${pad(REPORT_DUE_DAYS)}`;

/** A month is closed once its last day is over in Caracas (`today` is a Caracas yyyy-MM-dd). */
export const monthClosed = (periodo: string, today: string): boolean => today.slice(0, 7) > periodo;

/** The state of a month's report on `today` (Caracas yyyy-MM-dd). */
export function monthlyReportState(
  periodo: string,
  today: string,
  record: { generadoEn?: Date | string | null; enviadoEn?: Date | string | null } | null,
): MonthlyReportState {
  if (record?.enviadoEn) return 'enviado';
  if (!monthClosed(periodo, today)) return 'pendiente';
  if (today > reportDeadline(periodo)) return 'vencido';
  return record?.generadoEn ? 'generado' : 'pendiente';
}

/** True when the report was not sent by its deadline (`sentDay` is the Caracas day it was sent, if it was). */
export function missedDeadline(periodo: string, today: string, sentDay: string | null): boolean {
  const deadline = reportDeadline(periodo);
  return sentDay ? sentDay > deadline : today > deadline;
}

/** The last `n` months up to and including the current one, newest first. */
export function lastPeriods(today: string, n: number = STATE_MONTHS): string[] {
  const current = today.slice(0, 7);
  return Array.from({ length: n }, (_, i) => shiftPeriod(current, -i));
}

/** The daily job's duty on `today`: which closed month it looks after, and whether it is warning day. */
export function dailyDuty(today: string): { periodo: string; firstDay: boolean; warn: boolean } {
  const day = Number(today.slice(8, 10));
  return {
    periodo: shiftPeriod(today.slice(0, 7), -1),
    firstDay: day === 1,
    warn: day >= REPORT_WARN_FROM_DAY,
  };
}

/**
 * Consecutive runs ("ranges") of control numbers: 1,2,3,5 → [1–3], [5]. The numbers may come unsorted
 * and never repeat (the ledger's unique keys).
 */
export function consecutiveRuns(numbers: readonly number[]): Array<{ desde: number; hasta: number }> {
  const sorted = [...numbers].sort((a, b) => a - b);
  const runs: Array<{ desde: number; hasta: number }> = [];
  for (const n of sorted) {
    const last = runs.at(-1);
    if (last && n === last.hasta + 1) last.hasta = n;
    else runs.push({ desde: n, hasta: n });
  }
  return runs;
}

// --- The machine-readable file (CSV) ----------------------------------------------------------------------

/**
 * Columns of the machine-readable file, in order (README "Monthly report of assigned control numbers").
 * UTF-8 without BOM, comma separated, CRLF line ends, RFC 4180 quoting, one header row, one row per
 * control number ordered by company RIF, family, series and number. Dates yyyy-MM-dd and times HH:mm:ss
 * in America/Caracas. An empty month is the header alone.
 */
export const ASSIGNED_NUMBERS_CSV_COLUMNS = [
  'periodo',
  'rif_imprenta',
  'rif_emisor',
  'razon_social',
  'sucursal',
  'familia',
  'lote',
  'serie',
  'numero',
  'numero_control',
  'tipo_documento',
  'documento',
  'fecha_asignacion',
  'hora_asignacion',
  'estatus',
] as const;

const csvCell = (value: string | number | null): string => {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The report as the machine-readable CSV (deterministic: the same ledger gives the same bytes). */
export function assignedNumbersCsv(report: AssignedNumbersReport): string {
  const lines = [ASSIGNED_NUMBERS_CSV_COLUMNS.join(',')];
  for (const s of report.series)
    for (const n of s.numeros)
      lines.push(
        [
          report.periodo,
          report.imprenta.rif,
          s.rif,
          s.razonSocial,
          n.sucursal,
          s.familia,
          s.lote,
          s.serie,
          n.numero,
          n.nroControl,
          n.tipoDocumento,
          n.documento,
          n.fecha,
          n.hora,
          n.estatus,
        ]
          .map(csvCell)
          .join(','),
      );
  return `${lines.join('\r\n')}\r\n`;
}

/** ReporteNumerosAsignados_{AAAA-MM}[_{RIF}].{ext} */
export const assignedNumbersFileName = (periodo: string, format: AssignedNumbersFormat, rif?: string) =>
  `ReporteNumerosAsignados_${periodo}${rif ? `_${rif}` : ''}.${format.toLowerCase()}`;
