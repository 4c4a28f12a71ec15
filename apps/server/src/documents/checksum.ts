/** Checksums of the exact bytes of a stored document (the signed PDF). */
import { createHash } from 'node:crypto';

export function sha256Hex(buf: Buffer | Uint8Array): string {
  return createHash('sha256').update(buf).digest('hex');
}

export function sha256Base64(buf: Buffer | Uint8Array): string {
  return createHash('sha256').update(buf).digest('base64');
}

/** A stored SHA-256 (hex) as the detail and the public page show it (`checkedSumBase64`), or null. */
export function checksumBase64(hex: string | null): string | null {
  return hex ? Buffer.from(hex, 'hex').toString('base64') : null;
}
