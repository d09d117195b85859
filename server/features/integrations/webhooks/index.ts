// The webhooks feature's entry (docs/decisions/065-webhooks.md): what other features use. The
// features whose changes are events queue them in their own transaction and wake the job after.
export { enqueueWebhookEvent } from './service';
export { createWebhookDeliveryJob, WEBHOOKS_JOB } from './delivery';

/** Wakes this process's delivery job once a transaction that queued deliveries has committed. */
export type WebhooksQueued = () => void;
