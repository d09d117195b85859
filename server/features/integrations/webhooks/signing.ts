import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '../../../../contract/webhooks';

/*
 * Standard Webhooks signing (https://www.standardwebhooks.com, docs/decisions/065-webhooks.md): the
 * receivers' libraries (svix, standardwebhooks) verify these headers as they are.
 */

/** A new signing secret: 'whsec_' and base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(24).toString('base64');
}

/** The headers of one attempt: the id is the delivery's (the same on every attempt), the time now. */
export function signedHeaders(input: { secret: string; id: string; timestamp: number; body: string }): Record<string, string> {
  const key = Buffer.from(input.secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${input.id}.${input.timestamp}.${input.body}`).digest('base64');
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': `v1,${signature}`,
  };
}
