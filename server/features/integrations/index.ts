// The integrations feature's entry (ADR 064, ADR 065): what other features use: the 'In your ATS'
// flags of a page and the 'Not in my ATS' filter's ids (the directory, the lists), and the webhook
// events they queue.
export { allInAtsOf, inAtsOf } from './in-ats';
export { enqueueWebhookEvent, createWebhookDeliveryJob, WEBHOOKS_JOB, type WebhooksQueued } from './webhooks';
