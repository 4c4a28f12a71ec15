import type { RequestLogRow } from '@sigece/fiscal';
import { api, type Page } from '../../app/api.ts';
import type { DataTableQuery } from '../../components/DataTable/index.ts';

export type { RequestLogRow };

export const requestLogKey = ['integracion', 'registro'] as const;

/** GET /v2/integracion/registro: one page of the integrators' request log. */
export const fetchRequestLog = (
  q: DataTableQuery & { errores?: boolean; id_localidad?: string },
  signal?: AbortSignal,
) =>
  api<Page<RequestLogRow>>('/v2/integracion/registro', {
    query: {
      page: q.page,
      limit: q.limit,
      search: q.search.trim() || undefined,
      errores: q.errores ? 'true' : undefined,
      id_localidad: q.id_localidad,
    },
    signal,
  });
