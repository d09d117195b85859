import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestAgent, type TestResponse } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import { signedInAgentAs, type SignedInRole } from '../../test/support/roles';

/*
 * Export for every role, each file opened with a reader, on PGlite and PostgreSQL.
 * The daily ceiling is 600 exported contacts here so it is reached with two exports.
 */

const DAILY_LIMIT = 600;
const ctx = await createTestContext({ env: { EXPORT_DAILY_LIMIT: String(DAILY_LIMIT) } });
afterAll(() => ctx.close());

const INJECTION = "=cmd|' /C calc'!A0";
const PHYSICIAN_COUNT = 520;

beforeAll(async () => {
  await ctx.db.sql.query(`INSERT INTO hospitals (ccn, name, city, state) VALUES ('450358', 'Houston Methodist Hospital', 'Houston', 'TX')`);
  // 1: a formula-injection attempt as a first name; 2: accents and a comma in the organisation;
  // 3..520: plain rows. Each has a distinct email.
  await insertPhysicians(
    ctx.db,
    Array.from({ length: PHYSICIAN_COUNT }, (_, i) => i + 1).map((id) => ({
      id,
      npi: String(1_000_000_000 + id),
      firstName: `First${id}`,
      lastName: `Last${id}`,
      credential: 'MD',
      title: 'Staff Physician',
      specialty: 'Cardiology',
      subSpecialty: 'Interventional Cardiology',
      organization: `Clinic ${id}`,
      city: 'Houston',
      state: 'TX',
      zip: '07030',
      skills: ['Leadership', 'Research'],
      education: [{ schoolName: 'Baylor College of Medicine', degree: 'MD' }],
      linkedinUrl: `https://www.linkedin.com/in/doc-${id}`,
      licenseStates: ['TX'],
      // 3: two facilities (ADR 063), a hospital the table names and a unit inside it.
      ...(id === 3
        ? {
            licenseStates: ['NJ', 'TX'],
            affiliations: [
              { ccn: '450358', type: 'Hospital', parent: null },
              { ccn: '45T358', type: 'Inpatient rehabilitation facility', parent: '450358' },
            ],
          }
        : {}),
      ...(id === 1 ? { firstName: INJECTION, lastName: '-Plus' } : {}),
      ...(id === 2 ? { firstName: 'José', middleName: 'María', lastName: 'Núñez', organization: "Saint Luke's, Inc." } : {}),
    })),
  );
  await ctx.db.sql.query(
    `INSERT INTO physician_contacts (physician_id, personal_email, mobile_phone)
     SELECT g, 'doc' || g || '@example.com', '(555) 010-' || lpad(g::text, 4, '0') FROM generate_series(1, $1::int) g`,
    [PHYSICIAN_COUNT],
  );
  await ctx.deps.services.directory.directoryChanged();
});

const agentFor = (role: SignedInRole) => signedInAgentAs(ctx, role);

/** POST /api/exports, keeping the raw bytes of the file. */
async function exportFile(agent: TestAgent | null, body: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-requested-with': 'fetch' };
  const cookie = agent ? (agent as unknown as { cookies: Map<string, string> }).cookies : null;
  if (cookie?.size) headers.cookie = [...cookie].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await ctx.app.request('/api/exports', { method: 'POST', headers, body: JSON.stringify(body) });
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: any = null;
  if (res.headers.get('content-type')?.includes('json')) json = JSON.parse(bytes.toString('utf8'));
  return { status: res.status, headers: res.headers, bytes, json };
}

async function logRows(userId: string) {
  const { rows } = await ctx.db.sql.query<{ export_count: number; format: string }>(
    'SELECT export_count, format FROM export_logs WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows;
}

async function auditRows(userId: string) {
  const { rows } = await ctx.db.sql.query<{ action: string; details: any }>(
    `SELECT action, details FROM audit_events WHERE actor_user_id = $1 ORDER BY id`,
    [userId],
  );
  return rows;
}

/** RFC 4180 reader: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** The fields of an ATS candidate import, named as Bullhorn names them, then ours (ADR 053). */
const HEADER = [
  'First Name',
  'Middle Name',
  'Last Name',
  'Credential',
  'Title',
  'Specialty',
  'Sub-specialty',
  'Organization',
  'City',
  'State',
  'Zip',
  'NPI',
  'Mobile',
  'Mobile Check',
  'Work Phone',
  'Work Phone Check',
  'Email',
  'Email Check',
  'LinkedIn',
  'Skills',
  'Education',
  'Licensed In',
  'Hospital Affiliations',
];
const column = (name: string) => HEADER.indexOf(name);
const today = () => new Date().toISOString().slice(0, 10);

describe('POST /api/exports by role', () => {
  it('anonymous: 401, free: 403, basic: 403 naming the Annual Plan; nothing logged', async () => {
    expect((await exportFile(null, { physicianIds: [1], format: 'csv' })).status).toBe(401);
    for (const kind of ['free', 'basic'] as const) {
      const { agent, user } = await agentFor(kind);
      const res = await exportFile(agent, { physicianIds: [1], format: 'csv' });
      expect(res.status).toBe(403);
      expect(res.json.error).toMatchObject({
        code: 'subscription_required',
        requiredTier: 'premium',
        message: 'This feature requires the Annual Plan subscription.',
      });
      expect(await logRows(user.id)).toEqual([]);
    }
    const { rows } = await ctx.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM export_logs');
    expect(rows[0].n).toBe(0);
  });

  for (const kind of ['premium', 'admin'] as const) {
    it(`${kind}: a CSV with BOM of the selected physicians, one log row and one audit row`, async () => {
      const { agent, user } = await agentFor(kind);
      const res = await exportFile(agent, { physicianIds: [3, 2, 1], format: 'csv' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="physicians-${today()}.csv"`);
      expect(res.headers.get('x-export-count')).toBe('3');
      expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

      const rows = parseCsv(res.bytes.toString('utf8').slice(1));
      expect(rows[0]).toEqual(HEADER);
      expect(rows.slice(1).map((r) => r[column('Email')])).toEqual([
        'doc3@example.com',
        'doc2@example.com',
        'doc1@example.com',
      ]);
      // One field a column: the name in its parts, the place with its ZIP (leading zero kept).
      expect(rows[1]).toEqual([
        'First3',
        '',
        'Last3',
        'MD',
        'Staff Physician',
        'Cardiology',
        'Interventional Cardiology',
        'Clinic 3',
        'Houston',
        'TX',
        '07030',
        '1000000003',
        '(555) 010-0003',
        'Not yet checked',
        '',
        '',
        'doc3@example.com',
        'Not yet checked',
        'https://www.linkedin.com/in/doc-3',
        'Leadership, Research',
        'Baylor College of Medicine - MD',
        'NJ, TX',
        'Houston Methodist Hospital (Houston, TX); CCN 45T358 (Inpatient rehabilitation facility, in Houston Methodist Hospital)',
      ]);
      // Accents survive (UTF-8) and the comma stays inside its cell.
      expect(rows[2].slice(0, 8)).toEqual([
        'José',
        'María',
        'Núñez',
        'MD',
        'Staff Physician',
        'Cardiology',
        'Interventional Cardiology',
        "Saint Luke's, Inc.",
      ]);
      // The formula is neutralised: it starts with an apostrophe, so no spreadsheet runs it; so
      // is a name starting with '-'.
      expect(rows[3].slice(0, 3)).toEqual([`'${INJECTION}`, '', "'-Plus"]);

      expect(await logRows(user.id)).toEqual([{ export_count: 3, format: 'csv' }]);
      const audits = await auditRows(user.id);
      expect(audits).toEqual([
        { action: 'export.created', details: { count: 3, format: 'csv', physicianIds: [3, 2, 1] } },
      ]);
    });
  }
});

describe('verification in exports (ADR 032)', () => {
  it('a value that failed verification is never exported; the check of the shown one is', async () => {
    // 510: its only email failed verification; 511: the personal one failed, the work one is valid;
    // 512: its mobile failed, so the office phone is exported instead.
    await ctx.db.sql.query(
      `UPDATE physician_contacts SET personal_email_verification = 'invalid', personal_email_confidence = 0,
              personal_email_method = 'builtin', personal_email_verified_at = '2026-11-20T10:00:00Z'
        WHERE physician_id IN (510, 511)`,
    );
    await ctx.db.sql.query(
      `UPDATE physician_contacts SET work_email = 'work511@example.org', work_email_verification = 'valid',
              work_email_confidence = 97, work_email_method = 'zerobounce', work_email_verified_at = '2026-11-21T10:00:00Z'
        WHERE physician_id = 511`,
    );
    await ctx.db.sql.query(
      `UPDATE physician_contacts SET mobile_phone_verification = 'invalid', mobile_phone_method = 'twilio',
              mobile_phone_verified_at = now(), office_phone = '(212) 555-0132', office_phone_verification = 'risky',
              office_phone_confidence = 40, office_phone_method = 'twilio', office_phone_verified_at = '2026-11-22T10:00:00Z'
        WHERE physician_id = 512`,
    );
    const { agent } = await agentFor('premium');
    const csv = await exportFile(agent, { physicianIds: [510, 511, 512], format: 'csv' });
    expect(csv.status).toBe(200);
    const text = csv.bytes.toString('utf8');
    expect(text).not.toContain('doc510@example.com');
    expect(text).not.toContain('doc511@example.com');
    expect(text).not.toContain('(555) 010-0512');
    const rows = parseCsv(text.slice(1));
    const cells = (row: string[]) => row.slice(column('Mobile'), column('Email Check') + 1);
    expect(cells(rows[1])).toEqual(['(555) 010-0510', 'Not yet checked', '', '', '', '']);
    expect(cells(rows[2])).toEqual([
      '(555) 010-0511',
      'Not yet checked',
      '',
      '',
      'work511@example.org',
      'Verified valid, 21 Nov 2026 · 97 % confidence',
    ]);
    // The mobile failed: its column is empty; the office phone has its own.
    expect(cells(rows[3])).toEqual(['', '', '(212) 555-0132', 'Risky, 22 Nov 2026 · 40 % confidence', 'doc512@example.com', 'Not yet checked']);

    const pdf = await exportFile(agent, { physicianIds: [510, 511, 512], format: 'pdf' });
    // Cells wrap inside their column: compare without the line breaks.
    const pdfText = (await extractText(await getDocumentProxy(new Uint8Array(pdf.bytes)), { mergePages: true })).text.replace(/\s/g, '');
    expect(pdfText).toContain('work511@example.org');
    expect(pdfText).toContain('(212)555-0132Risky·40%');
    expect(pdfText).not.toContain('doc510@example.com');
    expect(pdfText).not.toContain('doc511@example.com');
    expect(pdfText).not.toContain('(555)010-0512');
    const xlsx = await exportFile(agent, { physicianIds: [510, 511, 512], format: 'xlsx' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const values = JSON.stringify(book.worksheets[0].getSheetValues());
    expect(values).toContain('work511@example.org');
    expect(values).toContain('Verified valid, 21 Nov 2026 · 97 % confidence');
    expect(values).not.toContain('doc510@example.com');
    expect(values).not.toContain('(555) 010-0512');
  });
});

describe('export files open in their readers', () => {
  it('xlsx: ExcelJS reads back every selected email; the formula is a text cell', async () => {
    const { agent, user } = await agentFor('premium');
    const ids = [1, 2, 10, 11, 12];
    const res = await exportFile(agent, { physicianIds: ids, format: 'xlsx' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="physicians-${today()}.xlsx"`);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Physicians');
    expect(sheet).toBeDefined();
    const values = (n: number) => (sheet!.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(HEADER);
    expect(sheet!.rowCount).toBe(ids.length + 1);
    expect([2, 3, 4, 5, 6].map((n) => sheet!.getRow(n).getCell(column('Email') + 1).value)).toEqual(
      ids.map((id) => `doc${id}@example.com`),
    );
    const injected = sheet!.getRow(2).getCell(1);
    expect(injected.type).toBe(ExcelJS.ValueType.String);
    expect(injected.formula).toBeUndefined();
    expect(injected.value).toBe(INJECTION);
    expect(values(3).slice(0, 4)).toEqual(['José', 'María', 'Núñez', 'MD']);
    // A ZIP is a text cell: its leading zero stays.
    expect(sheet!.getRow(2).getCell(column('Zip') + 1).value).toBe('07030');
    expect(await logRows(user.id)).toEqual([{ export_count: 5, format: 'xlsx' }]);
  });

  it('pdf: the extracted text holds every selected email, 500 rows over several pages', async () => {
    const { agent, user } = await agentFor('admin');
    const ids = Array.from({ length: 500 }, (_, i) => i + 1);
    const res = await exportFile(agent, { physicianIds: ids, format: 'pdf' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="physicians-${today()}.pdf"`);
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const pdf = await getDocumentProxy(new Uint8Array(res.bytes));
    const { totalPages, text } = await extractText(pdf, { mergePages: true });
    expect(totalPages).toBeGreaterThan(5);
    const compact = text.replace(/\s+/g, '');
    for (const id of ids) expect(compact).toContain(`doc${id}@example.com`);
    // Each email and phone on one line: found whole in the text as drawn, not only once spaces are dropped.
    for (const id of [1, 2, 99, 500]) {
      expect(text).toContain(`doc${id}@example.com`);
      expect(text).toContain(`(555) 010-${String(id).padStart(4, '0')}`);
    }
    expect(text).toContain('José Núñez');
    expect(await logRows(user.id)).toEqual([{ export_count: 500, format: 'pdf' }]);
  });
});

describe('the PDF a person reads (ADR 053)', () => {
  it('97 physicians: the columns a recruiter reads first, every text at 8 pt or more, nothing broken inside a word', async () => {
    const { agent } = await agentFor('premium');
    const ids = Array.from({ length: 97 }, (_, i) => i + 100);
    const res = await exportFile(agent, { physicianIds: ids, format: 'pdf' });
    expect(res.status).toBe(200);
    const pdf = await getDocumentProxy(new Uint8Array(res.bytes));
    const items: Array<{ text: string; size: number }> = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      for (const item of content.items) {
        if ('str' in item && item.str) items.push({ text: item.str, size: Math.hypot(item.transform[0], item.transform[1]) });
      }
    }
    expect(items.filter((item) => item.size < 8 - 0.01)).toEqual([]);
    const texts = items.map((item) => item.text);
    for (const header of ['Name', 'Specialty', 'Location', 'Mobile', 'Email', 'NPI']) expect(texts).toContain(header);
    for (const id of ids) {
      // Each NPI, phone and email is one drawn line, whole; the name with its credential too.
      expect(texts).toContain(String(1_000_000_000 + id));
      expect(texts).toContain(`doc${id}@example.com`);
      expect(texts).toContain(`(555) 010-${String(id).padStart(4, '0')}`);
      expect(texts).toContain(`First${id} Last${id}, MD`);
    }
    expect(texts).toContain('Houston, TX 07030');
    // Beneath each value its check, in the vocabulary's short words.
    expect(texts.filter((text) => text === 'Not yet checked').length).toBe(2 * ids.length);
    expect(pdf.numPages).toBeLessThanOrEqual(5);
  });
});

describe('export rules', () => {
  it('bad input answers 400 naming the field and logs nothing', async () => {
    const { agent, user } = await agentFor('premium');
    const cases: Array<[unknown, string]> = [
      [{ physicianIds: [], format: 'csv' }, 'physicianIds'],
      [{ format: 'csv' }, 'physicianIds'],
      [{ physicianIds: Array.from({ length: 501 }, (_, i) => i + 1), format: 'csv' }, 'physicianIds'],
      [{ physicianIds: [1, 999_999], format: 'csv' }, 'physicianIds'],
      [{ physicianIds: ['a'], format: 'csv' }, 'physicianIds.0'],
      [{ physicianIds: [1], format: 'docx' }, 'format'],
      [{ listId: 'not-a-uuid', format: 'csv' }, 'listId'],
    ];
    for (const [body, field] of cases) {
      const res = await exportFile(agent, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json.error.fields ?? {})).toContain(field);
    }
    const unknown = await exportFile(agent, { physicianIds: [1, 999_999], format: 'csv' });
    expect(unknown.json.error.message).toBe('Unknown physician ids: 999999');
    expect(await logRows(user.id)).toEqual([]);
  });

  it('a list: its members, or the selected ones; someone else’s list is a 404', async () => {
    const owner = await agentFor('premium');
    const stranger = await agentFor('premium');
    const { rows } = await ctx.db.sql.query<{ id: string }>(
      `INSERT INTO physician_lists (user_id, name) VALUES ($1, 'Cardiologists') RETURNING id`,
      [owner.user.id],
    );
    const listId = rows[0].id;
    for (const id of [20, 21, 22]) {
      await ctx.db.sql.query('INSERT INTO list_members (list_id, physician_id) VALUES ($1, $2)', [
        listId,
        id,
      ]);
    }
    const all = await exportFile(owner.agent, { listId, format: 'csv' });
    expect(all.status).toBe(200);
    expect(
      parseCsv(all.bytes.toString('utf8').slice(1))
        .slice(1)
        .map((r) => r[column('Email')]),
    ).toEqual(['doc20@example.com', 'doc21@example.com', 'doc22@example.com']);
    const some = await exportFile(owner.agent, { listId, physicianIds: [22], format: 'csv' });
    expect(some.headers.get('x-export-count')).toBe('1');
    const outside = await exportFile(owner.agent, { listId, physicianIds: [23], format: 'csv' });
    expect(outside.status).toBe(400);
    expect(outside.json.error.fields).toHaveProperty('physicianIds');

    const foreign = await exportFile(stranger.agent, { listId, format: 'csv' });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.message).toBe('List not found');
    expect(await logRows(stranger.user.id)).toEqual([]);
  });

  it('the daily ceiling answers 429 saying when it resets, and logs nothing for the refused export', async () => {
    const { agent, user } = await agentFor('premium');
    const first = await exportFile(agent, {
      physicianIds: Array.from({ length: 500 }, (_, i) => i + 1),
      format: 'csv',
    });
    expect(first.status).toBe(200);
    const refused = await exportFile(agent, {
      physicianIds: Array.from({ length: 101 }, (_, i) => i + 1),
      format: 'xlsx',
    });
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatchObject({ code: 'rate_limited' });
    expect(refused.json.error.message).toMatch(
      /^This export of 101 contacts would pass today's limit of 600 exported contacts \(100 left\)\. It resets at midnight UTC \(in .+\)\.$/,
    );
    // What is left still goes through.
    const rest = await exportFile(agent, {
      physicianIds: Array.from({ length: 100 }, (_, i) => i + 1),
      format: 'pdf',
    });
    expect(rest.status).toBe(200);
    expect(await logRows(user.id)).toEqual([
      { export_count: 500, format: 'csv' },
      { export_count: 100, format: 'pdf' },
    ]);
    // Exports of yesterday do not count today.
    await ctx.db.sql.query(
      `UPDATE export_logs SET export_date = export_date - interval '1 day' WHERE user_id = $1`,
      [user.id],
    );
    expect((await exportFile(agent, { physicianIds: [1], format: 'csv' })).status).toBe(200);
  });

  it('two exports at once that would pass the ceiling together: one is written (with its audit row), the other is a 429', async () => {
    const { agent, user } = await agentFor('premium');
    const ids = Array.from({ length: 400 }, (_, i) => i + 1);
    // Both pass the check before their files are built; the check under the lock refuses one.
    const results = await Promise.all([
      exportFile(agent, { physicianIds: ids, format: 'csv' }),
      exportFile(agent, { physicianIds: ids, format: 'csv' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(await logRows(user.id)).toEqual([{ export_count: 400, format: 'csv' }]);
    const audit = await ctx.db.sql.query<{ details: { count: number; format: string } }>(
      "SELECT details FROM audit_events WHERE action = 'export.created' AND actor_user_id = $1",
      [user.id],
    );
    expect(audit.rows.map((r) => r.details)).toEqual([expect.objectContaining({ count: 400, format: 'csv' })]);
  });

  it('the Exports tab reads the log: total and the newest entries with their format', async () => {
    const { agent } = await agentFor('premium');
    await exportFile(agent, { physicianIds: [1, 2], format: 'csv' });
    await exportFile(agent, { physicianIds: [3], format: 'pdf' });
    const res = await agent.get('/api/account/exports');
    expect(res.status).toBe(200);
    expect(res.body.totalExported).toBe(3);
    expect(
      res.body.recent.map((r: { exportCount: number; format: string }) => [r.exportCount, r.format]),
    ).toEqual([
      [1, 'pdf'],
      [2, 'csv'],
    ]);
  });
});

describe('GET /api/physicians/{id}/profile.pdf (Export Full Profile)', () => {
  it('anonymous 401; free, basic and premium 403; admin gets one page with the contact', async () => {
    expect((await ctx.agent().get('/api/physicians/2/profile.pdf')).status).toBe(401);
    for (const kind of ['free', 'basic', 'premium'] as const) {
      const res: TestResponse = await (await agentFor(kind)).agent.get('/api/physicians/2/profile.pdf');
      expect(res.status).toBe(403);
    }
    const { agent, user } = await agentFor('admin');
    const headers: Record<string, string> = {};
    const cookies = (agent as unknown as { cookies: Map<string, string> }).cookies;
    headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await ctx.app.request('/api/physicians/2/profile.pdf', { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="physician-2-profile-${today()}.pdf"`,
    );
    const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
    const { totalPages, text } = await extractText(pdf, { mergePages: true });
    expect(totalPages).toBe(1);
    expect(text).toContain('José Núñez, MD');
    expect(text).toContain('doc2@example.com');
    expect(text).toContain('Email check Not yet checked');
    expect(text).toContain('Mobile (555) 010-0002');
    expect(text).toContain('Baylor College of Medicine - MD');
    expect(await logRows(user.id)).toEqual([{ export_count: 1, format: 'pdf' }]);

    expect((await agent.get('/api/physicians/999999/profile.pdf')).status).toBe(404);
  });
});
