import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com/, "Standard Webhooks" spec v1, section
 * "Signature scheme"), written here with node:crypto: the secret is `whsec_` + base64 of 24–64 random
 * bytes; the signed content is `${webhook-id}.${webhook-timestamp}.${body}` (timestamp in whole seconds
 * since the epoch, body the exact bytes sent); the signature is `v1,` + base64 of HMAC-SHA256 of that
 * content keyed with the decoded secret bytes.
 */
export const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: 32 random bytes. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

function secretBytes(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, 'base64');
}

/** The three headers of one delivery attempt. */
export function webhookHeaders(
  secret: string,
  messageId: string,
  at: Date,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = createHmac('sha256', secretBytes(secret))
    .update(`${messageId}.${timestamp}.${body}`)
    .digest('base64');
  return { 'webhook-id': messageId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}

/** The message id of an event (the same on every attempt, so receivers can drop repeats). */
export const messageIdOf = (eventId: string) => `msg_${eventId.replaceAll('-', '')}`;
