import { planFor, planName, priceForSeats, type DemoCheckoutSessionResponse, type DemoPortalAction, type DemoPortalResponse } from '../../../contract/billing';
import type { CurrentUser } from '../../lib/current-user';
import { AppError, fieldError } from '../../lib/errors';
import { DemoCardError, type DemoProvider, type SignedDemoEvent } from '../../lib/billing/demo-provider';
import * as repo from './repo';
import { handleWebhook, type BillingDeps } from './service';

/** The demo provider, or 404: its pages exist only when Stripe is not configured. */
function demoProvider(deps: BillingDeps): DemoProvider {
  const provider = deps.billing;
  if (provider.name !== 'demo') throw new AppError('not_found', 'The demo billing provider is not in use.');
  return provider as DemoProvider;
}

/**
 * Delivers the demo provider's signed events through the webhook handler, as Stripe would post
 * them: the same signature check, re-read and idempotent apply. In-process, so the subscription
 * is current by the time the browser reaches the success page.
 */
export async function deliverDemoEvents(deps: BillingDeps, events: SignedDemoEvent[]): Promise<void> {
  for (const event of events) await handleWebhook(deps, event);
}

export async function getDemoCheckout(
  deps: BillingDeps,
  { user, sessionId }: { user: CurrentUser; sessionId: string },
): Promise<DemoCheckoutSessionResponse> {
  const session = await demoProvider(deps).findOpenSession(sessionId);
  if (!session || session.userId !== user.id) throw new AppError('not_found', 'This checkout session does not exist.');
  const plan = planFor(session.priceId as 'price_monthly');
  return {
    id: session.id,
    priceId: plan.priceId,
    planTitle: planName(plan.tier),
    price: plan.price,
    period: plan.period,
    trialDays: session.trialDays,
    seats: session.seats,
    total: priceForSeats(plan, session.seats),
    status: session.status,
    email: user.email,
  };
}

export async function payDemoCheckout(
  deps: BillingDeps,
  { user, sessionId, cardNumber }: { user: CurrentUser; sessionId: string; cardNumber: string },
): Promise<{ redirectUrl: string }> {
  const provider = demoProvider(deps);
  const session = await provider.findOpenSession(sessionId);
  if (!session || session.userId !== user.id) throw new AppError('not_found', 'This checkout session does not exist.');
  if (session.status !== 'open') throw new AppError('conflict', 'This checkout session has already been completed.');
  // A checkout opened before the user subscribed elsewhere must not charge a second time.
  const current = await repo.findSubscription(deps.db, user.id);
  if (current && ['active', 'trialing', 'past_due'].includes(current.status)) {
    throw new AppError('conflict', 'You already have a subscription. Use Manage Subscription to change or cancel it.');
  }
  let events: SignedDemoEvent[];
  try {
    events = await provider.pay({ sessionId, userId: user.id, cardNumber });
  } catch (error) {
    if (error instanceof DemoCardError) throw fieldError('cardNumber', error.message);
    throw error;
  }
  await deliverDemoEvents(deps, events);
  return { redirectUrl: `/checkout/success?session_id=${encodeURIComponent(sessionId)}` };
}

async function customerIdOf(deps: BillingDeps, user: CurrentUser): Promise<string> {
  const customer = await repo.findCustomer(deps.db, user.id);
  if (!customer || customer.provider !== 'demo') throw new AppError('not_found', 'You do not have a subscription to manage yet.');
  return customer.customerId;
}

export async function getDemoPortal(deps: BillingDeps, { user }: { user: CurrentUser }): Promise<DemoPortalResponse> {
  const provider = demoProvider(deps);
  const subscription = await provider.currentSubscription(await customerIdOf(deps, user));
  return {
    email: user.email,
    subscription: subscription && {
      id: subscription.id,
      priceId: subscription.priceId,
      planName: planName(planFor(subscription.priceId).tier),
      status: subscription.status,
      currentPeriodEnd: (subscription.currentPeriodEnd ?? new Date()).toISOString(),
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      trialEnd: subscription.trialEnd?.toISOString() ?? null,
    },
  };
}

export async function actOnDemoPortal(
  deps: BillingDeps,
  { user, action }: { user: CurrentUser; action: DemoPortalAction },
): Promise<DemoPortalResponse> {
  const provider = demoProvider(deps);
  const subscription = await provider.currentSubscription(await customerIdOf(deps, user));
  if (!subscription) throw new AppError('not_found', 'You do not have a subscription to manage.');
  let events: SignedDemoEvent[];
  if (action.action === 'cancel') events = await provider.setCancelAtPeriodEnd(subscription.id, true);
  else if (action.action === 'resume') events = await provider.setCancelAtPeriodEnd(subscription.id, false);
  else {
    if (action.priceId === subscription.priceId) throw fieldError('priceId', 'You are already on this plan.');
    events = await provider.changePlan(subscription.id, action.priceId);
  }
  await deliverDemoEvents(deps, events);
  return getDemoPortal(deps, { user });
}
