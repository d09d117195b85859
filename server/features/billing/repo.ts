import type { PriceId } from '../../../contract/billing';
import type { Db } from '../../db/client';

type Provider = 'demo' | 'stripe';

/** A subscriptions row (camelCase): the user's subscription as the provider last told it. */
export type SubscriptionRow = {
  id: string;
  userId: string;
  provider: Provider;
  providerCustomerId: string | null;
  providerSubscriptionId: string | null;
  status: string;
  priceId: PriceId;
  tier: 'basic' | 'premium';
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** 0006: past_due keeps access until then. */
  graceUntil: Date | null;
  trialEnd: Date | null;
  trialReminderSentAt: Date | null;
  /** 0055: the seats paid for (the item's quantity). */
  seats: number;
};

/** A billing_customers row (0006): one provider customer per user, and the facts that outlive a subscription. */
type CustomerRow = {
  userId: string;
  provider: Provider;
  customerId: string;
  trialUsedAt: Date | null;
  firstPaidAt: Date | null;
  createdAt: Date;
};

const SUBSCRIPTION_COLUMNS = `id, user_id AS "userId", provider, provider_customer_id AS "providerCustomerId",
  provider_subscription_id AS "providerSubscriptionId", status, price_id AS "priceId", tier,
  current_period_end AS "currentPeriodEnd", cancel_at_period_end AS "cancelAtPeriodEnd", created_at AS "createdAt",
  updated_at AS "updatedAt", grace_until AS "graceUntil", trial_end AS "trialEnd",
  trial_reminder_sent_at AS "trialReminderSentAt", seats`;

const CUSTOMER_COLUMNS = `user_id AS "userId", provider, customer_id AS "customerId", trial_used_at AS "trialUsedAt",
  first_paid_at AS "firstPaidAt", created_at AS "createdAt"`;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function findCustomer(db: Db, userId: string): Promise<CustomerRow | undefined> {
  const { rows } = await db.sql.query<CustomerRow>(`SELECT ${CUSTOMER_COLUMNS} FROM billing_customers WHERE user_id = $1`, [userId]);
  return rows[0];
}

export async function findCustomerByProviderId(db: Db, customerId: string): Promise<CustomerRow | undefined> {
  const { rows } = await db.sql.query<CustomerRow>(`SELECT ${CUSTOMER_COLUMNS} FROM billing_customers WHERE customer_id = $1`, [
    customerId,
  ]);
  return rows[0];
}

/** Stores the user's customer; an existing row (another provider's) is repointed, keeping trial and purchase facts. */
export async function saveCustomer(db: Db, input: { userId: string; provider: Provider; customerId: string }) {
  await db.sql.query(
    `INSERT INTO billing_customers (user_id, provider, customer_id) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET provider = EXCLUDED.provider, customer_id = EXCLUDED.customer_id`,
    [input.userId, input.provider, input.customerId],
  );
}

/** Records the first trial and the first payment (a date once set stays). */
export async function markCustomer(db: Db, userId: string, facts: { trialUsed?: boolean; paid?: boolean }) {
  const changes = [
    ...(facts.trialUsed ? ['trial_used_at = coalesce(trial_used_at, $2::timestamptz)'] : []),
    ...(facts.paid ? ['first_paid_at = coalesce(first_paid_at, $2::timestamptz)'] : []),
  ];
  if (!changes.length) return;
  await db.sql.query(`UPDATE billing_customers SET ${changes.join(', ')} WHERE user_id = $1`, [userId, new Date().toISOString()]);
}

export async function findSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  const { rows } = await db.sql.query<SubscriptionRow>(`SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE user_id = $1`, [
    userId,
  ]);
  return rows[0];
}

/** The row locked for the rest of the transaction (two events for one user apply one after the other). */
export async function lockSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  await db.sql.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
  return findSubscription(db, userId);
}

/** Writes the user's subscription (a new row, or every field of the existing one); returns the row. */
export async function upsertSubscription(
  db: Db,
  values: Omit<SubscriptionRow, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<SubscriptionRow> {
  const { rows } = await db.sql.query<SubscriptionRow>(
    `INSERT INTO subscriptions (user_id, provider, provider_customer_id, provider_subscription_id, status, price_id, tier,
                                current_period_end, cancel_at_period_end, trial_end, grace_until, trial_reminder_sent_at, seats)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9, $10::timestamptz, $11::timestamptz, $12::timestamptz, $14)
     ON CONFLICT (user_id) DO UPDATE SET
       provider = EXCLUDED.provider, provider_customer_id = EXCLUDED.provider_customer_id,
       provider_subscription_id = EXCLUDED.provider_subscription_id, status = EXCLUDED.status,
       price_id = EXCLUDED.price_id, tier = EXCLUDED.tier, current_period_end = EXCLUDED.current_period_end,
       cancel_at_period_end = EXCLUDED.cancel_at_period_end, trial_end = EXCLUDED.trial_end,
       grace_until = EXCLUDED.grace_until, trial_reminder_sent_at = EXCLUDED.trial_reminder_sent_at,
       seats = EXCLUDED.seats, updated_at = $13::timestamptz
     RETURNING ${SUBSCRIPTION_COLUMNS}`,
    [
      values.userId,
      values.provider,
      values.providerCustomerId,
      values.providerSubscriptionId,
      values.status,
      values.priceId,
      values.tier,
      iso(values.currentPeriodEnd),
      values.cancelAtPeriodEnd,
      iso(values.trialEnd),
      iso(values.graceUntil),
      iso(values.trialReminderSentAt),
      new Date().toISOString(),
      values.seats,
    ],
  );
  return rows[0];
}

/** Inserts the event id; false when it was already there (processed before). */
export async function claimEvent(db: Db, event: { id: string; provider: string; type: string }): Promise<boolean> {
  const { rows } = await db.sql.query<{ id: string }>(
    `INSERT INTO billing_events (id, provider, type, processed_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [event.id, event.provider, event.type],
  );
  return rows.length === 1;
}

export async function eventSeen(db: Db, eventId: string): Promise<boolean> {
  const { rows } = await db.sql.query('SELECT 1 FROM billing_events WHERE id = $1', [eventId]);
  return rows.length > 0;
}

/** The user's first export at or after `since` (the one that ended the money-back guarantee), or null. */
export async function firstExportSince(
  db: Db,
  userId: string,
  since: Date,
): Promise<{ exportDate: Date; exportCount: number; format: string } | null> {
  const { rows } = await db.sql.query<{ exportDate: Date; exportCount: number; format: string }>(
    `SELECT export_date AS "exportDate", export_count AS "exportCount", format FROM export_logs
      WHERE user_id = $1 AND export_date >= $2::timestamptz ORDER BY export_date, id LIMIT 1`,
    [userId, since.toISOString()],
  );
  return rows[0] ?? null;
}

/** A refund_requests row (0006): money-back guarantee requests, one per customer. */
type RefundRequestRow = {
  id: string;
  userId: string;
  subscriptionId: string | null;
  reason: string | null;
  status: 'open' | 'refunded' | 'declined';
  createdAt: Date;
  resolvedAt: Date | null;
  resolvedBy: string | null;
};

const REFUND_COLUMNS = `id, user_id AS "userId", subscription_id AS "subscriptionId", reason, status,
  created_at AS "createdAt", resolved_at AS "resolvedAt", resolved_by AS "resolvedBy"`;

export async function findRefundRequest(db: Db, userId: string): Promise<RefundRequestRow | undefined> {
  const { rows } = await db.sql.query<RefundRequestRow>(`SELECT ${REFUND_COLUMNS} FROM refund_requests WHERE user_id = $1`, [userId]);
  return rows[0];
}

/** Inserts the request; undefined when the user already has one (one per customer). */
export async function insertRefundRequest(
  db: Db,
  values: { userId: string; subscriptionId: string | null; reason: string | null },
): Promise<RefundRequestRow | undefined> {
  const { rows } = await db.sql.query<RefundRequestRow>(
    `INSERT INTO refund_requests (user_id, subscription_id, reason) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING ${REFUND_COLUMNS}`,
    [values.userId, values.subscriptionId, values.reason],
  );
  return rows[0];
}

type AdminRefundRequestRow = {
  id: string;
  userId: string;
  email: string;
  reason: string | null;
  status: 'open' | 'refunded' | 'declined';
  createdAt: Date;
  resolvedAt: Date | null;
  resolvedByEmail: string | null;
  tier: 'basic' | 'premium' | null;
  firstPaidAt: Date | null;
};

/** Refund requests for the operators, open ones first (or the one with this id). */
export async function listRefundRequests(db: Db, only?: { id: string }): Promise<AdminRefundRequestRow[]> {
  const { rows } = await db.sql.query<AdminRefundRequestRow>(
    `SELECT r.id, r.user_id AS "userId", u.email, r.reason, r.status, r.created_at AS "createdAt",
            r.resolved_at AS "resolvedAt", resolver.email AS "resolvedByEmail", s.tier, c.first_paid_at AS "firstPaidAt"
       FROM refund_requests r
       JOIN users u ON u.id = r.user_id
       LEFT JOIN users resolver ON resolver.id = r.resolved_by
       LEFT JOIN subscriptions s ON s.user_id = r.user_id
       LEFT JOIN billing_customers c ON c.user_id = r.user_id
      WHERE $1::uuid IS NULL OR r.id = $1
      ORDER BY r.status = 'open' DESC, r.created_at DESC
      LIMIT 500`,
    [only?.id ?? null],
  );
  return rows;
}

/** The request, locked until the transaction ends (two operators cannot resolve it twice). */
export async function lockRefundRequest(db: Db, id: string) {
  const { rows } = await db.sql.query<{ id: string; user_id: string; status: string }>(
    'SELECT id, user_id, status FROM refund_requests WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows[0];
}

export async function resolveRefundRequest(db: Db, input: { id: string; status: 'refunded' | 'declined'; resolvedBy: string }) {
  await db.sql.query('UPDATE refund_requests SET status = $2, resolved_at = $3::timestamptz, resolved_by = $4 WHERE id = $1', [
    input.id,
    input.status,
    new Date().toISOString(),
    input.resolvedBy,
  ]);
}

/** Trials that convert within `before` and have had no reminder yet. */
export async function trialsDueForReminder(db: Db, now: Date, before: Date) {
  const { rows } = await db.sql.query<{ id: string; userId: string; trialEnd: Date | null; email: string }>(
    `SELECT s.id, s.user_id AS "userId", s.trial_end AS "trialEnd", u.email
       FROM subscriptions s JOIN users u ON u.id = s.user_id
      WHERE s.status = 'trialing' AND s.trial_reminder_sent_at IS NULL
        AND s.trial_end > $1::timestamptz AND s.trial_end <= $2::timestamptz`,
    [now.toISOString(), before.toISOString()],
  );
  return rows;
}

/** Claims one reminder (false if another process sent it first). */
export async function claimTrialReminder(db: Db, subscriptionId: string): Promise<boolean> {
  const { rows } = await db.sql.query(
    `UPDATE subscriptions SET trial_reminder_sent_at = now() WHERE id = $1 AND trial_reminder_sent_at IS NULL RETURNING id`,
    [subscriptionId],
  );
  return rows.length === 1;
}
