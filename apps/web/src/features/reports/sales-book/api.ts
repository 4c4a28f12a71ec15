import type { SalesBookAnswer } from '@sigece/fiscal';
import { api } from '../../../app/api.ts';
import type { BookRequest as SalesBookRequest } from '../books/useBookPeriod.tsx';

const BASE = '/v2/mantenimiento/reportes';

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
