import Stripe from 'stripe';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { PriceId } from '../../../contract/billing';
import type { Db } from '../../db/client';
import { demoCheckoutSessions, demoSubscriptions } from '../../db/schema';
import { newToken } from '../tokens';
import {
  eventTarget,
  ProviderObjectMissingError,
  WebhookSignatureError,
  type BillingProvider,
  type ProviderSubscription,
} from './provider';

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_DAYS: Record<PriceId, number> = { price_monthly: 30, price_annual: 365 };

/** Test cards of the demo checkout (the same numbers Stripe's test mode uses). */
export const DEMO_CARD_SUCCESS = '4242424242424242';
export const DEMO_CARD_DECLINED = '4000000000000002';

/** A card the demo checkout refuses; `message` is shown at the card number field. */
export class DemoCardError extends Error {
  override readonly name = 'DemoCardError';
}

/** What a demo action produced: the signed event to post through the webhook handler. */
export type SignedDemoEvent = { rawBody: string; signature: string };

export type DemoProvider = BillingProvider & {
  /** Pays an open checkout session: creates the subscription (trialing or active). */
  pay(input: { sessionId: string; userId: string; cardNumber: string; now?: Date }): Promise<SignedDemoEvent[]>;
  findOpenSession(sessionId: string): Promise<typeof demoCheckoutSessions.$inferSelect | undefined>;
  /** The customer's newest subscription that is not canceled (the portal's subject). */
  currentSubscription(customerId: string): Promise<ProviderSubscription | null>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SignedDemoEvent[]>;
  changePlan(subscriptionId: string, priceId: PriceId): Promise<SignedDemoEvent[]>;
  /** What time does to subscriptions: trials convert, periods renew or end. Run by the billing job. */
  advanceClock(now?: Date): Promise<SignedDemoEvent[]>;
};

const rowToSubscription = (row: typeof demoSubscriptions.$inferSelect): ProviderSubscription => ({
  id: row.id,
  customerId: row.customerId,
  priceId: row.priceId,
  status: row.status,
  currentPeriodEnd: row.currentPeriodEnd,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  trialEnd: row.trialEnd,
});

/**
 * The built-in provider (no STRIPE_SECRET_KEY): its own hosted checkout and portal pages in the
 * app, its records in demo_* tables, and events signed exactly like Stripe's (the same HMAC
 * scheme, with a secret of its own) so they pass through the same verified webhook handler.
 */
export function createDemoProvider({ db, webhookSecret }: { db: Db; webhookSecret: string }): DemoProvider {
  const id = (prefix: string) => `${prefix}_demo_${newToken().slice(0, 24)}`;

  function sign(type: string, object: Record<string, unknown>): SignedDemoEvent {
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    return { rawBody: payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
  }

  const subscriptionEvent = (type: string, subscriptionId: string) =>
    sign(type, { id: subscriptionId, object: 'subscription' });

  async function updateSubscription(subscriptionId: string, changes: Partial<typeof demoSubscriptions.$inferInsert>) {
    const [row] = await db.orm
      .update(demoSubscriptions)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(demoSubscriptions.id, subscriptionId))
      .returning();
    if (!row) throw new Error(`No demo subscription ${subscriptionId}`);
    return row;
  }

  return {
    name: 'demo',

    async createCustomer() {
      return id('cus');
    },

    async createCheckoutSession({ userId, customerId, priceId, trialDays }) {
      const sessionId = id('cs');
      await db.orm.insert(demoCheckoutSessions).values({ id: sessionId, userId, customerId, priceId, trialDays });
      return { id: sessionId, url: `/billing/demo/checkout/${sessionId}` };
    },

    async createPortalSession() {
      return { url: '/billing/demo/portal' };
    },

    constructEvent(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      try {
        return eventTarget(Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret));
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
      }
    },

    async retrieveCheckoutSession(sessionId) {
      const [row] = await db.orm.select().from(demoCheckoutSessions).where(eq(demoCheckoutSessions.id, sessionId));
      if (!row) throw new ProviderObjectMissingError(`No demo checkout session ${sessionId}`);
      // The demo card pays at once (a trial is paid for by card too): complete means paid.
      return { id: row.id, customerId: row.customerId, subscriptionId: row.subscriptionId, paid: row.status === 'complete' };
    },

    async retrieveSubscription(subscriptionId) {
      const [row] = await db.orm.select().from(demoSubscriptions).where(eq(demoSubscriptions.id, subscriptionId));
      if (!row) throw new Error(`No demo subscription ${subscriptionId}`);
      return rowToSubscription(row);
    },

    async findOpenSession(sessionId) {
      const [row] = await db.orm.select().from(demoCheckoutSessions).where(eq(demoCheckoutSessions.id, sessionId));
      return row;
    },

    async pay({ sessionId, userId, cardNumber, now = new Date() }) {
      if (cardNumber === DEMO_CARD_DECLINED) throw new DemoCardError('Your card was declined.');
      if (cardNumber !== DEMO_CARD_SUCCESS) {
        throw new DemoCardError('This demo checkout accepts the test card 4242 4242 4242 4242 only.');
      }
      return db.transaction(async (tx) => {
        // Locks the session: a double-submitted form pays once.
        const { rows } = await tx.sql.query<{ id: string }>(
          `SELECT id FROM demo_checkout_sessions WHERE id = $1 AND user_id = $2 AND status = 'open' FOR UPDATE`,
          [sessionId, userId],
        );
        if (!rows[0]) throw new DemoCardError('This checkout session has already been completed or has expired.');
        const [session] = await tx.orm.select().from(demoCheckoutSessions).where(eq(demoCheckoutSessions.id, sessionId));
        const subscriptionId = id('sub');
        const trialEnd = session.trialDays > 0 ? new Date(now.getTime() + session.trialDays * DAY_MS) : null;
        const priceId = session.priceId as PriceId;
        await tx.orm.insert(demoSubscriptions).values({
          id: subscriptionId,
          customerId: session.customerId ?? '',
          priceId,
          status: trialEnd ? 'trialing' : 'active',
          currentPeriodEnd: trialEnd ?? new Date(now.getTime() + PERIOD_DAYS[priceId] * DAY_MS),
          trialEnd,
        });
        await tx.orm
          .update(demoCheckoutSessions)
          .set({ status: 'complete', completedAt: now, subscriptionId })
          .where(eq(demoCheckoutSessions.id, sessionId));
        return [
          sign('checkout.session.completed', { id: sessionId, object: 'checkout.session', mode: 'subscription' }),
          subscriptionEvent('customer.subscription.created', subscriptionId),
        ];
      });
    },

    async currentSubscription(customerId) {
      const rows = await db.orm
        .select()
        .from(demoSubscriptions)
        .where(and(eq(demoSubscriptions.customerId, customerId), inArray(demoSubscriptions.status, ['active', 'trialing', 'past_due'])));
      rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      return rows[0] ? rowToSubscription(rows[0]) : null;
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await updateSubscription(subscriptionId, { cancelAtPeriodEnd: cancel });
      return [subscriptionEvent('customer.subscription.updated', subscriptionId)];
    },

    async changePlan(subscriptionId, priceId) {
      // The demo switches at once and keeps the period (Stripe would prorate the difference).
      await updateSubscription(subscriptionId, { priceId, cancelAtPeriodEnd: false });
      return [subscriptionEvent('customer.subscription.updated', subscriptionId)];
    },

    async advanceClock(now = new Date()) {
      const due = await db.orm
        .select()
        .from(demoSubscriptions)
        .where(and(inArray(demoSubscriptions.status, ['active', 'trialing']), lte(demoSubscriptions.currentPeriodEnd, now)));
      const events: SignedDemoEvent[] = [];
      for (const row of due) {
        if (row.cancelAtPeriodEnd) {
          await updateSubscription(row.id, { status: 'canceled' });
          events.push(subscriptionEvent('customer.subscription.deleted', row.id));
        } else {
          // A trial converts (the demo card always pays) and a period renews.
          const next = new Date(row.currentPeriodEnd.getTime() + PERIOD_DAYS[row.priceId] * DAY_MS);
          await updateSubscription(row.id, { status: 'active', currentPeriodEnd: next });
          events.push(subscriptionEvent('customer.subscription.updated', row.id));
        }
      }
      return events;
    },
  };
}
