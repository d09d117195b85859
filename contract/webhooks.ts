import { z } from 'zod';

/*
 * Signed outgoing webhooks (docs/decisions/065-webhooks.md): a team's owners and admins (or a
 * recruiter in no team) register HTTPS endpoints for some events; each delivery is signed as
 * Standard Webhooks does (webhook-id, webhook-timestamp, webhook-signature) with the endpoint's
 * secret, shown once when the endpoint is made or its secret rotated.
 */

export const WEBHOOK_EVENTS = ['contact.revealed', 'list.member_added', 'export.created', 'physician.moved'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What the settings page calls each event. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'contact.revealed': 'A contact is revealed',
  'list.member_added': 'Physicians are added to a list',
  'export.created': 'An export is made',
  'physician.moved': 'A physician on one of your lists moved',
};

/** The event a 'Send test event' sends (never one a real change sends). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATUSES = ['queued', 'delivering', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Endpoints an owner may register. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Every secret starts with this (Standard Webhooks), then base64 of 24 random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

const url = z
  .string({ error: 'url is required' })
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, 'Please enter the address to send events to.')
      .max(WEBHOOK_URL_MAX, `url must be at most ${WEBHOOK_URL_MAX} characters`)
      .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'Please enter an http(s) address, e.g. https://example.com/webhooks.'),
  );

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `events must be among ${WEBHOOK_EVENTS.join(', ')}` }), { error: 'events is required' })
  .min(1, 'Choose at least one event.')
  .transform((v) => [...new Set(v)]);

const description = z
  .string()
  .transform((v) => v.trim())
  .pipe(z.string().max(WEBHOOK_DESCRIPTION_MAX, `description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`))
  .nullable()
  .optional();

export const CreateWebhookEndpointRequest = z.object({ url, events, description });
export type CreateWebhookEndpointRequest = z.infer<typeof CreateWebhookEndpointRequest>;

export const UpdateWebhookEndpointRequest = z
  .object({ url: url.optional(), events: events.optional(), description, enabled: z.boolean().optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change.', path: ['body'] });
export type UpdateWebhookEndpointRequest = z.infer<typeof UpdateWebhookEndpointRequest>;

export const WebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointsResponse = z.object({ endpoints: z.array(WebhookEndpoint) });
export type WebhookEndpointsResponse = z.infer<typeof WebhookEndpointsResponse>;

export const WebhookEndpointResponse = z.object({ endpoint: WebhookEndpoint });
export type WebhookEndpointResponse = z.infer<typeof WebhookEndpointResponse>;

/** Creating an endpoint or rotating its secret: the secret, in this answer only. */
export const WebhookEndpointWithSecretResponse = z.object({ endpoint: WebhookEndpoint, secret: z.string() });
export type WebhookEndpointWithSecretResponse = z.infer<typeof WebhookEndpointWithSecretResponse>;

export const WebhookDelivery = z.object({
  id: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveriesResponse = z.object({ deliveries: z.array(WebhookDelivery) });
export type WebhookDeliveriesResponse = z.infer<typeof WebhookDeliveriesResponse>;

export const WebhookDeliveryResponse = z.object({ delivery: WebhookDelivery });
export type WebhookDeliveryResponse = z.infer<typeof WebhookDeliveryResponse>;

export const WebhookEndpointParams = z.object({ id: z.uuid('id must be a webhook endpoint id') });
export type WebhookEndpointParams = z.infer<typeof WebhookEndpointParams>;

export const WebhookDeliveryParams = z.object({
  id: z.uuid('id must be a webhook endpoint id'),
  deliveryId: z.uuid('deliveryId must be a delivery id'),
});
export type WebhookDeliveryParams = z.infer<typeof WebhookDeliveryParams>;
