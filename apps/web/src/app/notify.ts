import { enqueueSnackbar } from 'notistack';
import { ApiError } from './api.ts';
import { i18n, translateMessage } from './i18n.ts';

/** Spec 000 §8: this message is never shown as an error notification. */
export const SILENT_MESSAGES = new Set(['no hay Sucursal para esta localidad']);

/** The text a failure shows: the server's message, else the network or generic fallback. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return i18n.t('app:errors.network');
    return translateMessage(error.message);
  }
  if (error instanceof TypeError) return i18n.t('app:errors.network');
  return i18n.t('app:errors.generic');
}

export function notifyError(error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (error instanceof ApiError && SILENT_MESSAGES.has(error.message)) return;
  enqueueSnackbar(errorText(error), { variant: 'error' });
}

export function notifySuccess(message: string): void {
  enqueueSnackbar(message, { variant: 'success' });
}
