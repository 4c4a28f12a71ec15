import { type Answer, api, type Page } from '../../app/api.ts';
import type { DataTableQuery } from '../../components/DataTable/index.ts';

/**
 * The tax unit (unidad tributaria) values: a dated reference table; the value in force on a document's
 * date gives the ISLR sustraendo (Decreto 1.808). A value is never edited: a new one takes over from its
 * date, with the providencia and Gaceta Oficial that set it.
 */
const UT = '/v2/retenciones/unidadesTributarias';

export interface UnidadTributaria {
  id: string;
  valor: string;
  fechaDesde: string;
  providencia: string;
  gacetaOficial: string;
  logEstatusRegistro: string;
}

export interface UnidadTributariaBody {
  valor: string;
  fechaDesde: string;
  providencia: string;
  gacetaOficial: string;
}

export const utKey = ['withholdings', 'unidadTributaria'] as const;
export const listUt = (q: DataTableQuery, signal?: AbortSignal) =>
  api<Page<UnidadTributaria>>(UT, { query: { ...q }, signal });
export const createUt = (body: UnidadTributariaBody) =>
  api<Answer<UnidadTributaria>>(UT, { method: 'POST', body });

/** The value in force on a day (today when absent): the one the ISLR sustraendo and Tarifa N° 2 use. */
export const utInForceKey = ['withholdings', 'unidadTributaria', 'vigente'] as const;
export const utInForce = () =>
  api<Answer<UnidadTributaria | null>>('/v2/retenciones/unidadTributariaVigente').then((r) => r.result);

/** The value in force on `fecha` (yyyy-MM-dd): the one an ISLR line of that date uses. */
export const utOn = (fecha: string) =>
  api<Answer<UnidadTributaria | null>>('/v2/retenciones/unidadTributariaVigente', { query: { fecha } }).then(
    (r) => r.result,
  );
