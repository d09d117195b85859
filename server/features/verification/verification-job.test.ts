import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContactField } from '../../../contract/contacts';
import { createTestContext } from '../../test/harness';
import { insertPhysician } from '../../test/support/physicians';
import { createBuiltinVerifier } from '../../lib/verification/builtin';
import {
  VerifierQuotaError,
  VerifierUnavailableError,
  type ContactVerifier,
  type VerificationResult,
} from '../../lib/verification/provider';
import { drainVerification, runVerificationBatch, VERIFY_LEASE_MS, type VerificationJobDeps } from './job';

/*
 * The re-verification job (ADR 032) on a real database (PGlite, or PostgreSQL with
 * DATABASE_URL): which values it checks, its rate, its backoff, a report putting a value first,
 * and that an invalid value is never revealed nor charged for.
 */

const ctx = await createTestContext({ env: { REVEAL_DAILY_LIMIT: '5' } });
afterAll(() => ctx.close());

const DAY = 86_400_000;
const NOW = new Date();
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

/** A verifier that answers with the built-in checks (no DNS) and records what it was asked. */
function recordingVerifier(fail?: () => Error | null) {
  const builtin = createBuiltinVerifier({ dns: false, knownDomains: new Map([['example.com', 'accepts']]) });
  const asked: string[] = [];
  const verifier: ContactVerifier = {
    name: 'recording',
    async verifyEmail(email) {
      asked.push(email);
      const error = fail?.();
      if (error) throw error;
      return builtin.verifyEmail(email);
    },
    async verifyPhone(phone, kind): Promise<VerificationResult> {
      asked.push(phone);
      const error = fail?.();
      if (error) throw error;
      return builtin.verifyPhone(phone, kind);
    },
  };
  return { verifier, asked };
}

function jobDeps(verifier: ContactVerifier, rate = 10_000): VerificationJobDeps {
  return { db: ctx.db, verifier, maxAgeDays: 30, ratePerMinute: rate, onChanged: (ids) => ctx.deps.services.directory.directoryChanged({ ids }) };
}

let nextId = 1000;
/** A physician with contact values, each checked `days` ago (null: never checked by the pipeline). */
async function physician(values: Partial<Record<ContactField, { value: string; days: number | null }>>): Promise<number> {
  const id = nextId++;
  await insertPhysician(ctx.db, { id, firstName: 'Ann', lastName: `Lee${id}`, specialty: 'Cardiology' });
  await ctx.db.sql.query('INSERT INTO physician_contacts (physician_id) VALUES ($1)', [id]);
  for (const [field, v] of Object.entries(values) as Array<[ContactField, { value: string; days: number | null }]>) {
    await ctx.db.sql.query(
      `UPDATE physician_contacts SET ${field} = $2, ${field}_verified_at = $3, ${field}_method = $4,
              ${field}_verification = $5, ${field}_confidence = $6, ${field}_status = $7 WHERE physician_id = $1`,
      [id, v.value, v.days === null ? null : ago(v.days), v.days === null ? null : 'builtin', v.days === null ? 'unknown' : 'valid', v.days === null ? null : 75, v.days === null ? 'unverified' : 'verified'],
    );
  }
  await ctx.db.sql.query(
    `UPDATE physician_contacts SET checked_at = (SELECT CASE WHEN bool_or(d IS NULL) THEN NULL ELSE min(d) END
       FROM unnest(ARRAY[${Object.values(values).map((v) => (v.days === null ? 'NULL::timestamptz' : `'${ago(v.days)}'::timestamptz`)).join(',')}]) d)
      WHERE physician_id = $1`,
    [id],
  );
  return id;
}

async function row(id: number) {
  const { rows } = await ctx.db.sql.query<Record<string, unknown>>('SELECT * FROM physician_contacts WHERE physician_id = $1', [id]);
  return rows[0];
}

beforeEach(async () => {
  // Every test starts with no other due rows, a fresh rate window and no backoff.
  await ctx.db.sql.query(`UPDATE physician_contacts SET checked_at = now(), verify_requested_at = NULL, verify_requested_fields = NULL, verify_lease_until = NULL`);
  await ctx.db.sql.query(`UPDATE verification_state SET window_start = NULL, window_used = 0, backoff_until = NULL, failures = 0`);
});

describe('re-verification job', () => {
  it('checks exactly the stale and never-checked values, and leaves fresh ones alone', async () => {
    const fresh = await physician({ personal_email: { value: 'fresh@example.com', days: 3 }, mobile_phone: { value: '(212) 555-0101', days: 29 } });
    const mixed = await physician({ personal_email: { value: 'mixed@example.com', days: 10 }, office_phone: { value: '(212) 555-0102', days: 45 } });
    const never = await physician({ work_email: { value: 'info@example.com', days: null }, mobile_phone: { value: '(555) 555-0103', days: null } });
    const before = await row(fresh);
    const { verifier, asked } = recordingVerifier();

    const run = await drainVerification(jobDeps(verifier), { now: () => NOW });
    expect(asked.sort()).toEqual(['(212) 555-0102', '(555) 555-0103', 'info@example.com'].sort());
    expect(run).toMatchObject({ values: 3, rows: 2, stopped: 'done' });

    expect(await row(fresh)).toMatchObject({ personal_email_verified_at: before.personal_email_verified_at, checked_at: before.checked_at });
    const m = await row(mixed);
    expect(m).toMatchObject({ office_phone_verification: 'valid', office_phone_confidence: 65, office_phone_method: 'builtin', verify_lease_until: null });
    // checked_at is now the oldest of the two: the email's 10 days.
    expect(new Date(m.checked_at as string).toISOString()).toBe(ago(10));
    const n = await row(never);
    expect(n).toMatchObject({
      work_email_verification: 'risky', // a role address
      work_email_status: 'unverified',
      mobile_phone_verification: 'invalid', // 555 is no area code
      mobile_phone_confidence: 0,
    });
    expect(n.checked_at).not.toBeNull();
    // Nothing left to do.
    expect((await drainVerification(jobDeps(verifier), { now: () => NOW })).values).toBe(0);
    expect(asked).toHaveLength(3);
  });

  it('a valid check marks the value verified and moves physicians.verified_at, not updated_at', async () => {
    const id = await physician({ personal_email: { value: 'anna@example.com', days: 60 } });
    await ctx.db.sql.query(`UPDATE physician_contacts SET personal_email_status = 'self_reported' WHERE physician_id = $1`, [id]);
    const { rows: [p0] } = await ctx.db.sql.query<{ updated_at: string }>('SELECT updated_at FROM physicians WHERE id = $1', [id]);
    await drainVerification(jobDeps(recordingVerifier().verifier), { now: () => NOW });
    expect(await row(id)).toMatchObject({ personal_email_status: 'verified', personal_email_verification: 'valid' });
    const { rows: [p1] } = await ctx.db.sql.query<{ updated_at: string; verified_at: string }>('SELECT updated_at, verified_at FROM physicians WHERE id = $1', [id]);
    expect(p1.verified_at).not.toBeNull();
    expect(p1.updated_at).toEqual(p0.updated_at);
  });

  it('stays within VERIFY_RATE_PER_MINUTE, shared by every process, and goes on in the next minute', async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await physician({ personal_email: { value: `r${i}@example.com`, days: 40 }, mobile_phone: { value: `(212) 555-01${10 + i}`, days: 40 } }));
    const first = recordingVerifier();
    const second = recordingVerifier();
    // Two processes in the same minute: 5 values between them.
    await Promise.all([
      drainVerification(jobDeps(first.verifier, 5), { now: () => NOW }),
      drainVerification(jobDeps(second.verifier, 5), { now: () => NOW }),
    ]);
    expect(first.asked.length + second.asked.length).toBeLessThanOrEqual(5);
    expect(first.asked.length + second.asked.length).toBeGreaterThan(0);
    // Each value once: nothing asked twice.
    const all = [...first.asked, ...second.asked];
    expect(new Set(all).size).toBe(all.length);
    // The following minutes finish the rest.
    for (let minute = 1; minute <= 4; minute++) {
      await drainVerification(jobDeps(first.verifier, 5), { now: () => new Date(NOW.getTime() + minute * 60_000) });
    }
    expect(new Set([...first.asked, ...second.asked]).size).toBe(12);
  });

  it('backs off after a provider error (every process), keeps the values as they were, and resumes', async () => {
    const id = await physician({ personal_email: { value: 'down@example.com', days: 40 } });
    const before = await row(id);
    let failing: Error | null = new VerifierUnavailableError('zerobounce', 'no answer within 15000 ms');
    const { verifier, asked } = recordingVerifier(() => failing);
    const run = await runVerificationBatch(jobDeps(verifier), NOW);
    expect(run).toMatchObject({ stopped: 'error', values: 0 });
    expect(await row(id)).toMatchObject({
      personal_email_verified_at: before.personal_email_verified_at,
      personal_email_verification: 'valid',
      verify_error: 'zerobounce: no answer within 15000 ms',
    });
    const { rows: [state] } = await ctx.db.sql.query<{ backoff_until: string; failures: number }>(`SELECT backoff_until, failures FROM verification_state`);
    expect(state.failures).toBe(1);
    expect(new Date(state.backoff_until).getTime()).toBe(NOW.getTime() + 30_000);
    // During the backoff nothing is asked, by this process or another.
    asked.length = 0;
    failing = null;
    expect(await runVerificationBatch(jobDeps(verifier), new Date(NOW.getTime() + 10_000))).toMatchObject({ stopped: 'rate', values: 0 });
    expect(asked).toEqual([]);
    // After it (and the row's own backoff), the value is checked and the failures reset.
    await drainVerification(jobDeps(verifier), { now: () => new Date(NOW.getTime() + 61_000) });
    expect(asked).toEqual(['down@example.com']);
    expect(await row(id)).toMatchObject({ verify_error: null, verify_attempts: 0 });
    expect((await ctx.db.sql.query<{ failures: number }>(`SELECT failures FROM verification_state`)).rows[0].failures).toBe(0);
  });

  it('a spent quota waits at least an hour', async () => {
    await physician({ personal_email: { value: 'quota@example.com', days: 40 } });
    const { verifier } = recordingVerifier(() => new VerifierQuotaError('zerobounce', 'ran out of credits'));
    await runVerificationBatch(jobDeps(verifier), NOW);
    const { rows: [state] } = await ctx.db.sql.query<{ backoff_until: string }>(`SELECT backoff_until FROM verification_state`);
    expect(new Date(state.backoff_until).getTime()).toBe(NOW.getTime() + 3_600_000);
  });

  it('a row claimed by a process that died is due again once its lease passes', async () => {
    const id = await physician({ personal_email: { value: 'lease@example.com', days: 40 } });
    await ctx.db.sql.query(`UPDATE physician_contacts SET verify_lease_until = $2 WHERE physician_id = $1`, [id, new Date(NOW.getTime() + VERIFY_LEASE_MS).toISOString()]);
    const { verifier, asked } = recordingVerifier();
    await drainVerification(jobDeps(verifier), { now: () => NOW });
    expect(asked).toEqual([]);
    await drainVerification(jobDeps(verifier), { now: () => new Date(NOW.getTime() + VERIFY_LEASE_MS + 1000) });
    expect(asked).toEqual(['lease@example.com']);
  });
});

describe('reveal, report and the queue', () => {
  const reveal = (agent: Awaited<ReturnType<typeof ctx.signedInAgent>>['agent'], id: number) => agent.post(`/api/physicians/${id}/contact`);

  it('an invalid value is never revealed; the other of its pair is; only invalid values cost no reveal', async () => {
    const both = await physician({ personal_email: { value: 'bad@mailinator.com', days: 40 }, work_email: { value: 'good@example.com', days: 40 }, mobile_phone: { value: '(212) 555-0190', days: 40 } });
    const onlyBad = await physician({ personal_email: { value: 'gone@mailinator.com', days: 40 }, mobile_phone: { value: '(555) 555-0191', days: 40 } });
    await drainVerification(jobDeps(recordingVerifier().verifier), { now: () => NOW });
    const { agent } = await ctx.signedInAgent({ tier: 'premium' });

    const shown = await reveal(agent, both);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      email: 'good@example.com',
      emailDetail: { field: 'work_email', verification: { status: 'valid', confidence: 75, method: 'builtin' } },
      phone: '(212) 555-0190',
      withheld: ['personal_email'],
      counted: true,
    });
    expect(shown.body.emailDetail.verification.checkedAt).not.toBeNull();
    expect(JSON.stringify(shown.body)).not.toContain('mailinator');

    const nothing = await reveal(agent, onlyBad);
    expect(nothing.status).toBe(200);
    expect(nothing.body).toMatchObject({ email: null, phone: null, counted: false, withheld: ['personal_email', 'mobile_phone'] });
    expect(JSON.stringify(nothing.body)).not.toContain('mailinator');
    expect(nothing.body.allowance.remaining).toBe(shown.body.allowance.remaining);
  });

  it("'Report wrong contact' puts the value first in the queue, even when it is fresh", async () => {
    const reported = await physician({ personal_email: { value: 'reported@example.com', days: 2 } });
    for (let i = 0; i < 3; i++) await physician({ personal_email: { value: `stale${i}@example.com`, days: 50 } });
    const { agent } = await ctx.signedInAgent({ tier: 'premium' });
    expect((await reveal(agent, reported)).status).toBe(200);
    const report = await agent.post('/api/contact-reports', { physicianId: reported, field: 'personal_email', reason: 'bounced' });
    expect(report.status).toBe(201);
    expect(await row(reported)).toMatchObject({ verify_requested_fields: ['personal_email'] });

    // A batch with room for one row takes the reported one before the three stale ones.
    const { verifier, asked } = recordingVerifier();
    await runVerificationBatch(jobDeps(verifier, 4), NOW);
    expect(asked).toEqual(['reported@example.com']);
    expect(await row(reported)).toMatchObject({ verify_requested_at: null, verify_requested_fields: null, personal_email_method: 'builtin' });
  });
});
