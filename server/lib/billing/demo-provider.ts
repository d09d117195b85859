import Stripe from 'stripe';
import type { PriceId } from '../../../contract/billing';
import type { Db } from '../../db/client';
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
  findOpenSession(sessionId: string): Promise<CheckoutSessionRow | undefined>;
  /** The customer's newest subscription that is not canceled (the portal's subject). */
  currentSubscription(customerId: string): Promise<ProviderSubscription | null>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SignedDemoEvent[]>;
  changePlan(subscriptionId: string, priceId: PriceId): Promise<SignedDemoEvent[]>;
  /** What time does to subscriptions: trials convert, periods renew or end. Run by the billing job. */
  advanceClock(now?: Date): Promise<SignedDemoEvent[]>;
};

/** A demo_checkout_sessions row (camelCase). */
type CheckoutSessionRow = {
  id: string;
  userId: string;
  priceId: string;
  status: 'open' | 'complete' | 'expired';
  createdAt: Date;
  completedAt: Date | null;
  customerId: string | null;
  trialDays: number;
  subscriptionId: string | null;
  seats: number;
};

const SESSION_COLUMNS = `id, user_id AS "userId", price_id AS "priceId", status, created_at AS "createdAt",
  completed_at AS "completedAt", customer_id AS "customerId", trial_days AS "trialDays", subscription_id AS "subscriptionId", seats`;

/** A demo_subscriptions row (0006: what Stripe would hold), as the provider answers it. */
type DemoSubscriptionRow = ProviderSubscription & { currentPeriodEnd: Date };

const SUBSCRIPTION_COLUMNS = `id, customer_id AS "customerId", price_id AS "priceId", status,
  current_period_end AS "currentPeriodEnd", cancel_at_period_end AS "cancelAtPeriodEnd", trial_end AS "trialEnd", seats`;

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

  async function findSession(sessionId: string): Promise<CheckoutSessionRow | undefined> {
    const { rows } = await db.sql.query<CheckoutSessionRow>(`SELECT ${SESSION_COLUMNS} FROM demo_checkout_sessions WHERE id = $1`, [
      sessionId,
    ]);
    return rows[0];
  }

  /** Changes the fields given (none of them is ever set to null). */
  async function updateSubscription(
    subscriptionId: string,
    changes: { status?: string; priceId?: PriceId; currentPeriodEnd?: Date; cancelAtPeriodEnd?: boolean; seats?: number },
  ): Promise<void> {
    const { rowCount } = await db.sql.query(
      `UPDATE demo_subscriptions SET status = coalesce($2, status), price_id = coalesce($3, price_id),
              current_period_end = coalesce($4::timestamptz, current_period_end),
              cancel_at_period_end = coalesce($5, cancel_at_period_end), updated_at = $6::timestamptz,
              seats = coalesce($7, seats)
        WHERE id = $1`,
      [
        subscriptionId,
        changes.status ?? null,
        changes.priceId ?? null,
        changes.currentPeriodEnd?.toISOString() ?? null,
        changes.cancelAtPeriodEnd ?? null,
        new Date().toISOString(),
        changes.seats ?? null,
      ],
    );
    if (rowCount === 0) throw new Error(`No demo subscription ${subscriptionId}`);
  }

  return {
    name: 'demo',

    async createCustomer() {
      return id('cus');
    },

    async createCheckoutSession({ userId, customerId, priceId, trialDays, seats }) {
      const sessionId = id('cs');
      await db.sql.query(
        'INSERT INTO demo_checkout_sessions (id, user_id, customer_id, price_id, trial_days, seats) VALUES ($1, $2, $3, $4, $5, $6)',
        [sessionId, userId, customerId, priceId, trialDays, seats],
      );
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
      const row = await findSession(sessionId);
      if (!row) throw new ProviderObjectMissingError(`No demo checkout session ${sessionId}`);
      // The demo card pays at once (a trial is paid for by card too): complete means paid.
      return { id: row.id, customerId: row.customerId, subscriptionId: row.subscriptionId, paid: row.status === 'complete' };
    },

    async retrieveSubscription(subscriptionId) {
      const { rows } = await db.sql.query<DemoSubscriptionRow>(
        `SELECT ${SUBSCRIPTION_COLUMNS} FROM demo_subscriptions WHERE id = $1`,
        [subscriptionId],
      );
      if (!rows[0]) throw new Error(`No demo subscription ${subscriptionId}`);
      return rows[0];
    },

    findOpenSession: findSession,

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
        const { rows: sessions } = await tx.sql.query<CheckoutSessionRow>(
          `SELECT ${SESSION_COLUMNS} FROM demo_checkout_sessions WHERE id = $1`,
          [sessionId],
        );
        const session = sessions[0];
        const subscriptionId = id('sub');
        const trialEnd = session.trialDays > 0 ? new Date(now.getTime() + session.trialDays * DAY_MS) : null;
        const priceId = session.priceId as PriceId;
        await tx.sql.query(
          `INSERT INTO demo_subscriptions (id, customer_id, price_id, status, current_period_end, trial_end, seats)
           VALUES ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz, $7)`,
          [
            subscriptionId,
            session.customerId ?? '',
            priceId,
            trialEnd ? 'trialing' : 'active',
            (trialEnd ?? new Date(now.getTime() + PERIOD_DAYS[priceId] * DAY_MS)).toISOString(),
            trialEnd?.toISOString() ?? null,
            session.seats,
          ],
        );
        await tx.sql.query(
          `UPDATE demo_checkout_sessions SET status = 'complete', completed_at = $2::timestamptz, subscription_id = $3 WHERE id = $1`,
          [sessionId, now.toISOString(), subscriptionId],
        );
        return [
          sign('checkout.session.completed', { id: sessionId, object: 'checkout.session', mode: 'subscription' }),
          subscriptionEvent('customer.subscription.created', subscriptionId),
        ];
      });
    },

    async currentSubscription(customerId) {
      const { rows } = await db.sql.query<DemoSubscriptionRow>(
        `SELECT ${SUBSCRIPTION_COLUMNS} FROM demo_subscriptions
          WHERE customer_id = $1 AND status IN ('active', 'trialing', 'past_due') ORDER BY created_at DESC LIMIT 1`,
        [customerId],
      );
      return rows[0] ?? null;
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

    async updateSeats({ subscriptionId, seats }) {
      // The demo charges nothing: the count changes at once either way (Stripe prorates an increase).
      const { rows } = await db.sql.query('SELECT 1 FROM demo_subscriptions WHERE id = $1', [subscriptionId]);
      if (rows.length === 0) throw new ProviderObjectMissingError(`No demo subscription ${subscriptionId}`);
      await updateSubscription(subscriptionId, { seats });
      return this.retrieveSubscription(subscriptionId);
    },

    async advanceClock(now = new Date()) {
      const { rows: due } = await db.sql.query<DemoSubscriptionRow>(
        `SELECT ${SUBSCRIPTION_COLUMNS} FROM demo_subscriptions
          WHERE status IN ('active', 'trialing') AND current_period_end <= $1::timestamptz`,
        [now.toISOString()],
      );
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
