import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestAgent } from '../../test/harness';

/*
 * The Stripe provider with the real `stripe` SDK, pointed (host/port/protocol) at a small local
 * server that answers the few Stripe endpoints the app calls. Webhooks are signed with
 * stripe.webhooks.generateTestHeaderString, exactly as Stripe signs them.
 */

const WEBHOOK_SECRET = 'whsec_test_local_secret';
const PRICES = { price_monthly: 'price_1Monthly', price_annual: 'price_1Annual' };

type FakeSubscription = {
  id: string;
  customer: string;
  status: string;
  price: string;
  cancel_at_period_end: boolean;
  current_period_end: number;
  trial_end: number | null;
  quantity?: number;
};

/** What the fake Stripe holds and what it was asked. */
const stripeState = {
  requests: [] as Array<{ method: string; path: string; params: URLSearchParams }>,
  customers: 0,
  sessions: new Map<
    string,
    { id: string; customer: string; subscription: string | null; status: string; payment_status: string }
  >(),
  subscriptions: new Map<string, FakeSubscription>(),
  failSubscriptionReads: false,
};

function subscriptionJson(sub: FakeSubscription) {
  return {
    id: sub.id,
    object: 'subscription',
    customer: sub.customer,
    status: sub.status,
    cancel_at_period_end: sub.cancel_at_period_end,
    cancel_at: null,
    trial_end: sub.trial_end,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${sub.id}`,
          object: 'subscription_item',
          price: { id: sub.price, object: 'price' },
          quantity: sub.quantity ?? 1,
          current_period_end: sub.current_period_end,
        },
      ],
    },
  };
}

async function handleStripe(req: IncomingMessage, res: ServerResponse) {
  let body = '';
  for await (const chunk of req) body += chunk;
  const url = new URL(req.url ?? '/', 'http://stripe.local');
  const params = new URLSearchParams(req.method === 'GET' ? url.search : body);
  stripeState.requests.push({ method: req.method ?? '', path: url.pathname, params });
  const send = (status: number, payload: unknown) => {
    // Tell the SDK not to retry, so a failure surfaces at once.
    res.writeHead(status, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
    res.end(JSON.stringify(payload));
  };
  const notFound = () => send(404, { error: { type: 'invalid_request_error', message: 'No such object' } });

  if (req.headers.authorization !== 'Bearer sk_test_local') {
    return send(401, { error: { type: 'authentication_error', message: 'Invalid API key' } });
  }
  if (req.method === 'POST' && url.pathname === '/v1/customers') {
    stripeState.customers++;
    return send(200, { id: `cus_${stripeState.customers}`, object: 'customer', email: params.get('email') });
  }
  if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
    const id = `cs_test_${stripeState.sessions.size + 1}`;
    const session = { id, customer: params.get('customer') ?? '', subscription: null, status: 'open', payment_status: 'unpaid' };
    stripeState.sessions.set(id, session);
    return send(200, { ...session, object: 'checkout.session', mode: params.get('mode'), url: `https://checkout.stripe.test/c/${id}` });
  }
  let match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
  if (req.method === 'GET' && match) {
    const session = stripeState.sessions.get(match[1]);
    return session ? send(200, { ...session, object: 'checkout.session', mode: 'subscription' }) : notFound();
  }
  match = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
  if (req.method === 'GET' && match) {
    if (stripeState.failSubscriptionReads) return send(500, { error: { type: 'api_error', message: 'Stripe is down' } });
    const sub = stripeState.subscriptions.get(match[1]);
    return sub ? send(200, subscriptionJson(sub)) : notFound();
  }
  if (req.method === 'POST' && match) {
    // A subscription update: the item's quantity (seats), as Stripe applies it.
    const sub = stripeState.subscriptions.get(match[1]);
    if (!sub) return notFound();
    if (params.get('items[0][id]') !== `si_${sub.id}`) return send(400, { error: { type: 'invalid_request_error', message: 'No such item' } });
    sub.quantity = Number(params.get('items[0][quantity]'));
    return send(200, subscriptionJson(sub));
  }
  if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
    return send(200, { id: 'bps_1', object: 'billing_portal.session', url: `https://billing.stripe.test/p/${params.get('customer')}` });
  }
  return notFound();
}

const fakeStripe = createServer((req, res) => void handleStripe(req, res));
await new Promise<void>((resolve) => fakeStripe.listen(0, '127.0.0.1', resolve));
const port = (fakeStripe.address() as AddressInfo).port;

const ctx = await createTestContext({
  env: {
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_MONTHLY: PRICES.price_monthly,
    STRIPE_PRICE_ANNUAL: PRICES.price_annual,
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
  },
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => fakeStripe.close(resolve));
});

beforeEach(() => {
  stripeState.requests.length = 0;
  stripeState.failSubscriptionReads = false;
});

let eventCounter = 0;
/** A Stripe event body and its Stripe-Signature header, as Stripe would send them. */
function signedEvent(type: string, object: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({ id: `evt_test_${++eventCounter}`, object: 'event', type, data: { object } });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

function postWebhook(agent: TestAgent, event: { payload: string; signature: string }) {
  return agent.post('/api/billing/webhook', event.payload, {
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    csrf: false,
  });
}

async function tierOf(agent: TestAgent) {
  return (await agent.get('/api/me')).body.subscription.tier as string;
}

async function auditCount(userId: string) {
  const { rows } = await ctx.db.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_events WHERE action = 'billing.subscription_changed' AND target_id = $1`,
    [userId],
  );
  return rows[0].n;
}

/** Checkout through the app, then Stripe "completes" it with a subscription of `price`. */
async function subscribe(agent: TestAgent, priceId: 'price_monthly' | 'price_annual', status = 'active', seats?: number) {
  const checkout = await agent.post('/api/billing/checkout', { priceId, seats });
  expect(checkout.status).toBe(200);
  const sessionId = checkout.body.url.split('/').pop() as string;
  const session = stripeState.sessions.get(sessionId)!;
  const subId = `sub_${sessionId}`;
  session.subscription = subId;
  stripeState.subscriptions.set(subId, {
    id: subId,
    customer: session.customer,
    status,
    price: PRICES[priceId],
    cancel_at_period_end: false,
    current_period_end: Math.floor(Date.now() / 1000) + 30 * 86400,
    trial_end: null,
    quantity: seats,
  });
  return { sessionId, subId };
}

describe('Stripe provider: checkout', () => {
  it('creates a subscription-mode session with the configured price and one customer per user', async () => {
    const { agent, user } = await ctx.signedInAgent();
    const first = await agent.post('/api/billing/checkout', { priceId: 'price_annual' });
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/cs_test_/);

    const customerCalls = stripeState.requests.filter((r) => r.path === '/v1/customers');
    expect(customerCalls).toHaveLength(1);
    expect(customerCalls[0].params.get('email')).toBe(user.email);
    const sessionCall = stripeState.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(sessionCall.params.get('mode')).toBe('subscription');
    expect(sessionCall.params.get('line_items[0][price]')).toBe(PRICES.price_annual);
    expect(sessionCall.params.get('customer')).toBe('cus_' + stripeState.customers);
    expect(sessionCall.params.get('client_reference_id')).toBe(user.id);
    expect(sessionCall.params.get('success_url')).toBe('http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}');
    expect(sessionCall.params.get('subscription_data[trial_period_days]')).toBeNull();

    // A second checkout reuses the customer.
    stripeState.requests.length = 0;
    await agent.post('/api/billing/checkout', { priceId: 'price_monthly' });
    expect(stripeState.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(0);
    const second = stripeState.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(second.params.get('line_items[0][price]')).toBe(PRICES.price_monthly);
    expect(second.params.get('customer')).toBe(sessionCall.params.get('customer'));
  });

  it('asks Stripe for a 7-day trial of the Monthly plan, and only of that plan', async () => {
    const { agent } = await ctx.signedInAgent();
    const trial = await agent.post('/api/billing/checkout', { priceId: 'price_monthly', trial: true });
    expect(trial.status).toBe(200);
    const call = stripeState.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(call.params.get('subscription_data[trial_period_days]')).toBe('7');
    expect(call.params.get('line_items[0][price]')).toBe(PRICES.price_monthly);

    const annualTrial = await agent.post('/api/billing/checkout', { priceId: 'price_annual', trial: true });
    expect(annualTrial.status).toBe(400);
    expect(annualTrial.body.error.fields.priceId).toBeDefined();
  });

  it('rejects an unknown price naming the field, and a signed-out caller with 401', async () => {
    const { agent } = await ctx.signedInAgent();
    const bad = await agent.post('/api/billing/checkout', { priceId: 'price_weekly' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.priceId).toBeDefined();
    expect((await ctx.agent().post('/api/billing/checkout', { priceId: 'price_monthly' })).status).toBe(401);
  });
});

describe('Stripe provider: the success page check', () => {
  it("is paid once Stripe says complete and paid (or no payment due, a trial); another's or an unknown session is 404", async () => {
    const { agent } = await ctx.signedInAgent();
    const { sessionId } = await subscribe(agent, 'price_monthly');
    const path = `/api/billing/checkout-sessions/${sessionId}`;
    expect((await agent.get(path)).body).toEqual({ paid: false });
    const session = stripeState.sessions.get(sessionId)!;
    session.status = 'complete';
    expect((await agent.get(path)).body).toEqual({ paid: false });
    session.payment_status = 'paid';
    expect((await agent.get(path)).body).toEqual({ paid: true });
    session.payment_status = 'no_payment_required';
    expect((await agent.get(path)).body).toEqual({ paid: true });
    expect(stripeState.requests.some((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`)).toBe(true);

    const other = await ctx.signedInAgent();
    await subscribe(other.agent, 'price_annual');
    expect((await other.agent.get(path)).status).toBe(404);
    expect((await agent.get('/api/billing/checkout-sessions/cs_test_bogus')).status).toBe(404);
  });
});

describe('Stripe provider: no demo billing', () => {
  // A demo checkout paid with the test card must never grant a plan where Stripe bills.
  it('the demo provider\'s routes answer 404 and /api/me shows no demo banner', async () => {
    const { agent } = await ctx.signedInAgent();
    expect((await agent.get('/api/billing/demo/checkout/cs_demo_x')).status).toBe(404);
    const pay = await agent.post('/api/billing/demo/checkout/cs_demo_x/pay', {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
      name: 'Attacker',
    });
    expect(pay.status).toBe(404);
    expect((await agent.get('/api/billing/demo/portal')).status).toBe(404);
    expect((await agent.post('/api/billing/demo/portal', { action: 'cancel' })).status).toBe(404);
    expect(await tierOf(agent)).toBe('free');
    expect((await agent.get('/api/me')).body.demoBilling).toBeUndefined();
  });
});

describe('Stripe provider: webhooks', () => {
  it('checkout.session.completed + customer.subscription.updated make the user basic, then premium', async () => {
    const { agent, user } = await ctx.signedInAgent();
    const { sessionId, subId } = await subscribe(agent, 'price_monthly');
    expect(await tierOf(agent)).toBe('free'); // nothing changes before a verified event

    const completed = await postWebhook(ctx.agent(), signedEvent('checkout.session.completed', { id: sessionId, object: 'checkout.session' }));
    expect(completed.status).toBe(200);
    expect(await tierOf(agent)).toBe('basic');
    // The handler re-read the session and the subscription from Stripe.
    expect(stripeState.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([`GET /v1/checkout/sessions/${sessionId}`, `GET /v1/subscriptions/${subId}`]),
    );

    // An upgrade in the portal: Stripe now holds the annual price. The event body says
    // nothing useful (even a lying body would not matter): the handler re-reads.
    stripeState.subscriptions.get(subId)!.price = PRICES.price_annual;
    const updated = await postWebhook(ctx.agent(), signedEvent('customer.subscription.updated', { id: subId, object: 'subscription', status: 'canceled' }));
    expect(updated.status).toBe(200);
    const me = (await agent.get('/api/me')).body;
    expect(me.subscription.tier).toBe('premium');
    expect(me.capabilities).toContain('exports:create');
    expect(await auditCount(user.id)).toBe(2);

    const subscription = await agent.get('/api/billing/subscription');
    expect(subscription.body).toMatchObject({ subscribed: true, tier: 'premium', planName: 'Annual Plan', status: 'active', provider: 'stripe' });
  });

  it('the same event twice changes nothing the second time', async () => {
    const { agent, user } = await ctx.signedInAgent();
    const { subId } = await subscribe(agent, 'price_monthly');
    const event = signedEvent('customer.subscription.created', { id: subId, object: 'subscription' });
    expect((await postWebhook(ctx.agent(), event)).status).toBe(200);
    expect(await tierOf(agent)).toBe('basic');
    expect(await auditCount(user.id)).toBe(1);

    // Stripe's state moves on, but a redelivery of the old event is recognised and ignored.
    stripeState.subscriptions.get(subId)!.price = PRICES.price_annual;
    stripeState.requests.length = 0;
    const again = await postWebhook(ctx.agent(), event);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ received: true, duplicate: true });
    expect(await tierOf(agent)).toBe('basic');
    expect(await auditCount(user.id)).toBe(1);
    expect(stripeState.requests).toHaveLength(0);
  });

  it('a bad signature gets 400 and changes nothing', async () => {
    const { agent, user } = await ctx.signedInAgent();
    const { subId } = await subscribe(agent, 'price_annual');
    const forged = signedEvent('customer.subscription.created', { id: subId, object: 'subscription' }, 'whsec_wrong_secret');
    const res = await postWebhook(ctx.agent(), forged);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Invalid webhook signature.');

    const tampered = signedEvent('customer.subscription.created', { id: subId, object: 'subscription' });
    const changedBody = await postWebhook(ctx.agent(), { payload: tampered.payload.replace('created', 'updated'), signature: tampered.signature });
    expect(changedBody.status).toBe(400);

    const unsigned = await ctx.agent().post('/api/billing/webhook', tampered.payload, { headers: { 'content-type': 'application/json' }, csrf: false });
    expect(unsigned.status).toBe(400);

    expect(await tierOf(agent)).toBe('free');
    expect(await auditCount(user.id)).toBe(0);
    const { rows } = await ctx.db.sql.query('SELECT 1 FROM subscriptions WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(0);
  });

  it('customer.subscription.deleted makes the user free', async () => {
    const { agent } = await ctx.signedInAgent();
    const { subId } = await subscribe(agent, 'price_annual');
    await postWebhook(ctx.agent(), signedEvent('customer.subscription.created', { id: subId, object: 'subscription' }));
    expect(await tierOf(agent)).toBe('premium');

    stripeState.subscriptions.get(subId)!.status = 'canceled';
    const deleted = await postWebhook(ctx.agent(), signedEvent('customer.subscription.deleted', { id: subId, object: 'subscription' }));
    expect(deleted.body).toEqual({ received: true });
    const me = (await agent.get('/api/me')).body;
    expect(me.subscription).toMatchObject({ subscribed: false, tier: 'free' });
    expect(me.capabilities).not.toContain('contacts:reveal');
  });

  it('past_due keeps access through the grace period; unpaid ends it', async () => {
    const { agent } = await ctx.signedInAgent();
    const { subId } = await subscribe(agent, 'price_monthly');
    await postWebhook(ctx.agent(), signedEvent('customer.subscription.created', { id: subId, object: 'subscription' }));

    stripeState.subscriptions.get(subId)!.status = 'past_due';
    await postWebhook(ctx.agent(), signedEvent('invoice.payment_failed', { id: 'in_1', object: 'invoice', parent: { subscription_details: { subscription: subId } } }));
    expect(await tierOf(agent)).toBe('basic');
    const shown = (await agent.get('/api/billing/subscription')).body;
    expect(shown.status).toBe('past_due');
    const graceDays = (Date.parse(shown.graceUntil) - Date.now()) / 86_400_000;
    expect(graceDays).toBeGreaterThan(6.9);
    expect(graceDays).toBeLessThanOrEqual(7);

    // Once the grace period is over, past_due no longer grants the plan.
    await ctx.db.sql.query(`UPDATE subscriptions SET grace_until = now() - interval '1 minute' WHERE provider_subscription_id = $1`, [subId]);
    expect(await tierOf(agent)).toBe('free');

    await ctx.db.sql.query(`UPDATE subscriptions SET grace_until = now() + interval '1 day' WHERE provider_subscription_id = $1`, [subId]);
    stripeState.subscriptions.get(subId)!.status = 'unpaid';
    await postWebhook(ctx.agent(), signedEvent('customer.subscription.updated', { id: subId, object: 'subscription' }));
    expect(await tierOf(agent)).toBe('free');
  });

  it('a webhook whose processing throws answers 500, records nothing, and the retry applies it', async () => {
    const { agent, user } = await ctx.signedInAgent();
    const { subId } = await subscribe(agent, 'price_monthly');
    const event = signedEvent('customer.subscription.created', { id: subId, object: 'subscription' });

    stripeState.failSubscriptionReads = true;
    const failed = await postWebhook(ctx.agent(), event);
    expect(failed.status).toBe(500);
    expect(await tierOf(agent)).toBe('free');
    const { rows } = await ctx.db.sql.query('SELECT 1 FROM billing_events WHERE id = $1', [JSON.parse(event.payload).id]);
    expect(rows).toHaveLength(0);

    stripeState.failSubscriptionReads = false;
    const retried = await postWebhook(ctx.agent(), event);
    expect(retried.status).toBe(200);
    expect(await tierOf(agent)).toBe('basic');
    expect(await auditCount(user.id)).toBe(1);
  });

  it('a subscribed user cannot start a second checkout; the portal opens instead', async () => {
    const { agent } = await ctx.signedInAgent();
    const { subId } = await subscribe(agent, 'price_monthly');
    await postWebhook(ctx.agent(), signedEvent('customer.subscription.created', { id: subId, object: 'subscription' }));

    stripeState.requests.length = 0;
    const again = await agent.post('/api/billing/checkout', { priceId: 'price_annual' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already have a subscription/);
    expect(stripeState.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(0);

    const portal = await agent.post('/api/billing/portal');
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/cus_/);
    const call = stripeState.requests.find((r) => r.path === '/v1/billing_portal/sessions')!;
    expect(call.params.get('return_url')).toBe('http://localhost:3000/account?tab=subscription');
  });
});

describe('Stripe provider: seats', () => {
  it('a checkout for 3 seats, then 5 charged at once (prorated), then 2 from the next period', async () => {
    const { agent, user } = await ctx.signedInAgent();
    const { subId } = await subscribe(agent, 'price_monthly', 'active', 3);
    const session = stripeState.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(session.params.get('line_items[0][quantity]')).toBe('3');
    expect(session.params.get('line_items[0][adjustable_quantity][enabled]')).toBe('true');
    expect(session.params.get('line_items[0][adjustable_quantity][minimum]')).toBe('1');
    expect(session.params.get('line_items[0][adjustable_quantity][maximum]')).toBe('100');
    await postWebhook(ctx.agent(), signedEvent('customer.subscription.created', { id: subId, object: 'subscription' }));
    expect((await agent.get('/api/billing/subscription')).body).toMatchObject({ subscribed: true, seats: 3 });

    stripeState.requests.length = 0;
    const more = await agent.put('/api/billing/seats', { seats: 5 });
    expect(more.status).toBe(200);
    expect(more.body).toMatchObject({ seats: 5, tier: 'basic' });
    const update = stripeState.requests.find((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subId}`)!;
    expect(update.params.get('items[0][id]')).toBe(`si_${subId}`);
    expect(update.params.get('items[0][quantity]')).toBe('5');
    expect(update.params.get('proration_behavior')).toBe('always_invoice');

    stripeState.requests.length = 0;
    const fewer = await agent.put('/api/billing/seats', { seats: 2 });
    expect(fewer.body.seats).toBe(2);
    const lowered = stripeState.requests.find((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subId}`)!;
    expect(lowered.params.get('proration_behavior')).toBe('none');
    const { rows } = await ctx.db.sql.query<{ seats: number }>('SELECT seats FROM subscriptions WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([{ seats: 2 }]);
    // Each change audited with its seats; Stripe's own event for it afterwards changes nothing.
    const audits = await ctx.db.sql.query<{ details: { to: { seats: number } } }>(
      `SELECT details FROM audit_events WHERE action = 'billing.subscription_changed' AND target_id = $1 ORDER BY created_at`,
      [user.id],
    );
    expect(audits.rows.map((r) => r.details.to.seats)).toEqual([3, 5, 2]);
    await postWebhook(ctx.agent(), signedEvent('customer.subscription.updated', { id: subId, object: 'subscription' }));
    expect(await auditCount(user.id)).toBe(3);
  });

  it('refuses a count out of range naming the field, and a caller with no subscription', async () => {
    const { agent } = await ctx.signedInAgent();
    const none = await agent.put('/api/billing/seats', { seats: 2 });
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe('You do not have a subscription to add seats to yet.');
    for (const seats of [0, 101, 2.5, '3']) {
      const bad = await agent.put('/api/billing/seats', { seats });
      expect(bad.status, String(seats)).toBe(400);
      expect(bad.body.error.fields.seats).toBeDefined();
    }
    const checkout = await agent.post('/api/billing/checkout', { priceId: 'price_monthly', seats: 0 });
    expect(checkout.status).toBe(400);
    expect(checkout.body.error.fields.seats).toBe('seats must be at least 1');
  });
});
