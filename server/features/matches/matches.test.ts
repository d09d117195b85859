import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../../contract/errors';
import type { MatchJobResponse } from '../../../contract/matches';
import type { Tier, Role } from '../../../contract/account';
import { loadDemoDirectory } from '../../db/seed/demo';
import { runMaintenance } from '../../maintenance';
import { maintenanceDeps } from '../../jobs';
import { createTestContext, createTestUser, TestAgent } from '../../test/harness';
import { createSession, SESSION_COOKIE } from '../auth';
import { buildMessyFixture, FIXTURE_COLUMNS, fixtureCsv, type FixtureRow } from '../../test/support/matches/messy-list';
import { multipartBody } from '../../test/support/multipart';

const DEMO_ROWS = 3_000;
const ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100', EXPORT_DAILY_LIMIT: '400' } });
let fixture: FixtureRow[] = [];

beforeAll(async () => {
  await loadDemoDirectory(ctx.driver, { count: DEMO_ROWS });
  fixture = await buildMessyFixture(ctx.db, DEMO_ROWS);
  await ctx.deps.services.directory.directoryChanged();
}, 120_000);
afterAll(async () => {
  await ctx.deps.services.jobs.idle('matches');
  await ctx.close();
});

type Caller = { agent: TestAgent; userId: string; token: string };
async function caller(tier: Tier, role: Role = 'user'): Promise<Caller> {
  const user = await createTestUser(ctx.db, { tier, role });
  const { token } = await createSession(ctx.db, user.id);
  const agent = ctx.agent();
  agent.setCookie(SESSION_COOKIE, token);
  return { agent, userId: user.id, token };
}

/** A multipart upload as a browser sends it (TestAgent sends JSON only). */
async function upload(who: Caller, path: string, file: { name: string; body: string | Buffer }, mapping?: object) {
  const form = new FormData();
  form.append('file', new Blob([typeof file.body === 'string' ? file.body : new Uint8Array(file.body)]), file.name);
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  const multipart = await multipartBody(form);
  const res = await ctx.app.request(path, {
    method: 'POST',
    body: multipart.body,
    headers: { cookie: `${SESSION_COOKIE}=${who.token}`, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': multipart.contentType },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function matchDone(who: Caller, id: string): Promise<MatchJobResponse> {
  await ctx.deps.services.jobs.idle('matches');
  const res = await who.agent.get<MatchJobResponse>(`/api/matches/${id}`);
  expect(res.status).toBe(200);
  expect(res.body.status).toBe('done');
  return res.body;
}

const SMALL_CSV = 'NPI,Physician,State\n,Dr. Nobody Atall,MA\n';

describe('matching the messy fixture', () => {
  it('reaches 99 % precision and 90 % recall on its matched rows, per kind', async () => {
    expect(fixture.length).toBeGreaterThanOrEqual(200);
    const basic = await caller('basic');
    const created = await upload(basic, '/api/matches', { name: 'messy.csv', body: fixtureCsv(fixture) });
    expect(created.status).toBe(202);
    const job = await matchDone(basic, created.body.id);
    expect(job.total).toBe(fixture.length);
    expect(job.progress).toBe(100);
    expect(job.rows).toHaveLength(fixture.length);

    type Tally = { rows: number; matched: number; right: number; wrong: number; ambiguous: number; none: number; shouldMatch: number };
    const byKind = new Map<string, Tally>();
    const wrongRows: string[] = [];
    for (const [i, expected] of fixture.entries()) {
      const got = job.rows![i];
      expect(got.row).toBe(i + 1);
      const t = byKind.get(expected.kind) ?? { rows: 0, matched: 0, right: 0, wrong: 0, ambiguous: 0, none: 0, shouldMatch: 0 };
      byKind.set(expected.kind, t);
      t.rows++;
      if (expected.expected !== null && !expected.ambiguousByDesign) t.shouldMatch++;
      if (got.outcome === 'matched') {
        t.matched++;
        if (got.physicianId === expected.expected && !expected.ambiguousByDesign) t.right++;
        else {
          t.wrong++;
          wrongRows.push(`${expected.kind} row ${got.row}: ${got.label} -> ${got.physicianId} (expected ${expected.expected})`);
        }
      } else if (got.outcome === 'ambiguous') t.ambiguous++;
      else t.none++;
      if (expected.ambiguousByDesign) {
        // Two physicians with one name in one state and nothing else: both are offered.
        expect(got.outcome, got.label).toBe('ambiguous');
        expect(got.candidates.map((c) => c.physicianId)).toContain(expected.expected);
      }
    }
    const sum = (f: keyof Tally) => [...byKind.values()].reduce((n, t) => n + t[f], 0);
    const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '-');
    console.log(
      [
        'kind              rows matched right wrong ambiguous none  precision  recall',
        ...[...byKind].map(
          ([kind, t]) =>
            `${kind.padEnd(17)} ${String(t.rows).padStart(4)} ${String(t.matched).padStart(7)} ${String(t.right).padStart(5)} ${String(t.wrong).padStart(5)} ${String(t.ambiguous).padStart(9)} ${String(t.none).padStart(4)}  ${pct(t.right, t.matched).padStart(9)}  ${pct(t.right, t.shouldMatch).padStart(7)}`,
        ),
        `${'all'.padEnd(17)} ${String(sum('rows')).padStart(4)} ${String(sum('matched')).padStart(7)} ${String(sum('right')).padStart(5)} ${String(sum('wrong')).padStart(5)} ${String(sum('ambiguous')).padStart(9)} ${String(sum('none')).padStart(4)}  ${pct(sum('right'), sum('matched')).padStart(9)}  ${pct(sum('right'), sum('shouldMatch')).padStart(7)}`,
        ...wrongRows,
      ].join('\n'),
    );
    expect(sum('right') / sum('matched')).toBeGreaterThanOrEqual(0.99);
    expect(sum('right') / sum('shouldMatch')).toBeGreaterThanOrEqual(0.9);
    // Nobody outside the directory is matched: absent people, removed (suppressed) physicians.
    expect(byKind.get('absent')!.matched).toBe(0);
    expect(byKind.get('suppressed')!.matched).toBe(0);
    expect(job.counts.matched + job.counts.ambiguous + job.counts.none).toBe(fixture.length);
    // Every match carries its evidence.
    const matched = job.rows!.find((r) => r.outcome === 'matched' && fixture[r.row - 1].kind === 'nickname')!;
    expect(matched.candidates[0]).toMatchObject({ physicianId: matched.physicianId, agrees: expect.arrayContaining(['last name', 'nickname']) });
  }, 120_000);

  it('reads XLSX and honours a mapping sent with the upload; never changes the directory', async () => {
    const before = await ctx.db.sql.query<{ n: number; t: string }>('SELECT count(*)::int AS n, max(updated_at)::text AS t FROM physicians');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Attendees');
    sheet.addRow(['Who', 'Where', 'Region', 'Kind']);
    const rows = fixture.filter((r) => r.kind === 'exact').slice(0, 5);
    const cell = (r: FixtureRow, column: string) => r.cells[FIXTURE_COLUMNS.indexOf(column)];
    for (const r of rows) sheet.addRow([`${cell(r, 'First Name')} ${cell(r, 'Last Name')}`, cell(r, 'City'), cell(r, 'State'), 'x']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const basic = await caller('basic');
    const created = await upload(basic, '/api/matches', { name: 'attendees.xlsx', body: bytes }, { Who: 'fullName', Where: 'city', Region: 'state' });
    expect(created.status).toBe(202);
    const job = await matchDone(basic, created.body.id);
    expect(job.format).toBe('xlsx');
    expect(job.rows!.map((r) => r.physicianId)).toEqual(rows.map((r) => r.expected));
    const after = await ctx.db.sql.query<{ n: number; t: string }>('SELECT count(*)::int AS n, max(updated_at)::text AS t FROM physicians');
    expect(after.rows[0]).toEqual(before.rows[0]);
  }, 60_000);

  it('a row no namesake can match lists the physicians one letter off its last name; the other rows match as before', async () => {
    const basic = await caller('basic');
    const { rows: people } = await ctx.db.sql.query<{ id: number; first_name: string; last_name: string; state: string }>(
      `SELECT id, first_name, last_name, state FROM physicians ORDER BY id`,
    );
    const lastNames = new Set(people.map((p) => p.last_name.toLowerCase()));
    const swap = (name: string) => `${name.slice(0, -2)}${name.at(-2) === 'e' ? 'a' : 'e'}${name.at(-1)}`;
    const near = people.find(
      (p) =>
        /^[A-Za-z]{6,}$/.test(p.last_name) &&
        !lastNames.has(swap(p.last_name).toLowerCase()) &&
        people.filter((q) => q.last_name === p.last_name).length === 1,
    )!;
    const exact = people.find((p) => p.id !== near.id && people.filter((q) => q.last_name === p.last_name && q.first_name === p.first_name).length === 1)!;
    const csv = ['First Name,Last Name,State', `${near.first_name},${swap(near.last_name)},${near.state}`, `${exact.first_name},${exact.last_name},${exact.state}`].join('\n');
    const created = await upload(basic, '/api/matches', { name: 'near.csv', body: csv });
    const job = await matchDone(basic, created.body.id);
    expect(job.rows![0]).toMatchObject({ outcome: 'none' });
    expect(job.rows![0].candidates.map((c) => c.physicianId)).toContain(near.id);
    expect(job.rows![1]).toMatchObject({ outcome: 'matched', physicianId: exact.id });
  });

  it('previews the header, the first rows and the guessed mapping without storing anything', async () => {
    const basic = await caller('basic');
    const jobs = async () => (await ctx.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM match_jobs WHERE user_id = $1', [basic.userId])).rows[0].n;
    const res = await upload(basic, '/api/matches/preview', { name: 'list.csv', body: SMALL_CSV });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ format: 'csv', columns: ['NPI', 'Physician', 'State'], rows: 1, mapping: { NPI: 'npi', Physician: 'fullName', State: 'state' } });
    expect(await jobs()).toBe(0);
  });

  it('refuses bad uploads naming the field: no file, a bad mapping, more than 10,000 rows, over 10 MB', async () => {
    const basic = await caller('basic');
    const none = await basic.agent.post('/api/matches', {});
    expect(none.status).toBe(400);
    expect(Object.keys(none.body.error.fields)).toEqual(['file']);
    const badMapping = await upload(basic, '/api/matches', { name: 'list.csv', body: SMALL_CSV }, { Nope: 'lastName' });
    expect(badMapping.status).toBe(400);
    expect(badMapping.body.error.fields).toEqual({ mapping: "The file has no column named 'Nope'." });
    const nothingToMatch = await upload(basic, '/api/matches', { name: 'list.csv', body: SMALL_CSV }, { State: 'state' });
    expect(nothingToMatch.body.error.fields.mapping).toMatch(/NPI, Last name or Full name/);
    const tooMany = await upload(basic, '/api/matches', { name: 'big.csv', body: 'Last\n' + 'Smith\n'.repeat(10_001) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields.file).toMatch(/more than 10,000 rows/);
    const huge = await upload(basic, '/api/matches', { name: 'huge.csv', body: 'Last\n' + 'x'.repeat(11 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    const pdf = await upload(basic, '/api/matches', { name: 'list.pdf', body: '%PDF-1.4' });
    expect(pdf.body.error.fields.file).toMatch(/\.csv or \.xlsx/);
  }, 60_000);
});

describe('who may do what', () => {
  let ownerJob: string;
  let owner: Caller;
  let ambiguousRow: { row: number; candidates: Array<{ physicianId: number }> };
  beforeAll(async () => {
    owner = await caller('basic');
    const rows = fixture.filter((r) => ['exact', 'namesake-none', 'absent'].includes(r.kind));
    const created = await upload(owner, '/api/matches', { name: 'mine.csv', body: fixtureCsv(rows) });
    ownerJob = created.body.id;
    const job = await matchDone(owner, ownerJob);
    ambiguousRow = job.rows!.find((r) => r.outcome === 'ambiguous')!;
  }, 60_000);

  it('free users cannot upload or preview', async () => {
    const free = await caller('free');
    expect((await upload(free, '/api/matches', { name: 'l.csv', body: SMALL_CSV })).status).toBe(403);
    expect((await upload(free, '/api/matches/preview', { name: 'l.csv', body: SMALL_CSV })).status).toBe(403);
  });

  it("another user's upload is 404 for every call", async () => {
    const other = await caller('premium');
    expect((await other.agent.get(`/api/matches/${ownerJob}`)).status).toBe(404);
    expect((await other.agent.post(`/api/matches/${ownerJob}/rows/1`, { physicianId: null })).status).toBe(404);
    expect((await other.agent.get(`/api/matches/${ownerJob}/enriched`)).status).toBe(404);
  });

  it('Monthly resolves an ambiguous row and adds the matched to a list, but cannot download', async () => {
    const pick = ambiguousRow.candidates[0].physicianId;
    const outside = await owner.agent.post(`/api/matches/${ownerJob}/rows/${ambiguousRow.row}`, { physicianId: 1 });
    expect(outside.status).toBe(400);
    expect(Object.keys(outside.body.error.fields)).toEqual(['physicianId']);
    const resolved = await owner.agent.post(`/api/matches/${ownerJob}/rows/${ambiguousRow.row}`, { physicianId: pick });
    expect(resolved.status).toBe(200);
    expect(resolved.body.row).toMatchObject({ outcome: 'matched', physicianId: pick, resolved: true });
    const job = (await owner.agent.get<MatchJobResponse>(`/api/matches/${ownerJob}`)).body;
    expect(resolved.body.counts).toEqual(job.counts);
    const ids = [...new Set(job.rows!.filter((r) => r.outcome === 'matched').map((r) => r.physicianId!))];
    expect(ids).toContain(pick);
    const list = await owner.agent.post('/api/lists', { name: 'From my list', physicianIds: ids });
    expect(list.status).toBe(201);
    expect(list.body.added ?? list.body.list?.count ?? ids.length).toBe(ids.length);
    const download = await owner.agent.get(`/api/matches/${ownerJob}/enriched`);
    expect(download.status).toBe(403);
    expect(download.body.error.requiredTier).toBe('premium');
  });

  it('Annual downloads the enriched file: own columns unchanged, counted as an export, ending the guarantee', async () => {
    const annual = await caller('premium');
    const rows = fixture.filter((r) => r.kind === 'exact' || r.kind === 'absent');
    const created = await upload(annual, '/api/matches', { name: 'Conference list.csv', body: fixtureCsv(rows) });
    const job = await matchDone(annual, created.body.id);
    const res = await annual.agent.get(`/api/matches/${created.body.id}/enriched`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Conference_list-enriched-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(Number(res.headers.get('x-export-count'))).toBe(job.counts.matched);
    const lines = res.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(
      [...FIXTURE_COLUMNS, 'Match Outcome', 'Match Score', 'NPI (PhysicianDirect)', 'Physician ID', 'Specialty (PhysicianDirect)', 'Sub-specialty', 'Practice Location', 'Organization (PhysicianDirect)', 'Mobile', 'Mobile Check', 'Work Phone', 'Work Phone Check', 'Email', 'Email Check'].join(','),
    );
    expect(lines).toHaveLength(rows.length + 1);
    const first = lines[1].split(',');
    expect(first.slice(0, 2)).toEqual(rows[0].cells.slice(0, 2));
    expect(first[FIXTURE_COLUMNS.length]).toBe('Matched');
    expect(lines.some((l) => l.includes(',No match,'))).toBe(true);
    expect(lines[1]).toMatch(/@/); // the contact is in the file
    // Each value's check in the one vocabulary (ADR 053), as in the export.
    expect(lines[1]).toMatch(/"(Verified valid|Risky|Inconclusive), \d{1,2} [A-Z][a-z]{2} \d{4} · \d+ % confidence"|,Not yet checked(,|$)/);
    expect(res.text).not.toMatch(/,(valid|risky|unknown|verified|unverified),/);
    const logged = await ctx.db.sql.query<{ export_count: number; format: string }>('SELECT export_count, format FROM export_logs WHERE user_id = $1', [annual.userId]);
    expect(logged.rows).toEqual([{ export_count: job.counts.matched, format: 'csv' }]);
    const audit = await ctx.db.sql.query(`SELECT details FROM audit_events WHERE action = 'export.created' AND actor_user_id = $1`, [annual.userId]);
    expect(audit.rows).toHaveLength(1);
    // The guarantee's rule reads export_logs: it now names the export.
    const subscription = await annual.agent.get('/api/billing/subscription');
    expect(subscription.status).toBe(200);
  }, 60_000);

  it('the guarantee ends with the download, as with an export', async () => {
    const buyer = await caller('free');
    const checkout = await buyer.agent.post('/api/billing/checkout', { priceId: 'price_annual' });
    const sessionId = (checkout.body.url as string).split('/').pop();
    const paid = await buyer.agent.post(`/api/billing/demo/checkout/${sessionId}/pay`, { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Jane Recruiter' });
    expect(paid.status).toBe(200);
    expect((await buyer.agent.get('/api/billing/subscription')).body.refund.state).toBe('available');
    const created = await upload(buyer, '/api/matches', { name: 'l.csv', body: fixtureCsv(fixture.filter((r) => r.kind === 'exact').slice(0, 3)) });
    await matchDone(buyer, created.body.id);
    expect((await buyer.agent.get(`/api/matches/${created.body.id}/enriched`)).status).toBe(200);
    const refund = (await buyer.agent.get('/api/billing/subscription')).body.refund;
    expect(refund.state).toBe('unavailable');
    expect(refund.reason).toMatch(/an export ends the money-back guarantee/);
  }, 60_000);

  it('the daily export ceiling applies: a file that would pass it is refused with 429 and logs nothing', async () => {
    const annual = await caller('premium');
    await ctx.db.sql.query('INSERT INTO export_logs (user_id, export_count) VALUES ($1, 398)', [annual.userId]);
    const created = await upload(annual, '/api/matches', { name: 'l.csv', body: fixtureCsv(fixture.filter((r) => r.kind === 'exact').slice(0, 3)) });
    await matchDone(annual, created.body.id);
    const res = await annual.agent.get(`/api/matches/${created.body.id}/enriched`);
    expect(res.status).toBe(429);
    expect(res.body.error.message).toMatch(/would pass today's limit of 400 exported contacts \(2 left\)/);
    const logged = await ctx.db.sql.query('SELECT 1 FROM export_logs WHERE user_id = $1', [annual.userId]);
    expect(logged.rows).toHaveLength(1);
  }, 60_000);

  it('admins download too, as XLSX when the upload was XLSX', async () => {
    const admin = await caller('free', 'admin');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('List');
    sheet.addRow(['Last Name', 'First Name', 'State']);
    const p = fixture.find((r) => r.kind === 'exact')!;
    sheet.addRow([p.cells[FIXTURE_COLUMNS.indexOf('Last Name')], p.cells[FIXTURE_COLUMNS.indexOf('First Name')], p.cells[FIXTURE_COLUMNS.indexOf('State')]]);
    const created = await upload(admin, '/api/matches', { name: 'list.xlsx', body: Buffer.from(await workbook.xlsx.writeBuffer()) });
    await matchDone(admin, created.body.id);
    const res = await ctx.app.request(`/api/matches/${created.body.id}/enriched`, { headers: { cookie: `${SESSION_COOKIE}=${admin.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/spreadsheetml/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const header = (book.worksheets[0].getRow(1).values as string[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['Last Name', 'First Name', 'State', 'Match Outcome']);
    expect(book.worksheets[0].getRow(2).getCell(4).text).toBe('Matched');
  }, 60_000);

  it('uploads and results are deleted after 7 days by the maintenance pass', async () => {
    const basic = await caller('basic');
    const created = await upload(basic, '/api/matches', { name: 'old.csv', body: SMALL_CSV });
    await matchDone(basic, created.body.id);
    const sixDays = await runMaintenance(maintenanceDeps(ctx.deps), new Date(Date.now() + 6 * 86_400_000));
    expect((await basic.agent.get(`/api/matches/${created.body.id}`)).status).toBe(200);
    const later = await runMaintenance(maintenanceDeps(ctx.deps), new Date(Date.now() + 8 * 86_400_000));
    expect(later.matches).toBeGreaterThan(sixDays.matches);
    // (The pass at +8 days also ended the session, so the job is checked in the database.)
    expect((await ctx.db.sql.query('SELECT 1 FROM match_jobs WHERE id = $1', [created.body.id])).rows).toHaveLength(0);
    for (const table of ['match_rows', 'match_results']) {
      expect((await ctx.db.sql.query(`SELECT 1 FROM ${table} WHERE job_id = $1`, [created.body.id])).rows).toHaveLength(0);
    }
  }, 60_000);
});

describe('jobs live in the database', () => {
  it('a job left running by a process that stopped is resumed by another after its lease', async () => {
    const basic = await caller('basic');
    const rows = fixture.filter((r) => r.kind === 'exact');
    // Stored as if another process had claimed it and died before matching anything.
    const created = await upload(basic, '/api/matches', { name: 'l.csv', body: fixtureCsv(rows) });
    await ctx.deps.services.jobs.idle('matches');
    await ctx.db.sql.query(
      `UPDATE match_jobs SET status = 'running', done_rows = 3, matched_rows = 3, ambiguous_rows = 0, none_rows = 0, lease_owner = gen_random_uuid(), lease_until = now() - interval '1 second' WHERE id = $1`,
      [created.body.id],
    );
    await ctx.db.sql.query('DELETE FROM match_results WHERE job_id = $1 AND row_number > 3', [created.body.id]);
    ctx.deps.services.jobs.wake('matches');
    const job = await matchDone(basic, created.body.id);
    expect(job.rows!.map((r) => r.physicianId)).toEqual(rows.map((r) => r.expected));
    expect(job.counts).toEqual({ matched: rows.length, ambiguous: 0, none: 0 });
  }, 60_000);
});
