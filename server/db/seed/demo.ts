import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { SqlDriver } from '../driver';
import { appMeta, billingCustomers, demoSubscriptions, subscriptions, users } from '../schema';
import { hashPassword } from '../../features/auth/password';
import type { Logger } from '../../lib/logger';
import { generatePhysicians } from './generator';
import { CONTACT_COPY_COLUMNS, contactCopyLine, PHYSICIAN_COPY_COLUMNS, physicianCopyLine } from './copy-rows';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_ACCOUNTS = [
  { email: 'free@example.com', role: 'user', tier: 'free' },
  { email: 'basic@example.com', role: 'user', tier: 'basic' },
  { email: 'premium@example.com', role: 'user', tier: 'premium' },
  { email: 'admin@example.com', role: 'admin', tier: 'free' },
] as const;

const BATCH = 25_000;
const LOADED_KEY = 'demo_directory';

/** Bulk-loads `count` generated physicians with COPY, in one transaction (all or nothing). */
export async function loadDemoDirectory(
  driver: SqlDriver,
  options: { count: number; logger?: Logger; seed?: number },
): Promise<void> {
  const started = Date.now();
  await driver.transaction(async (tx) => {
    let physicianCsv = '';
    let contactCsv = '';
    let done = 0;
    for (const p of generatePhysicians({ count: options.count, seed: options.seed })) {
      physicianCsv += physicianCopyLine(p);
      contactCsv += contactCopyLine(p);
      done++;
      if (done % BATCH === 0 || done === options.count) {
        await tx.copyFrom('physicians', PHYSICIAN_COPY_COLUMNS, physicianCsv);
        await tx.copyFrom('physician_contacts', CONTACT_COPY_COLUMNS, contactCsv);
        physicianCsv = '';
        contactCsv = '';
        options.logger?.info(
          `demo directory: ${done.toLocaleString('en-US')} / ${options.count.toLocaleString('en-US')} physicians loaded (${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
    }
    await tx.query(
      "SELECT setval(pg_get_serial_sequence('physicians', 'id'), GREATEST((SELECT max(id) FROM physicians), 1))",
    );
    await tx.exec('ANALYZE physicians; ANALYZE physician_contacts');
  });
}

/** Demo accounts with the password DEMO_PASSWORD; paid tiers get an active demo subscription. */
export async function createDemoAccounts(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const day = 24 * 3600 * 1000;
  await db.transaction(async (tx) => {
    const existing = await tx.orm
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.email, DEMO_ACCOUNTS.map((a) => a.email)));
    const have = new Set(existing.map((u) => u.email));
    for (const account of DEMO_ACCOUNTS) {
      if (have.has(account.email)) continue;
      const [user] = await tx.orm
        .insert(users)
        .values({
          email: account.email,
          passwordHash,
          role: account.role,
          name: account.email.split('@')[0],
          emailVerifiedAt: new Date(),
        })
        .returning({ id: users.id });
      if (account.tier !== 'free') {
        const priceId = account.tier === 'premium' ? 'price_annual' : 'price_monthly';
        const currentPeriodEnd = new Date(Date.now() + (account.tier === 'premium' ? 365 : 30) * day);
        // The demo billing provider's side too, so 'Manage Subscription' works for these accounts.
        await tx.orm.insert(billingCustomers).values({
          userId: user.id,
          provider: 'demo',
          customerId: `demo_cus_${user.id}`,
          firstPaidAt: new Date(),
        });
        await tx.orm.insert(demoSubscriptions).values({
          id: `demo_sub_${user.id}`,
          customerId: `demo_cus_${user.id}`,
          priceId,
          status: 'active',
          currentPeriodEnd,
        });
        await tx.orm.insert(subscriptions).values({
          userId: user.id,
          provider: 'demo',
          providerCustomerId: `demo_cus_${user.id}`,
          providerSubscriptionId: `demo_sub_${user.id}`,
          status: 'active',
          priceId,
          tier: account.tier,
          currentPeriodEnd,
        });
      }
    }
  });
}

/**
 * First start: generate and load the demo directory and create the demo accounts. Recorded in
 * app_meta, so a restart never loads it again.
 */
export async function seedDemoIfNeeded(
  db: Db,
  driver: SqlDriver,
  options: { count: number; logger: Logger },
): Promise<boolean> {
  const [done] = await db.orm.select().from(appMeta).where(eq(appMeta.key, LOADED_KEY));
  if (done) return false;
  const [{ n }] = (await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM physicians')).rows;
  if (n === 0 && options.count > 0) {
    options.logger.info(`demo directory: generating ${options.count.toLocaleString('en-US')} physicians (first start only)`);
    await loadDemoDirectory(driver, { count: options.count, logger: options.logger });
  }
  await createDemoAccounts(db);
  await db.orm
    .insert(appMeta)
    .values({ key: LOADED_KEY, value: sql`${JSON.stringify({ count: options.count, at: new Date().toISOString() })}::jsonb` });
  return true;
}
