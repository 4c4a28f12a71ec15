import type { PortalCompanyRow, PortalDocumentRow, TipoDoc } from '@sigece/fiscal';
import { api, apiFile, type Page } from '../../app/api.ts';
import type { DataTableQuery } from '../../components/DataTable/index.ts';

export type PortalFilters = Partial<
  Record<'rif' | 'nroControl' | 'tipoDoc' | 'id_localidad' | 'fechaInicio' | 'fechaFin', string>
>;

export const portalKey = ['portal', 'documentos'] as const;

/** Only the filters that are set. */
export const compact = (f: PortalFilters): PortalFilters =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v?.trim())) as PortalFilters;

export const fetchPortalDocuments = (filters: PortalFilters) => (q: DataTableQuery, signal?: AbortSignal) =>
  api<Page<PortalDocumentRow>>('/v2/portal/documentos', {
    query: { ...compact(filters), page: q.page, limit: q.limit, search: q.search || undefined },
    signal,
  });

export const fetchPortalCompanies = (signal?: AbortSignal) =>
  api<{ results: PortalCompanyRow[] }>('/v2/portal/empresas', { signal }).then((r) => r.results);

/** The signed PDF's exact bytes, saved under the server's file name. */
export async function downloadPortalPdf(tipoDoc: TipoDoc, id: string): Promise<void> {
  const { blob, name } = await apiFile(`/v2/portal/documentos/${tipoDoc}/${id}/pdf`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name ?? `${tipoDoc}_${id}.pdf`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
