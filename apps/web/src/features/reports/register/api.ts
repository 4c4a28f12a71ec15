import type { AssignmentRegisterAnswer, AssignmentRow } from '@sigece/fiscal';
import { api, apiFile } from '../../../app/api.ts';
import type { DataTableQuery } from '../../../components/DataTable/index.ts';

const REGISTER = '/v2/reportes/seniat/registroAsignaciones';

export interface RegisterFilters {
  id_localidad?: string;
  familia?: string;
}

/** One page of the register (server paging and search). */
export const fetchRegisterPage = (filters: RegisterFilters, q: DataTableQuery, signal?: AbortSignal) =>
  api<AssignmentRegisterAnswer>(REGISTER, {
    query: { ...filters, page: q.page, limit: q.limit, search: q.search || undefined },
    signal,
  });

/** The whole filtered register as a file, saved under the name the server gives. */
export async function downloadRegister(filters: RegisterFilters, formato: 'CSV' | 'XLSX'): Promise<void> {
  const { blob, name } = await apiFile(`${REGISTER}/descargar`, { query: { ...filters, formato } });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name ?? `RegistroAsignaciones.${formato.toLowerCase()}`;
  a.click();
  URL.revokeObjectURL(url);
}

export type { AssignmentRow };
