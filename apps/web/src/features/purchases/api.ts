import { PURCHASE_MESSAGES, type PurchaseInput, type PurchaseRecord } from '@sigece/fiscal';
import { type Answer, ApiError, api, type Page } from '../../app/api.ts';
import { translateMessage } from '../../app/i18n.ts';
import type { DataTableQuery } from '../../components/DataTable/index.ts';

/** The purchase-invoice calls of spec 001 §7.4 under /v2/facturaCompra. */
const BASE = '/v2/facturaCompra';

export const PURCHASES_PATH = '/facturacion/compras';
export const PURCHASE_FORM_PATH = '/facturacion/facturaCompra';
/** The add-withholding page (spec 002 §1), built by the withholdings issue. */
export const ADD_WITHHOLDING_PATH = '/retenciones/iva-islr/Agregar';
/** The withholdings list: its permission lets a purchase show the vouchers issued against it. */
export const WITHHOLDINGS_PATH = '/retenciones/iva-islr';

export const purchasesKey = ['purchases', 'list'] as const;

export const fetchPurchases = (q: DataTableQuery, signal?: AbortSignal) =>
  api<Page<PurchaseRecord>>(`${BASE}/listar`, { query: { ...q }, signal });

/**
 * §8.5: a failed save or status change shows 'Error' plus the server's message (the field messages stay
 * for the form). A network failure or an ended session keeps its own handling.
 */
async function titled<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status > 0 && error.status !== 401)
      throw new ApiError(
        error.status,
        PURCHASE_MESSAGES.failed(translateMessage(error.message)),
        error.errors,
      );
    throw error;
  }
}

export const createPurchase = (body: PurchaseInput) =>
  titled(api<Answer<PurchaseRecord>>(`${BASE}/crear`, { method: 'POST', body }));

export const editPurchase = (id: number, body: PurchaseInput) =>
  titled(api<Answer<PurchaseRecord>>(`${BASE}/editar/${id}`, { method: 'PUT', body }));

export const inactivatePurchase = (row: PurchaseRecord) =>
  titled(api<Answer<PurchaseRecord>>(`${BASE}/eliminar/${row.id}`, { method: 'PUT' }));

export const activatePurchase = (row: PurchaseRecord) =>
  titled(api<Answer<PurchaseRecord>>(`${BASE}/activar/${row.id}`, { method: 'PUT' }));
