import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { billingCustomers, exportLogs, refundRequests, subscriptions, users } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CustomerRow = typeof billingCustomers.$inferSelect;

export async function findCustomer(db: Db, userId: string): Promise<CustomerRow | undefined> {
  const [row] = await db.orm.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  return row;
}

export async function findCustomerByProviderId(db: Db, customerId: string): Promise<CustomerRow | undefined> {
  const [row] = await db.orm.select().from(billingCustomers).where(eq(billingCustomers.customerId, customerId));
  return row;
}

/** Stores the user's customer; an existing row (another provider's) is repointed, keeping trial and purchase facts. */
export async function saveCustomer(db: Db, input: { userId: string; provider: 'demo' | 'stripe'; customerId: string }) {
  await db.orm
    .insert(billingCustomers)
    .values(input)
    .onConflictDoUpdate({
      target: billingCustomers.userId,
      set: { provider: input.provider, customerId: input.customerId },
    });
}

export async function markCustomer(db: Db, userId: string, facts: { trialUsed?: boolean; paid?: boolean }) {
  if (!facts.trialUsed && !facts.paid) return;
  const now = new Date();
  await db.orm
    .update(billingCustomers)
    .set({
      ...(facts.trialUsed ? { trialUsedAt: sql`coalesce(${billingCustomers.trialUsedAt}, ${now.toISOString()}::timestamptz)` } : {}),
      ...(facts.paid ? { firstPaidAt: sql`coalesce(${billingCustomers.firstPaidAt}, ${now.toISOString()}::timestamptz)` } : {}),
    })
    .where(eq(billingCustomers.userId, userId));
}

export async function findSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.orm.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

/** The row locked for the rest of the transaction (two events for one user apply one after the other). */
export async function lockSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  await db.sql.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
  return findSubscription(db, userId);
}

export async function upsertSubscription(db: Db, values: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
  const { userId: _userId, ...changes } = values;
  const [row] = await db.orm
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row;
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
  const [row] = await db.orm
    .select({ exportDate: exportLogs.exportDate, exportCount: exportLogs.exportCount, format: exportLogs.format })
    .from(exportLogs)
    .where(and(eq(exportLogs.userId, userId), gte(exportLogs.exportDate, since)))
    .orderBy(asc(exportLogs.exportDate), asc(exportLogs.id))
    .limit(1);
  return row ?? null;
}

export async function findRefundRequest(db: Db, userId: string) {
  const [row] = await db.orm.select().from(refundRequests).where(eq(refundRequests.userId, userId));
  return row;
}

/** Inserts the request; undefined when the user already has one (one per customer). */
export async function insertRefundRequest(
  db: Db,
  values: { userId: string; subscriptionId: string | null; reason: string | null },
) {
  const [row] = await db.orm.insert(refundRequests).values(values).onConflictDoNothing().returning();
  return row;
}

const resolver = alias(users, 'resolver');

/** Refund requests for the operators, open ones first (or the one with this id). */
export async function listRefundRequests(db: Db, only?: { id: string }) {
  return db.orm
    .select({
      id: refundRequests.id,
      userId: refundRequests.userId,
      email: users.email,
      reason: refundRequests.reason,
      status: refundRequests.status,
      createdAt: refundRequests.createdAt,
      resolvedAt: refundRequests.resolvedAt,
      resolvedByEmail: resolver.email,
      tier: subscriptions.tier,
      firstPaidAt: billingCustomers.firstPaidAt,
    })
    .from(refundRequests)
    .innerJoin(users, eq(users.id, refundRequests.userId))
    .leftJoin(resolver, eq(resolver.id, refundRequests.resolvedBy))
    .leftJoin(subscriptions, eq(subscriptions.userId, refundRequests.userId))
    .leftJoin(billingCustomers, eq(billingCustomers.userId, refundRequests.userId))
    .where(only ? eq(refundRequests.id, only.id) : undefined)
    .orderBy(sql`${refundRequests.status} = 'open' DESC`, desc(refundRequests.createdAt))
    .limit(500);
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
  await db.orm
    .update(refundRequests)
    .set({ status: input.status, resolvedAt: new Date(), resolvedBy: input.resolvedBy })
    .where(eq(refundRequests.id, input.id));
}

/** Trials that convert within `before` and have had no reminder yet. */
export async function trialsDueForReminder(db: Db, now: Date, before: Date) {
  return db.orm
    .select({ id: subscriptions.id, userId: subscriptions.userId, trialEnd: subscriptions.trialEnd, email: users.email })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.status, 'trialing'),
        sql`${subscriptions.trialReminderSentAt} IS NULL`,
        sql`${subscriptions.trialEnd} > ${now.toISOString()}::timestamptz`,
        sql`${subscriptions.trialEnd} <= ${before.toISOString()}::timestamptz`,
      ),
    );
}

/** Claims one reminder (false if another process sent it first). */
export async function claimTrialReminder(db: Db, subscriptionId: string): Promise<boolean> {
  const { rows } = await db.sql.query(
    `UPDATE subscriptions SET trial_reminder_sent_at = now() WHERE id = $1 AND trial_reminder_sent_at IS NULL RETURNING id`,
    [subscriptionId],
  );
  return rows.length === 1;
}
