import { type Answer, api, type Page } from '../../app/api.ts';
import type { DataTableQuery } from '../../components/DataTable/index.ts';

/**
 * The tax unit (unidad tributaria) values: a dated reference table, the value in force on a document's
 * date gives the ISLR sustraendo (Decreto 1.808). Same verbs as the other reference tables (spec 002 §7).
 */
const UT = '/v2/mantenimiento/unidadTributaria';

export interface UnidadTributaria {
  id: string;
  valor: string;
  fechaDesde: string;
  fuente: string | null;
  logEstatusRegistro: 'ACTIVO' | 'INACTIVO';
}

export interface UnidadTributariaBody {
  valor: string;
  fechaDesde: string;
  fuente?: string;
}

export const utKey = ['withholdings', 'unidadTributaria'] as const;
export const listUt = (q: DataTableQuery, signal?: AbortSignal) =>
  api<Page<UnidadTributaria>>(`${UT}/listar`, { query: { ...q }, signal });
export const createUt = (body: UnidadTributariaBody) =>
  api<Answer<UnidadTributaria>>(`${UT}/crear`, { method: 'POST', body });
export const updateUt = (id: string, body: UnidadTributariaBody) =>
  api<Answer<UnidadTributaria>>(`${UT}/editar/${id}`, { method: 'PUT', body });
export const inactivateUt = (id: string) =>
  api<Answer<UnidadTributaria>>(`${UT}/eliminar/${id}`, { method: 'PUT' });
export const activateUt = (id: string) =>
  api<Answer<UnidadTributaria>>(`${UT}/activar/${id}`, { method: 'PUT' });
