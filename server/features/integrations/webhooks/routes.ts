import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  CreateWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  WebhookDeliveriesResponse,
  WebhookDeliveryParams,
  WebhookDeliveryResponse,
  WebhookEndpointParams,
  WebhookEndpointResponse,
  WebhookEndpointsResponse,
  WebhookEndpointWithSecretResponse,
} from '../../../../contract/webhooks';
import type { AppDeps, AppEnv } from '../../../lib/context';
import { capabilityGuard } from '../../../lib/guards';
import { csrfRefused, errorResponse, json, jsonBody, signedIn } from '../../../lib/openapi';
import { clientIp } from '../../../lib/rate-limit';
import { WEBHOOKS_JOB } from './delivery';
import * as webhooks from './service';

/*
 * Webhook endpoints (docs/decisions/065-webhooks.md): session calls of a team's owners and admins,
 * or of a recruiter in no team, on a Monthly or Annual Plan.
 */

const guard = capabilityGuard('integrations:use');
const errors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Needs a Monthly or Annual Plan, and in a team its owner or an admin'),
};
const notFound = { 404: errorResponse('No such webhook endpoint of the caller’s team (or of the caller)') };

const EXAMPLE_ENDPOINT = {
  id: '0b6f5c1e-2d1b-4f7e-9a51-3c1c0e6b8a10',
  url: 'https://ats.example.com/hooks/physiciandirect',
  description: 'Our ATS',
  events: ['contact.revealed', 'list.member_added'],
  enabled: true,
  createdAt: '2026-11-29T08:00:00.000Z',
  updatedAt: '2026-11-29T08:00:00.000Z',
};
const EXAMPLE_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const EXAMPLE_DELIVERY = {
  id: '5f0c8c1e-2d1b-4f7e-9a51-3c1c0e6b8a10',
  eventType: 'contact.revealed',
  status: 'delivered',
  attempts: 1,
  lastStatusCode: 200,
  lastError: null,
  nextAttemptAt: null,
  createdAt: '2026-11-29T08:01:00.000Z',
  deliveredAt: '2026-11-29T08:01:01.000Z',
};

const rulesOf = (deps: AppDeps) => ({ production: deps.env.NODE_ENV === 'production' });

const listEndpoints = createRoute({
  method: 'get',
  path: '/integrations/webhooks',
  operationId: 'listWebhookEndpoints',
  middleware: guard,
  tags: ['webhooks'],
  summary: 'The webhook endpoints of the caller’s team (or of the caller, in no team)',
  security: signedIn,
  responses: {
    200: { description: 'Endpoints, newest first (never their secrets)', ...json(WebhookEndpointsResponse, { endpoints: [EXAMPLE_ENDPOINT] }) },
    ...errors,
  },
});

const createEndpoint = createRoute({
  method: 'post',
  path: '/integrations/webhooks',
  operationId: 'createWebhookEndpoint',
  middleware: guard,
  tags: ['webhooks'],
  summary: 'Register an endpoint for some events; its signing secret is in this answer only (audited)',
  security: signedIn,
  request: jsonBody(CreateWebhookEndpointRequest, { url: EXAMPLE_ENDPOINT.url, events: EXAMPLE_ENDPOINT.events }),
  responses: {
    201: { description: 'The endpoint and its secret, shown this once', ...json(WebhookEndpointWithSecretResponse, { endpoint: EXAMPLE_ENDPOINT, secret: EXAMPLE_SECRET }) },
    400: errorResponse('A bad field, named (in production: an address that is not https, or not public)'),
    ...errors,
    ...csrfRefused,
    409: errorResponse('The owner already has the most endpoints allowed'),
  },
});

const updateEndpoint = createRoute({
  method: 'patch',
  path: '/integrations/webhooks/{id}',
  operationId: 'updateWebhookEndpoint',
  middleware: guard,
  tags: ['webhooks'],
  summary: 'Change an endpoint’s address, events or description, or turn it on or off (audited)',
  security: signedIn,
  request: { params: WebhookEndpointParams, ...jsonBody(UpdateWebhookEndpointRequest, { enabled: false }) },
  responses: {
    200: { description: 'The endpoint as changed', ...json(WebhookEndpointResponse, { endpoint: { ...EXAMPLE_ENDPOINT, enabled: false } }) },
    400: errorResponse('A bad field, named'),
    ...errors,
    ...csrfRefused,
    ...notFound,
  },
});

const deleteEndpoint = createRoute({
  method: 'delete',
  path: '/integrations/webhooks/{id}',
  operationId: 'deleteWebhookEndpoint',
  middleware: guard,
  tags: ['webhooks'],
  summary: 'Delete an endpoint and its delivery log (audited)',
  security: signedIn,
  request: { params: WebhookEndpointParams },
  responses: { 204: { description: 'Deleted' }, 400: errorResponse('A bad id'), ...errors, ...csrfRefused, ...notFound },
});

const rotateSecret = createRoute({
  method: 'post',
  path: '/integrations/webhooks/{id}/secret',
  operationId: 'rotateWebhookSecret',
  middleware: guard,
  tags: ['webhooks'],
  summary: 'A new signing secret for the endpoint (the old one stops at once), in this answer only (audited)',
  security: signedIn,
  request: { params: WebhookEndpointParams },
  responses: {
    200: { description: 'The endpoint and its new secret', ...json(WebhookEndpointWithSecretResponse, { endpoint: EXAMPLE_ENDPOINT, secret: EXAMPLE_SECRET }) },
    400: errorResponse('A bad id'),
    ...errors,
    ...csrfRefused,
    ...notFound,
  },
});

const listDeliveries = createRoute({
  method: 'get',
  path: '/integrations/webhooks/{id}/deliveries',
  operationId: 'listWebhookDeliveries',
  middleware: guard,
  tags: ['webhooks'],
  summary: 'The endpoint’s latest 50 deliveries: event, status, attempts, last HTTP status, time',
  security: signedIn,
  request: { params: WebhookEndpointParams },
  responses: {
    200: { description: 'Deliveries, newest first', ...json(WebhookDeliveriesResponse, { deliveries: [EXAMPLE_DELIVERY] }) },
    400: errorResponse('A bad id'),
    ...errors,
    ...notFound,
  },
});

const retryDelivery = createRoute({
  method: 'post',
  path: '/integrations/webhooks/{id}/deliveries/{deliveryId}/retry',
  operationId: 'retryWebhookDelivery',
  middleware: guard,
  tags: ['webhooks'],
  summary: 'Send a delivery again now (same webhook-id and body; its retries start over)',
  security: signedIn,
  request: { params: WebhookDeliveryParams },
  responses: {
    200: { description: 'The delivery, queued', ...json(WebhookDeliveryResponse, { delivery: { ...EXAMPLE_DELIVERY, status: 'queued', attempts: 0 } }) },
    400: errorResponse('A bad id'),
    ...errors,
    ...csrfRefused,
    404: errorResponse('No such endpoint or delivery'),
    409: errorResponse('The delivery is being sent right now'),
  },
});

const sendTestEvent = createRoute({
  method: 'post',
  path: '/integrations/webhooks/{id}/test',
  operationId: 'sendWebhookTestEvent',
  middleware: guard,
  tags: ['webhooks'],
  summary: "Send a signed 'webhook.test' event to this endpoint now",
  security: signedIn,
  request: { params: WebhookEndpointParams },
  responses: {
    201: { description: 'The test delivery, queued', ...json(WebhookDeliveryResponse, { delivery: { ...EXAMPLE_DELIVERY, eventType: 'webhook.test', status: 'queued', attempts: 0 } }) },
    400: errorResponse('A bad id'),
    ...errors,
    ...csrfRefused,
    ...notFound,
  },
});

export const webhooksRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listEndpoints, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await webhooks.listEndpoints({ db: c.var.deps.db, user: c.var.user }), 200);
  })
  .openapi(createEndpoint, async (c) => {
    const { db, env } = c.var.deps;
    const created = await webhooks.createEndpoint({
      db,
      user: c.var.user,
      request: c.req.valid('json'),
      rules: rulesOf(c.var.deps),
      ip: clientIp(c, env.TRUST_PROXY),
    });
    c.header('Cache-Control', 'private, no-store');
    return c.json(created, 201);
  })
  .openapi(updateEndpoint, async (c) => {
    const { db, env } = c.var.deps;
    const endpoint = await webhooks.updateEndpoint({
      db,
      user: c.var.user,
      id: c.req.valid('param').id,
      request: c.req.valid('json'),
      rules: rulesOf(c.var.deps),
      ip: clientIp(c, env.TRUST_PROXY),
    });
    return c.json({ endpoint }, 200);
  })
  .openapi(deleteEndpoint, async (c) => {
    const { db, env } = c.var.deps;
    await webhooks.deleteEndpoint({ db, user: c.var.user, id: c.req.valid('param').id, ip: clientIp(c, env.TRUST_PROXY) });
    return c.body(null, 204);
  })
  .openapi(rotateSecret, async (c) => {
    const { db, env } = c.var.deps;
    const rotated = await webhooks.rotateSecret({ db, user: c.var.user, id: c.req.valid('param').id, ip: clientIp(c, env.TRUST_PROXY) });
    c.header('Cache-Control', 'private, no-store');
    return c.json(rotated, 200);
  })
  .openapi(listDeliveries, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await webhooks.listDeliveries({ db: c.var.deps.db, user: c.var.user, id: c.req.valid('param').id }), 200);
  })
  .openapi(retryDelivery, async (c) => {
    const { id, deliveryId } = c.req.valid('param');
    const delivery = await webhooks.retryDelivery({ db: c.var.deps.db, user: c.var.user, id, deliveryId });
    c.var.deps.services.jobs.wake(WEBHOOKS_JOB);
    return c.json({ delivery }, 200);
  })
  .openapi(sendTestEvent, async (c) => {
    const delivery = await webhooks.sendTestEvent({ db: c.var.deps.db, user: c.var.user, id: c.req.valid('param').id });
    c.var.deps.services.jobs.wake(WEBHOOKS_JOB);
    return c.json({ delivery }, 201);
  });
