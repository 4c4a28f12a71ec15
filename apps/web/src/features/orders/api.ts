import type {
  OrderReportQuery as FiscalOrderReportQuery,
  OrderAnnulAnswer,
  OrderDetail,
  OrderExcelAnswer,
  OrderIngestAnswer,
  OrderListRow,
  OrderReportAnswer,
  orderFiltersSchema,
} from '@sigece/fiscal';
import { type Answer, api, apiBase64, type Page } from '../../app/api.ts';
import type { DataTableQuery } from '../../components/DataTable/index.ts';

/**
 * The orders calls (spec 001 §7.3, spec 002 §7 Reports) under /v2/ordenes and /v2/mantenimiento/reportes.
 * Answer types are the zod schemas the server declares (packages/fiscal/src/orders/contract.ts).
 */
const ORDERS = '/v2/ordenes';
const REPORTS = '/v2/mantenimiento/reportes';

export type OrderRow = OrderListRow;

/** The filter dialog (spec 001 §2.4): company, branch, order number, from, to; only non-empty ones sent. */
export type OrderFilters = Partial<Record<keyof typeof orderFiltersSchema.shape, string>>;

export const ordersKey = ['orders', 'list'] as const;

export function compactOrderFilters(filters: OrderFilters): OrderFilters {
  return Object.fromEntries(
    Object.entries(filters)
      .map(([k, v]) => [k, v?.trim()])
      .filter(([, v]) => v),
  );
}

export const hasOrderFilters = (filters: OrderFilters) =>
  Object.keys(compactOrderFilters(filters)).length > 0;

/**
 * GET queryordenes: page from 1, id ascending unless a header was clicked (the table's 'column:dir'
 * becomes the API's `sort` and `order`); filters reload page 1 with limit 10.
 */
export function fetchOrders(q: DataTableQuery, filters: OrderFilters, signal?: AbortSignal) {
  const { sort: by, ...page } = q;
  const [sort, order] = by ? by.split(':') : [];
  return api<Page<OrderRow>>(`${ORDERS}/queryordenes`, {
    query: { ...page, ...compactOrderFilters(filters), sort, order },
    signal,
  });
}

/** POST masivaordenes: the screen sends its one order wrapped in an array (spec 001 §7.3). */
export const createOrder = (payload: Record<string, unknown>) =>
  api<OrderIngestAnswer>(`${ORDERS}/masivaordenes`, { method: 'POST', body: [payload] });

/** PUT anular with the order's rif, branch code and number (spec 001 §4.5: by order number). */
export const annulOrder = (item: {
  rif: string;
  codigoSucursal?: string;
  nroOrden: string;
  modeloOrden: string;
  /** Why, kept in the order's record and audit. */
  motivoAnulacion?: string;
}) => api<OrderAnnulAnswer>(`${ORDERS}/anular`, { method: 'PUT', body: [item] });

export const orderDetail = (id: string, signal?: AbortSignal) =>
  api<Answer<OrderDetail>>(`${ORDERS}/detalle/${id}`, { signal });

/** The signed PDF's exact bytes, as base64 for the PDF dialog. */
export const orderPdf = (id: string, signal?: AbortSignal) => apiBase64(`${ORDERS}/pdf/${id}`, { signal });

/** The report's query, as the server's schema reads it: both dates, a company and maybe a branch. */
export type OrderReportQuery = FiscalOrderReportQuery;

export const orderReport = (query: OrderReportQuery, signal?: AbortSignal) =>
  api<OrderReportAnswer>(`${REPORTS}/getlibroOrdenes`, { query: { ...query }, signal });

export const orderReportExcel = (query: OrderReportQuery) =>
  api<OrderExcelAnswer>(`${REPORTS}/getOrdenesExcel`, { query: { ...query } });
