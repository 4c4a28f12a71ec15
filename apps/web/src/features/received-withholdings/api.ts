import type { ReceivedWithholdingInput, ReceivedWithholdingRecord } from '@sigece/fiscal';
import { type Answer, api, type Page } from '../../app/api.ts';
import type { DataTableQuery } from '../../components/DataTable/index.ts';

/** IVA withholding vouchers received from buyers outside sigece. */
const BASE = '/v2/retenciones/recibidas';

export const receivedKey = ['received-withholdings', 'list'] as const;

export const fetchReceived = (q: DataTableQuery, signal?: AbortSignal) =>
  api<Page<ReceivedWithholdingRecord>>(`${BASE}/listar`, { query: { ...q }, signal });

export const createReceived = (body: ReceivedWithholdingInput) =>
  api<Answer<ReceivedWithholdingRecord>>(`${BASE}/crear`, { method: 'POST', body });

/** Annulled, the voucher stays listed as ANULADO (the list's row is read back with its new status). */
export async function annulReceived(
  row: ReceivedWithholdingRecord,
): Promise<Answer<ReceivedWithholdingRecord>> {
  const answer = await api<{ code: number; message: string }>(`${BASE}/anular/${row.id}`, { method: 'PUT' });
  return { ...answer, result: { ...row, logEstatusRegistro: 'ANULADO' } };
}

export const deleteReceived = (row: ReceivedWithholdingRecord) =>
  api<{ code: number; message: string }>(`${BASE}/eliminar/${row.id}`, { method: 'DELETE' });
