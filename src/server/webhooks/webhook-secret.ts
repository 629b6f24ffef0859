import { randomBytes, randomUUID } from 'node:crypto';

/** A new endpoint secret as Standard Webhooks writes it: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** A delivery's `webhook-id`: unique, and the same on every attempt so receivers drop repeats. */
export function newMessageId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}
