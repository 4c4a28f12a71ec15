/** Checksums of the exact bytes of a stored document (the signed PDF). */
import { createHash } from 'node:crypto';

export function sha256Hex(buf: Buffer | Uint8Array): string {
  return createHash('sha256').update(buf).digest('hex');
}

export function sha256Base64(buf: Buffer | Uint8Array): string {
  return createHash('sha256').update(buf).digest('base64');
}
