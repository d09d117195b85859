import { randomUUID } from 'node:crypto';
import {
  PAST_DUE_GRACE_DAYS,
  REFUND_WINDOW_DAYS,
  TRIAL_DAYS,
  TRIAL_PRICE_ID,
  TRIAL_REMINDER_BEFORE_MS,
  planFor,
  planName,
  type AdminRefundRequest,
  type AdminRefundRequestsResponse,
  type ResolveRefundRequestResponse,
  type BillingSubscriptionResponse,
  type CheckoutSessionCheckResponse,
  type MoneyBackGuarantee,
  type PriceId,
  type RefundEligibility,
} from '../../../contract/billing';
import type { CurrentUser } from '../../lib/current-user';
import type { Db } from '../../db/client';
import type { Env } from '../../lib/env';
import type { Logger } from '../../lib/logger';
import { recordAudit } from '../../lib/audit';
import { enqueueEmail } from '../../lib/mail-queue';
import { AppError, fieldError } from '../../lib/errors';
import {
  ProviderObjectMissingError,
  WebhookSignatureError,
  type BillingProvider,
  type ProviderEvent,
  type ProviderSubscription,
} from '../../lib/billing/provider';
import { refundRequestedOperatorEmail, refundRequestedUserEmail, refundResolvedUserEmail, trialReminderEmail } from './emails';
import * as repo from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Statuses of a subscription that still exists at the provider (a new checkout would pay twice). */
const LIVE_STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused'];
const isLive = (status: string) => LIVE_STATUSES.includes(status);

/**
 * What billing uses of the app (ADR 060): the payment provider in use (Stripe or the demo one),
 * handed in by the routes and the job runner.
 */
export type BillingDeps = { db: Db; env: Env; logger: Logger; billing: BillingProvider };

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The user's provider customer, created once (and again only if the provider was switched). */
async function customerFor(deps: BillingDeps, user: { id: string; email: string }): Promise<string> {
  const provider = deps.billing;
  const existing = await repo.findCustomer(deps.db, user.id);
  if (existing && existing.provider === provider.name) return existing.customerId;
  const customerId = await provider.createCustomer({ userId: user.id, email: user.email });
  await repo.saveCustomer(deps.db, { userId: user.id, provider: provider.name, customerId });
  return customerId;
}

/**
 * POST /api/billing/checkout. A user whose subscription still exists is refused (change plans
 * in the portal: no second subscription, no paying twice); the trial is the Monthly plan, once.
 */
export async function createCheckout(
  deps: BillingDeps,
  { user, priceId, trial, seats = 1 }: { user: CurrentUser; priceId: PriceId; trial: boolean; seats?: number },
): Promise<{ url: string }> {
  const current = await repo.findSubscription(deps.db, user.id);
  if (current && isLive(current.status)) {
    throw new AppError(
      'conflict',
      'You already have a subscription. Use Manage Subscription to change or cancel it.',
    );
  }
  if (trial) {
    if (priceId !== TRIAL_PRICE_ID) throw fieldError('priceId', 'The free trial is of the Monthly plan.');
    const customer = await repo.findCustomer(deps.db, user.id);
    if (customer?.trialUsedAt || customer?.firstPaidAt) {
      throw new AppError('conflict', 'You have already used your free trial. Choose a plan to subscribe.');
    }
  }
  const customerId = await customerFor(deps, user);
  const appUrl = deps.env.APP_URL;
  const session = await deps.billing.createCheckoutSession({
    userId: user.id,
    customerId,
    priceId,
    trialDays: trial ? TRIAL_DAYS : 0,
    seats,
    successUrl: `${appUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${appUrl}/pricing`,
  });
  return { url: session.url };
}

/** POST /api/billing/portal: only for a user who has a subscription with this provider. */
export async function createPortal(deps: BillingDeps, { user }: { user: CurrentUser }): Promise<{ url: string }> {
  const customer = await repo.findCustomer(deps.db, user.id);
  const subscription = await repo.findSubscription(deps.db, user.id);
  if (!customer || !subscription || customer.provider !== deps.billing.name) {
    throw new AppError('not_found', 'You do not have a subscription to manage yet.');
  }
  return deps.billing.createPortalSession({
    customerId: customer.customerId,
    returnUrl: `${deps.env.APP_URL}/account?tab=subscription`,
  });
}

/**
 * POST /api/billing/webhook. Verifies the signature, then re-reads the subscription the event
 * is about from the provider (never trusting the body), applies it, records the event id: all in
 * one transaction, so a failure leaves no trace and the provider's retry applies it again, and a
 * repeated event changes nothing.
 */
export async function handleWebhook(
  deps: BillingDeps,
  { rawBody, signature }: { rawBody: string; signature: string | undefined },
): Promise<{ received: true; duplicate?: true }> {
  const provider = deps.billing;
  let event: ProviderEvent;
  try {
    event = provider.constructEvent(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      throw new AppError('bad_request', 'Invalid webhook signature.', {
        fields: { 'stripe-signature': 'The signature header is missing or does not match the body.' },
      });
    }
    throw error;
  }
  if (await repo.eventSeen(deps.db, event.id)) return { received: true, duplicate: true };

  let subscriptionId = event.subscriptionId;
  if (event.checkoutSessionId) {
    subscriptionId = (await provider.retrieveCheckoutSession(event.checkoutSessionId)).subscriptionId;
  }
  const subscription = subscriptionId ? await provider.retrieveSubscription(subscriptionId) : null;

  const applied = await deps.db.transaction(async (tx) => {
    if (!(await repo.claimEvent(tx, { id: event.id, provider: provider.name, type: event.type }))) return false;
    if (!subscription) return true;
    const customer = await repo.findCustomerByProviderId(tx, subscription.customerId);
    if (!customer) {
      // Not a customer this app created (another app on the same account): nothing to change.
      deps.logger.warn({ eventId: event.id, customerId: subscription.customerId }, 'billing event for an unknown customer');
      return true;
    }
    await applySubscription(tx, { userId: customer.userId, provider: provider.name, subscription, event });
    return true;
  });
  return applied ? { received: true } : { received: true, duplicate: true };
}

/** Writes the provider's view of a subscription onto the user's row; one audit row per change. */
async function applySubscription(
  tx: Db,
  input: { userId: string; provider: 'demo' | 'stripe'; subscription: ProviderSubscription; event: ProviderEvent },
): Promise<void> {
  const { userId, subscription, event } = input;
  const existing = await repo.lockSubscription(tx, userId);
  // An event about an older, ended subscription must not override the user's live one.
  if (existing && existing.providerSubscriptionId !== subscription.id && isLive(existing.status) && !isLive(subscription.status)) {
    return;
  }
  const plan = planFor(subscription.priceId);
  const wasPastDue = existing?.status === 'past_due' && existing.providerSubscriptionId === subscription.id;
  const graceUntil =
    subscription.status === 'past_due'
      ? wasPastDue && existing?.graceUntil
        ? existing.graceUntil
        : new Date(Date.now() + PAST_DUE_GRACE_DAYS * DAY_MS)
      : null;
  const sameTrial = existing?.trialEnd?.getTime() === subscription.trialEnd?.getTime();
  const row = await repo.upsertSubscription(tx, {
    userId,
    provider: input.provider,
    providerCustomerId: subscription.customerId,
    providerSubscriptionId: subscription.id,
    status: subscription.status,
    priceId: subscription.priceId,
    tier: plan.tier,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    trialEnd: subscription.trialEnd,
    graceUntil,
    // A new trial end (a new trial) may be reminded of again.
    trialReminderSentAt: sameTrial ? (existing?.trialReminderSentAt ?? null) : null,
    seats: subscription.seats,
  });
  await repo.markCustomer(tx, userId, {
    trialUsed: subscription.status === 'trialing' || subscription.trialEnd !== null,
    paid: subscription.status === 'active',
  });

  const changed =
    !existing ||
    existing.status !== row.status ||
    existing.priceId !== row.priceId ||
    existing.providerSubscriptionId !== row.providerSubscriptionId ||
    existing.cancelAtPeriodEnd !== row.cancelAtPeriodEnd ||
    existing.seats !== row.seats ||
    existing.currentPeriodEnd?.getTime() !== row.currentPeriodEnd?.getTime();
  if (changed) {
    await recordAudit(tx, {
      action: 'billing.subscription_changed',
      actorUserId: null,
      targetType: 'user',
      targetId: userId,
      details: {
        eventId: event.id,
        eventType: event.type,
        subscriptionId: subscription.id,
        from: existing
          ? { status: existing.status, priceId: existing.priceId, cancelAtPeriodEnd: existing.cancelAtPeriodEnd, seats: existing.seats }
          : null,
        to: { status: row.status, priceId: row.priceId, cancelAtPeriodEnd: row.cancelAtPeriodEnd, seats: row.seats },
      },
    });
  }
}

/** What the money-back guarantee depends on: the request made, the first payment, the first export since. */
type GuaranteeFacts = {
  request: Awaited<ReturnType<typeof repo.findRefundRequest>>;
  firstPaidAt: Date | null;
  firstExport: Awaited<ReturnType<typeof repo.firstExportSince>>;
};

async function guaranteeFacts(db: Db, userId: string): Promise<GuaranteeFacts> {
  const [request, customer] = await Promise.all([repo.findRefundRequest(db, userId), repo.findCustomer(db, userId)]);
  const firstPaidAt = customer?.firstPaidAt ?? null;
  const firstExport = firstPaidAt && !request ? await repo.firstExportSince(db, userId, firstPaidAt) : null;
  return { request, firstPaidAt, firstExport };
}

const refundDeadline = (firstPaidAt: Date) => new Date(firstPaidAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS);

/** Money-back guarantee (docs/rules.md#money-back): 30 days from the first purchase, no export since, once. */
function refundEligibilityOf({ request, firstPaidAt, firstExport }: GuaranteeFacts, now: Date): RefundEligibility {
  if (request) return { state: 'requested', status: request.status, requestedAt: request.createdAt.toISOString() };
  if (!firstPaidAt) {
    return { state: 'unavailable', reason: 'The money-back guarantee starts with your first payment; a free trial is not charged.' };
  }
  const deadline = refundDeadline(firstPaidAt);
  // An export within the window ended it first; one after the window changes nothing.
  if (firstExport && firstExport.exportDate <= deadline) {
    return {
      state: 'unavailable',
      reason: `Contacts were exported on ${dateFormat.format(firstExport.exportDate)}; an export ends the money-back guarantee.`,
    };
  }
  if (now > deadline) {
    return { state: 'unavailable', reason: `The 30-day money-back period ended on ${dateFormat.format(deadline)}.` };
  }
  return { state: 'available', deadline: deadline.toISOString() };
}

/** The same facts as the pages that warn before an export, and the Subscription tab, read them. */
function guaranteeOf({ request, firstPaidAt, firstExport }: GuaranteeFacts, now: Date): MoneyBackGuarantee {
  if (request) return { state: 'claimed', requestedAt: request.createdAt.toISOString() };
  if (!firstPaidAt) return { state: 'none' };
  const deadline = refundDeadline(firstPaidAt);
  if (firstExport && firstExport.exportDate <= deadline) {
    const format = firstExport.format === 'xlsx' || firstExport.format === 'pdf' ? firstExport.format : 'csv';
    return {
      state: 'ended',
      endedAt: firstExport.exportDate.toISOString(),
      reason: 'exported',
      export: { count: firstExport.exportCount, format },
    };
  }
  if (now > deadline) return { state: 'ended', endedAt: deadline.toISOString(), reason: 'expired', export: null };
  return { state: 'active', until: deadline.toISOString(), endsOn: 'export' };
}

async function refundEligibility(db: Db, userId: string, now = new Date()): Promise<RefundEligibility> {
  return refundEligibilityOf(await guaranteeFacts(db, userId), now);
}

/** GET /api/billing/subscription: the tier comes from the session (the same rule every guard uses). */
export async function getSubscription(deps: BillingDeps, { user }: { user: CurrentUser }): Promise<BillingSubscriptionResponse> {
  const now = new Date();
  const [row, customer, facts] = await Promise.all([
    repo.findSubscription(deps.db, user.id),
    repo.findCustomer(deps.db, user.id),
    guaranteeFacts(deps.db, user.id),
  ]);
  const entitled = user.subscription.subscribed;
  const shown = entitled ? row : undefined;
  return {
    subscribed: entitled,
    tier: user.subscription.tier,
    priceId: shown?.priceId ?? null,
    planName: planName(user.subscription.tier),
    status: shown?.status ?? null,
    currentPeriodEnd: shown?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: shown?.cancelAtPeriodEnd ?? false,
    trialEnd: shown?.status === 'trialing' ? (shown.trialEnd?.toISOString() ?? null) : null,
    graceUntil: shown?.status === 'past_due' ? (shown.graceUntil?.toISOString() ?? null) : null,
    trialAvailable: !customer?.trialUsedAt && !customer?.firstPaidAt && !(row && isLive(row.status)),
    refund: refundEligibilityOf(facts, now),
    guarantee: guaranteeOf(facts, now),
    provider: deps.billing.name,
    seats: shown?.seats ?? 1,
  };
}

/**
 * PUT /api/billing/seats: the subscriber's seats. More are charged at once for the rest of the
 * period; fewer lower the next period's price (docs/decisions/062-per-seat-billing.md). The
 * provider's answer (not the request) is applied at once, in the transaction the webhook uses; its
 * own event for the change then finds nothing new.
 */
export async function updateSeats(
  deps: BillingDeps,
  { user, seats, seatsInUse = async () => 1 }: { user: CurrentUser; seats: number; seatsInUse?: (db: Db) => Promise<number> },
): Promise<BillingSubscriptionResponse> {
  const provider = deps.billing;
  const current = await repo.findSubscription(deps.db, user.id);
  if (!current || !isLive(current.status) || current.provider !== provider.name || !current.providerSubscriptionId) {
    throw new AppError('not_found', 'You do not have a subscription to add seats to yet.');
  }
  if (seats === current.seats) return getSubscription(deps, { user });
  const inUse = await seatsInUse(deps.db);
  if (seats < inUse) {
    throw fieldError('seats', `${inUse} seats are in use (members and pending invitations): remove members or revoke invitations first.`);
  }
  let subscription: ProviderSubscription;
  try {
    subscription = await provider.updateSeats({ subscriptionId: current.providerSubscriptionId, seats, prorate: seats > current.seats });
  } catch (error) {
    if (error instanceof ProviderObjectMissingError) {
      throw new AppError('not_found', 'The payment provider no longer knows your subscription, so its seats cannot change. Write to support.');
    }
    throw error;
  }
  await deps.db.transaction((tx) =>
    applySubscription(tx, {
      userId: user.id,
      provider: provider.name,
      subscription,
      event: { id: `seats-${randomUUID()}`, type: 'seats.updated', checkoutSessionId: null, subscriptionId: subscription.id },
    }),
  );
  return getSubscription(deps, { user });
}

/**
 * GET /api/billing/checkout-sessions/{sessionId}: the success page's check. The session must be
 * the caller's (its customer is the caller's customer with the provider in use) and exist, else
 * 404; `paid` once the checkout completed with a payment made or none due (a trial).
 */
export async function checkCheckoutSession(
  deps: BillingDeps,
  { user, sessionId }: { user: CurrentUser; sessionId: string },
): Promise<CheckoutSessionCheckResponse> {
  const notFound = () => new AppError('not_found', 'This checkout session does not exist.');
  const customer = await repo.findCustomer(deps.db, user.id);
  if (!customer || customer.provider !== deps.billing.name) throw notFound();
  let session: Awaited<ReturnType<typeof deps.billing.retrieveCheckoutSession>>;
  try {
    session = await deps.billing.retrieveCheckoutSession(sessionId);
  } catch (error) {
    if (error instanceof ProviderObjectMissingError) throw notFound();
    throw error;
  }
  if (session.customerId !== customer.customerId) throw notFound();
  return { paid: session.paid };
}

/** POST /api/billing/refund-request: stored, emailed to the operators (and a receipt to the user). */
export async function requestRefund(
  deps: BillingDeps,
  { user, reason, ip }: { user: CurrentUser; reason: string | null; ip: string | null },
): Promise<BillingSubscriptionResponse> {
  await deps.db.transaction(async (tx) => {
    await tx.sql.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id]);
    const eligibility = await refundEligibility(tx, user.id);
    if (eligibility.state === 'requested') throw new AppError('conflict', 'You have already requested a refund.');
    if (eligibility.state === 'unavailable') throw new AppError('conflict', eligibility.reason);
    const subscription = await repo.findSubscription(tx, user.id);
    const customer = await repo.findCustomer(tx, user.id);
    const request = await repo.insertRefundRequest(tx, {
      userId: user.id,
      subscriptionId: subscription?.id ?? null,
      reason: reason || null,
    });
    if (!request) throw new AppError('conflict', 'You have already requested a refund.');
    const operatorEmail = refundRequestedOperatorEmail({
      email: user.email,
      planName: subscription ? planName(subscription.tier) : 'Free Plan',
      firstPaidAt: customer?.firstPaidAt ?? new Date(),
      reason: request.reason,
      adminUrl: `${deps.env.APP_URL}/admin-dashboard`,
    });
    for (const to of deps.env.ADMIN_EMAILS) await enqueueEmail(tx, { to, ...operatorEmail });
    await enqueueEmail(tx, {
      to: user.email,
      ...refundRequestedUserEmail({ accountUrl: `${deps.env.APP_URL}/account?tab=subscription` }),
    });
    await recordAudit(tx, {
      action: 'billing.refund_requested',
      actorUserId: user.id,
      targetType: 'refund_request',
      targetId: request.id,
      details: { subscriptionId: subscription?.id ?? null },
      ip,
    });
  });
  return getSubscription(deps, { user });
}

const toAdminRefundRequest = (row: Awaited<ReturnType<typeof repo.listRefundRequests>>[number]): AdminRefundRequest => ({
  id: row.id,
  email: row.email,
  planName: planName(row.tier ?? 'free'),
  reason: row.reason,
  status: row.status,
  requestedAt: row.createdAt.toISOString(),
  firstPaidAt: row.firstPaidAt?.toISOString() ?? null,
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
  resolvedByEmail: row.resolvedByEmail ?? null,
});

export async function listRefundRequests(deps: BillingDeps): Promise<AdminRefundRequestsResponse> {
  const rows = await repo.listRefundRequests(deps.db);
  return { requests: rows.map(toAdminRefundRequest) };
}

/**
 * POST /api/admin/refund-requests/{id}/resolve: the operator records the decision (the refund
 * itself is made in the payment provider's dashboard), audited, and the customer is told, in
 * one transaction. An open request only: a second click gets a 409.
 */
export async function resolveRefundRequest(
  deps: BillingDeps,
  input: { id: string; status: 'refunded' | 'declined'; actor: { userId: string; ip: string | null } },
): Promise<ResolveRefundRequestResponse> {
  await deps.db.transaction(async (tx) => {
    const request = await repo.lockRefundRequest(tx, input.id);
    if (!request) throw new AppError('not_found', 'Refund request not found.');
    if (request.status !== 'open') {
      throw new AppError('conflict', `This refund request was already marked ${request.status}. Reload the list to see its current state.`);
    }
    await repo.resolveRefundRequest(tx, { id: input.id, status: input.status, resolvedBy: input.actor.userId });
    const [row] = await repo.listRefundRequests(tx, { id: input.id });
    await enqueueEmail(tx, {
      to: row.email,
      ...refundResolvedUserEmail({ status: input.status, accountUrl: `${deps.env.APP_URL}/account?tab=subscription` }),
    });
    await recordAudit(tx, {
      action: 'billing.refund_resolved',
      actorUserId: input.actor.userId,
      targetType: 'refund_request',
      targetId: input.id,
      details: { status: input.status, userId: request.user_id },
      ip: input.actor.ip,
    });
  });
  const [row] = await repo.listRefundRequests(deps.db, { id: input.id });
  return {
    request: toAdminRefundRequest(row),
    message:
      input.status === 'refunded'
        ? `Marked refunded; ${row.email} was emailed.`
        : `Marked declined; ${row.email} was emailed.`,
  };
}

/** The job's reminder: one email per trial, 2 days before it converts. Returns how many were queued. */
export async function sendTrialReminders(deps: BillingDeps, now = new Date()): Promise<number> {
  const due = await repo.trialsDueForReminder(deps.db, now, new Date(now.getTime() + TRIAL_REMINDER_BEFORE_MS));
  let sent = 0;
  for (const trial of due) {
    await deps.db.transaction(async (tx) => {
      if (!(await repo.claimTrialReminder(tx, trial.id))) return;
      const plan = planFor(TRIAL_PRICE_ID);
      await enqueueEmail(tx, {
        to: trial.email,
        ...trialReminderEmail({
          trialEnd: trial.trialEnd ?? now,
          price: plan.price,
          accountUrl: `${deps.env.APP_URL}/account?tab=subscription`,
        }),
      });
      sent++;
    });
  }
  return sent;
}
