import type {
  CreateWebhook,
  WebhookDeliveryRow,
  WebhookDeliveryState,
  WebhookRow,
  webhookSecretAnswerSchema,
  webhookTestAnswerSchema,
  z,
} from '@sigece/fiscal';
import { api, type Page } from '../../app/api.ts';
import type { DataTableQuery } from '../../components/DataTable/index.ts';

/** The webhooks of the integration API: types from the contract of `@sigece/fiscal`. */
export const WEBHOOKS = '/v2/integracion/webhooks';
export const webhooksKey = ['integracion', 'webhooks'] as const;
export const deliveriesKey = (id: string) => [...webhooksKey, id, 'entregas'] as const;

export type SecretAnswer = z.infer<typeof webhookSecretAnswerSchema>;
type Message = { code: number; message: string };

export const fetchWebhooks = (q: DataTableQuery, signal?: AbortSignal) =>
  api<Page<WebhookRow>>(WEBHOOKS, { query: { page: q.page, limit: q.limit }, signal });

export const createWebhook = (body: CreateWebhook) => api<SecretAnswer>(WEBHOOKS, { method: 'POST', body });
export const rotateSecret = (id: string) =>
  api<SecretAnswer>(`${WEBHOOKS}/${id}/secreto`, { method: 'POST' });
export const sendTest = (id: string) =>
  api<z.infer<typeof webhookTestAnswerSchema>>(`${WEBHOOKS}/${id}/prueba`, { method: 'POST' });
export const setActive = (id: string, active: boolean) =>
  api<Message>(`${WEBHOOKS}/${id}/${active ? 'activar' : 'desactivar'}`, { method: 'POST' });
export const deleteWebhook = (id: string) => api<Message>(`${WEBHOOKS}/${id}`, { method: 'DELETE' });

const STATES: readonly WebhookDeliveryState[] = ['PENDIENTE', 'ENTREGADA', 'FALLIDA'];
/** The log's search box filters by state when it names one (ENTREGADA, FALLIDA, PENDIENTE). */
export const stateOf = (search: string): WebhookDeliveryState | undefined =>
  STATES.find((s) => s.startsWith(search.trim().toUpperCase()) && search.trim() !== '');

export const fetchDeliveries = (id: string, q: DataTableQuery, signal?: AbortSignal) =>
  api<Page<WebhookDeliveryRow>>(`${WEBHOOKS}/${id}/entregas`, {
    query: { page: q.page, limit: q.limit, estado: stateOf(q.search) },
    signal,
  });

export const replay = (id: string, ids: string[]) =>
  api<Message>(`${WEBHOOKS}/${id}/entregas/reenviar`, { method: 'POST', body: { ids } });

/** 'Reenviar fallidas': the failed deliveries (up to 100 at a time) sent again. */
export async function replayFailed(id: string): Promise<Message | null> {
  const failed = await api<Page<WebhookDeliveryRow>>(`${WEBHOOKS}/${id}/entregas`, {
    query: { page: 1, limit: 100, estado: 'FALLIDA' },
  });
  if (failed.results.length === 0) return null;
  return replay(
    id,
    failed.results.map((r) => r.id),
  );
}
