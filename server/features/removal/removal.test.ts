import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOVAL_MESSAGES } from '../../../contract/removal';
import { SUBMISSION_MESSAGES } from '../../../contract/submissions';
import { createTestContext, TestAgent, type TestResponse } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import { hashToken } from '../../lib/tokens';
import { REMOVAL_RATE_LIMITS } from './rate-limits';
import { isSuppressed } from './suppression';

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

// The address asking for removal is on two records (personal on one, work on the other, in
// another case); the others are near misses that must survive.
const TARGET = 'jane.target@clinic.example';
const PHYSICIANS = [
  { id: 101, first: 'Jane', last: 'Targetson', npi: '1000000101', personal: TARGET, work: null },
  { id: 102, first: 'Jane', last: 'Targetson', npi: '1000000102', personal: null, work: 'Jane.Target@Clinic.Example' },
  { id: 103, first: 'Jane', last: 'Bystander', npi: '1000000103', personal: 'jane.target@clinic.example.org', work: null },
  { id: 104, first: 'Jake', last: 'Bystander', npi: '1000000104', personal: null, work: 'target@clinic.example' },
  { id: 105, first: 'Lena', last: 'Keeper', npi: null, personal: 'lena.keeper@clinic.example', work: null },
  { id: 106, first: 'Otto', last: 'Expiring', npi: '1000000106', personal: 'otto.expiring@clinic.example', work: null },
];

let listId: string;
let listOwner: Awaited<ReturnType<typeof ctx.signedInAgent>>;

beforeAll(async () => {
  await insertPhysicians(
    ctx.db,
    PHYSICIANS.map((p) => ({
      id: p.id,
      npi: p.npi,
      firstName: p.first,
      lastName: p.last,
      specialty: 'Cardiology',
      city: 'Boston',
      state: 'MA',
    })),
  );
  for (const p of PHYSICIANS) {
    await ctx.db.sql.query(
      "INSERT INTO physician_contacts (physician_id, personal_email, work_email, mobile_phone) VALUES ($1, $2, $3, '(555) 555-0100')",
      [p.id, p.personal, p.work],
    );
  }
  await ctx.deps.services.directory.directoryChanged();
  listOwner = await ctx.signedInAgent({ tier: 'basic' });
  const { rows } = await ctx.db.sql.query<{ id: string }>(
    "INSERT INTO physician_lists (user_id, name) VALUES ($1, 'Cardiologists') RETURNING id",
    [listOwner.user.id],
  );
  listId = rows[0].id;
  for (const id of [101, 103, 105]) {
    await ctx.db.sql.query('INSERT INTO list_members (list_id, physician_id) VALUES ($1, $2)', [listId, id]);
  }
});

function resume(email: string) {
  return {
    firstName: 'Jane',
    lastName: 'Targetson',
    title: 'Cardiologist',
    companyName: 'Clinic',
    specialty: 'Cardiology',
    email,
    phone: '(555) 555-0100',
    location: 'Boston, MA',
  };
}

async function mailsTo(email: string) {
  const { rows } = await ctx.db.sql.query<{ subject: string; text_body: string }>(
    'SELECT subject, text_body FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY id',
    [email],
  );
  return rows;
}

function tokenIn(text: string): string {
  const match = /http:\/\/localhost:3000\/confirm-removal\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match) throw new Error(`no confirm-removal link in: ${text}`);
  return decodeURIComponent(match[1]);
}

async function physicianIds(): Promise<number[]> {
  const { rows } = await ctx.db.sql.query<{ id: number }>('SELECT id FROM physicians ORDER BY id');
  return rows.map((r) => r.id);
}

async function auditRows(action: string) {
  const { rows } = await ctx.db.sql.query<{ target_id: string | null; details: Record<string, unknown>; ip: string }>(
    'SELECT target_id, details, ip FROM audit_events WHERE action = $1 ORDER BY id',
    [action],
  );
  return rows;
}

async function searchTotal(query: string): Promise<number> {
  const res = await new IpAgent().get(`/api/physicians?query=${encodeURIComponent(query)}`);
  expect(res.status).toBe(200);
  return res.body.total;
}

describe('removal', () => {
  it('rejects an invalid email naming the field, with the spec message', async () => {
    for (const email of ['not-an-email', '', '   ']) {
      const res = await new IpAgent().post('/api/removal-requests', { email });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ email: REMOVAL_MESSAGES.emailInvalid });
    }
    const missing = await new IpAgent().post('/api/removal-requests', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.email).toBe(REMOVAL_MESSAGES.emailInvalid);
  });

  it('answers an unknown email exactly as a known one, and mails nothing', async () => {
    const unknown = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const res = await new IpAgent().post('/api/removal-requests', { email: unknown });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ ok: true });
    expect(await mailsTo(unknown)).toEqual([]);
    const { rows } = await ctx.db.sql.query('SELECT 1 FROM removal_requests');
    expect(rows).toEqual([]);
    const audits = await auditRows('removal.requested');
    expect(audits.at(-1)?.details).toEqual({ known: false });
    expect(JSON.stringify(audits)).not.toContain(unknown);
  });

  it('removes exactly the records of a known email, in one go, and nothing else', async () => {
    const agent = new IpAgent();
    // A pending resume from the address (withdrawn by the removal) and one from someone else (kept).
    expect((await agent.post('/api/submissions', resume(TARGET))).status).toBe(201);
    expect((await agent.post('/api/submissions', resume('lena.keeper@clinic.example'))).status).toBe(201);

    const res = await agent.post('/api/removal-requests', { email: ' Jane.Target@clinic.example ' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ ok: true });
    const mails = (await mailsTo(TARGET)).filter((m) => m.text_body.includes('/confirm-removal?token='));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Confirm the removal of your information from PhysicianDirect');
    const token = tokenIn(mails[0].text_body);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16); // >= 128 random bits

    // Only the token's hash is stored, with a 24-hour life.
    const { rows: requests } = await ctx.db.sql.query<{ token_hash: string; expires_at: Date; email: string }>(
      'SELECT token_hash, expires_at, email FROM removal_requests',
    );
    expect(requests).toHaveLength(1);
    expect(requests[0].token_hash).toBe(hashToken(token));
    expect(requests[0].token_hash).not.toContain(token);
    const hours = (requests[0].expires_at.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect((await auditRows('removal.requested')).at(-1)?.details).toEqual({ known: true });

    // Before: the records are searchable, have profiles and sit in a list.
    expect(await searchTotal('Targetson')).toBe(2);
    expect((await agent.get('/api/physicians/101')).status).toBe(200);

    const confirm = await new IpAgent().post('/api/removal-requests/confirm', { token });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toEqual({ ok: true });

    expect(await physicianIds()).toEqual([103, 104, 105, 106]);
    const { rows: contacts } = await ctx.db.sql.query<{ physician_id: number }>(
      'SELECT physician_id FROM physician_contacts ORDER BY physician_id',
    );
    expect(contacts.map((c) => c.physician_id)).toEqual([103, 104, 105, 106]);
    const { rows: members } = await ctx.db.sql.query<{ physician_id: number }>(
      'SELECT physician_id FROM list_members WHERE list_id = $1 ORDER BY physician_id',
      [listId],
    );
    expect(members.map((m) => m.physician_id)).toEqual([103, 105]);
    const { rows: submissions } = await ctx.db.sql.query<{ email: string }>('SELECT email FROM candidate_submissions');
    expect(submissions.map((s) => s.email)).toEqual(['lena.keeper@clinic.example']);

    // Suppressed: the address and the NPIs of the deleted records, nothing of the bystanders.
    expect(await isSuppressed(ctx.db, { email: TARGET })).toBe(true);
    expect(await isSuppressed(ctx.db, { npi: '1000000101' })).toBe(true);
    expect(await isSuppressed(ctx.db, { npi: '1000000102' })).toBe(true);
    expect(await isSuppressed(ctx.db, { npi: '1000000103' })).toBe(false);
    expect(await isSuppressed(ctx.db, { email: 'jane.target@clinic.example.org' })).toBe(false);

    // The request forgets the address; the audit row keeps counts and ids, not the address.
    const { rows: after } = await ctx.db.sql.query<{ email: string | null; confirmed_at: Date | null; removed_count: number }>(
      'SELECT email, confirmed_at, removed_count FROM removal_requests',
    );
    expect(after).toEqual([{ email: null, confirmed_at: expect.any(Date), removed_count: 2 }]);
    const confirmed = await auditRows('removal.confirmed');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0].details).toEqual({ removedPhysicianIds: [101, 102], withdrawnSubmissions: 1, deletedProcessedSubmissions: 0 });
    expect(JSON.stringify(confirmed)).not.toContain('jane.target');

    // Gone from search (at once, no reload), profiles and lists; the bystanders stay.
    expect(await searchTotal('Targetson')).toBe(0);
    expect(await searchTotal('Bystander')).toBe(2);
    expect((await agent.get('/api/physicians/101')).status).toBe(404);
    expect((await agent.get('/api/physicians/102')).status).toBe(404);
    expect((await agent.get('/api/physicians/103')).status).toBe(200);

    // A resume with the address is refused from now on.
    const again = await agent.post('/api/submissions', resume(TARGET.toUpperCase()));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(SUBMISSION_MESSAGES.suppressed);

    // So is the approval of an older submission with it (one written around the removal, here
    // straight into the table): the admin's approve call answers 409 and adds nobody.
    const { rows: older } = await ctx.db.sql.query<{ id: string }>(
      `INSERT INTO candidate_submissions (first_name, last_name, title, organization, specialty, email, phone, location, created_at)
       VALUES ('Jane', 'Targetson', 'Cardiologist', 'Clinic', 'Cardiology', $1, '(555) 555-0100', 'Boston, MA', now() - interval '2 days')
       RETURNING id`,
      [TARGET],
    );
    const { agent: admin } = await ctx.signedInAgent({ role: 'admin' });
    const approval = await admin.post(`/api/admin/submissions/${older[0].id}/approve`);
    expect(approval.status).toBe(409);
    expect(await searchTotal('Targetson')).toBe(0);
    await ctx.db.sql.query('DELETE FROM candidate_submissions WHERE id = $1', [older[0].id]);

    // The same link a second time fails, and changes nothing.
    const second = await new IpAgent().post('/api/removal-requests/confirm', { token });
    expect(second.status).toBe(400);
    expect(second.body.error).toMatchObject({ code: 'invalid_token', message: REMOVAL_MESSAGES.confirmFailed });
    expect(await physicianIds()).toEqual([103, 104, 105, 106]);
    expect(await auditRows('removal.confirmed')).toHaveLength(1);
  });

  it('refuses an expired token and removes nothing', async () => {
    const email = 'otto.expiring@clinic.example';
    expect((await new IpAgent().post('/api/removal-requests', { email })).status).toBe(202);
    const token = tokenIn((await mailsTo(email)).at(-1)!.text_body);
    await ctx.db.sql.query("UPDATE removal_requests SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [hashToken(token)]);
    const res = await new IpAgent().post('/api/removal-requests/confirm', { token });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_token', message: REMOVAL_MESSAGES.confirmFailed });
    expect(await physicianIds()).toContain(106);
    expect(await isSuppressed(ctx.db, { email })).toBe(false);
  });

  it('refuses an unknown token and a missing one', async () => {
    const unknown = await new IpAgent().post('/api/removal-requests/confirm', { token: 'x'.repeat(43) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe(REMOVAL_MESSAGES.confirmFailed);
    const missing = await new IpAgent().post('/api/removal-requests/confirm', { token: ' ' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ token: REMOVAL_MESSAGES.noToken });
  });

  it('mails a link to an address known only from a pending resume, and the removal withdraws it', async () => {
    const email = `resume-only-${randomBytes(4).toString('hex')}@example.com`;
    const agent = new IpAgent();
    expect((await agent.post('/api/submissions', resume(email))).status).toBe(201);
    expect((await agent.post('/api/removal-requests', { email })).status).toBe(202);
    const token = tokenIn((await mailsTo(email)).at(-1)!.text_body);
    expect((await agent.post('/api/removal-requests/confirm', { token })).status).toBe(200);
    const { rows } = await ctx.db.sql.query('SELECT 1 FROM candidate_submissions WHERE email = $1', [email]);
    expect(rows).toEqual([]);
    expect(await isSuppressed(ctx.db, { email })).toBe(true);
  });

  it('rate limits requests per IP', async () => {
    const agent = new IpAgent();
    for (let i = 0; i < REMOVAL_RATE_LIMITS.requestPerIp.max; i++) {
      expect((await agent.post('/api/removal-requests', { email: `n${i}-${randomBytes(3).toString('hex')}@example.com` })).status).toBe(202);
    }
    const res = await agent.post('/api/removal-requests', { email: 'one-more@example.com' });
    expect(res.status).toBe(429);
  });
});
