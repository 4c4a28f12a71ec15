import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { notifyError } from './notify.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
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
        notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.silent || isSessionEnd(error)) return;
        notifyError(error);
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
