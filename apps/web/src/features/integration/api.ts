import type { ApiKeyCreate, ApiKeyCreated, ApiKeyRow } from '@sigece/fiscal';
import { api, type Page } from '../../app/api.ts';
import type { DataTableQuery } from '../../components/DataTable/index.ts';

/** The API keys of the companies the user administers. */
const BASE = '/v2/integracion/claves';

export const apiKeysKey = ['integration', 'api-keys'] as const;

export const fetchApiKeys = (q: DataTableQuery, signal?: AbortSignal) =>
  api<Page<ApiKeyRow>>(BASE, { query: { page: q.page, limit: q.limit, search: q.search }, signal });

export const createApiKey = (body: ApiKeyCreate) => api<ApiKeyCreated>(BASE, { method: 'POST', body });

export const revokeApiKey = (id: string) =>
  api<{ code: number; message: string; id: string }>(`${BASE}/${id}`, { method: 'DELETE' });
