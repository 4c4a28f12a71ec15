import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encryption at rest for key stores and their passwords: AES-256-GCM with a server key (SECRETS_KEY,
 * or one generated once into DATA_DIR). Layout: 12-byte IV, 16-byte tag, ciphertext.
 */
export interface SecretBox {
  seal(plain: Buffer): Buffer;
  open(sealed: Buffer): Buffer;
}

export function createSecretBox(key: string): SecretBox {
  const k = createHash('sha256').update(key).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', k, iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    open(sealed) {
      const decipher = createDecipheriv('aes-256-gcm', k, sealed.subarray(0, 12));
      decipher.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
    },
  };
}
