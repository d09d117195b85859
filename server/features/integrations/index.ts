// The integrations feature's entry (ADR 064, ADR 065): what other features use.
export { enqueueWebhookEvent, createWebhookDeliveryJob, WEBHOOKS_JOB, type WebhooksQueued } from './webhooks';
