import type { DeliveryFamily, DeliveryRow, SendDocumentMailBody } from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import { type Answer, api } from '../../../app/api.ts';

export const deliveryKey = ['delivery'] as const;

export async function fetchDeliveryStates(
  tipoDoc: DeliveryFamily,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<DeliveryRow[]> {
  if (ids.length === 0) return [];
  const answer = await api<{ results: DeliveryRow[] }>('/v2/correo/estados', {
    query: { tipoDoc, ids: ids.join(',') },
    signal,
  });
  return answer.results;
}

/** The delivery of the documents on screen; asks again while one is queued. */
export function useDeliveryStates(tipoDoc: DeliveryFamily | undefined, ids: readonly string[]) {
  return useQuery({
    queryKey: [...deliveryKey, tipoDoc, ids],
    queryFn: ({ signal }) => fetchDeliveryStates(tipoDoc!, ids, signal),
    enabled: Boolean(tipoDoc) && ids.length > 0,
    refetchInterval: (query) => (query.state.data?.some((d) => d.estado === 'EN_COLA') ? 2000 : false),
  });
}

export const sendDocumentMail = (body: SendDocumentMailBody) =>
  api<Answer<DeliveryRow>>('/v2/correo/enviar', { method: 'POST', body });
