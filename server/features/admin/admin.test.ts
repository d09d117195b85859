import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tier } from '../../../contract/account';
import { createTestContext, createTestUser, type TestAgent } from '../../test/harness';
import { insertPhysician } from '../../test/support/physicians';
import { addSuppressions } from '../removal';

const ctx = await createTestContext();
afterAll(() => ctx.close());

const { agent: admin, user: adminUser } = await ctx.signedInAgent({ role: 'admin', email: 'ops@example.com' });

type SubmissionInput = Partial<{
  firstName: string;
  middleName: string | null;
  lastName: string;
  title: string;
  organization: string;
  specialty: string;
  email: string;
  phone: string;
  location: string;
  linkedinUrl: string | null;
  education: unknown[];
  skills: string[];
  createdAt: string;
}>;

/** A pending submission written as the public resume form writes it. */
async function insertSubmission(input: SubmissionInput = {}): Promise<string> {
  const n = randomUUID().slice(0, 8);
  const { rows } = await ctx.db.sql.query<{ id: string }>(
    `INSERT INTO candidate_submissions (first_name, middle_name, last_name, title, organization, specialty, email, phone,
                                        location, linkedin_url, education, skills, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::text[], COALESCE($13::timestamptz, now())) RETURNING id`,
    [
      input.firstName ?? 'Test',
      input.middleName ?? null,
      input.lastName ?? `Person${n}`,
      input.title ?? 'Physician',
      input.organization ?? 'Test Clinic',
      input.specialty ?? 'Cardiology',
      input.email ?? `resume-${n}@example.com`,
      input.phone ?? '555-010-0000',
      input.location ?? 'Boston, MA',
      input.linkedinUrl ?? null,
      JSON.stringify(input.education ?? []),
      input.skills ?? [],
      input.createdAt ?? null,
    ],
  );
  return rows[0].id;
}

async function submissionRow(id: string) {
  const { rows } = await ctx.db.sql.query<{ status: string; processed_by: string | null; processed_at: Date | null; physician_id: number | null }>(
    'SELECT status, processed_by, processed_at, physician_id FROM candidate_submissions WHERE id = $1',
    [id],
  );
  return rows[0];
}

describe('every admin call needs the admin role', () => {
  const someId = randomUUID();
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/overview'],
    ['GET', '/api/admin/submissions?status=pending'],
    ['POST', `/api/admin/submissions/${someId}/approve`],
    ['POST', `/api/admin/submissions/${someId}/reject`],
    ['GET', '/api/admin/users?query=a&page=1'],
    ['GET', '/api/admin/users/stats'],
    ['GET', `/api/admin/users/${someId}`],
    ['POST', `/api/admin/users/${someId}/sessions/revoke`],
    ['PUT', `/api/admin/users/${someId}/role`, { role: 'admin' }],
    ['GET', '/api/admin/audit'],
  ];
  const agents: Record<string, TestAgent> = {};
  beforeAll(async () => {
    agents.anonymous = ctx.agent();
    for (const tier of ['free', 'basic', 'premium'] as Tier[]) agents[tier] = (await ctx.signedInAgent({ tier })).agent;
  });

  it('lists every /api/admin path of the OpenAPI document here, each with an operationId', async () => {
    const doc = (await ctx.agent().get('/api/openapi.json')).body as { paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>> };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })));
    const tested = calls.map(([method, path]) =>
      `${method} ${path.replace(/\?.*$/, '').replace(someId, '{id}')}`,
    );
    for (const { key, op } of documented) {
      // Other features' admin calls, tested in their own feature's tests and in the authorisation matrix.
      if (['refund-requests', 'contact-messages', '/imports', 'contact-reports', '/verification', '/outreach/'].some((part) => key.includes(part))) continue;
      expect(tested, `${key} is tested below`).toContain(key);
      expect(op.operationId, key).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.security, key).toEqual([{ sessionCookie: [] }]);
    }
    expect(documented.length).toBeGreaterThanOrEqual(calls.length);
  });

  for (const [method, path, body] of calls) {
    it(`${method} ${path}: 401 signed out, 403 for free, basic and premium users`, async () => {
      const anonymous = await agents.anonymous.request(method, path, { body });
      expect(anonymous.status).toBe(401);
      for (const tier of ['free', 'basic', 'premium']) {
        const res = await agents[tier].request(method, path, { body });
        expect(res.status, tier).toBe(403);
        expect(res.body.error.code).toBe('forbidden');
      }
    });
  }

  it('answers 401/403 before looking at the parameters', async () => {
    expect((await agents.anonymous.get('/api/admin/users/not-a-uuid')).status).toBe(401);
    expect((await agents.free.get('/api/admin/submissions?status=nonsense')).status).toBe(403);
    expect((await admin.get('/api/admin/submissions?status=nonsense')).status).toBe(400);
  });
});

describe('approving a resume', () => {
  it('creates a physician with the submitted fields, searchable at once, and emails them', async () => {
    const education = [
      { schoolName: 'Harvard Medical School', degree: 'MD', field: 'Medicine', startDate: '2004', endDate: '2008' },
      { schoolName: 'Yale University', degree: 'BS', field: null, startDate: null, endDate: null },
    ];
    const id = await insertSubmission({
      firstName: 'Zebulon',
      middleName: 'Q',
      lastName: 'Quackenbush',
      title: 'Interventional Cardiologist',
      organization: 'Beacon Heart Institute',
      specialty: 'Cardiology',
      email: 'Zeb.Quackenbush@example.com',
      phone: '(617) 555-0199',
      location: 'Cambridge, Massachusetts',
      linkedinUrl: 'https://www.linkedin.com/in/zquack',
      education,
      skills: ['Cardiac Catheterization', 'Echocardiography'],
    });

    const res = await admin.post(`/api/admin/submissions/${id}/approve`);
    expect(res.status).toBe(200);
    expect(res.body.submission.status).toBe('approved');
    expect(res.body.submission.processedByEmail).toBe('ops@example.com');
    const physicianId = res.body.submission.physicianId as number;
    expect(physicianId).toBeGreaterThan(0);

    const { rows } = await ctx.db.sql.query<Record<string, unknown>>(
      `SELECT p.first_name, p.middle_name, p.last_name, p.title, p.organization, p.specialty, p.city, p.state,
              p.linkedin_url, p.skills, p.education, p.source, p.verified_at IS NOT NULL AS verified,
              c.personal_email, c.personal_email_status, c.mobile_phone, c.mobile_phone_status
         FROM physicians p JOIN physician_contacts c ON c.physician_id = p.id WHERE p.id = $1`,
      [physicianId],
    );
    expect(rows[0]).toEqual({
      first_name: 'Zebulon',
      middle_name: 'Q',
      last_name: 'Quackenbush',
      title: 'Interventional Cardiologist',
      organization: 'Beacon Heart Institute',
      specialty: 'Cardiology',
      city: 'Cambridge',
      state: 'MA',
      linkedin_url: 'https://www.linkedin.com/in/zquack',
      skills: ['Cardiac Catheterization', 'Echocardiography'],
      education,
      source: 'resume',
      // The physician's own word: self-reported, not verified by us (ADR 030).
      verified: false,
      personal_email: 'Zeb.Quackenbush@example.com',
      personal_email_status: 'self_reported',
      mobile_phone: '(617) 555-0199',
      mobile_phone_status: 'self_reported',
    });

    // Searchable right after the call returned: by name, and its profile shows the fields.
    const search = await ctx.agent().get('/api/physicians?query=Quackenbush');
    expect(search.body.total).toBe(1);
    expect(search.body.results[0]).toMatchObject({
      id: physicianId,
      firstName: 'Zebulon',
      lastName: 'Quackenbush',
      specialty: 'Cardiology',
      organization: 'Beacon Heart Institute',
      location: 'Cambridge, MA',
      skills: ['Cardiac Catheterization', 'Echocardiography'],
      hasEmail: true,
      hasPhone: true,
    });
    const byState = await ctx.agent().get('/api/physicians?query=Quackenbush&state=MA&specialty=Cardiology');
    expect(byState.body.total).toBe(1);

    const row = await submissionRow(id);
    expect(row).toMatchObject({ status: 'approved', processed_by: adminUser.id, physician_id: physicianId });
    expect(row.processed_at).not.toBeNull();

    const mail = await ctx.db.sql.query<{ subject: string; text_body: string }>(
      'SELECT subject, text_body FROM email_outbox WHERE to_address = $1',
      ['Zeb.Quackenbush@example.com'],
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0].subject).toBe('Your PhysicianDirect profile is live');
    expect(mail.rows[0].text_body).toContain(`http://localhost:3000/physician/${physicianId}`);

    const audit = await ctx.db.sql.query<{ actor_user_id: string; target_id: string }>(
      `SELECT actor_user_id, target_id FROM audit_events WHERE action = 'submission.approved' AND target_id = $1`,
      [id],
    );
    expect(audit.rows).toEqual([{ actor_user_id: adminUser.id, target_id: id }]);
  });

  it('updates the directory record whose email matches instead of adding a second one', async () => {
    const existing = await insertPhysician(ctx.db, {
      firstName: 'Old',
      lastName: 'Record',
      specialty: 'Neurology',
      city: 'Austin',
      state: 'TX',
      npi: '1999999999',
    });
    await ctx.db.sql.query(`INSERT INTO physician_contacts (physician_id, work_email) VALUES ($1, 'match.me@example.com')`, [existing]);
    await ctx.deps.services.directory.directoryChanged({ ids: [existing] });

    const id = await insertSubmission({ firstName: 'Newname', lastName: 'Updatedperson', email: 'MATCH.me@example.com', specialty: 'Neurology', location: 'Dallas TX' });
    const res = await admin.post(`/api/admin/submissions/${id}/approve`);
    expect(res.status).toBe(200);
    expect(res.body.submission.physicianId).toBe(existing);
    expect(res.body.message).toMatch(/updated/);

    const after = await ctx.db.sql.query<{ first_name: string; city: string; npi: string; n: number }>(
      `SELECT first_name, city, npi, (SELECT count(*)::int FROM physicians WHERE last_name = 'Updatedperson') AS n FROM physicians WHERE id = $1`,
      [existing],
    );
    expect(after.rows[0]).toEqual({ first_name: 'Newname', city: 'Dallas', npi: '1999999999', n: 1 });
    const search = await ctx.agent().get('/api/physicians?query=Updatedperson');
    expect(search.body.results.map((r: { id: number }) => r.id)).toEqual([existing]);
    expect((await ctx.agent().get('/api/physicians?query=Record%20Old')).body.total).toBe(0);
  });

  it('never replaces the contacts on file: a different phone is kept beside them as self-reported, and the operator sees the differences first', async () => {
    const verifiedAt = '2026-05-01T00:00:00.000Z';
    const existing = await insertPhysician(ctx.db, {
      firstName: 'Listed',
      lastName: 'Physicianone',
      specialty: 'Cardiology',
      verifiedAt,
    });
    await ctx.db.sql.query(
      `INSERT INTO physician_contacts (physician_id, personal_email, work_email, mobile_phone, office_phone,
              personal_email_status, personal_email_verified_at, work_email_status, mobile_phone_status,
              mobile_phone_verified_at, office_phone_status)
       VALUES ($1, 'listed.one@example.com', 'listed.one@hospital.example', '(617) 555-0101', '(617) 555-0102',
               'verified', $2, 'unverified', 'verified', $2, 'verified')`,
      [existing, verifiedAt],
    );
    const contactsBefore = (await ctx.db.sql.query('SELECT * FROM physician_contacts WHERE physician_id = $1', [existing])).rows[0];
    const id = await insertSubmission({ lastName: 'Physicianone', email: 'Listed.One@example.com', phone: '(212) 555-0999' });

    const list = await admin.get('/api/admin/submissions?status=pending&pageSize=100');
    const listed = list.body.submissions.find((s: { id: string }) => s.id === id);
    expect(listed.match).toEqual({
      physicianId: existing,
      physicianName: 'Listed Physicianone',
      email: { submitted: 'Listed.One@example.com', onFile: ['listed.one@example.com', 'listed.one@hospital.example'], outcome: 'on_file' },
      phone: { submitted: '(212) 555-0999', onFile: ['(617) 555-0101', '(617) 555-0102'], outcome: 'beside' },
    });

    const res = await admin.post(`/api/admin/submissions/${id}/approve`);
    expect(res.status).toBe(200);
    expect(res.body.submission.physicianId).toBe(existing);
    expect(res.body.message).toMatch(/added as self-reported; the ones on file were kept/);
    const after = (await ctx.db.sql.query('SELECT * FROM physician_contacts WHERE physician_id = $1', [existing])).rows[0];
    expect(after).toEqual({ ...contactsBefore, self_reported_phone: '(212) 555-0999', self_reported_at: expect.any(Date) });
    const physician = await ctx.db.sql.query<{ verified_at: Date }>('SELECT verified_at FROM physicians WHERE id = $1', [existing]);
    expect(physician.rows[0].verified_at.toISOString()).toBe(verifiedAt);

    // A recruiter's reveal shows the values on file, and the self-reported phone beside them.
    const { agent: recruiter } = await ctx.signedInAgent({ tier: 'basic' });
    const reveal = await recruiter.post(`/api/physicians/${existing}/contact`);
    expect(reveal.body).toMatchObject({
      email: 'listed.one@example.com',
      phone: '(617) 555-0101',
      phoneDetail: { field: 'mobile_phone', status: 'verified' },
      selfReported: { email: null, phone: '(212) 555-0999' },
    });
  });

  it('puts a submitted value in an empty place of its kind, marked self-reported, and leaves the rest alone', async () => {
    const existing = await insertPhysician(ctx.db, { firstName: 'Listed', lastName: 'Physiciantwo', specialty: 'Neurology' });
    await ctx.db.sql.query(
      `INSERT INTO physician_contacts (physician_id, work_email, office_phone, work_email_status, office_phone_status)
       VALUES ($1, 'two@clinic.example', '+1 (617) 555-0202', 'verified', 'verified')`,
      [existing],
    );
    // The same office number written differently is already on file.
    const same = await insertSubmission({ lastName: 'Physiciantwo', email: 'two@clinic.example', phone: '617.555.0202' });
    const samePending = (await admin.get('/api/admin/submissions?status=pending&pageSize=100')).body.submissions.find(
      (s: { id: string }) => s.id === same,
    );
    expect(samePending.match.phone).toMatchObject({ outcome: 'on_file' });
    await admin.post(`/api/admin/submissions/${same}/reject`);

    const id = await insertSubmission({ lastName: 'Physiciantwo', email: 'two@clinic.example', phone: '(617) 555-0303' });
    expect((await admin.post(`/api/admin/submissions/${id}/approve`)).status).toBe(200);
    const after = await ctx.db.sql.query(
      `SELECT personal_email, work_email, work_email_status, mobile_phone, mobile_phone_status, mobile_phone_verified_at,
              office_phone, office_phone_status, self_reported_phone
         FROM physician_contacts WHERE physician_id = $1`,
      [existing],
    );
    expect(after.rows[0]).toEqual({
      personal_email: null,
      work_email: 'two@clinic.example',
      work_email_status: 'verified',
      mobile_phone: '(617) 555-0303',
      mobile_phone_status: 'self_reported',
      mobile_phone_verified_at: null,
      office_phone: '+1 (617) 555-0202',
      office_phone_status: 'verified',
      self_reported_phone: null,
    });
  });

  it('refuses a suppressed email with a message that says so, and leaves the submission pending', async () => {
    await addSuppressions(ctx.db, { emails: ['removed.me@example.com'], npis: [] });
    const id = await insertSubmission({ lastName: 'Suppressedperson', email: 'Removed.Me@example.com' });
    const res = await admin.post(`/api/admin/submissions/${id}/approve`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/asked to have its information removed/);
    expect((await submissionRow(id)).status).toBe('pending');
    expect((await ctx.agent().get('/api/physicians?query=Suppressedperson')).body.total).toBe(0);
    const mail = await ctx.db.sql.query('SELECT 1 FROM email_outbox WHERE lower(to_address) = $1', ['removed.me@example.com']);
    expect(mail.rows).toHaveLength(0);
  });

  it('answers 409 to approving or rejecting a submission already processed, and 404 to an unknown one', async () => {
    const approved = await insertSubmission();
    expect((await admin.post(`/api/admin/submissions/${approved}/approve`)).status).toBe(200);
    const again = await admin.post(`/api/admin/submissions/${approved}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This submission was already approved. Reload the list to see its current state.');
    expect((await admin.post(`/api/admin/submissions/${approved}/reject`)).status).toBe(409);

    const rejected = await insertSubmission();
    expect((await admin.post(`/api/admin/submissions/${rejected}/reject`)).status).toBe(200);
    const rejectAgain = await admin.post(`/api/admin/submissions/${rejected}/reject`);
    expect(rejectAgain.status).toBe(409);
    expect(rejectAgain.body.error.message).toMatch(/already rejected/);
    expect((await admin.post(`/api/admin/submissions/${rejected}/approve`)).status).toBe(409);

    expect((await admin.post(`/api/admin/submissions/${randomUUID()}/approve`)).status).toBe(404);
    expect((await admin.post('/api/admin/submissions/123/approve')).status).toBe(400);
  });

  it('approves one of two concurrent approvals of the same submission and refuses the other', async () => {
    const id = await insertSubmission({ lastName: 'Raceperson' });
    const [a, b] = await Promise.all([admin.post(`/api/admin/submissions/${id}/approve`), admin.post(`/api/admin/submissions/${id}/approve`)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await ctx.agent().get('/api/physicians?query=Raceperson')).body.total).toBe(1);
  });
});

describe('rejecting and listing', () => {
  it('keeps a rejected row with who and when, and lists each status with counts', async () => {
    await ctx.db.sql.query('DELETE FROM candidate_submissions');
    const first = await insertSubmission({ lastName: 'Alpha', createdAt: '2026-01-01T10:00:00Z' });
    const second = await insertSubmission({ lastName: 'Beta', createdAt: '2026-01-02T10:00:00Z' });
    await insertSubmission({ lastName: 'Gamma', createdAt: '2026-01-03T10:00:00Z' });

    const res = await admin.post(`/api/admin/submissions/${second}/reject`);
    expect(res.status).toBe(200);
    expect(res.body.submission).toMatchObject({ status: 'rejected', processedByEmail: 'ops@example.com', physicianId: null });
    expect((await submissionRow(second)).processed_by).toBe(adminUser.id);
    await admin.post(`/api/admin/submissions/${first}/approve`);

    const pending = await admin.get('/api/admin/submissions?status=pending');
    expect(pending.body.counts).toEqual({ pending: 1, approved: 1, rejected: 1 });
    expect(pending.body.submissions.map((s: { lastName: string }) => s.lastName)).toEqual(['Gamma']);
    const rejected = await admin.get('/api/admin/submissions?status=rejected');
    expect(rejected.body.submissions[0]).toMatchObject({ lastName: 'Beta', status: 'rejected' });
    expect(rejected.body.submissions[0].processedAt).not.toBeNull();
  });

  it('pages 25 at a time, oldest pending first', async () => {
    await ctx.db.sql.query('DELETE FROM candidate_submissions');
    for (let i = 0; i < 27; i++) {
      await insertSubmission({ lastName: `Paged${String(i).padStart(2, '0')}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() });
    }
    const page1 = await admin.get('/api/admin/submissions?status=pending&page=1');
    expect(page1.body).toMatchObject({ total: 27, page: 1, pageSize: 25, pageCount: 2 });
    expect(page1.body.submissions).toHaveLength(25);
    expect(page1.body.submissions[0].lastName).toBe('Paged00');
    const page2 = await admin.get('/api/admin/submissions?status=pending&page=2');
    expect(page2.body.submissions.map((s: { lastName: string }) => s.lastName)).toEqual(['Paged25', 'Paged26']);
    const past = await admin.get('/api/admin/submissions?status=pending&page=5');
    expect(past.body.submissions).toEqual([]);
  });
});

describe('users', () => {
  it('keeps the exported-contacts counter equal to the sum of export_logs through inserts, edits and deletes', async () => {
    const u = await createTestUser(ctx.db, { email: 'counter@example.org', tier: 'premium' });
    const other = await createTestUser(ctx.db, { email: 'counter-other@example.org', tier: 'premium' });
    const counter = async (id: string) =>
      Number((await ctx.db.sql.query<{ n: string }>('SELECT exported_contacts::text AS n FROM users WHERE id = $1', [id])).rows[0].n);
    await ctx.db.sql.query('INSERT INTO export_logs (user_id, export_count) VALUES ($1, 10), ($1, 5), ($2, 3)', [u.id, other.id]);
    expect(await counter(u.id)).toBe(15);
    expect(await counter(other.id)).toBe(3);
    await ctx.db.sql.query('UPDATE export_logs SET export_count = 7 WHERE user_id = $1 AND export_count = 10', [u.id]);
    expect(await counter(u.id)).toBe(12);
    await ctx.db.sql.query('UPDATE export_logs SET user_id = $2 WHERE user_id = $1 AND export_count = 5', [u.id, other.id]);
    expect([await counter(u.id), await counter(other.id)]).toEqual([7, 8]);
    await ctx.db.sql.query('DELETE FROM export_logs WHERE user_id = $1 AND export_count = 3', [other.id]);
    expect(await counter(other.id)).toBe(5);
    // A rolled-back export leaves the counter as it was.
    await ctx.db
      .transaction(async (tx) => {
        await tx.sql.query('INSERT INTO export_logs (user_id, export_count) VALUES ($1, 100)', [u.id]);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await counter(u.id)).toBe(7);
    // Deleting a user cascades to their export rows without tripping over the counter.
    await ctx.db.sql.query('DELETE FROM users WHERE id = $1', [other.id]);
    expect((await ctx.db.sql.query('SELECT 1 FROM export_logs WHERE user_id = $1', [other.id])).rows).toHaveLength(0);
    const listed = await admin.get('/api/admin/users?query=counter@example.org');
    expect(listed.body.users).toEqual([expect.objectContaining({ email: 'counter@example.org', totalExports: 7 })]);
    await ctx.db.sql.query('DELETE FROM users WHERE id = $1', [u.id]);
  });

  it('pages and searches on the server with the summary fields and the stat cards', async () => {
    const trial = await createTestUser(ctx.db, { email: 'zz-trial@example.org' });
    await ctx.db.sql.query(
      `INSERT INTO subscriptions (user_id, provider, status, price_id, tier) VALUES ($1, 'demo', 'trialing', 'price_monthly', 'basic')`,
      [trial.id],
    );
    const premium = await createTestUser(ctx.db, { email: 'zz-premium@example.org', tier: 'premium' });
    await ctx.db.sql.query('INSERT INTO export_logs (user_id, export_count) VALUES ($1, 40), ($1, 2)', [premium.id]);
    await ctx.db.sql.query(`UPDATE users SET last_sign_in_at = '2026-02-03T04:05:06Z' WHERE id = $1`, [premium.id]);

    const res = await admin.get('/api/admin/users?query=ZZ-');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    const byEmail = Object.fromEntries(res.body.users.map((u: { email: string }) => [u.email, u]));
    expect(byEmail['zz-premium@example.org']).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'Annual Plan',
      totalExports: 42,
      lastSignInAt: '2026-02-03T04:05:06.000Z',
      role: 'user',
    });
    expect(byEmail['zz-trial@example.org']).toMatchObject({ subscriptionStatus: 'trialing', totalExports: 0, lastSignInAt: null });

    // A pattern character is taken literally.
    expect((await admin.get('/api/admin/users?query=%25')).body.total).toBe(0);

    const { rows } = await ctx.db.sql.query<{ users: number; active: number; exports: string }>(
      `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM subscriptions WHERE status = 'active') AS active,
              (SELECT COALESCE(sum(export_count), 0)::text FROM export_logs) AS exports`,
    );
    const stats = await admin.get('/api/admin/users/stats');
    expect(stats.body).toEqual({ totalUsers: rows[0].users, activeSubscriptions: rows[0].active, totalExports: Number(rows[0].exports) });
    expect(stats.body.totalExports).toBeGreaterThanOrEqual(42);

    for (let i = 0; i < 30; i++) await createTestUser(ctx.db, { email: `bulk-${i}@paging.test` });
    const page1 = await admin.get('/api/admin/users?query=paging.test');
    expect(page1.body).toMatchObject({ total: 30, pageSize: 25, pageCount: 2 });
    expect(page1.body.users).toHaveLength(25);
    const page2 = await admin.get('/api/admin/users?query=paging.test&page=2');
    expect(page2.body.users).toHaveLength(5);
    expect(page2.body.total).toBe(30);
    // Past the end: no rows, and still the true count.
    const past = await admin.get('/api/admin/users?query=paging.test&page=3');
    expect(past.body).toMatchObject({ users: [], total: 30, pageCount: 2 });
    const none = await admin.get('/api/admin/users?query=no-such-user-anywhere');
    expect(none.body).toMatchObject({ users: [], total: 0 });
    // Without a search: every user, newest first.
    const all = await admin.get('/api/admin/users');
    const everyone = await ctx.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(all.body.total).toBe(everyone.rows[0]!.n);
    expect(all.body.users[0].email).toBe('bulk-29@paging.test');
  });

  it('lists only live sessions of a user: not those idle past SESSION_IDLE_DAYS', async () => {
    const { user } = await ctx.signedInAgent({ email: 'idle-detail@example.com' });
    await ctx.db.sql.query(
      `INSERT INTO sessions (id, user_id, expires_at, last_seen_at) VALUES ('idle-detail', $1, now() + interval '20 days', now() - interval '8 days')`,
      [user.id],
    );
    const detail = await admin.get(`/api/admin/users/${user.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.sessions).toHaveLength(1);
  });

  it('shows a user in detail, revokes their sessions and changes their role, audited', async () => {
    const { agent: target, user } = await ctx.signedInAgent({ email: 'detail@example.com', tier: 'basic' });
    expect((await target.get('/api/me')).body.user.email).toBe('detail@example.com');

    const detail = await admin.get(`/api/admin/users/${user.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.user).toMatchObject({ email: 'detail@example.com', role: 'user' });
    expect(detail.body.subscription).toMatchObject({ status: 'active', plan: 'Monthly Plan', tier: 'basic' });
    expect(detail.body.sessions).toHaveLength(1);

    const revoke = await admin.post(`/api/admin/users/${user.id}/sessions/revoke`);
    expect(revoke.body).toEqual({ revoked: 1 });
    expect((await target.get('/api/me')).body.user).toBeNull();

    const grant = await admin.put(`/api/admin/users/${user.id}/role`, { role: 'admin' });
    expect(grant.body).toEqual({ role: 'admin', changed: true });
    expect((await admin.get(`/api/admin/users/${user.id}`)).body.user.role).toBe('admin');
    const revokeRole = await admin.put(`/api/admin/users/${user.id}/role`, { role: 'user' });
    expect(revokeRole.body).toEqual({ role: 'user', changed: true });

    const self = await admin.put(`/api/admin/users/${adminUser.id}/role`, { role: 'user' });
    expect(self.status).toBe(409);
    expect((await admin.put(`/api/admin/users/${user.id}/role`, { role: 'owner' })).status).toBe(400);
    expect((await admin.get(`/api/admin/users/${randomUUID()}`)).status).toBe(404);

    const audit = await admin.get('/api/admin/audit?user=detail@example.com');
    expect(audit.body.events.map((e: { action: string }) => e.action)).toEqual(['role.revoked', 'role.granted', 'admin.sessions_revoked']);
    expect(audit.body.events[0]).toMatchObject({ actorEmail: 'ops@example.com', targetLabel: 'detail@example.com' });
    const granted = await admin.get('/api/admin/audit?action=role.granted');
    expect(granted.body.events.every((e: { action: string }) => e.action === 'role.granted')).toBe(true);
    const future = await admin.get('/api/admin/audit?from=2999-01-01');
    expect(future.body.total).toBe(0);
    expect((await admin.get('/api/admin/audit?from=2026-13-45')).status).toBe(400);
  });
});

describe('overview', () => {
  it('counts users, paying subscribers per plan, MRR and 30 days of activity', async () => {
    const u = await createTestUser(ctx.db, { email: 'reveals@example.com' });
    await ctx.db.sql.query(`INSERT INTO contact_reveals (user_id, physician_id) VALUES ($1, 1), ($1, 2)`, [u.id]);
    await ctx.db.sql.query(`INSERT INTO export_logs (user_id, export_count, export_date) VALUES ($1, 7, now()), ($1, 9, now() - interval '40 days')`, [u.id]);

    const res = await admin.get('/api/admin/overview');
    expect(res.status).toBe(200);
    const { rows } = await ctx.db.sql.query<{ price_id: string; n: number }>(
      `SELECT price_id, count(*)::int AS n FROM subscriptions WHERE status = 'active' GROUP BY price_id`,
    );
    const active = Object.fromEntries(rows.map((r) => [r.price_id, r.n]));
    const monthly = res.body.plans.find((p: { priceId: string }) => p.priceId === 'price_monthly');
    const annual = res.body.plans.find((p: { priceId: string }) => p.priceId === 'price_annual');
    expect(monthly).toMatchObject({ name: 'Monthly Plan', subscribers: active.price_monthly ?? 0, monthlyCentsEach: 19_900 });
    expect(annual).toMatchObject({ name: 'Annual Plan', subscribers: active.price_annual ?? 0, monthlyCentsEach: 14_992 });
    expect(res.body.mrrCents).toBe((active.price_monthly ?? 0) * 19_900 + (active.price_annual ?? 0) * 14_992);
    expect(res.body.trialing).toBeGreaterThanOrEqual(1);
    expect(res.body.activity).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body.activity.at(-1).date).toBe(today);
    expect(res.body.activity.at(-1).reveals).toBeGreaterThanOrEqual(2);
    expect(res.body.revealsLast30Days).toBe(res.body.activity.reduce((n: number, d: { reveals: number }) => n + d.reveals, 0));
    expect(res.body.exportsLast30Days).toBe(res.body.activity.reduce((n: number, d: { exports: number }) => n + d.exports, 0));
  });
});
