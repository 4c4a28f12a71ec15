import { enqueueSnackbar } from 'notistack';
import { ApiError } from './api.ts';
import { i18n, translateMessage } from './i18n.ts';

/** Spec 000 §8: this message is never shown as an error notification. */
export const SILENT_MESSAGES = new Set(['no hay Sucursal para esta localidad']);

/**
 * A screen's own fallbacks (the spec's catalogues, typos included): `generic` when the server gave no
 * message (with the HTTP status as the detail where the message ends in ', '), `network` when the call
 * never reached it. Both are Spanish keys of the messages namespace.
 */
export interface ErrorFallbacks {
  generic?: string;
  network?: string;
}

/** The text a failure shows: the server's message, else the screen's or the app's fallback. */
export function errorText(error: unknown, fallbacks: ErrorFallbacks = {}): string {
  const network = () =>
    fallbacks.network ? translateMessage(fallbacks.network) : i18n.t('app:errors.network');
  if (error instanceof ApiError) {
    if (error.isNetwork) return network();
    if (!error.fromServer && fallbacks.generic) {
      const text = translateMessage(fallbacks.generic);
      return /, $/.test(fallbacks.generic) ? `${text}HTTP ${error.status}` : text;
    }
    return translateMessage(error.message);
  }
  if (error instanceof TypeError) return network();
  if (fallbacks.generic) return translateMessage(fallbacks.generic);
  return i18n.t('app:errors.generic');
}

export function notifyError(error: unknown, fallbacks?: ErrorFallbacks): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (error instanceof ApiError && SILENT_MESSAGES.has(error.message)) return;
  enqueueSnackbar(errorText(error, fallbacks), { variant: 'error' });
}

/** A failure told in words the screen composed (a prefix of the spec plus the server's message). */
export function notifyErrorText(text: string): void {
  enqueueSnackbar(text, { variant: 'error' });
}

export function notifySuccess(message: string): void {
  enqueueSnackbar(message, { variant: 'success' });
}
