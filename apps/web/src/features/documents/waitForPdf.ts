import { ApiError } from '../../app/api.ts';

/**
 * A document's PDF is made by a background job a moment after it is issued: retries `load` while the
 * server answers 4xx ('aún no está generada'), every `ms`, at most `attempts` times.
 */
export function waitForPdf<R>(
  load: (signal?: AbortSignal) => Promise<R>,
  { attempts = 30, ms = 1000 } = {},
): (signal?: AbortSignal) => Promise<R> {
  return async (signal) => {
    for (let i = 1; ; i++) {
      try {
        return await load(signal);
      } catch (error) {
        const notReady = error instanceof ApiError && error.status >= 400 && error.status < 500;
        if (!notReady || i >= attempts || signal?.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, ms));
      }
    }
  };
}
