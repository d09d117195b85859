import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import type { SqlDriver } from '../../db/driver';
import { loadEnv } from '../../lib/env';
import { createContactVerifier } from '../../lib/verification/create-verifier';
import { prepareServerDatabase, startServer, stopServer, type ServerProcess } from '../../test/support/server-process';
import { drainVerification, VERIFY_LEASE_MS } from './job';

/*
 * The re-verification job in a real server process (its maintenance loop starts it at once),
 * SIGKILLed in the middle of a batch (ADR 032). Every row is checked whole or not at all; the
 * rows the dead process had claimed come back once their lease passes, and the next run finishes
 * the directory with the same results an uninterrupted run gives. Emails go through the ZeroBounce
 * SDK to a local server that answers slowly, so the kill lands with checks in flight.
 */

const ENGINE = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const ROWS = 300;

const asked: string[] = [];
async function zeroBounce(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://local');
  const email = url.searchParams.get('email') ?? '';
  asked.push(email);
  await new Promise((resolve) => setTimeout(resolve, 60));
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ address: email, status: 'valid', sub_status: '' }));
}
const fake = createServer((req, res) => void zeroBounce(req, res));
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
const zeroBounceUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v2`;

const database = await prepareServerDatabase({ engine: ENGINE, rows: ROWS, pgUrl: process.env.DATABASE_URL, name: `verifykill-${process.pid}` });
// Every value is due: checked long ago, by nobody.
await database.db.sql.query(
  `UPDATE physician_contacts SET checked_at = NULL, ${['personal_email', 'work_email', 'mobile_phone', 'office_phone']
    .map((f) => `${f}_method = NULL, ${f}_verification = 'unknown', ${f}_confidence = NULL`)
    .join(', ')}`,
);
const { rows: [{ n: dueEmails }] } = await database.db.sql.query<{ n: number }>(
  `SELECT (count(personal_email) + count(work_email))::int AS n FROM physician_contacts`,
);
await database.driver.close();

const env: Record<string, string> = {
  ...database.serverEnv,
  ZEROBOUNCE_API_KEY: 'zb-kill-test-key',
  ZEROBOUNCE_API_URL: zeroBounceUrl,
  VERIFY_DNS: '0',
  VERIFY_RATE_PER_MINUTE: '100000',
};
let server: ServerProcess | null = null;
afterAll(async () => {
  if (server) await stopServer(server.child);
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
  await database.drop();
});

async function openDriver(): Promise<SqlDriver> {
  if (ENGINE === 'pglite') {
    const { openPgliteDriver } = await import('../../db/pglite-driver');
    return openPgliteDriver({ dataDir: join(env.DATA_DIR!, 'pglite') });
  }
  const { openPgDriver } = await import('../../db/pg-driver');
  return openPgDriver({ connectionString: env.DATABASE_URL!, max: 2 });
}

type RowState = { physician_id: number; checked: number; due: number; leased: boolean };
const STATE = `SELECT physician_id,
    (${['personal_email', 'work_email', 'mobile_phone', 'office_phone'].map((f) => `(CASE WHEN ${f} IS NOT NULL AND ${f}_method IS NOT NULL THEN 1 ELSE 0 END)`).join(' + ')})::int AS checked,
    (${['personal_email', 'work_email', 'mobile_phone', 'office_phone'].map((f) => `(CASE WHEN ${f} IS NOT NULL THEN 1 ELSE 0 END)`).join(' + ')})::int AS due,
    verify_lease_until > now() AS leased
  FROM physician_contacts ORDER BY physician_id`;

describe(`re-verification job killed with SIGKILL mid-batch (${ENGINE})`, () => {
  it('leaves each row checked whole or not at all, and a later run finishes exactly the rest', async () => {
    server = await startServer(env);
    // Wait until some checks were answered, and kill while others are in flight.
    const deadline = Date.now() + 60_000;
    while (asked.length < 40 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked.length).toBeGreaterThanOrEqual(40);
    const exited = new Promise((resolve) => server!.child.once('exit', resolve));
    server.child.kill('SIGKILL');
    await exited;
    server = null;
    const askedBeforeKill = asked.length;
    expect(askedBeforeKill).toBeLessThan(dueEmails);

    const driver = await openDriver();
    try {
      const db = createDb(driver);
      const after = (await db.sql.query<RowState>(STATE)).rows;
      // Whole or nothing per row; some done, some not (the kill was mid-way), some claimed.
      for (const row of after) expect([0, row.due]).toContain(row.checked);
      const done = after.filter((r) => r.checked > 0 && r.checked === r.due).length;
      expect(done).toBeGreaterThan(0);
      expect(done).toBeLessThan(ROWS);
      expect(after.some((r) => r.leased)).toBe(true);

      // A run right now leaves the dead process's claimed rows alone; once the lease passes they are taken.
      const verifier = createContactVerifier(loadEnv({ ...env, NODE_ENV: 'test' }), { timeoutMs: 5_000 });
      const deps = { db, verifier, maxAgeDays: 30, ratePerMinute: 100_000 };
      await drainVerification(deps);
      const leasedLeft = (await db.sql.query<RowState>(STATE)).rows.filter((r) => r.checked === 0);
      expect(leasedLeft.length).toBeGreaterThan(0);
      expect(leasedLeft.every((r) => r.leased)).toBe(true);
      const later = new Date(Date.now() + VERIFY_LEASE_MS + 1_000);
      await drainVerification(deps, { now: () => later });

      const final = (await db.sql.query<RowState>(STATE)).rows;
      expect(final.filter((r) => r.checked !== r.due)).toEqual([]);
      // The same results as an uninterrupted run: every email valid by ZeroBounce, every phone by the built-in checks.
      const { rows: methods } = await db.sql.query<{ method: string; status: string; n: number }>(
        `SELECT m.method, m.status, count(*)::int AS n FROM physician_contacts c,
           LATERAL (VALUES (c.personal_email, c.personal_email_method, c.personal_email_verification),
                           (c.work_email, c.work_email_method, c.work_email_verification)) AS m(value, method, status)
          WHERE m.value IS NOT NULL GROUP BY 1, 2`,
      );
      expect(methods).toEqual([{ method: 'zerobounce', status: 'valid', n: dueEmails }]);
      const { rows: [{ unchecked }] } = await db.sql.query<{ unchecked: number }>(
        `SELECT count(*)::int AS unchecked FROM physician_contacts WHERE checked_at IS NULL OR verify_lease_until IS NOT NULL`,
      );
      expect(unchecked).toBe(0);
      // Each email was asked once, or twice when the kill caught its check in flight (at most a batch).
      const counts = new Map<string, number>();
      for (const email of asked) counts.set(email, (counts.get(email) ?? 0) + 1);
      expect(counts.size).toBe(dueEmails);
      expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
      expect(asked.length - dueEmails).toBeLessThanOrEqual(100);
    } finally {
      await driver.close();
    }
  }, 180_000);
});
