import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../support/smtp-server';
import { startDirectoryListener } from '../../db/directory-listener';
import { createLogger } from '../../lib/logger';
import { freePort, waitFor } from '../support/server-process';
import { createDb } from '../../db/client';
import { openPgDriver } from '../../db/pg-driver';
import { createSession, SESSION_COOKIE } from '../../features/auth/session';
import { createTestUser } from '../harness';
import { insertPhysicians } from '../support/physicians';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../../contract/errors';

// Two real server processes on one PostgreSQL (run with DATABASE_URL, as CI's
// PostgreSQL pass does). A write seen by both indexes, a rate limit shared, each mail sent once.
const baseUrl = process.env.DATABASE_URL;
const root = fileURLToPath(new URL('../../..', import.meta.url));

type Instance = { url: string; process: ChildProcess; output: string[] };

describe.skipIf(!baseUrl)('two server processes on one PostgreSQL', () => {
  const dbName = `multi_${process.pid}_${randomBytes(3).toString('hex')}`;
  const dbUrl = baseUrl ? baseUrl.replace(/\/[^/?]*(\?.*)?$/, `/${dbName}$1`) : '';
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const instances: Instance[] = [];
  let sql: pg.Client;
  // The deployment's folder, shared by both (its index snapshot: ADR 049), not the checkout's ./data.
  const dataDir = mkdtempSync(join(tmpdir(), 'multi-instance-'));

  async function startInstance(): Promise<Instance> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        BILLING_DEMO: '1',
        DATABASE_URL: dbUrl,
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_FACTOR: '1',
        // The outreach test: one recruiter email a month per physician, across all customers.
        OUTREACH_MONTHLY_LIMIT: '1',
        COMPANY_POSTAL_ADDRESS: 'PhysicianDirect Inc., 100 Main Street, Boston, MA 02108, USA',
        DEMO_DATA: '',
        ADMIN_EMAILS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const instance: Instance = { url: `http://127.0.0.1:${port}`, process: child, output: [] };
    child.stdout?.on('data', (d: Buffer) => instance.output.push(d.toString()));
    child.stderr?.on('data', (d: Buffer) => instance.output.push(d.toString()));
    instances.push(instance);
    await waitFor(`server on ${port}`, async () => (await fetch(`${instance.url}/api/health`)).ok, 90_000).catch(
      (error: Error) => {
        throw new Error(`${error.message}\n${instance.output.join('')}`);
      },
    );
    return instance;
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    // The first start migrates; the second finds it done.
    await startInstance();
    await startInstance();
    sql = new pg.Client({ connectionString: dbUrl });
    await sql.connect();
  }, 240_000);

  afterAll(async () => {
    await sql?.end().catch(() => undefined);
    await Promise.all(
      instances.map(
        (i) =>
          new Promise<void>((resolve) => {
            if (i.process.exitCode !== null) return resolve();
            i.process.once('exit', () => resolve());
            i.process.kill('SIGTERM');
          }),
      ),
    );
    await smtp?.close();
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('a physician written outside a process is found by a search on both within 2 s', async () => {
    const [a, b] = instances;
    const search = async (instance: Instance) => {
      const res = await fetch(`${instance.url}/api/physicians?query=zyxwvut`);
      return ((await res.json()) as { total: number }).total;
    };
    expect(await search(a)).toBe(0);
    expect(await search(b)).toBe(0);
    const written = Date.now();
    await sql.query(
      "INSERT INTO physicians (npi, first_name, last_name, specialty) VALUES ('1999999999', 'Quentin', 'Zyxwvut', 'Cardiology')",
    );
    await waitFor('instance A to find it', async () => (await search(a)) === 1, 2000);
    await waitFor('instance B to find it', async () => (await search(b)) === 1, 2000);
    expect(Date.now() - written).toBeLessThan(2000);
    // A delete is followed too.
    await sql.query("DELETE FROM physicians WHERE npi = '1999999999'");
    await waitFor('instance B to drop it', async () => (await search(b)) === 0, 2000);
  });

  it('a rate limit reached through one process holds on the other', async () => {
    const [a, b] = instances;
    const email = `limited-${randomBytes(4).toString('hex')}@example.com`;
    const forgot = (instance: Instance) =>
      fetch(`${instance.url}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
        body: JSON.stringify({ email }),
      });
    // forgotPerEmail allows 5 an hour: 3 through A, 2 through B, then both refuse.
    for (const instance of [a, a, a, b, b]) expect((await forgot(instance)).status).toBe(200);
    const refusedA = await forgot(a);
    const refusedB = await forgot(b);
    expect(refusedA.status).toBe(429);
    expect(refusedB.status).toBe(429);
    expect(Number(refusedB.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('20 queued emails are each sent exactly once by the two mail workers', async () => {
    const before = smtp.received.length;
    for (let i = 0; i < 20; i++) {
      await sql.query(
        "INSERT INTO email_outbox (to_address, subject, text_body, html_body) VALUES ($1, $2, 'body', '<p>body</p>')",
        [`multi${i}@example.com`, `multi-${i}`],
      );
    }
    await waitFor(
      'all 20 sent',
      async () => {
        const { rows } = await sql.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM email_outbox WHERE subject LIKE 'multi-%' AND status = 'sent'",
        );
        return rows[0].n === 20;
      },
      20_000,
    );
    // Give a wrongly duplicated send time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const subjects = smtp.received
      .slice(before)
      .map((m) => m.raw.match(/^Subject: (multi-\d+)/m)?.[1])
      .filter(Boolean)
      .sort();
    expect(subjects).toEqual(Array.from({ length: 20 }, (_, i) => `multi-${i}`).sort());
  });

  it('a listener whose connection drops reconnects and asks for a full reload', async () => {
    const changes: Array<{ ids?: number[] }> = [];
    const listener = startDirectoryListener({
      connectionString: dbUrl,
      onChange: (change) => void changes.push(change),
      logger: createLogger('silent', false),
      retryMs: 100,
    });
    try {
      await listener.ready;
      await sql.query("INSERT INTO physicians (first_name, last_name) VALUES ('Ada', 'Listener')");
      await waitFor('the insert notification', async () => changes.some((c) => c.ids?.length === 1), 2000);
      await sql.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query = 'LISTEN directory_changed' AND pid <> pg_backend_pid()",
        [dbName],
      );
      await waitFor('a full reload after reconnecting', async () => changes.some((c) => c.ids === undefined), 5000);
    } finally {
      await listener.stop();
    }
  });

  it('two customers emailing the same physicians at once through the two processes never pass the limit (ADR 066)', async () => {
    const driver = openPgDriver({ connectionString: dbUrl, max: 2 });
    const db = createDb(driver);
    try {
      const ids = await insertPhysicians(db, Array.from({ length: 20 }, (_, i) => ({ firstName: 'Out', lastName: `Reach${i}`, specialty: 'Cardiology', state: 'NV' })));
      await db.sql.query(
        `INSERT INTO physician_contacts (physician_id, personal_email, personal_email_verification) SELECT id, 'reach' || id || '@example.org', 'valid' FROM unnest($1::int[]) AS id`,
        [ids],
      );
      const cookies = await Promise.all(
        ['one', 'two'].map(async (who) => {
          const user = await createTestUser(db, { tier: 'premium', email: `outreach-${who}-${randomBytes(3).toString('hex')}@example.com` });
          return `${SESSION_COOKIE}=${(await createSession(db, user.id)).token}`;
        }),
      );
      const send = (instance: Instance, cookie: string) =>
        fetch(`${instance.url}/api/outreach/campaigns`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
          body: JSON.stringify({ source: 'selection', physicianIds: ids, subject: 'A role', body: 'Dear Dr. {{lastName}}' }),
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as { sendable: number; skipped: Record<string, number> } }));
      const [a, b] = await Promise.all([send(instances[0], cookies[0]), send(instances[1], cookies[1])]);
      expect([a.status, b.status]).toEqual([201, 201]);
      // Each physician once, from one customer or the other: never twice.
      expect(a.body.sendable + b.body.sendable).toBe(20);
      expect(a.body.skipped.contact_limit + b.body.skipped.contact_limit).toBe(20);
      const { rows } = await db.sql.query<{ n: number }>(
        `SELECT max(n)::int AS n FROM (SELECT count(*) AS n FROM outreach_messages WHERE physician_id = ANY($1::int[]) AND status <> 'skipped' GROUP BY physician_id) c`,
        [ids],
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await driver.close();
    }
  });
});
