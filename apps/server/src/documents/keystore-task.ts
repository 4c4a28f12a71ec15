/**
 * What a certificate's worker thread does (keystore-thread.ts starts it): opens the PKCS#12 with
 * node-forge (key derivation and decryption in JavaScript: up to seconds of CPU for a store of 1,000,000
 * iterations) or generates the demo provider certificate, and answers plain data.
 */
import { type KeyStoreInfo, openKeyStore } from './pkcs12.ts';
import { generateSelfSignedP12, type SelfSignedOptions } from './self-signed.ts';
import { openSigningKey } from './sign.ts';

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export type KeyStoreTask =
  | { op: 'info'; file: Uint8Array; password: string; alias: string }
  | { op: 'subject'; file: Uint8Array; password: string }
  | { op: 'generate'; options: SelfSignedOptions };

export type KeyStoreTaskResult = KeyStoreInfo | { subject: string } | { p12: Uint8Array; subject: string };

export default function keyStoreTask(task: KeyStoreTask): KeyStoreTaskResult {
  if (task.op === 'info') return openKeyStore(asBuffer(task.file), task.password, task.alias);
  if (task.op === 'subject') return { subject: openSigningKey(asBuffer(task.file), task.password).subject };
  const p12 = generateSelfSignedP12(task.options);
  return { p12, subject: openSigningKey(p12, task.options.password).subject };
}
