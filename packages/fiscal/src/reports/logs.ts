// The event-log report and the e-mail log (spec 002 §2.8, §2.9, §7 Reports and E-mail logs, §9).

import { z } from '../zod-es.ts';
import { absentToUndefined } from './absent.ts';
import { REPORT_MESSAGES } from './seniat.ts';

/** Longest range of the event-log report and the e-mail log: the report of a year at most. */
export const LOG_MAX_DAYS = 366;
/** Rows an event-log PDF holds at most: the answer stays a PDF a browser can show inline. */
export const LOG_REPORT_MAX_ROWS = 5000;
/** Rows one e-mail log spreadsheet holds at most. */
export const EMAIL_LOG_EXPORT_MAX = 50_000;
/** The e-mail log's pagination shows a window of 10 page numbers (spec 002 §9). */
export const EMAIL_LOG_PAGE_WINDOW = 10;

export const LOG_MESSAGES = {
  empty: 'No hay datos para mostrar',
  noUsers: 'No hay Ususarios',
  beforeSearch: 'Realice una busquedad',
  title: 'Logs de Eventos',
  status: 'Estatus: use 1 (búsqueda) o 2 (exportar a Excel)',
  user: 'Usuario no válido',
  message: 'Identificador de mensaje requerido',
} as const;

const optionalDay = z.preprocess(absentToUndefined, z.iso.date({ error: REPORT_MESSAGES.date }).optional());
const optionalId = z.preprocess(absentToUndefined, z.uuid({ error: 'Identificador no válido' }).optional());

/** GET /logs/getLogsByRange: fechaInicio, fechaFin, idUsuario (optional: every visible user). */
export const logsByRangeQuery = z.object({
  fechaInicio: optionalDay,
  fechaFin: optionalDay,
  idUsuario: z.preprocess(absentToUndefined, z.uuid({ error: LOG_MESSAGES.user }).optional()),
});

/** GET queryLogEmail (spec 002 §7 E-mail logs): status 1 searches, 2 exports to Excel. */
export const emailLogQuery = z.object({
  fechaInicio: optionalDay,
  fechaFin: optionalDay,
  id_localidad: optionalId,
  id_sucursal: optionalId,
  nroDoc: z.preprocess(absentToUndefined, z.string().trim().max(20, 'Máximo 20 caracteres').optional()),
  correoTo: z.preprocess(absentToUndefined, z.string().trim().max(200, 'Máximo 200 caracteres').optional()),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  status: z.preprocess(
    (v) => (absentToUndefined(v) === undefined ? 1 : v),
    z.coerce
      .number({ error: LOG_MESSAGES.status })
      .pipe(z.union([z.literal(1), z.literal(2)], { error: LOG_MESSAGES.status })),
  ),
});
export type EmailLogQuery = z.infer<typeof emailLogQuery>;

/** GET getemailSendgrid: the stored status of one message (the spec's provider-status call). */
export const emailStatusQuery = z.object({
  idMMessage: z.string({ error: LOG_MESSAGES.message }).trim().min(1, LOG_MESSAGES.message).max(500),
});

/** 250 is the SMTP "accepted" reply (spec 002 §9: shown as 'Aceptado'). */
export function emailStatusLabel(code: string | null | undefined): string {
  if (code === '250') return 'Aceptado';
  if (!code) return 'Pendiente';
  if (/^[45]\d\d$/.test(code)) return `Rechazado (${code})`;
  if (/^2\d\d$/.test(code)) return `Aceptado (${code})`;
  return `Error (${code})`;
}

/** The `LogsEmail_{timestamp}.xlsx` of the export (spec 002 §9). */
export const emailLogFileName = (timestamp: number): string => `LogsEmail_${timestamp}.xlsx`;

/**
 * dd/MM/yyyy hh:mm aaaa in America/Caracas (spec 002 §9): 12-hour clock with a.m./p.m. (date-fns
 * "aaaa"). Venezuela keeps UTC−4 all year, so the shift is fixed.
 */
export function formatLogDateTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const local = new Date(date.getTime() - 4 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = local.getUTCHours();
  const hh = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${pad(hh)}:${pad(
    local.getUTCMinutes(),
  )} ${hours < 12 ? 'a.m.' : 'p.m.'}`;
}

/** The page numbers the pagination shows: a window of `size` around `page`, within 1…`total`. */
export function pageWindow(page: number, total: number, size: number = EMAIL_LOG_PAGE_WINDOW): number[] {
  if (total < 1) return [];
  const first = Math.max(1, Math.min(page - Math.floor(size / 2), total - size + 1));
  const last = Math.min(total, first + size - 1);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
