import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * A receiver's check of a Standard Webhooks signature, written from the specification
 * (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md),
 * not from our signing code, so the tests prove a receiver following the spec accepts what we send:
 * the signed content is `${webhook-id}.${webhook-timestamp}.${body}`, HMAC-SHA256 keyed with the
 * base64-decoded secret after 'whsec_', base64 encoded; webhook-signature holds space-separated
 * `v1,<signature>` entries (several during a key rotation), any one of which may match; a timestamp
 * more than 5 minutes from now is refused (replay protection).
 */

export const TOLERANCE_SECONDS = 5 * 60;

export class WebhookVerificationError extends Error {}

/** The parsed body when the request is authentic; throws WebhookVerificationError otherwise. */
export function verifyStandardWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  now: Date = new Date(),
): unknown {
  const header = (name: string) => {
    const value = headers[name];
    if (typeof value !== 'string' || value === '') throw new WebhookVerificationError(`missing ${name} header`);
    return value;
  };
  const id = header('webhook-id');
  const timestamp = header('webhook-timestamp');
  const signatures = header('webhook-signature');

  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('webhook-timestamp is not a number of seconds');
  const seconds = Number(timestamp);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (nowSeconds - seconds > TOLERANCE_SECONDS) throw new WebhookVerificationError('message timestamp too old');
  if (seconds - nowSeconds > TOLERANCE_SECONDS) throw new WebhookVerificationError('message timestamp too new');

  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  const matches = signatures.split(' ').some((entry) => {
    const comma = entry.indexOf(',');
    if (comma < 0 || entry.slice(0, comma) !== 'v1') return false;
    const given = Buffer.from(entry.slice(comma + 1), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError('no matching signature found');
  return JSON.parse(body) as unknown;
}
