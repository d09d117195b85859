/*
 * Outreach (ADR 066), `npm run bench:outreach`: on each engine (PGlite; PostgreSQL when DATABASE_URL is
 * set), a campaign to a list of BENCH_OUTREACH (10,000) physicians of a demo directory whose emails were
 * checked valid, queued with the contact limit checked (time, and SQL statements per recipient); then
 * the mail worker sending the queue to a local SMTP server (messages a second).
 * Prints the load average beside the figures.
 */
import { loadavg } from 'node:os';
import { loadDemoDirectory } from '../server/db/seed/demo';
import type { CurrentUser } from '../server/lib/current-user';
import { loadEnv } from '../server/lib/env';
import { createLogger } from '../server/lib/logger';
import { createMailer } from '../server/lib/mailer';
import { createMailWorker } from '../server/lib/mail-worker';
import { recordOutreachMailOutcome } from '../server/features/outreach';
import { createCampaign } from '../server/features/outreach/service';
import { createTestUser } from '../server/test/harness';
import { startSmtpServer } from '../server/test/support/smtp-server';
import { benchEngines, printTable } from './bench-db';

const RECIPIENTS = Number(process.env.BENCH_OUTREACH ?? 10_000);
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const rows: string[][] = [['engine', 'recipients', 'queued', 'queue seconds', 'ms / recipient', 'SQL statements', 'statements / recipient', 'mails sent', 'send seconds', 'mails / s', 'load average']];

for (const open of benchEngines('outreach')) {
  const engine = await open();
  const smtp = await startSmtpServer();
  try {
    await loadDemoDirectory(engine.driver, { count: RECIPIENTS + 500 });
    await engine.db.sql.query(`UPDATE physician_contacts SET personal_email_verification = 'valid' WHERE personal_email IS NOT NULL`);
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_URL: 'http://localhost:3000',
      OUTREACH_DAILY_PER_RECRUITER: '10000',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    });
    const user = await createTestUser(engine.db, { tier: 'premium', email: `bench-outreach-${Date.now()}@example.com` });
    const { rows: ids } = await engine.db.sql.query<{ id: number }>(
      `SELECT p.id FROM physicians p JOIN physician_contacts c ON c.physician_id = p.id WHERE c.personal_email IS NOT NULL ORDER BY p.id LIMIT $1`,
      [RECIPIENTS],
    );
    const { rows: list } = await engine.db.sql.query<{ id: string }>(`INSERT INTO physician_lists (user_id, name) VALUES ($1, 'Bench') RETURNING id`, [user.id]);
    await engine.db.sql.query(`INSERT INTO list_members (list_id, physician_id) SELECT $1, unnest($2::int[])`, [list[0].id, ids.map((r) => r.id)]);

    // Every statement the campaign makes, counted.
    let statements = 0;
    const count = (db: typeof engine.db): typeof engine.db => ({
      ...db,
      sql: { ...db.sql, query: ((text: string, params?: unknown[]) => (statements++, db.sql.query(text, params as never))) as typeof db.sql.query },
      transaction: (work) => db.transaction((tx) => work(count(tx))),
    });
    const caller = { id: user.id, email: user.email, name: 'Bench Recruiter', teamId: null } as CurrentUser;
    const started = performance.now();
    const answer = await createCampaign(
      { db: count(engine.db), env },
      { user: caller, request: { source: 'list', listId: list[0].id, subject: 'A {{specialty}} role', body: 'Dear Dr. {{lastName}},\n\nA role in {{city}}.', updateExisting: false } as never, ip: null },
    );
    const queueMs = performance.now() - started;

    const worker = createMailWorker({
      db: engine.db,
      mailer: createMailer(env),
      logger: createLogger('silent', false),
      onOutcome: async (outcome) => {
        await recordOutreachMailOutcome(engine.db, outcome);
      },
    });
    const sendStarted = performance.now();
    let sent = 0;
    for (;;) {
      const pass = await worker.runOnce();
      sent += pass.sent;
      if (pass.sent + pass.retried + pass.failed === 0) break;
    }
    const sendMs = performance.now() - sendStarted;
    rows.push([
      engine.name,
      ids.length.toLocaleString('en-US'),
      answer.sendable.toLocaleString('en-US'),
      (queueMs / 1000).toFixed(1),
      (queueMs / ids.length).toFixed(2),
      statements.toLocaleString('en-US'),
      (statements / ids.length).toFixed(4),
      sent.toLocaleString('en-US'),
      (sendMs / 1000).toFixed(1),
      Math.round(sent / (sendMs / 1000)).toLocaleString('en-US'),
      load(),
    ]);
    console.log(rows.at(-1)!.join(' | '));
  } finally {
    await smtp.close();
    await engine.close();
  }
}

console.log(`\nOutreach: queueing a campaign and sending it (load average now: ${load()})`);
printTable(rows);
