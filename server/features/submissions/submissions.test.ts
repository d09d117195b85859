import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { SUBMISSION_MESSAGES as M } from '../../../contract/submissions';
import { createTestContext, resumeSubmission, TestAgent, type TestResponse } from '../../test/harness';
import { addSuppressions } from '../removal/suppression';
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
  const { rows } = await ctx.db.sql.query<{ subject: string; text_body: string }>(
    'SELECT subject, text_body FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY id',
    [email],
  );
  return rows;
}

describe('POST /api/submissions', () => {
  it('stores a pending submission with structured education and skills, and queues the receipt', async () => {
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
      skills: [' Echocardiography ', 'Research', 'Echocardiography', 'Teaching'],
    }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: 'pending', email });

    const rows = await submissionsFor(email);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      first_name: 'Ada',
      middle_name: 'Byron',
      specialty: 'Sleep Medicine',
      organization: 'Analytical Health',
      email,
      linkedin_url: 'https://linkedin.com/in/ada-lovelace',
      status: 'pending',
      skills: ['Echocardiography', 'Research', 'Teaching'],
    });
    expect(row.education).toEqual([
      { schoolName: 'Harvard Medical School', degree: 'MD', field: null, startDate: null, endDate: null },
      { schoolName: 'MIT', degree: 'BS', field: null, startDate: null, endDate: null },
    ]);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('We received your resume');
    expect(mails[0].text_body).toContain('Dear Ada');
    expect(mails[0].text_body).toContain('within a few days');
    expect(mails[0].text_body).toContain('We will email you when your profile is approved');
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

  it('replaces an earlier pending submission from the same email instead of piling up', async () => {
    const email = newEmail();
    const agent = new IpAgent();
    expect((await agent.post('/api/submissions', resume({ email, title: 'First try' }))).status).toBe(201);
    const [first] = await submissionsFor(email);
    expect((await agent.post('/api/submissions', resume({ email: email.toUpperCase(), companyName: 'Second Clinic' }))).status).toBe(201);
    const rows = await submissionsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).not.toBe(first.id);
    expect(rows[0].organization).toBe('Second Clinic');
    // An approved or rejected one is history: it stays beside the new pending one.
    await ctx.db.sql.query("UPDATE candidate_submissions SET status = 'rejected' WHERE id = $1", [rows[0].id]);
    expect((await agent.post('/api/submissions', resume({ email }))).status).toBe(201);
    expect((await submissionsFor(email)).map((r) => r.status).sort()).toEqual(['pending', 'rejected']);
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
