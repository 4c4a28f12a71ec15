import type { PurchaseInput, PurchaseRecord } from '@sigece/fiscal';
import { type Answer, api, type Page } from '../../app/api.ts';
import type { DataTableQuery } from '../../components/DataTable/index.ts';

/** The purchase-invoice calls of spec 001 §7.4 under /v2/facturaCompra. */
const BASE = '/v2/facturaCompra';

export const PURCHASES_PATH = '/facturacion/compras';
export const PURCHASE_FORM_PATH = '/facturacion/facturaCompra';
/** The add-withholding page (spec 002 §1), built by the withholdings issue. */
export const ADD_WITHHOLDING_PATH = '/retenciones/iva-islr/Agregar';

export const purchasesKey = ['purchases', 'list'] as const;

export const fetchPurchases = (q: DataTableQuery, signal?: AbortSignal) =>
  api<Page<PurchaseRecord>>(`${BASE}/listar`, { query: { ...q }, signal });

export const createPurchase = (body: PurchaseInput) =>
  api<Answer<PurchaseRecord>>(`${BASE}/crear`, { method: 'POST', body });

export const editPurchase = (id: number, body: PurchaseInput) =>
  api<Answer<PurchaseRecord>>(`${BASE}/editar/${id}`, { method: 'PUT', body });

export const inactivatePurchase = (row: PurchaseRecord) =>
  api<Answer<PurchaseRecord>>(`${BASE}/eliminar/${row.id}`, { method: 'PUT' });

export const activatePurchase = (row: PurchaseRecord) =>
  api<Answer<PurchaseRecord>>(`${BASE}/activar/${row.id}`, { method: 'PUT' });
