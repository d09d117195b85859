import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_CREDITS_PER_DAY } from '../../../contract/contacts';
import { createTestContext, type TestAgent } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';

/*
 * Contact freshness and 'Report wrong contact' (ADR 022): the reveal shows each value's
 * status and date; a report gives exactly one reveal back (at most 10 a day), marks the value and
 * queues it for the operators, who re-verify or remove it. PGlite and PostgreSQL.
 */

const DAILY_LIMIT = 3;
const ctx = await createTestContext({ env: { REVEAL_DAILY_LIMIT: String(DAILY_LIMIT) } });
afterAll(() => ctx.close());

const PERSONAL_AT = '2026-09-01T10:00:00.000Z';
const WORK_AT = '2025-12-01T10:00:00.000Z';
const MOBILE_AT = '2026-06-15T10:00:00.000Z';
const PHYSICIANS = 17;

beforeAll(async () => {
  await insertPhysicians(
    ctx.db,
    Array.from({ length: PHYSICIANS }, (_, i) => i + 1).map((id) => ({
      id,
      firstName: `Ann${id}`,
      lastName: `Report${id}`,
      specialty: 'Cardiology',
      verifiedAt: PERSONAL_AT,
    })),
  );
  await ctx.db.sql.query(
    `INSERT INTO physician_contacts (physician_id, personal_email, work_email, mobile_phone, office_phone,
            personal_email_status, personal_email_verified_at, work_email_status, work_email_verified_at,
            mobile_phone_status, mobile_phone_verified_at, office_phone_status)
     SELECT g, 'ann' || g || '@example.com', 'ann' || g || '@example.org', '(555) 010-' || lpad(g::text, 4, '0'),
            '(555) 020-' || lpad(g::text, 4, '0'),
            'verified', $2::timestamptz, 'verified', $3::timestamptz, 'verified', $4::timestamptz, 'unverified'
       FROM generate_series(1, $1::int) g`,
    [PHYSICIANS, PERSONAL_AT, WORK_AT, MOBILE_AT],
  );
  await ctx.deps.services.directory.directoryChanged();
});

const reveal = (agent: TestAgent, id: number) => agent.post(`/api/physicians/${id}/contact`);
const report = (agent: TestAgent, physicianId: number, field: string, reason?: string) =>
  agent.post('/api/contact-reports', { physicianId, field, reason });

async function contactRow(id: number) {
  const { rows } = await ctx.db.sql.query<Record<string, string | Date | null>>(
    `SELECT c.personal_email, c.personal_email_status, c.personal_email_verified_at, c.mobile_phone_status,
            p.verified_at
       FROM physician_contacts c JOIN physicians p ON p.id = c.physician_id WHERE c.physician_id = $1`,
    [id],
  );
  const row = rows[0];
  for (const key of Object.keys(row)) if (row[key] instanceof Date) row[key] = (row[key] as Date).toISOString();
  return row;
}

async function resetPhysician(id: number) {
  await ctx.db.sql.query(
    `UPDATE physician_contacts SET personal_email = 'ann' || $1 || '@example.com', personal_email_status = 'verified',
            personal_email_verified_at = $2, mobile_phone_status = 'verified' WHERE physician_id = $1`,
    [id, PERSONAL_AT],
  );
  await ctx.db.sql.query('UPDATE physicians SET verified_at = $2 WHERE id = $1', [id, PERSONAL_AT]);
  await ctx.db.sql.query('DELETE FROM contact_reports WHERE physician_id = $1', [id]);
}

describe('the reveal shows each value’s freshness', () => {
  it('field, status and verified date of the email and the phone', async () => {
    const { agent } = await ctx.signedInAgent({ tier: 'basic' });
    const res = await reveal(agent, 1);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: 'ann1@example.com',
      phone: '(555) 010-0001',
      verifiedAt: PERSONAL_AT,
      emailDetail: { field: 'personal_email', status: 'verified', verifiedAt: PERSONAL_AT },
      phoneDetail: { field: 'mobile_phone', status: 'verified', verifiedAt: MOBILE_AT },
    });
  });
});

describe('POST /api/contact-reports', () => {
  it('restores exactly one reveal, marks the value reported, audits, queues it; the next reveal offers the other email', async () => {
    const { agent, user } = await ctx.signedInAgent({ tier: 'basic' });
    expect((await reveal(agent, 2)).body.allowance.remaining).toBe(DAILY_LIMIT - 1);

    const res = await report(agent, 2, 'personal_email', '  Bounced  ');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      credited: true,
      message:
        "Thank you. The contact is marked as reported for you, and our team will check it. The reveal is back in today's allowance.",
      detail: { field: 'personal_email', status: 'reported', verifiedAt: PERSONAL_AT },
      allowance: { dailyLimit: DAILY_LIMIT, remaining: DAILY_LIMIT },
    });
    expect((await agent.get('/api/contacts/allowance')).body.remaining).toBe(DAILY_LIMIT);
    // One report marks the value for its reporter only: for everyone it stays as it was (ADR 030).
    expect(await contactRow(2)).toEqual({
      personal_email: 'ann2@example.com',
      personal_email_status: 'verified',
      personal_email_verified_at: PERSONAL_AT,
      mobile_phone_status: 'verified',
      verified_at: PERSONAL_AT,
    });
    const { rows: reports } = await ctx.db.sql.query(
      'SELECT field, reported_value, reason, credited FROM contact_reports WHERE user_id = $1',
      [user.id],
    );
    expect(reports).toEqual([{ field: 'personal_email', reported_value: 'ann2@example.com', reason: 'Bounced', credited: true }]);
    const { rows: audits } = await ctx.db.sql.query<{ action: string; details: Record<string, unknown> }>(
      `SELECT action, details FROM audit_events WHERE actor_user_id = $1 ORDER BY id`,
      [user.id],
    );
    expect(audits.map((a) => a.action)).toEqual(['contact.revealed', 'contact.reported']);
    expect(audits[1].details).toMatchObject({ field: 'personal_email', credited: true, reporters: 1, markedForEveryone: false });

    // The reporter's free re-reveal now shows the work email (not reported) instead of the one they reported.
    const again = await reveal(agent, 2);
    expect(again.body).toMatchObject({
      email: 'ann2@example.org',
      emailDetail: { field: 'work_email', status: 'verified', verifiedAt: WORK_AT },
      counted: false,
      allowance: { remaining: DAILY_LIMIT },
    });

    // The same reveal is not credited twice (another value of it), and the same value not reported twice.
    const phone = await report(agent, 2, 'mobile_phone');
    expect(phone.status).toBe(201);
    expect(phone.body).toMatchObject({
      credited: false,
      message: 'Thank you. The contact is marked as reported for you, and our team will check it. This reveal was already credited back.',
      allowance: { remaining: DAILY_LIMIT },
    });
    const twice = await report(agent, 2, 'personal_email');
    expect(twice.status).toBe(409);
  });

  it('two reports of one reveal at once: exactly one credit', async () => {
    const { agent, user } = await ctx.signedInAgent({ tier: 'premium' });
    await reveal(agent, 3);
    const results = await Promise.all([report(agent, 3, 'personal_email'), report(agent, 3, 'work_email')]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    expect(results.filter((r) => r.body.credited)).toHaveLength(1);
    const { rows } = await ctx.db.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM contact_reports WHERE user_id = $1 AND credited',
      [user.id],
    );
    expect(rows[0].n).toBe(1);
    expect((await agent.get('/api/contacts/allowance')).body.remaining).toBe(DAILY_LIMIT);
  });

  it(`the ${CONTACT_CREDITS_PER_DAY + 1}th credit-back of a day is recorded without credit, and says so`, async () => {
    const { agent } = await ctx.signedInAgent({ tier: 'basic' });
    for (let id = 1; id <= CONTACT_CREDITS_PER_DAY; id++) {
      expect((await reveal(agent, id)).status).toBe(200);
      const res = await report(agent, id, 'office_phone');
      expect(res.body, `report ${id}`).toMatchObject({ credited: true, allowance: { remaining: DAILY_LIMIT } });
    }
    await reveal(agent, CONTACT_CREDITS_PER_DAY + 1);
    const eleventh = await report(agent, CONTACT_CREDITS_PER_DAY + 1, 'office_phone');
    expect(eleventh.status).toBe(201);
    expect(eleventh.body).toMatchObject({
      credited: false,
      message:
        'Thank you. The contact is marked as reported for you, and our team will check it. You have already had 10 reveals credited back today, so this one is not.',
      allowance: { remaining: DAILY_LIMIT - 1 },
    });
  });

  it('refused: nothing revealed (404), free user (403), bad field (400), unknown physician (404); nothing written', async () => {
    const { agent, user } = await ctx.signedInAgent({ tier: 'basic' });
    const notRevealed = await report(agent, 12, 'personal_email');
    expect(notRevealed.status).toBe(404);
    expect(notRevealed.body.error.message).toBe('No revealed contact to report: reveal the contact first.');
    const bad = await report(agent, 12, 'fax');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('field');
    expect((await report(agent, 999_999, 'personal_email')).status).toBe(404);
    const free = await ctx.signedInAgent({ tier: 'free' });
    expect((await report(free.agent, 12, 'personal_email')).status).toBe(403);
    const { rows } = await ctx.db.sql.query('SELECT 1 FROM contact_reports WHERE user_id IN ($1, $2)', [
      user.id,
      free.user.id,
    ]);
    expect(rows).toEqual([]);
    expect((await contactRow(12)).personal_email_status).toBe('verified');
  });
});

describe('the operators’ queue', () => {
  it('lists open reports; re-verify marks the value verified now and closes every open report of it', async () => {
    await resetPhysician(13);
    const first = await ctx.signedInAgent({ tier: 'basic' });
    const second = await ctx.signedInAgent({ tier: 'basic' });
    for (const { agent } of [first, second]) {
      await reveal(agent, 13);
      expect((await report(agent, 13, 'personal_email', 'Wrong person')).status).toBe(201);
    }
    const { agent: admin, user: adminUser } = await ctx.signedInAgent({ role: 'admin' });
    const list = await admin.get('/api/admin/contact-reports');
    expect(list.status).toBe(200);
    const mine = list.body.reports.filter((r: { physicianId: number }) => r.physicianId === 13);
    expect(mine).toEqual([
      expect.objectContaining({
        physicianName: 'Ann13 Report13',
        field: 'personal_email',
        reportedValue: 'ann13@example.com',
        currentValue: 'ann13@example.com',
        reason: 'Wrong person',
        reportedBy: first.user.email,
        credited: true,
      }),
      expect.objectContaining({ reportedBy: second.user.email }),
    ]);
    expect((await first.agent.get('/api/admin/contact-reports')).status).toBe(403);

    const before = Date.now();
    const res = await admin.post(`/api/admin/contact-reports/${mine[0].id}/resolve`, { action: 'reverify' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ resolved: 2 });
    const row = await contactRow(13);
    expect(row.personal_email_status).toBe('verified');
    expect(new Date(row.personal_email_verified_at as string).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.verified_at).toBe(row.personal_email_verified_at);
    const after = await admin.get('/api/admin/contact-reports');
    expect(after.body.reports.filter((r: { physicianId: number }) => r.physicianId === 13)).toEqual([]);
    const again = await admin.post(`/api/admin/contact-reports/${mine[1].id}/resolve`, { action: 'remove' });
    expect(again.status).toBe(409);
    const { rows } = await ctx.db.sql.query<{ action: string; details: Record<string, unknown> }>(
      `SELECT action, details FROM audit_events WHERE actor_user_id = $1`,
      [adminUser.id],
    );
    expect(rows).toEqual([
      {
        action: 'contact.report_resolved',
        details: { field: 'personal_email', reportId: mine[0].id, action: 'reverify', resolved: 2 },
      },
    ]);
  });

  it('remove clears the value; the reveal then falls back to the work email', async () => {
    await resetPhysician(14);
    const { agent } = await ctx.signedInAgent({ tier: 'basic' });
    await reveal(agent, 14);
    const reported = await report(agent, 14, 'personal_email');
    const { agent: admin } = await ctx.signedInAgent({ role: 'admin' });
    const list = await admin.get('/api/admin/contact-reports');
    const id = list.body.reports.find((r: { physicianId: number }) => r.physicianId === 14).id;
    expect(id).toBe(reported.body.reportId);
    expect((await admin.post(`/api/admin/contact-reports/${id}/resolve`, { action: 'remove' })).body).toEqual({
      resolved: 1,
    });
    expect(await contactRow(14)).toEqual({
      personal_email: null,
      personal_email_status: 'unverified',
      personal_email_verified_at: null,
      mobile_phone_status: 'verified',
      verified_at: MOBILE_AT,
    });
    const after = await reveal(agent, 14);
    expect(after.body).toMatchObject({ email: 'ann14@example.org', emailDetail: { field: 'work_email' } });
    const bad = await admin.post(`/api/admin/contact-reports/${id}/resolve`, { action: 'delete' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('action');
    expect((await admin.post('/api/admin/contact-reports/999999/resolve', { action: 'remove' })).status).toBe(404);
  });
});

describe('a value is reported for everyone only by two customers or an operator', () => {
  it('one report changes only its reporter’s view; a second customer’s report marks it for everyone', async () => {
    const first = await ctx.signedInAgent({ tier: 'basic' });
    const second = await ctx.signedInAgent({ tier: 'premium' });
    const bystander = await ctx.signedInAgent({ tier: 'basic' });
    for (const { agent } of [first, second, bystander]) await reveal(agent, 15);

    expect((await report(first.agent, 15, 'personal_email')).status).toBe(201);
    // For everyone else the value is as it was: verified, shown first, the physician's date unchanged.
    expect(await contactRow(15)).toMatchObject({ personal_email_status: 'verified', verified_at: PERSONAL_AT });
    expect((await reveal(bystander.agent, 15)).body).toMatchObject({
      email: 'ann15@example.com',
      emailDetail: { field: 'personal_email', status: 'verified' },
    });
    // The reporter sees it as reported, and is offered the work email instead.
    expect((await reveal(first.agent, 15)).body).toMatchObject({
      email: 'ann15@example.org',
      emailDetail: { field: 'work_email', status: 'verified' },
    });
    // The same customer reporting again does not count twice.
    expect((await report(first.agent, 15, 'personal_email')).status).toBe(409);
    expect(await contactRow(15)).toMatchObject({ personal_email_status: 'verified' });

    // A second, different customer: now reported for everyone.
    const res = await report(second.agent, 15, 'personal_email');
    expect(res.status).toBe(201);
    expect(await contactRow(15)).toMatchObject({ personal_email_status: 'reported', verified_at: MOBILE_AT });
    expect((await reveal(bystander.agent, 15)).body).toMatchObject({
      email: 'ann15@example.org',
      emailDetail: { field: 'work_email' },
    });
    const { agent: admin } = await ctx.signedInAgent({ role: 'admin' });
    const queued = (await admin.get('/api/admin/contact-reports')).body.reports.filter(
      (r: { physicianId: number }) => r.physicianId === 15,
    );
    expect(queued).toHaveLength(2);
    expect(queued[0]).toMatchObject({ reporters: 2, status: 'reported' });
  });

  it('an operator confirms a single report: the value is reported for everyone and stays on file', async () => {
    const reporter = await ctx.signedInAgent({ tier: 'basic' });
    const bystander = await ctx.signedInAgent({ tier: 'basic' });
    await reveal(reporter.agent, 16);
    await reveal(bystander.agent, 16);
    const reported = await report(reporter.agent, 16, 'personal_email', 'Bounced twice');
    const { agent: admin, user: adminUser } = await ctx.signedInAgent({ role: 'admin' });
    const listed = (await admin.get('/api/admin/contact-reports')).body.reports.find(
      (r: { id: string }) => r.id === reported.body.reportId,
    );
    expect(listed).toMatchObject({ reporters: 1, status: 'verified' });

    const res = await admin.post(`/api/admin/contact-reports/${reported.body.reportId}/resolve`, { action: 'confirm' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ resolved: 1 });
    expect(await contactRow(16)).toMatchObject({
      personal_email: 'ann16@example.com',
      personal_email_status: 'reported',
      verified_at: MOBILE_AT,
    });
    expect((await reveal(bystander.agent, 16)).body).toMatchObject({ emailDetail: { field: 'work_email' } });
    const { rows } = await ctx.db.sql.query<{ resolution: string }>('SELECT resolution FROM contact_reports WHERE physician_id = 16');
    expect(rows).toEqual([{ resolution: 'confirmed' }]);
    const { rows: audits } = await ctx.db.sql.query<{ details: Record<string, unknown> }>(
      `SELECT details FROM audit_events WHERE actor_user_id = $1 AND action = 'contact.report_resolved'`,
      [adminUser.id],
    );
    expect(audits).toEqual([{ details: { field: 'personal_email', reportId: reported.body.reportId, action: 'confirm', resolved: 1 } }]);
  });
});
