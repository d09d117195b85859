import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  AdminRefundRequestsResponse,
  BillingSubscriptionResponse,
  CheckoutSessionCheckResponse,
  CheckoutSessionParams,
  CreateCheckoutRequest,
  CreateCheckoutResponse,
  CreatePortalResponse,
  CreateRefundRequest,
  DemoCheckoutSessionResponse,
  DemoPayRequest,
  DemoPayResponse,
  DemoPortalAction,
  DemoPortalResponse,
  RefundRequestIdParams,
  ResolveRefundRequest,
  ResolveRefundRequestResponse,
  UpdateSeatsRequest,
  WebhookResponse,
} from '../../../contract/billing';
import type { AppDeps, AppEnv } from '../../lib/context';
import { errorResponse, json, jsonBody, publicAccess, signedIn } from '../../lib/openapi';
import { clientIp, enforceRateLimits } from '../../lib/rate-limit';
import { capabilityGuard, signedInGuard } from '../../lib/guards';
import { seatsInUse as teamSeatsInUse } from '../team';
import type { Db } from '../../db/client';
import * as billing from './service';
import * as demo from './demo-service';

/** What billing's services use of the app (ADR 060): the routes are where they are handed in. */
export const billingDeps = ({ db, env, logger, services }: AppDeps): billing.BillingDeps => ({ db, env, logger, billing: services.billing });

const unauthenticated = { 401: errorResponse('Not signed in') };

const createCheckout = createRoute({
  method: 'post',
  path: '/billing/checkout',
  operationId: 'createCheckoutSession',
  tags: ['billing'],
  summary: 'Start a hosted checkout for a plan (or the 7-day trial of the Monthly plan)',
  security: signedIn,
  middleware: signedInGuard,
  request: jsonBody(CreateCheckoutRequest),
  responses: {
    200: { description: 'Address of the hosted checkout', ...json(CreateCheckoutResponse) },
    400: errorResponse('Unknown price, or a trial of another plan'),
    ...unauthenticated,
    409: errorResponse('Already subscribed (use the portal), or the trial was already used'),
    429: errorResponse('Too many attempts'),
  },
});

const checkCheckoutSession = createRoute({
  method: 'get',
  path: '/billing/checkout-sessions/{sessionId}',
  operationId: 'checkCheckoutSession',
  tags: ['billing'],
  summary: 'Whether a checkout session of the caller was paid (the success page checks the session it is given)',
  security: signedIn,
  middleware: signedInGuard,
  request: { params: CheckoutSessionParams },
  responses: {
    200: { description: 'The session is the caller’s: paid or not', ...json(CheckoutSessionCheckResponse) },
    ...unauthenticated,
    404: errorResponse('No such session, or not the caller’s'),
  },
});

const createPortal = createRoute({
  method: 'post',
  path: '/billing/portal',
  operationId: 'createBillingPortalSession',
  tags: ['billing'],
  summary: 'Open the hosted customer portal (change plan, update card, cancel)',
  security: signedIn,
  middleware: signedInGuard,
  responses: {
    200: { description: 'Address of the portal', ...json(CreatePortalResponse) },
    ...unauthenticated,
    404: errorResponse('No subscription to manage'),
    429: errorResponse('Too many attempts'),
  },
});

const getSubscription = createRoute({
  method: 'get',
  path: '/billing/subscription',
  operationId: 'getBillingSubscription',
  tags: ['billing'],
  summary: 'The signed-in user’s plan, status, renewal date, trial and money-back guarantee state',
  security: signedIn,
  middleware: signedInGuard,
  responses: {
    200: { description: 'Subscription', ...json(BillingSubscriptionResponse) },
    ...unauthenticated,
  },
});

const updateSeats = createRoute({
  method: 'put',
  path: '/billing/seats',
  operationId: 'updateBillingSeats',
  tags: ['billing'],
  summary: 'Set the subscription’s seats: more are charged now for the rest of the period, fewer from the next',
  security: signedIn,
  middleware: signedInGuard,
  request: jsonBody(UpdateSeatsRequest),
  responses: {
    200: { description: 'Subscription, with its seats', ...json(BillingSubscriptionResponse) },
    400: errorResponse('Invalid number of seats, or fewer than are in use'),
    ...unauthenticated,
    404: errorResponse('No subscription'),
    429: errorResponse('Too many attempts'),
  },
});

const receiveWebhook = createRoute({
  method: 'post',
  path: '/billing/webhook',
  operationId: 'receiveBillingWebhook',
  tags: ['billing'],
  summary: 'Provider events (Stripe, or the demo provider), verified by the Stripe-Signature header',
  description:
    'The raw JSON body of a Stripe event, signed with STRIPE_WEBHOOK_SECRET (or the demo provider’s own secret). ' +
    'No session and no CSRF header. Answers 5xx when processing fails so the provider retries; a repeated event id changes nothing.',
  security: publicAccess,
  request: { headers: z.object({ 'stripe-signature': z.string().optional() }) },
  responses: {
    200: { description: 'Event received (or already received)', ...json(WebhookResponse) },
    400: errorResponse('Missing or invalid signature'),
    500: errorResponse('Processing failed; the provider retries'),
  },
});

const requestRefund = createRoute({
  method: 'post',
  path: '/billing/refund-request',
  operationId: 'requestRefund',
  tags: ['billing'],
  summary: 'Ask for a refund under the 30-day money-back guarantee',
  security: signedIn,
  middleware: signedInGuard,
  request: jsonBody(CreateRefundRequest),
  responses: {
    200: { description: 'Subscription, with the request recorded', ...json(BillingSubscriptionResponse) },
    400: errorResponse('Invalid reason'),
    ...unauthenticated,
    409: errorResponse('Not eligible (the reason says why) or already requested'),
    429: errorResponse('Too many attempts'),
  },
});

const listRefundRequests = createRoute({
  method: 'get',
  path: '/admin/refund-requests',
  operationId: 'listRefundRequests',
  tags: ['admin', 'billing'],
  summary: 'Money-back guarantee requests, open ones first (admins)',
  security: signedIn,
  middleware: capabilityGuard('admin:access'),
  responses: {
    200: { description: 'Refund requests', ...json(AdminRefundRequestsResponse) },
    ...unauthenticated,
    403: errorResponse('Not an admin'),
  },
});

const resolveRefundRequest = createRoute({
  method: 'post',
  path: '/admin/refund-requests/{id}/resolve',
  operationId: 'resolveRefundRequest',
  tags: ['admin', 'billing'],
  summary: 'Mark an open money-back request refunded or declined (admins; audited; the customer is emailed)',
  security: signedIn,
  middleware: capabilityGuard('admin:access'),
  request: { params: RefundRequestIdParams, ...jsonBody(ResolveRefundRequest) },
  responses: {
    200: { description: 'The request, resolved', ...json(ResolveRefundRequestResponse) },
    400: errorResponse('A bad id or status'),
    ...unauthenticated,
    403: errorResponse('Not an admin'),
    404: errorResponse('No such refund request'),
    409: errorResponse('Already resolved'),
  },
});

const SessionParam = z.object({ sessionId: z.string().min(1).max(200) });

const getDemoCheckout = createRoute({
  method: 'get',
  path: '/billing/demo/checkout/{sessionId}',
  operationId: 'getDemoCheckoutSession',
  tags: ['billing'],
  summary: 'Demo provider: the hosted checkout page’s session',
  security: signedIn,
  middleware: signedInGuard,
  request: { params: SessionParam },
  responses: {
    200: { description: 'Checkout session', ...json(DemoCheckoutSessionResponse) },
    ...unauthenticated,
    404: errorResponse('No such session (or Stripe is in use)'),
  },
});

const payDemoCheckout = createRoute({
  method: 'post',
  path: '/billing/demo/checkout/{sessionId}/pay',
  operationId: 'payDemoCheckoutSession',
  tags: ['billing'],
  summary: 'Demo provider: pay with a test card (4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined)',
  security: signedIn,
  middleware: signedInGuard,
  request: { params: SessionParam, ...jsonBody(DemoPayRequest) },
  responses: {
    200: { description: 'Paid: where to go next', ...json(DemoPayResponse) },
    400: errorResponse('Invalid or declined card (fields.cardNumber)'),
    ...unauthenticated,
    404: errorResponse('No such session (or Stripe is in use)'),
    409: errorResponse('Session already completed, or already subscribed'),
    429: errorResponse('Too many attempts'),
  },
});

const getDemoPortal = createRoute({
  method: 'get',
  path: '/billing/demo/portal',
  operationId: 'getDemoPortal',
  tags: ['billing'],
  summary: 'Demo provider: the customer portal’s subscription',
  security: signedIn,
  middleware: signedInGuard,
  responses: {
    200: { description: 'Portal', ...json(DemoPortalResponse) },
    ...unauthenticated,
    404: errorResponse('No subscription (or Stripe is in use)'),
  },
});

const actOnDemoPortal = createRoute({
  method: 'post',
  path: '/billing/demo/portal',
  operationId: 'updateDemoPortalSubscription',
  tags: ['billing'],
  summary: 'Demo provider: cancel at period end, resume, or change plan',
  security: signedIn,
  middleware: signedInGuard,
  request: jsonBody(DemoPortalAction),
  responses: {
    200: { description: 'Portal after the change', ...json(DemoPortalResponse) },
    400: errorResponse('Invalid action'),
    ...unauthenticated,
    404: errorResponse('No subscription (or Stripe is in use)'),
    429: errorResponse('Too many attempts'),
  },
});

export const billingRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createCheckout, async (c) => {
    const user = c.var.user;
    const { priceId, trial, seats } = c.req.valid('json');
    await enforceRateLimits([[c.var.deps.services.billingRateLimits.checkoutPerUser, user.id]]);
    return c.json(await billing.createCheckout(billingDeps(c.var.deps), { user, priceId, trial: trial ?? false, seats }), 200);
  })
  .openapi(updateSeats, async (c) => {
    const user = c.var.user;
    await enforceRateLimits([[c.var.deps.services.billingRateLimits.seatsPerUser, user.id]]);
    // Not below what the caller's team uses (members and pending invitations, ADR 061).
    const seatsInUse = (db: Db) => teamSeatsInUse(db, user.id);
    return c.json(await billing.updateSeats(billingDeps(c.var.deps), { user, seats: c.req.valid('json').seats, seatsInUse }), 200);
  })
  .openapi(checkCheckoutSession, async (c) => {
    const user = c.var.user;
    const { sessionId } = c.req.valid('param');
    c.header('Cache-Control', 'no-store');
    return c.json(await billing.checkCheckoutSession(billingDeps(c.var.deps), { user, sessionId }), 200);
  })
  .openapi(createPortal, async (c) => {
    const user = c.var.user;
    await enforceRateLimits([[c.var.deps.services.billingRateLimits.portalPerUser, user.id]]);
    return c.json(await billing.createPortal(billingDeps(c.var.deps), { user }), 200);
  })
  .openapi(getSubscription, async (c) => {
    const user = c.var.user;
    c.header('Cache-Control', 'no-store');
    return c.json(await billing.getSubscription(billingDeps(c.var.deps), { user }), 200);
  })
  .openapi(receiveWebhook, async (c) => {
    // The signature covers the exact bytes: read the raw text, never re-serialised JSON.
    const rawBody = await c.req.text();
    const signature = c.req.header('stripe-signature');
    return c.json(await billing.handleWebhook(billingDeps(c.var.deps), { rawBody, signature }), 200);
  })
  .openapi(requestRefund, async (c) => {
    const user = c.var.user;
    const { reason } = c.req.valid('json');
    await enforceRateLimits([[c.var.deps.services.billingRateLimits.refundPerUser, user.id]]);
    const ip = clientIp(c, c.var.deps.env.TRUST_PROXY);
    return c.json(await billing.requestRefund(billingDeps(c.var.deps), { user, reason: reason ?? null, ip }), 200);
  })
  .openapi(listRefundRequests, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await billing.listRefundRequests(billingDeps(c.var.deps)), 200);
  })
  .openapi(resolveRefundRequest, async (c) => {
    const admin = c.var.user;
    const ip = clientIp(c, c.var.deps.env.TRUST_PROXY);
    const { id } = c.req.valid('param');
    const { status } = c.req.valid('json');
    return c.json(await billing.resolveRefundRequest(billingDeps(c.var.deps), { id, status, actor: { userId: admin.id, ip } }), 200);
  })
  .openapi(getDemoCheckout, async (c) => {
    const user = c.var.user;
    const { sessionId } = c.req.valid('param');
    return c.json(await demo.getDemoCheckout(billingDeps(c.var.deps), { user, sessionId }), 200);
  })
  .openapi(payDemoCheckout, async (c) => {
    const user = c.var.user;
    const { sessionId } = c.req.valid('param');
    const { cardNumber } = c.req.valid('json');
    await enforceRateLimits([[c.var.deps.services.billingRateLimits.demoPayPerUser, user.id]]);
    return c.json(await demo.payDemoCheckout(billingDeps(c.var.deps), { user, sessionId, cardNumber }), 200);
  })
  .openapi(getDemoPortal, async (c) => {
    const user = c.var.user;
    return c.json(await demo.getDemoPortal(billingDeps(c.var.deps), { user }), 200);
  })
  .openapi(actOnDemoPortal, async (c) => {
    const user = c.var.user;
    await enforceRateLimits([[c.var.deps.services.billingRateLimits.portalPerUser, user.id]]);
    return c.json(await demo.actOnDemoPortal(billingDeps(c.var.deps), { user, action: c.req.valid('json') }), 200);
  });
