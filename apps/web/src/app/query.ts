import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { type ErrorFallbacks, notifyError } from './notify.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `fallbacks`: the screen's own words when the server gives none (spec 002 §8's fallbacks). */
    queryMeta: { silent?: boolean; fallbacks?: ErrorFallbacks };
    mutationMeta: { silent?: boolean; fallbacks?: ErrorFallbacks };
  }
}

/** An expired session already sent the user to /login: no toast for that. */
function isSessionEnd(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Failed calls show the server's message in an error toast, unless the query or mutation says it shows
 * the failure itself (`meta: { silent: true }`).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silent || isSessionEnd(error)) return;
        notifyError(error, query.meta?.fallbacks);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.silent || isSessionEnd(error)) return;
        notifyError(error, mutation.meta?.fallbacks);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) => !(error instanceof ApiError && error.status > 0) && count < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
