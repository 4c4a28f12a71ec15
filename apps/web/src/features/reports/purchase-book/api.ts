import type { PurchaseBookAnswer } from '@sigece/fiscal';
import { api } from '../../../app/api.ts';
import type { BookRequest } from '../books/useBookPeriod.tsx';

const BASE = '/v2/mantenimiento/reportes';

export const fetchPurchaseBookPdf = (q: BookRequest) =>
  api<PurchaseBookAnswer>(`${BASE}/getlibroCompras`, { query: { ...q } });

export const fetchPurchaseBookExcel = (q: BookRequest) =>
  api<PurchaseBookAnswer>(`${BASE}/getLibroComprasExcel`, { query: { ...q } });
