import { api } from '../../../app/api.ts';

const R = '/v2/mantenimiento/reportes';

export interface QueuedReport {
  code: number;
  message: string;
  result: { id: string | null; state: string; fechaInicio: string; fechaFin: string; email: string };
}

export type SeniatQuery = Record<string, string | number | undefined>;

/** GET reportSemanalSeniat: queued; the report arrives by e-mail. */
export const requestSeniatReport = (query: SeniatQuery) =>
  api<QueuedReport>(`${R}/reportSemanalSeniat`, { query });

/** GET reportSemanalGeneral: the weekly form's general action, by e-mail. */
export const requestGeneralReport = (query: SeniatQuery) =>
  api<QueuedReport>(`${R}/reportSemanalGeneral`, { query });

/** GET descargarReportSemanalSeniat: the file at once. */
export const downloadSeniatReport = (query: SeniatQuery) =>
  api<{ fileName: string; resultExcel: string }>(`${R}/descargarReportSemanalSeniat`, { query });

/** POST reportPeriodoGlobalSeniat: the chosen companies' report by e-mail. */
export const requestGlobalReport = (query: SeniatQuery, rifsArray: string[]) =>
  api<QueuedReport>(`${R}/reportPeriodoGlobalSeniat`, { method: 'POST', query, body: { rifsArray } });

/** A base64 file as a download (one helper for every report: books/files.ts). */
export { saveBase64 } from '../books/files.ts';
