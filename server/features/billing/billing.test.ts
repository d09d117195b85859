import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, TestAgent } from '../../test/harness';
import { createDemoAccounts } from '../../db/seed/demo';
import { createSession, SESSION_COOKIE } from '../auth';
import { runBillingJobs } from './jobs';
import { billingDeps } from './routes';

const ctx = await createTestContext({ env: { ADMIN_EMAILS: 'ops@example.com,owner@example.com' } });
afterAll(() => ctx.close());

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Jane Recruiter' };
const DAY_MS = 86_400_000;

async function checkout(agent: TestAgent, body: { priceId: string; trial?: boolean; seats?: number }) {
  const res = await agent.post('/api/billing/checkout', body);
  expect(res.status).toBe(200);
  expect(res.body.url).toMatch(/^\/billing\/demo\/checkout\/cs_demo_/);
  return res.body.url.split('/').pop() as string;
}

async function buy(agent: TestAgent, priceId = 'price_monthly', trial = false) {
  const sessionId = await checkout(agent, { priceId, trial });
  const paid = await agent.post(`/api/billing/demo/checkout/${sessionId}/pay`, CARD);
  expect(paid.status).toBe(200);
  return { sessionId, paid };
}

async function outbox(to: string) {
  const { rows } = await ctx.db.sql.query<{ subject: string; text_body: string }>(
    'SELECT subject, text_body FROM email_outbox WHERE to_address = $1 ORDER BY id',
    [to],
  );
  return rows;
}

describe('demo provider: checkout', () => {
  it('serves its hosted checkout, pays with the test card and makes the user basic through a signed event', async () => {
    const { agent, user } = await ctx.signedInAgent();
    const sessionId = await checkout(agent, { priceId: 'price_monthly' });
    const page = await agent.get(`/api/billing/demo/checkout/${sessionId}`);
    expect(page.body).toMatchObject({ planTitle: 'Monthly Plan', price: '$199', trialDays: 0, status: 'open', email: user.email });

    const paid = await agent.post(`/api/billing/demo/checkout/${sessionId}/pay`, CARD);
    expect(paid.body).toEqual({ redirectUrl: `/checkout/success?session_id=${sessionId}` });
    const me = (await agent.get('/api/me')).body;
    expect(me.subscription).toMatchObject({ subscribed: true, tier: 'basic', status: 'active' });
    expect(me.capabilities).toContain('contacts:reveal');

    // It went through the webhook handler: events recorded, one audit row.
    const { rows: events } = await ctx.db.sql.query<{ type: string }>(`SELECT type FROM billing_events WHERE provider = 'demo' ORDER BY type`);
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['checkout.session.completed', 'customer.subscription.created']));
    const { rows: audits } = await ctx.db.sql.query(`SELECT details FROM audit_events WHERE action = 'billing.subscription_changed' AND target_id = $1`, [user.id]);
    expect(audits).toHaveLength(1);

    // The session cannot be paid twice, and a subscribed user cannot open another checkout.
    expect((await agent.post(`/api/billing/demo/checkout/${sessionId}/pay`, CARD)).status).toBe(409);
    const second = await agent.post('/api/billing/checkout', { priceId: 'price_annual' });
    expect(second.status).toBe(409);
  });

  it('declines 4000 0000 0000 0002 at the card field and leaves the user free', async () => {
    const { agent } = await ctx.signedInAgent();
    const sessionId = await checkout(agent, { priceId: 'price_annual' });
    const declined = await agent.post(`/api/billing/demo/checkout/${sessionId}/pay`, { ...CARD, cardNumber: '4000 0000 0000 0002' });
    expect(declined.status).toBe(400);
    expect(declined.body.error.fields).toEqual({ cardNumber: 'Your card was declined.' });
    expect((await agent.get('/api/me')).body.subscription.tier).toBe('free');

    const badExpiry = await agent.post(`/api/billing/demo/checkout/${sessionId}/pay`, { ...CARD, expiry: '13/30' });
    expect(badExpiry.status).toBe(400);
    expect(badExpiry.body.error.fields.expiry).toBe('Enter the expiry date as MM / YY.');

    // The same session still pays with a good card.
    expect((await agent.post(`/api/billing/demo/checkout/${sessionId}/pay`, CARD)).status).toBe(200);
    expect((await agent.get('/api/me')).body.subscription.tier).toBe('premium');
  });

  it("does not show or pay another user's checkout session", async () => {
    const a = await ctx.signedInAgent();
    const b = await ctx.signedInAgent();
    const sessionId = await checkout(a.agent, { priceId: 'price_monthly' });
    expect((await b.agent.get(`/api/billing/demo/checkout/${sessionId}`)).status).toBe(404);
    expect((await b.agent.post(`/api/billing/demo/checkout/${sessionId}/pay`, CARD)).status).toBe(404);
  });
});

describe('demo provider: portal', () => {
  it('cancels at period end (access continues, the date is shown), resumes, and changes plan', async () => {
    const { agent } = await ctx.signedInAgent();
    expect((await agent.post('/api/billing/portal')).status).toBe(404);
    await buy(agent);
    const portal = await agent.post('/api/billing/portal');
    expect(portal.body).toEqual({ url: '/billing/demo/portal' });

    const cancelled = await agent.post('/api/billing/demo/portal', { action: 'cancel' });
    expect(cancelled.body.subscription).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    let sub = (await agent.get('/api/billing/subscription')).body;
    expect(sub).toMatchObject({ subscribed: true, planName: 'Monthly Plan', cancelAtPeriodEnd: true });
    expect(Date.parse(sub.currentPeriodEnd)).toBeGreaterThan(Date.now() + 29 * DAY_MS);

    await agent.post('/api/billing/demo/portal', { action: 'resume' });
    expect((await agent.get('/api/billing/subscription')).body.cancelAtPeriodEnd).toBe(false);

    await agent.post('/api/billing/demo/portal', { action: 'change_plan', priceId: 'price_annual' });
    sub = (await agent.get('/api/billing/subscription')).body;
    expect(sub).toMatchObject({ tier: 'premium', planName: 'Annual Plan' });
  });

  it('a cancelled subscription ends at the period end: the job makes the user free', async () => {
    const { agent } = await ctx.signedInAgent();
    await buy(agent);
    await agent.post('/api/billing/demo/portal', { action: 'cancel' });
    await runBillingJobs(billingDeps(ctx.deps), new Date(Date.now() + 31 * DAY_MS));
    expect((await agent.get('/api/me')).body.subscription.tier).toBe('free');
    expect((await agent.get('/api/billing/subscription')).body).toMatchObject({ subscribed: false, status: null });
    // Free again: a new checkout is allowed.
    expect((await agent.post('/api/billing/checkout', { priceId: 'price_monthly' })).status).toBe(200);
  });
});

describe('demo provider: seats', () => {
  it('a checkout for 2 seats, then 4 and 3 at once: the same rules as Stripe, offline; a renewal keeps them', async () => {
    const { agent, user } = await ctx.signedInAgent();
    const sessionId = await checkout(agent, { priceId: 'price_annual', seats: 2 });
    expect((await agent.get(`/api/billing/demo/checkout/${sessionId}`)).body).toMatchObject({ seats: 2, price: '$1,799' });
    expect((await agent.post(`/api/billing/demo/checkout/${sessionId}/pay`, CARD)).status).toBe(200);
    expect((await agent.get('/api/billing/subscription')).body).toMatchObject({ subscribed: true, tier: 'premium', seats: 2 });

    expect((await agent.put('/api/billing/seats', { seats: 4 })).body).toMatchObject({ seats: 4, tier: 'premium' });
    expect((await agent.put('/api/billing/seats', { seats: 3 })).body.seats).toBe(3);
    const { rows } = await ctx.db.sql.query<{ seats: number }>(
      `SELECT d.seats FROM demo_subscriptions d JOIN subscriptions s ON s.provider_subscription_id = d.id WHERE s.user_id = $1`,
      [user.id],
    );
    expect(rows).toEqual([{ seats: 3 }]);
    await runBillingJobs(billingDeps(ctx.deps), new Date(Date.now() + 366 * DAY_MS));
    expect((await agent.get('/api/billing/subscription')).body).toMatchObject({ subscribed: true, seats: 3 });
  });
});

describe('demo accounts', () => {
  it('basic@example.com can open the demo portal and switch to Annual', async () => {
    await createDemoAccounts(ctx.db);
    const { rows } = await ctx.db.sql.query<{ id: string }>(`SELECT id FROM users WHERE email = 'basic@example.com'`);
    const agent = new TestAgent(ctx.app);
    agent.setCookie(SESSION_COOKIE, (await createSession(ctx.db, rows[0].id)).token);
    expect((await agent.post('/api/billing/portal')).body).toEqual({ url: '/billing/demo/portal' });
    const portal = await agent.get('/api/billing/demo/portal');
    expect(portal.body.subscription).toMatchObject({ planName: 'Monthly Plan', status: 'active' });
    await agent.post('/api/billing/demo/portal', { action: 'change_plan', priceId: 'price_annual' });
    expect((await agent.get('/api/me')).body.subscription.tier).toBe('premium');
  });
});

describe('free trial', () => {
  it('is 7 days of the Monthly plan, with a reminder 2 days before it converts, once per user', async () => {
    const { agent, user } = await ctx.signedInAgent();
    expect((await agent.get('/api/billing/subscription')).body.trialAvailable).toBe(true);
    await buy(agent, 'price_monthly', true);
    const sub = (await agent.get('/api/billing/subscription')).body;
    expect(sub).toMatchObject({ subscribed: true, tier: 'basic', status: 'trialing', trialAvailable: false });
    const trialDays = (Date.parse(sub.trialEnd) - Date.now()) / DAY_MS;
    expect(trialDays).toBeGreaterThan(6.99);
    expect(trialDays).toBeLessThanOrEqual(7);

    // Day 4: no reminder yet. Day 5.5: the reminder, once.
    await runBillingJobs(billingDeps(ctx.deps), new Date(Date.now() + 4 * DAY_MS));
    expect(await outbox(user.email)).toHaveLength(0);
    await runBillingJobs(billingDeps(ctx.deps), new Date(Date.now() + 5.5 * DAY_MS));
    await runBillingJobs(billingDeps(ctx.deps), new Date(Date.now() + 5.6 * DAY_MS));
    const mails = await outbox(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your PhysicianDirect trial ends in 2 days');
    expect(mails[0].text_body).toContain('$199 a month');

    // Day 8: it converts to a paid Monthly subscription.
    await runBillingJobs(billingDeps(ctx.deps), new Date(Date.now() + 8 * DAY_MS));
    expect((await agent.get('/api/billing/subscription')).body).toMatchObject({ status: 'active', tier: 'basic' });

    // Cancelled and ended: no second trial.
    await agent.post('/api/billing/demo/portal', { action: 'cancel' });
    await runBillingJobs(billingDeps(ctx.deps), new Date(Date.now() + 60 * DAY_MS));
    expect((await agent.get('/api/me')).body.subscription.tier).toBe('free');
    const again = await agent.post('/api/billing/checkout', { priceId: 'price_monthly', trial: true });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('You have already used your free trial. Choose a plan to subscribe.');
  });

  it('a trial cancelled in the portal ends without charging', async () => {
    const { agent } = await ctx.signedInAgent();
    await buy(agent, 'price_monthly', true);
    await agent.post('/api/billing/demo/portal', { action: 'cancel' });
    await runBillingJobs(billingDeps(ctx.deps), new Date(Date.now() + 8 * DAY_MS));
    expect((await agent.get('/api/me')).body.subscription.tier).toBe('free');
    const { rows } = await ctx.db.sql.query(`SELECT status FROM demo_subscriptions WHERE status = 'active' AND customer_id = (SELECT customer_id FROM billing_customers WHERE user_id = (SELECT id FROM users WHERE email = $1))`, [
      (await agent.get('/api/me')).body.user.email,
    ]);
    expect(rows).toHaveLength(0);
  });
});

describe('money-back guarantee', () => {
  it('offers a refund within 30 days and before any export; stores it, emails the operators, shows its state', async () => {
    const { agent, user } = await ctx.signedInAgent();
    await buy(agent, 'price_annual');
    const before = (await agent.get('/api/billing/subscription')).body;
    expect(before.refund.state).toBe('available');

    const requested = await agent.post('/api/billing/refund-request', { reason: 'Not the specialties I need.' });
    expect(requested.status).toBe(200);
    expect(requested.body.refund).toMatchObject({ state: 'requested', status: 'open' });
    for (const operator of ['ops@example.com', 'owner@example.com']) {
      const [mail] = await outbox(operator);
      expect(mail.subject).toBe(`Refund request from ${user.email}`);
      expect(mail.text_body).toContain('Not the specialties I need.');
    }
    expect((await outbox(user.email)).map((m) => m.subject)).toContain('We received your refund request');
    const { rows } = await ctx.db.sql.query(`SELECT 1 FROM audit_events WHERE action = 'billing.refund_requested' AND actor_user_id = $1`, [user.id]);
    expect(rows).toHaveLength(1);

    // One per customer.
    const twice = await agent.post('/api/billing/refund-request', {});
    expect(twice.status).toBe(409);
  });

  it('is unavailable, with the reason, after an export, after 30 days, and on a trial', async () => {
    const exporter = await ctx.signedInAgent();
    await buy(exporter.agent, 'price_annual');
    await ctx.db.sql.query('INSERT INTO export_logs (user_id, export_count) VALUES ($1, 25)', [exporter.user.id]);
    const refund = (await exporter.agent.get('/api/billing/subscription')).body.refund;
    expect(refund.state).toBe('unavailable');
    expect(refund.reason).toMatch(/^Contacts were exported on .+; an export ends the money-back guarantee\.$/);
    const refused = await exporter.agent.post('/api/billing/refund-request', {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(refund.reason);

    const late = await ctx.signedInAgent();
    await buy(late.agent);
    await ctx.db.sql.query(`UPDATE billing_customers SET first_paid_at = now() - interval '31 days' WHERE user_id = $1`, [late.user.id]);
    expect((await late.agent.get('/api/billing/subscription')).body.refund.reason).toMatch(/^The 30-day money-back period ended on /);

    const trial = await ctx.signedInAgent();
    await buy(trial.agent, 'price_monthly', true);
    expect((await trial.agent.get('/api/billing/subscription')).body.refund.state).toBe('unavailable');
  });

  it('GET /api/admin/refund-requests: admins only', async () => {
    expect((await ctx.agent().get('/api/admin/refund-requests')).status).toBe(401);
    const { agent: member } = await ctx.signedInAgent({ tier: 'premium' });
    expect((await member.get('/api/admin/refund-requests')).status).toBe(403);

    const { agent: customer, user } = await ctx.signedInAgent();
    await buy(customer);
    await customer.post('/api/billing/refund-request', { reason: 'Changed jobs' });
    const { agent: admin } = await ctx.signedInAgent({ role: 'admin' });
    const res = await admin.get('/api/admin/refund-requests');
    expect(res.status).toBe(200);
    const mine = res.body.requests.find((r: { email: string }) => r.email === user.email);
    expect(mine).toMatchObject({ planName: 'Monthly Plan', reason: 'Changed jobs', status: 'open' });
  });

  it('POST /api/admin/refund-requests/{id}/resolve: an admin marks it refunded once, audited, and the customer is emailed', async () => {
    const { agent: customer, user } = await ctx.signedInAgent();
    await buy(customer);
    await customer.post('/api/billing/refund-request', { reason: 'Wrong region' });
    const { rows } = await ctx.db.sql.query<{ id: string }>('SELECT id FROM refund_requests WHERE user_id = $1', [user.id]);
    const id = rows[0].id;
    const path = `/api/admin/refund-requests/${id}/resolve`;

    expect((await ctx.agent().post(path, { status: 'refunded' })).status).toBe(401);
    const { agent: member } = await ctx.signedInAgent({ tier: 'premium' });
    expect((await member.post(path, { status: 'refunded' })).status).toBe(403);

    const { agent: admin, user: operator } = await ctx.signedInAgent({ role: 'admin', email: 'refund-operator@example.com' });
    const bad = await admin.post(path, { status: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('status');
    expect((await admin.post('/api/admin/refund-requests/not-a-uuid/resolve', { status: 'refunded' })).status).toBe(400);
    expect((await admin.post('/api/admin/refund-requests/00000000-0000-4000-8000-000000000000/resolve', { status: 'refunded' })).status).toBe(404);

    const done = await admin.post(path, { status: 'refunded' });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(`Marked refunded; ${user.email} was emailed.`);
    expect(done.body.request).toMatchObject({ id, email: user.email, status: 'refunded', reason: 'Wrong region', resolvedByEmail: 'refund-operator@example.com' });
    expect(Date.parse(done.body.request.resolvedAt)).toBeGreaterThan(Date.now() - 60_000);

    // The list shows it resolved; the customer's account shows the new status.
    const listed = (await admin.get('/api/admin/refund-requests')).body.requests.find((r: { id: string }) => r.id === id);
    expect(listed).toMatchObject({ status: 'refunded', resolvedByEmail: 'refund-operator@example.com' });
    expect((await customer.get('/api/billing/subscription')).body.refund).toMatchObject({ state: 'requested', status: 'refunded' });
    const mails = (await outbox(user.email)).map((m) => m.subject);
    expect(mails).toContain('Your refund was approved');
    const audit = await ctx.db.sql.query<{ details: { status: string; userId: string } }>(
      `SELECT details FROM audit_events WHERE action = 'billing.refund_resolved' AND target_id = $1 AND actor_user_id = $2`,
      [id, operator.id],
    );
    expect(audit.rows.map((r) => r.details)).toEqual([{ status: 'refunded', userId: user.id }]);

    // A second decision is refused and changes nothing.
    const again = await admin.post(path, { status: 'declined' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This refund request was already marked refunded. Reload the list to see its current state.');
    const after = await ctx.db.sql.query<{ status: string }>('SELECT status FROM refund_requests WHERE id = $1', [id]);
    expect(after.rows[0].status).toBe('refunded');
  });

  it('declining tells the customer so', async () => {
    const { agent: customer, user } = await ctx.signedInAgent();
    await buy(customer);
    await customer.post('/api/billing/refund-request', {});
    const { rows } = await ctx.db.sql.query<{ id: string }>('SELECT id FROM refund_requests WHERE user_id = $1', [user.id]);
    const { agent: admin } = await ctx.signedInAgent({ role: 'admin' });
    const res = await admin.post(`/api/admin/refund-requests/${rows[0].id}/resolve`, { status: 'declined' });
    expect(res.body.request.status).toBe('declined');
    expect((await outbox(user.email)).map((m) => m.subject)).toContain('About your refund request');
  });
});

describe('money-back guarantee state (what the export warning and the Subscription tab read)', () => {
  const guaranteeOf = async (agent: TestAgent) => (await agent.get('/api/billing/subscription')).body.guarantee;

  it('is none before a payment, active until 30 days after it, and ended by the first export: when, how many, which format', async () => {
    const { agent, user } = await ctx.signedInAgent();
    expect(await guaranteeOf(agent)).toEqual({ state: 'none' });
    await buy(agent, 'price_annual');
    const active = await guaranteeOf(agent);
    expect(active).toMatchObject({ state: 'active', endsOn: 'export' });
    const days = (Date.parse(active.until) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThanOrEqual(30);

    // Paid 10 minutes ago; exported twice since: the first export ended it.
    await ctx.db.sql.query(`UPDATE billing_customers SET first_paid_at = now() - interval '10 minutes' WHERE user_id = $1`, [user.id]);
    await ctx.db.sql.query(
      `INSERT INTO export_logs (user_id, export_count, format, export_date) VALUES
         ($1, 25, 'xlsx', now() - interval '2 minutes'), ($1, 10, 'csv', now() - interval '1 minute'),
         ($1, 99, 'pdf', now() - interval '20 minutes')`,
      [user.id],
    );
    const ended = await guaranteeOf(agent);
    expect(ended).toMatchObject({ state: 'ended', reason: 'exported', export: { count: 25, format: 'xlsx' } });
    expect(Date.now() - Date.parse(ended.endedAt)).toBeGreaterThan(100_000);
    expect(Date.now() - Date.parse(ended.endedAt)).toBeLessThan(200_000);
    expect((await agent.get('/api/billing/subscription')).body.refund.state).toBe('unavailable');
  });

  it('ends on its deadline when nothing was exported; an export within the window is what ended it even later', async () => {
    const late = await ctx.signedInAgent();
    await buy(late.agent);
    await ctx.db.sql.query(`UPDATE billing_customers SET first_paid_at = now() - interval '40 days' WHERE user_id = $1`, [late.user.id]);
    const expired = await guaranteeOf(late.agent);
    expect(expired).toMatchObject({ state: 'ended', reason: 'expired', export: null });
    const { rows } = await ctx.db.sql.query<{ deadline: Date }>(
      `SELECT first_paid_at + interval '720 hours' AS deadline FROM billing_customers WHERE user_id = $1`,
      [late.user.id],
    );
    expect(Date.parse(expired.endedAt)).toBe(rows[0].deadline.getTime());

    // An export on day 3 ended it then, and the page says so after the 30 days too.
    await ctx.db.sql.query(
      `INSERT INTO export_logs (user_id, export_count, format, export_date) VALUES ($1, 4, 'pdf', now() - interval '37 days')`,
      [late.user.id],
    );
    expect(await guaranteeOf(late.agent)).toMatchObject({ state: 'ended', reason: 'exported', export: { count: 4, format: 'pdf' } });
    expect((await late.agent.get('/api/billing/subscription')).body.refund.reason).toMatch(/^Contacts were exported on /);
  });

  it('is none on a trial (nothing charged) and claimed once a refund is asked for', async () => {
    const trial = await ctx.signedInAgent();
    await buy(trial.agent, 'price_monthly', true);
    expect(await guaranteeOf(trial.agent)).toEqual({ state: 'none' });

    const claimant = await ctx.signedInAgent();
    await buy(claimant.agent);
    await claimant.agent.post('/api/billing/refund-request', {});
    expect(await guaranteeOf(claimant.agent)).toMatchObject({ state: 'claimed' });
  });
});

describe('the success page check (GET /api/billing/checkout-sessions/{sessionId})', () => {
  it("answers paid only for the caller's completed session; 404 for another's, an unknown or a made-up id", async () => {
    const a = await ctx.signedInAgent();
    const sessionId = await checkout(a.agent, { priceId: 'price_monthly' });
    const path = `/api/billing/checkout-sessions/${sessionId}`;
    expect((await a.agent.get(path)).body).toEqual({ paid: false });
    expect((await a.agent.post(`/api/billing/demo/checkout/${sessionId}/pay`, CARD)).status).toBe(200);
    const paid = await a.agent.get(path);
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ paid: true });

    // Another customer of the same provider: not theirs.
    const b = await ctx.signedInAgent();
    await checkout(b.agent, { priceId: 'price_annual' });
    expect((await b.agent.get(path)).status).toBe(404);
    // Someone who never started a checkout, and an id nobody made.
    expect((await (await ctx.signedInAgent()).agent.get(path)).status).toBe(404);
    expect((await a.agent.get('/api/billing/checkout-sessions/bogus')).status).toBe(404);
    expect((await ctx.agent().get(path)).status).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the billing calls with operation ids', async () => {
    const doc = (await ctx.agent().get('/api/openapi.json')).body;
    expect(doc.paths['/api/billing/checkout'].post.operationId).toBe('createCheckoutSession');
    expect(doc.paths['/api/billing/portal'].post.operationId).toBe('createBillingPortalSession');
    expect(doc.paths['/api/billing/subscription'].get.operationId).toBe('getBillingSubscription');
    expect(doc.paths['/api/billing/checkout-sessions/{sessionId}'].get.operationId).toBe('checkCheckoutSession');
    expect(doc.paths['/api/billing/webhook'].post.operationId).toBe('receiveBillingWebhook');
    expect(doc.paths['/api/admin/refund-requests'].get.operationId).toBe('listRefundRequests');
    expect(doc.paths['/api/admin/refund-requests/{id}/resolve'].post.operationId).toBe('resolveRefundRequest');
  });
});
