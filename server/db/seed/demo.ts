import { randomBytes } from 'node:crypto';
import type { Db } from '../client';
import type { SqlDriver } from '../driver';
import { hashPassword, verifyPassword } from '../../features/auth/password';
import { revokeAllApiKeys } from '../../features/api-keys/service';
import { recordAudit } from '../../lib/audit';
import type { Logger } from '../../lib/logger';
import { createDemoReports } from './demo-reports';
import { DEFAULT_SEED, demoFacilityTables, generatePhysicians } from './generator';
import {
  CHANGE_COPY_COLUMNS,
  changeCopyLines,
  CONTACT_COPY_COLUMNS,
  contactCopyLine,
  HOSPITAL_COPY_COLUMNS,
  hospitalCopyLine,
  PHYSICIAN_COPY_COLUMNS,
  physicianCopyLine,
} from './copy-rows';

export const DEMO_PASSWORD = 'demo-password';
/**
 * The password_hash of a demo account disabled in production: not an scrypt hash, so no password
 * matches it (verifyPassword answers false). A production start with DEMO_DATA=1 replaces it.
 */
export const DISABLED_DEMO_PASSWORD_HASH = 'disabled:demo-account';
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
  options: { count: number; logger?: Logger; seed?: number; signal?: AbortSignal; loadedAt?: number },
): Promise<void> {
  const started = Date.now();
  await driver.transaction(async (tx) => {
    // One bulk change (as an import's batches): the journal says 'everything', no per-row entries.
    await tx.query(`SELECT set_config('physiciandirect.directory_notify', 'off', true)`);
    // The hospitals the affiliations name (ADR 063); a second load keeps those there.
    await tx.exec(`CREATE TEMP TABLE demo_hospitals (LIKE hospitals INCLUDING DEFAULTS) ON COMMIT DROP`);
    await tx.copyFrom('demo_hospitals', HOSPITAL_COPY_COLUMNS, demoFacilityTables().hospitals.map(hospitalCopyLine).join(''));
    await tx.exec(`INSERT INTO hospitals SELECT * FROM demo_hospitals ON CONFLICT (ccn) DO NOTHING`);
    let physicianCsv = '';
    let contactCsv = '';
    let changeCsv = '';
    let done = 0;
    // The contacts' checks end at this load and the signals' dates count back from it, so the
    // demo's dates are as recent as its start (ADR 032, 054).
    for (const p of generatePhysicians({ count: options.count, seed: options.seed, loadedAt: options.loadedAt ?? started })) {
      physicianCsv += physicianCopyLine(p);
      contactCsv += contactCopyLine(p);
      if (p.movedOn) changeCsv += changeCopyLines(p);
      done++;
      if (done % BATCH === 0 || done === options.count) {
        // A stop signal rolls the whole load back; the next start loads it again from nothing.
        options.signal?.throwIfAborted();
        await tx.copyFrom('physicians', PHYSICIAN_COPY_COLUMNS, physicianCsv);
        await tx.copyFrom('physician_contacts', CONTACT_COPY_COLUMNS, contactCsv);
        if (changeCsv) await tx.copyFrom('physician_changes', CHANGE_COPY_COLUMNS, changeCsv);
        physicianCsv = '';
        contactCsv = '';
        changeCsv = '';
        options.logger?.info(
          `demo directory: ${done.toLocaleString('en-US')} / ${options.count.toLocaleString('en-US')} physicians loaded (${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
    }
    await tx.query(
      "SELECT setval(pg_get_serial_sequence('physicians', 'id'), GREATEST((SELECT max(id) FROM physicians), 1))",
    );
    await tx.exec('ANALYZE physicians; ANALYZE physician_contacts; ANALYZE physician_changes; ANALYZE hospitals');
    // Servers already running on this database reload once, at commit.
    await tx.query(`SELECT pg_notify('directory_changed', '*')`);
  });
}

/**
 * Demo accounts with `password` (DEMO_PASSWORD unless told); paid tiers get an active demo
 * subscription. Returns the addresses it created (existing ones are left as they are).
 */
export async function createDemoAccounts(db: Db, password: string = DEMO_PASSWORD): Promise<string[]> {
  const passwordHash = await hashPassword(password);
  const created: string[] = [];
  const day = 24 * 3600 * 1000;
  await db.transaction(async (tx) => {
    const { rows: existing } = await tx.sql.query<{ email: string }>('SELECT email FROM users WHERE email = ANY($1::text[])', [
      DEMO_ACCOUNTS.map((a) => a.email),
    ]);
    const have = new Set(existing.map((u) => u.email));
    for (const account of DEMO_ACCOUNTS) {
      if (have.has(account.email)) continue;
      const { rows: inserted } = await tx.sql.query<{ id: string }>(
        `INSERT INTO users (email, password_hash, role, name, email_verified_at) VALUES ($1, $2, $3, $4, $5::timestamptz)
         RETURNING id`,
        [account.email, passwordHash, account.role, account.email.split('@')[0], new Date().toISOString()],
      );
      const user = inserted[0];
      created.push(account.email);
      if (account.tier !== 'free') {
        const priceId = account.tier === 'premium' ? 'price_annual' : 'price_monthly';
        // Bought 60 days ago (below): the year of the Annual plan ends 305 days from now; the
        // Monthly plan, renewed twice since, in 30.
        const paidDaysAgo = 60;
        const periodDays = account.tier === 'premium' ? 365 : 30;
        const currentPeriodEnd = new Date(Date.now() + (periodDays - (paidDaysAgo % periodDays)) * day);
        // The demo billing provider's side too, so 'Manage Subscription' works for these accounts.
        // Dated past the 30-day money-back window: these accounts show the product, and their
        // exports never stop at 'This export ends your money-back guarantee' (a new customer's do).
        const customerId = `demo_cus_${user.id}`;
        const subscriptionId = `demo_sub_${user.id}`;
        await tx.sql.query(
          `INSERT INTO billing_customers (user_id, provider, customer_id, first_paid_at) VALUES ($1, 'demo', $2, $3::timestamptz)`,
          [user.id, customerId, new Date(Date.now() - paidDaysAgo * day).toISOString()],
        );
        await tx.sql.query(
          `INSERT INTO demo_subscriptions (id, customer_id, price_id, status, current_period_end)
           VALUES ($1, $2, $3, 'active', $4::timestamptz)`,
          [subscriptionId, customerId, priceId, currentPeriodEnd.toISOString()],
        );
        await tx.sql.query(
          `INSERT INTO subscriptions (user_id, provider, provider_customer_id, provider_subscription_id, status, price_id,
                                      tier, current_period_end)
           VALUES ($1, 'demo', $2, $3, 'active', $4, $5, $6::timestamptz)`,
          [user.id, customerId, subscriptionId, priceId, account.tier, currentPeriodEnd.toISOString()],
        );
      }
    }
  });
  return created;
}

/**
 * First start: generate and load the demo directory and create the demo accounts. Recorded in
 * app_meta, so a restart never loads it again.
 */
export async function seedDemoIfNeeded(
  db: Db,
  driver: SqlDriver,
  options: { count: number; logger: Logger; password?: string; signal?: AbortSignal; seed?: number },
): Promise<{ loaded: boolean; accountsCreated: string[] }> {
  const { rows: done } = await db.sql.query('SELECT 1 FROM app_meta WHERE key = $1', [LOADED_KEY]);
  if (done.length) return { loaded: false, accountsCreated: [] };
  // Each step is transactional and skipped when already done, so a start stopped half-way
  // (signal, crash) finishes the seed at the next start.
  const [{ n }] = (await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM physicians')).rows;
  if (n === 0 && options.count > 0) {
    options.logger.info(`demo directory: generating ${options.count.toLocaleString('en-US')} physicians (first start only)`);
    await loadDemoDirectory(driver, { count: options.count, logger: options.logger, signal: options.signal, seed: options.seed });
  }
  options.signal?.throwIfAborted();
  const accountsCreated = await createDemoAccounts(db, options.password);
  options.signal?.throwIfAborted();
  const reports = await reportDemoContacts(db, { count: options.count, seed: options.seed ?? DEFAULT_SEED });
  if (reports > 0) options.logger.info(`demo directory: ${reports} contact reports made by the demo accounts`);
  await db.sql.query('INSERT INTO app_meta (key, value) VALUES ($1, $2::jsonb) ON CONFLICT DO NOTHING', [
    LOADED_KEY,
    JSON.stringify({ count: options.count, at: new Date().toISOString() }),
  ]);
  return { loaded: true, accountsCreated };
}

/**
 * The demo accounts' reports of wrong contacts (demo-reports.ts), once: only on a directory that
 * is the demo's (no imported physician: their values are nobody's to report), and not again when
 * the demo accounts have reported before. Returns how many reports were made.
 */
async function reportDemoContacts(db: Db, options: { count: number; seed: number }): Promise<number> {
  const { rows } = await db.sql.query<{ demo: boolean; reported: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM physicians WHERE source NOT IN ('demo', 'resume')) AND EXISTS (SELECT 1 FROM physicians) AS demo,
            EXISTS (SELECT 1 FROM contact_reports r JOIN users u ON u.id = r.user_id WHERE u.email = ANY($1::text[])) AS reported`,
    [DEMO_ACCOUNTS.map((a) => a.email)],
  );
  if (!rows[0].demo || rows[0].reported || options.count === 0) return 0;
  const { rows: found } = await db.sql.query<{ id: string; email: string }>(
    'SELECT id, email FROM users WHERE email = ANY($1::text[])',
    [['basic@example.com', 'premium@example.com', 'admin@example.com']],
  );
  const idOf = (email: string) => found.find((u) => u.email === email)?.id;
  const [basic, premium, admin] = [idOf('basic@example.com'), idOf('premium@example.com'), idOf('admin@example.com')];
  if (!basic || !premium || !admin) return 0;
  return createDemoReports(db, {
    count: options.count,
    seed: options.seed,
    loadedAt: Date.now(),
    reporters: { customers: [basic, premium], operator: admin },
  });
}

/**
 * Whether this start loads the demo data, and the demo accounts' password. Development: always
 * with the embedded database, with DATABASE_URL only when DEMO_DATA=1, password DEMO_PASSWORD
 * (the one-command experience). Production: only with DEMO_DATA=1, and then a random password
 * (printed once, when the accounts are created): a published password on a public server,
 * admin included, would be anyone's account.
 */
export function demoDataPlan(env: { NODE_ENV: string; DATABASE_URL?: string; DEMO_DATA: boolean }): {
  seed: boolean;
  password: string;
  randomPassword: boolean;
} {
  if (env.NODE_ENV === 'production') {
    return { seed: env.DEMO_DATA, password: randomBytes(12).toString('base64url'), randomPassword: true };
  }
  return { seed: !env.DATABASE_URL || env.DEMO_DATA, password: DEMO_PASSWORD, randomPassword: false };
}

/**
 * Production start: a demo account must never keep the published DEMO_PASSWORD, and
 * one a development start created on this database (the embedded ./data, or DEMO_DATA=1 on
 * PostgreSQL) still has it. With DEMO_DATA=1 (`replacement` given: the random password main.ts
 * prints once) such accounts get that password, as if created now; without it they are disabled
 * (no password signs in) until a start with DEMO_DATA=1. Either way their sessions, emailed
 * links and API keys end, and audit rows say why (one per key). An account whose password was changed is left alone.
 * The rows are locked while checked, so two processes starting together change each account once.
 */
export async function secureDemoAccounts(
  db: Db,
  options: { replacement: string | null },
): Promise<{ replaced: string[]; disabled: string[] }> {
  const newHash = options.replacement === null ? DISABLED_DEMO_PASSWORD_HASH : await hashPassword(options.replacement);
  return db.transaction(async (tx) => {
    const { rows } = await tx.sql.query<{ id: string; email: string; password_hash: string }>(
      'SELECT id, email, password_hash FROM users WHERE email = ANY($1::text[]) ORDER BY email FOR UPDATE',
      [DEMO_ACCOUNTS.map((a) => a.email)],
    );
    // scrypt in parallel (libuv's thread pool): four accounts cost about one check.
    const published = await Promise.all(rows.map((row) => verifyPassword(DEMO_PASSWORD, row.password_hash)));
    const result = { replaced: [] as string[], disabled: [] as string[] };
    for (const [i, row] of rows.entries()) {
      const disabled = row.password_hash === DISABLED_DEMO_PASSWORD_HASH;
      if (!published[i] && !(disabled && options.replacement !== null)) continue;
      await tx.sql.query('UPDATE users SET password_hash = $2 WHERE id = $1', [row.id, newHash]);
      await tx.sql.query('DELETE FROM sessions WHERE user_id = $1', [row.id]);
      await tx.sql.query('UPDATE auth_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [row.id]);
      const outcome = options.replacement === null ? 'disabled' : 'replaced';
      await recordAudit(tx, {
        action: 'auth.password_changed',
        targetType: 'user',
        targetId: row.id,
        details: { by: 'production start', demoAccount: row.email, outcome, was: disabled ? 'disabled' : 'published demo password' },
      });
      // A key made with the published password (say, on a development start) must not outlive it.
      await revokeAllApiKeys({ db: tx, userId: row.id, reason: 'demo_account_secured', actorUserId: null });
      result[outcome].push(row.email);
    }
    return result;
  });
}
