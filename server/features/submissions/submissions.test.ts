import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { SUBMISSION_MESSAGES as M } from '../../../contract/submissions';
import { runMaintenance } from '../../maintenance';
import { maintenanceDeps } from '../../jobs';
import { createTestContext, resumeSubmission, submissionConfirmToken, TestAgent, type TestResponse } from '../../test/harness';
import { addSuppressions } from '../removal';
import { SUBMISSION_RATE_LIMITS } from './rate-limits';

// TRUST_PROXY: each agent speaks from an IP of its own, so per-IP limits do not spill between tests.
const ctx = await createTestContext({ env: { TRUST_PROXY: '1' } });
afterAll(() => ctx.close());

class IpAgent extends TestAgent {
  constructor(readonly ip = `10.${randomBytes(3).join('.')}`) {
    super(ctx.app);
  }
  override request<T>(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; csrf?: boolean } = {}): Promise<TestResponse<T>> {
    return super.request<T>(method, path, { ...options, headers: { 'x-forwarded-for': this.ip, ...options.headers } });
  }
}

const newEmail = () => `doc-${randomBytes(5).toString('hex')}@example.com`;

const resume = resumeSubmission;
const confirm = (agent: TestAgent, token: string) => agent.post('/api/submissions/confirm', { token });
const DAY_MS = 86_400_000;

type Row = {
  id: string;
  first_name: string;
  middle_name: string | null;
  specialty: string;
  organization: string;
  email: string;
  linkedin_url: string | null;
  education: unknown;
  skills: string[];
  status: string;
};

async function submissionsFor(email: string): Promise<Row[]> {
  const { rows } = await ctx.db.sql.query<Row>('SELECT * FROM candidate_submissions WHERE lower(email) = lower($1) ORDER BY created_at', [email]);
  return rows;
}

async function mailsTo(email: string) {
  const { rows } = await ctx.db.sql.query<{ subject: string; text_body: string; html_body: string }>(
    'SELECT subject, text_body, html_body FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY id',
    [email],
  );
  return rows;
}

describe('POST /api/submissions', () => {
  it('stores an unconfirmed submission with structured education and skills, and queues the confirmation link', async () => {
    const email = newEmail();
    const res = await new IpAgent().post('/api/submissions', resume({
      email: `  ${email.toUpperCase()} `,
      middleName: ' Byron ',
      specialty: 'Other',
      otherSpecialty: '  Sleep Medicine ',
      linkedinUrl: 'linkedin.com/in/ada-lovelace',
      education: [
        { schoolName: ' Harvard Medical School ', degree: 'MD' },
        { schoolName: 'MIT', degree: 'BS' },
      ],
      skills: [' Echocardiography ', 'Research', 'Echocardiography', 'Teaching', 'wound care', 'Wound  Care', 'RESEARCH'],
    }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: 'unconfirmed', email });

    const rows = await submissionsFor(email);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      first_name: 'Ada',
      middle_name: 'Byron',
      // 'Other' with its words: the operator places it under one of the 18 when approving (ADR 035).
      specialty: 'Other',
      other_specialty: 'Sleep Medicine',
      organization: 'Analytical Health',
      email,
      linkedin_url: 'https://linkedin.com/in/ada-lovelace',
      status: 'unconfirmed',
      // Once each, without regard to case or spaces, in the first spelling sent.
      skills: ['Echocardiography', 'Research', 'Teaching', 'wound care'],
    });
    expect(row.education).toEqual([
      { schoolName: 'Harvard Medical School', degree: 'MD', field: null, startDate: null, endDate: null },
      { schoolName: 'MIT', degree: 'BS', field: null, startDate: null, endDate: null },
    ]);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Confirm your resume submission to PhysicianDirect');
    expect(mails[0].text_body).toContain('http://localhost:3000/confirm-resume?token=');
    expect(mails[0].text_body).toContain('expires in 7 days');
    // Nothing the submitter typed goes to an address nobody has proven.
    expect(mails[0].text_body).not.toContain('Ada');
  });

  it('stores the chosen specialty, no middle name and no LinkedIn as nulls, and keeps an https URL as given', async () => {
    const email = newEmail();
    const res = await new IpAgent().post('/api/submissions', resume({ email, linkedinUrl: 'https://www.linkedin.com/in/x', middleName: undefined }));
    expect(res.status).toBe(201);
    const [row] = await submissionsFor(email);
    expect(row).toMatchObject({ specialty: 'Cardiology', middle_name: null, linkedin_url: 'https://www.linkedin.com/in/x', skills: [] });
    expect(row.education).toEqual([]);

    const bare = newEmail();
    expect((await new IpAgent().post('/api/submissions', resume({ email: bare, linkedinUrl: '   ' }))).status).toBe(201);
    expect((await submissionsFor(bare))[0].linkedin_url).toBeNull();
  });

  it('replaces an earlier submission from the same email instead of piling up', async () => {
    const email = newEmail();
    const agent = new IpAgent();
    expect((await agent.post('/api/submissions', resume({ email, title: 'First try' }))).status).toBe(201);
    const [first] = await submissionsFor(email);
    expect((await agent.post('/api/submissions', resume({ email: email.toUpperCase(), companyName: 'Second Clinic' }))).status).toBe(201);
    const rows = await submissionsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).not.toBe(first.id);
    expect(rows[0].organization).toBe('Second Clinic');
    // The first link no longer works; the second does.
    expect((await confirm(agent, await submissionConfirmToken(ctx.db, email))).status).toBe(200);
    // A new unconfirmed one waits beside the pending one, and replaces it only once confirmed.
    expect((await agent.post('/api/submissions', resume({ email, companyName: 'Third Clinic' }))).status).toBe(201);
    expect((await submissionsFor(email)).map((r) => [r.status, r.organization])).toEqual([
      ['pending', 'Second Clinic'],
      ['unconfirmed', 'Third Clinic'],
    ]);
    expect((await confirm(agent, await submissionConfirmToken(ctx.db, email))).status).toBe(200);
    expect((await submissionsFor(email)).map((r) => [r.status, r.organization])).toEqual([['pending', 'Third Clinic']]);
    // An approved or rejected one is history: it stays beside the new one.
    await ctx.db.sql.query("UPDATE candidate_submissions SET status = 'rejected' WHERE lower(email) = $1", [email]);
    expect((await agent.post('/api/submissions', resume({ email }))).status).toBe(201);
    expect((await submissionsFor(email)).map((r) => r.status).sort()).toEqual(['rejected', 'unconfirmed']);
  });

  it('refuses a suppressed email with a clear message, storing and mailing nothing', async () => {
    const email = newEmail();
    await addSuppressions(ctx.db, { emails: [email], npis: [] });
    const res = await new IpAgent().post('/api/submissions', resume({ email: email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(M.suppressed);
    expect(res.body.error.fields).toEqual({ email: M.suppressed });
    expect(await submissionsFor(email)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['first name blank', { firstName: '  ' }, 'firstName', M.firstNameRequired],
    ['first name missing', { firstName: undefined }, 'firstName', M.firstNameRequired],
    ['last name blank', { lastName: '' }, 'lastName', M.lastNameRequired],
    ['title blank', { title: ' ' }, 'title', M.titleRequired],
    ['company blank', { companyName: '' }, 'companyName', M.companyRequired],
    ['specialty blank', { specialty: '' }, 'specialty', M.specialtyRequired],
    ['Other without its text', { specialty: 'Other', otherSpecialty: ' ' }, 'otherSpecialty', M.otherSpecialtyRequired],
    ['email malformed', { email: 'not-an-email' }, 'email', M.emailInvalid],
    ['email blank', { email: '' }, 'email', M.emailInvalid],
    ['phone short', { phone: '555-1234' }, 'phone', M.phoneInvalid],
    ['phone of letters', { phone: 'call me maybe please' }, 'phone', M.phoneInvalid],
    ['location blank', { location: '' }, 'location', M.locationRequired],
    ['LinkedIn not a URL', { linkedinUrl: 'not a url' }, 'linkedinUrl', M.linkedinInvalid],
    ['LinkedIn elsewhere', { linkedinUrl: 'https://example.com/in/x' }, 'linkedinUrl', M.linkedinInvalid],
    ['education without degree', { education: [{ schoolName: 'MIT', degree: ' ' }] }, 'education.0.degree', M.degreeRequired],
    ['education without school', { education: [{ schoolName: '', degree: 'MD' }] }, 'education.0.schoolName', M.schoolRequired],
    ['blank skill', { skills: ['Research', '  '] }, 'skills.1', M.skillInvalid],
  ];
  it.each(invalid)('%s: 400 naming the field with the spec message', async (_name, override, field, message) => {
    const email = newEmail();
    const res = await new IpAgent().post('/api/submissions', resume({ email, ...override }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields[field]).toBe(message);
    expect(await submissionsFor(email)).toEqual([]);
  });

  it('names every bad field at once', async () => {
    const res = await new IpAgent().post('/api/submissions', {});
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      firstName: M.firstNameRequired,
      lastName: M.lastNameRequired,
      title: M.titleRequired,
      companyName: M.companyRequired,
      specialty: M.specialtyRequired,
      email: M.emailInvalid,
      phone: M.phoneInvalid,
      location: M.locationRequired,
    });
  });

  it('is rate limited per IP', async () => {
    const agent = new IpAgent();
    for (let i = 0; i < SUBMISSION_RATE_LIMITS.createPerIp.max; i++) {
      expect((await agent.post('/api/submissions', resume())).status).toBe(201);
    }
    const res = await agent.post('/api/submissions', resume());
    expect(res.status).toBe(429);
    expect(res.body.error.message).toMatch(/Too many attempts/);
    // Another address is not held back.
    expect((await new IpAgent().post('/api/submissions', resume())).status).toBe(201);
  });

  it('needs the CSRF header', async () => {
    const res = await new IpAgent().post('/api/submissions', resume(), { csrf: false });
    expect(res.status).toBe(403);
  });
});

describe('a submission proves its email before an operator sees it', () => {
  const pendingIds = async () => {
    const { agent: admin } = await ctx.signedInAgent({ role: 'admin' });
    const list = await admin.get('/api/admin/submissions?status=pending&pageSize=100');
    expect(list.status).toBe(200);
    return { ids: list.body.submissions.map((s: { id: string }) => s.id) as string[], count: list.body.counts.pending as number };
  };

  it('is hidden from operators until the emailed link is followed; the link works once; the receipt follows', async () => {
    const email = newEmail();
    const agent = new IpAgent();
    const before = await pendingIds();
    expect((await agent.post('/api/submissions', resume({ email }))).status).toBe(201);
    const [row] = await submissionsFor(email);
    const unconfirmed = await pendingIds();
    expect(unconfirmed.ids).not.toContain(row.id);
    expect(unconfirmed.count).toBe(before.count);
    const { agent: admin } = await ctx.signedInAgent({ role: 'admin' });
    expect((await admin.post(`/api/admin/submissions/${row.id}/approve`)).status).toBe(404);

    const token = await submissionConfirmToken(ctx.db, email);
    const res = await confirm(agent, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'pending' });
    expect((await pendingIds()).ids).toContain(row.id);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your resume submission to PhysicianDirect', 'We received your resume']);
    expect(mails[1].text_body).toContain('Dear Ada');

    const again = await confirm(agent, token);
    expect(again.status).toBe(400);
    expect(again.body.error.fields).toEqual({ token: M.confirmFailed });
    expect((await confirm(agent, 'not-a-token')).status).toBe(400);
    expect((await agent.post('/api/submissions/confirm', {})).body.error.fields).toHaveProperty('token');
  });

  it('an unconfirmed submission expires: its link is refused after 7 days and the maintenance pass deletes it', async () => {
    const email = newEmail();
    const agent = new IpAgent();
    expect((await agent.post('/api/submissions', resume({ email }))).status).toBe(201);
    const token = await submissionConfirmToken(ctx.db, email);
    // Within the 7 days nothing is purged.
    await runMaintenance(maintenanceDeps(ctx.deps), new Date(Date.now() + 6 * DAY_MS));
    expect(await submissionsFor(email)).toHaveLength(1);
    await ctx.db.sql.query(
      "UPDATE candidate_submissions SET confirm_expires_at = now() - interval '1 second' WHERE lower(email) = $1",
      [email],
    );
    expect((await confirm(agent, token)).status).toBe(400);
    expect((await runMaintenance(maintenanceDeps(ctx.deps))).submissions).toBeGreaterThanOrEqual(1);
    expect(await submissionsFor(email)).toEqual([]);
  });

  it('a first name carrying a link reaches the receipt as plain text, never as a link', async () => {
    const email = newEmail();
    const agent = new IpAgent();
    const firstName = 'Ann, verify at https://evil.example/login or evil.example/login';
    expect((await agent.post('/api/submissions', resume({ email, firstName }))).status).toBe(201);
    expect((await confirm(agent, await submissionConfirmToken(ctx.db, email))).status).toBe(200);
    const receipt = (await mailsTo(email)).find((m) => m.subject === 'We received your resume')!;
    for (const body of [receipt.text_body, receipt.html_body]) {
      expect(body).not.toContain('evil.example');
      expect(body).not.toContain('https://evil');
    }
    expect(receipt.text_body).toContain('Dear Ann, verify at https[:]//evil[.]example/login or evil[.]example/login,');
    expect(receipt.html_body).not.toMatch(/<a [^>]*evil/);
  });
});
