import { api, type Page } from '../../../app/api.ts';

const BASE = '/v2/mantenimiento/logEmails';

export interface EmailLogEntry {
  id: string;
  messageId: string;
  statusCode: string;
  estatus: string;
  msg: string;
  recibido: string[];
  asunto: string;
  fecha: string;
  tipoDoc: string;
  nroDoc: string;
}

export interface EmailStatus {
  status: string;
  statusCode: string;
  msg: string;
  to_email: string;
  opens_count: number;
  clicks_count: number;
  fecha: string;
}

export type EmailLogFilters = Partial<
  Record<'fechaInicio' | 'fechaFin' | 'id_localidad' | 'id_sucursal' | 'nroDoc' | 'correoTo', string>
>;

/** queryLogEmail status 1: one page of the log. */
export const searchEmailLog = (filters: EmailLogFilters, page: number, limit = 10) =>
  api<Page<EmailLogEntry>>(`${BASE}/queryLogEmail`, { query: { ...filters, page, limit, status: 1 } });

/** queryLogEmail status 2: LogsEmail_{timestamp}.xlsx as base64. */
export const exportEmailLog = (filters: EmailLogFilters) =>
  api<{ fileName: string; libroExcel: string }>(`${BASE}/queryLogEmail`, {
    query: { ...filters, status: 2 },
  });

/** getemailSendgrid: the stored status of one message. */
export const emailStatus = (idMMessage: string, signal?: AbortSignal) =>
  api<{ result: EmailStatus }>(`${BASE}/getemailSendgrid`, { query: { idMMessage }, signal }).then(
    (r) => r.result,
  );
