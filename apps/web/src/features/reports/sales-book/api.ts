import type { SalesBookAnswer } from '@sigece/fiscal';
import { api } from '../../../app/api.ts';

const BASE = '/v2/mantenimiento/reportes';

export interface SalesBookRequest {
  fechaInicio: string;
  fechaFin: string;
  id_localidad: string;
  id_sucursal?: string;
}

export interface QueuedBook {
  msg: string;
  result: { id: string; state: string; posicion: number; fechaSolicitud: string };
}

export const fetchSalesBookPdf = (q: SalesBookRequest) =>
  api<SalesBookAnswer>(`${BASE}/getlibroVentas`, { query: { ...q } });

export const fetchSalesBookExcel = (q: SalesBookRequest) =>
  api<SalesBookAnswer>(`${BASE}/getLibroVentasExcel`, { query: { ...q } });

export const requestExtendedBook = (q: SalesBookRequest & { email: string }) =>
  api<QueuedBook>(`${BASE}/getLibroVentasExcelExtendido`, { query: { ...q } });

/** Saves base64 bytes as a file the browser downloads. */
export function saveBase64(base64: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(base64Blob(base64, type));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function base64Blob(base64: string, type: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}
