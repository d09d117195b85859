import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationSentence } from '../../../contract/verification-copy';
import { createTestContext } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';

/*
 * The pages' honest copy and the operators' Verification page (ADR 032), on a real database.
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

beforeAll(async () => {
  // 20 physicians with a personal email each: 19 checked 5 days ago (valid), 1 checked 40 days
  // ago (invalid) -> coverage 95 %. Sources: 10 nppes, 10 resume.
  await insertPhysicians(
    ctx.db,
    Array.from({ length: 20 }, (_, i) => i + 1).map((id) => ({
      id,
      firstName: 'A',
      lastName: `L${id}`,
      source: id <= 10 ? ('nppes' as const) : ('resume' as const),
    })),
  );
  for (let id = 1; id <= 20; id++) {
    const old = id === 20;
    await ctx.db.sql.query(
      `INSERT INTO physician_contacts (physician_id, personal_email, personal_email_verification, personal_email_confidence,
         personal_email_method, personal_email_verified_at, personal_email_status, checked_at)
       VALUES ($1, $2, $3, $4, 'builtin', $5, $6, $5)`,
      [id, `doc${id}@example.com`, old ? 'invalid' : 'valid', old ? 0 : 75, ago(old ? 40 : 5), old ? 'unverified' : 'verified'],
    );
  }
});

describe('honest copy', () => {
  it("says 'verified monthly' only at 95 % or more, and what is true below", () => {
    expect(verificationSentence({ coverage: 95, maxAgeDays: 30, verifiedMonthly: true })).toBe('Contact details verified monthly.');
    expect(verificationSentence({ coverage: 62.4, maxAgeDays: 30, verifiedMonthly: false })).toBe(
      'Contact details re-verified every 30 days; 62 % checked this month.',
    );
    expect(verificationSentence({ coverage: 0.4, maxAgeDays: 30, verifiedMonthly: false })).toBe(
      'Contact details re-verified every 30 days; 0.4 % checked this month.',
    );
    expect(verificationSentence(undefined)).not.toMatch(/monthly/);
  });

  it('GET /api/verification/summary reads the coverage (public)', async () => {
    const res = await ctx.agent().get('/api/verification/summary');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ coverage: 95, maxAgeDays: 30, verifiedMonthly: true });
  });
});

describe('the operators’ Verification page', () => {
  it('coverage, the age histogram, invalid rates per source and the queue', async () => {
    const { agent } = await ctx.signedInAgent({ role: 'admin' });
    const res = await agent.get('/api/admin/verification');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ coverage: 95, values: 20, checkedRecently: 19, byStatus: { valid: 19, invalid: 1, risky: 0, unknown: 0 } });
    expect(res.body.ageHistogram).toEqual([
      { label: '0-7 days', count: 19 },
      { label: '8-14 days', count: 0 },
      { label: '15-30 days', count: 0 },
      { label: '31-60 days', count: 1 },
      { label: '61-90 days', count: 0 },
      { label: 'over 90 days', count: 0 },
      { label: 'never checked', count: 0 },
    ]);
    expect(res.body.bySource).toEqual(
      expect.arrayContaining([
        { source: 'nppes', values: 10, invalid: 0, risky: 0, invalidRate: 0 },
        { source: 'resume', values: 10, invalid: 1, risky: 0, invalidRate: 10 },
      ]),
    );
    expect(res.body.queue).toMatchObject({ due: 1, requested: 0, claimed: 0, ratePerMinute: 600, verifier: 'builtin' });
    const user = await ctx.signedInAgent({ tier: 'premium' });
    expect((await user.agent.get('/api/admin/verification')).status).toBe(403);
  });

  it("'verify now' checks one physician at once, audited in the same transaction", async () => {
    const { agent, user } = await ctx.signedInAgent({ role: 'admin' });
    await ctx.db.sql.query(`UPDATE physician_contacts SET mobile_phone = '(555) 555-0101' WHERE physician_id = 3`);
    const res = await agent.post('/api/admin/verification/physicians/3');
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual(
      expect.arrayContaining([{ field: 'mobile_phone', status: 'invalid', confidence: 0, method: 'builtin' }]),
    );
    const { rows } = await ctx.db.sql.query<{ mobile_phone_verification: string; mobile_phone_method: string }>(
      'SELECT mobile_phone_verification, mobile_phone_method FROM physician_contacts WHERE physician_id = 3',
    );
    expect(rows[0]).toEqual({ mobile_phone_verification: 'invalid', mobile_phone_method: 'builtin' });
    const audits = await ctx.db.sql.query<{ action: string; target_id: string }>(
      `SELECT action, target_id FROM audit_events WHERE actor_user_id = $1`,
      [user.id],
    );
    expect(audits.rows).toEqual([{ action: 'contact.verified_now', target_id: '3' }]);
    expect((await agent.post('/api/admin/verification/physicians/9999')).status).toBe(404);
  });
});
