/**
 * Certificates are opened on a worker thread, never on the thread that answers HTTP, with a time limit:
 * node-forge derives keys in JavaScript, and even within MAX_KEY_ITERATIONS a store can
 * take seconds. The company's certificate on upload and the provider's (read or generated) go through
 * here; the signing path opens its stores on the render workers (render-pool.ts), under their time limit,
 * and keeps the derived key there (sign.ts's cachedSigningKey), so a PDF never derives it again.
 */
import { OffThreadError, OffThreadTimeout, runOffThread } from '../off-thread/run.ts';
import type { KeyStoreTask, KeyStoreTaskResult } from './keystore-task.ts';
import { KeyStoreError, type KeyStoreInfo } from './pkcs12.ts';
import type { SelfSignedOptions } from './self-signed.ts';

/** Longest a certificate may take to open, unless configured (CERTIFICATE_OPEN_TIMEOUT_MS). */
export const DEFAULT_CERTIFICATE_OPEN_TIMEOUT_MS = 30_000;

const TASK = new URL('./keystore-task.ts', import.meta.url);

/** The Spanish 4xx message of a certificate that did not open within `timeoutMs`. */
export function slowCertificateMessage(timeoutMs: number): string {
  const seconds = Math.round(timeoutMs / 100) / 10;
  return `El certificado no se pudo abrir en el tiempo límite (${seconds.toLocaleString('es-VE')} s). Expórtelo de nuevo con los valores habituales de iteraciones (por ejemplo, 2.048 o 10.000).`;
}

async function run<T extends KeyStoreTaskResult>(task: KeyStoreTask, timeoutMs: number): Promise<T> {
  try {
    return await runOffThread<T>(TASK, task, { task: 'certificado', timeoutMs });
  } catch (error) {
    if (error instanceof OffThreadTimeout) throw new KeyStoreError(slowCertificateMessage(timeoutMs));
    if (error instanceof OffThreadError && error.taskErrorName === 'KeyStoreError')
      throw new KeyStoreError(error.message);
    throw error;
  }
}

/** `openKeyStore` on a worker thread: the certificate under `alias`, or KeyStoreError (also when slow). */
export async function openKeyStoreOffThread(
  file: Buffer,
  password: string,
  alias: string,
  timeoutMs = DEFAULT_CERTIFICATE_OPEN_TIMEOUT_MS,
): Promise<KeyStoreInfo> {
  return run<KeyStoreInfo>({ op: 'info', file, password, alias }, timeoutMs);
}

/** The signing certificate's subject, proving the store opens with `password`; KeyStoreError if not. */
export async function signingSubjectOffThread(
  file: Buffer,
  password: string,
  timeoutMs = DEFAULT_CERTIFICATE_OPEN_TIMEOUT_MS,
): Promise<string> {
  return (await run<{ subject: string }>({ op: 'subject', file, password }, timeoutMs)).subject;
}

/** `generateSelfSignedP12` (RSA key, node-forge's certificate and store) on a worker thread. */
export async function generateSelfSignedOffThread(
  options: SelfSignedOptions,
  timeoutMs = DEFAULT_CERTIFICATE_OPEN_TIMEOUT_MS,
): Promise<{ p12: Buffer; subject: string }> {
  const made = await run<{ p12: Uint8Array; subject: string }>({ op: 'generate', options }, timeoutMs);
  return {
    p12: Buffer.from(made.p12.buffer, made.p12.byteOffset, made.p12.byteLength),
    subject: made.subject,
  };
}
