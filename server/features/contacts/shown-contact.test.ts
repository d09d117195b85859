import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactField, ContactStatus, RevealContactResponse } from '../../../contract/contacts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../../contract/errors';
import type { MatchJobResponse } from '../../../contract/matches';
import type { VerificationStatus } from '../../../contract/verification';
import { verificationWords } from '../../../contract/verification-words';
import { npiForId } from '../../db/seed/generator';
import { createTestContext, createTestUser, TestAgent } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import { createSession, SESSION_COOKIE } from '../auth';
import { multipartBody } from '../../test/support/multipart';

/*
 * One rule for the values that leave (ADR 032): a reveal, an export and an enriched match file of
 * the same physicians hand out the same email and phone, each phone in its own column in the files
 * (Mobile, Work Phone: ADR 053) with its check in the same words, and never a value that
 * verification found invalid. Each physician's four values carry a different mix of checks (valid,
 * invalid, risky, unknown after a check, never checked) and statuses (reported, self-reported), on
 * PGlite and PostgreSQL.
 */

const ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
afterAll(async () => {
  await ctx.deps.services.jobs.idle('matches');
  await ctx.close();
});

/** What the last check of a value found; 'unchecked': never checked (no method, no date). */
type Check = VerificationStatus | 'unchecked';
type Value = { check: Check; status?: ContactStatus } | { empty: true };
type Case = {
  id: number;
  values: Partial<Record<ContactField, Value>>;
  /** The fields whose values leave (email, phone), by the rule of contacts/shown-value.ts. */
  shown: { email: ContactField | null; phone: ContactField | null };
};

const CASES: Case[] = [
  { id: 1, values: { personal_email: { check: 'invalid' }, work_email: { check: 'valid' }, mobile_phone: { check: 'invalid' }, office_phone: { check: 'valid' } }, shown: { email: 'work_email', phone: 'office_phone' } },
  // Only invalid values: nothing leaves.
  { id: 2, values: { personal_email: { check: 'invalid' }, mobile_phone: { check: 'invalid' } }, shown: { email: null, phone: null } },
  { id: 3, values: { personal_email: { check: 'valid' }, work_email: { check: 'invalid' }, mobile_phone: { check: 'valid' }, office_phone: { check: 'invalid' } }, shown: { email: 'personal_email', phone: 'mobile_phone' } },
  // A valid second value beats a risky or unchecked first one.
  { id: 4, values: { personal_email: { check: 'risky' }, work_email: { check: 'valid' }, mobile_phone: { check: 'unchecked' }, office_phone: { check: 'valid' } }, shown: { email: 'work_email', phone: 'office_phone' } },
  // Unchecked beats risky, whichever comes first.
  { id: 5, values: { personal_email: { check: 'unchecked' }, work_email: { check: 'risky' }, mobile_phone: { check: 'risky' }, office_phone: { check: 'unchecked' } }, shown: { email: 'personal_email', phone: 'office_phone' } },
  // Unknown after a check ties with never checked: the first wins.
  { id: 6, values: { personal_email: { check: 'unknown' }, work_email: { check: 'unchecked' }, mobile_phone: { check: 'unknown' }, office_phone: { check: 'invalid' } }, shown: { email: 'personal_email', phone: 'mobile_phone' } },
  // Reported wrong loses to anything; self-reported ties with risky.
  { id: 7, values: { personal_email: { check: 'valid', status: 'reported' }, work_email: { check: 'unchecked' }, mobile_phone: { check: 'unknown', status: 'self_reported' }, office_phone: { check: 'risky' } }, shown: { email: 'work_email', phone: 'mobile_phone' } },
  { id: 8, values: { personal_email: { check: 'invalid' }, work_email: { check: 'invalid' }, mobile_phone: { check: 'invalid' }, office_phone: { check: 'invalid' } }, shown: { email: null, phone: null } },
  // An empty personal email is absent.
  { id: 9, values: { personal_email: { empty: true }, work_email: { check: 'invalid' }, office_phone: { check: 'risky' } }, shown: { email: null, phone: 'office_phone' } },
];

const FIELDS: readonly ContactField[] = ['personal_email', 'work_email', 'mobile_phone', 'office_phone'];
/** The files' column of each phone (the names of Bullhorn's candidate fields, ADR 053). */
const PHONE_COLUMN: Record<string, string> = { mobile_phone: 'Mobile', office_phone: 'Work Phone' };

/** The value written for a field of a physician (distinct everywhere, so a search of the text finds only it). */
function valueOf(id: number, field: ContactField): string {
  if (field === 'personal_email') return `p${id}.personal@example.com`;
  if (field === 'work_email') return `p${id}.work@example.org`;
  return `(617) 555-${field === 'mobile_phone' ? '01' : '02'}${String(id).padStart(2, '0')}`;
}

const CONFIDENCE: Record<VerificationStatus, number> = { valid: 90, risky: 35, unknown: 50, invalid: 0 };

/** The values verification found invalid: none may leave. */
const INVALID = CASES.flatMap((c) =>
  FIELDS.flatMap((field) => {
    const value = c.values[field];
    return value && 'check' in value && value.check === 'invalid' ? [valueOf(c.id, field)] : [];
  }),
);

beforeAll(async () => {
  await insertPhysicians(
    ctx.db,
    CASES.map(({ id }) => ({
      id,
      npi: npiForId(id),
      firstName: 'Dana',
      lastName: `Valuetest${String.fromCharCode(96 + id)}`,
      specialty: 'Cardiology',
      city: 'Boston',
      state: 'MA',
    })),
  );
  for (const c of CASES) {
    const columns = ['physician_id'];
    const params: unknown[] = [c.id];
    for (const field of FIELDS) {
      const value = c.values[field];
      if (!value) continue;
      if ('empty' in value) {
        columns.push(field);
        params.push('');
        continue;
      }
      const checked = value.check !== 'unchecked';
      columns.push(field, `${field}_status`, `${field}_verification`, `${field}_confidence`, `${field}_method`, `${field}_verified_at`);
      params.push(
        valueOf(c.id, field),
        value.status ?? (value.check === 'valid' ? 'verified' : 'unverified'),
        checked ? value.check : 'unknown',
        checked ? CONFIDENCE[value.check as VerificationStatus] : null,
        checked ? 'builtin' : null,
        checked ? '2026-11-20T10:00:00Z' : null,
      );
    }
    await ctx.db.sql.query(
      `INSERT INTO physician_contacts (${columns.join(', ')}) VALUES (${params.map((_, i) => `$${i + 1}`).join(', ')})`,
      params,
    );
  }
  await ctx.deps.services.directory.directoryChanged();
});

/** An Annual Plan user (reveal, export and the enriched file), signed in. */
async function annualUser() {
  const user = await createTestUser(ctx.db, { tier: 'premium' });
  const { token } = await createSession(ctx.db, user.id);
  const agent = new TestAgent(ctx.app);
  agent.setCookie(SESSION_COOKIE, token);
  return { agent, token };
}

const cell = (value: string | null | undefined) => value ?? '';
const ids = CASES.map((c) => c.id);

/** What left for one Annual Plan user: each reveal, the CSV export and the enriched match file, as text and parsed. */
type Outflow = {
  reveals: Map<number, { body: RevealContactResponse; text: string }>;
  exported: { text: string; cell: (id: number, column: string) => string };
  enriched: { text: string; cell: (id: number, column: string) => string };
};
let out: Outflow;

/** A CSV file's text and a reader of one cell by the row's physician and the column's name. */
function readCsv(text: string, idColumn: string, rowIds?: number[]) {
  const [header, ...rows]: string[][] = parse(text.replace(/^\uFEFF/, ''));
  const byId = new Map(rows.map((row, i) => [rowIds ? rowIds[i] : Number(row[header.indexOf(idColumn)]), row]));
  return { text, cell: (id: number, column: string) => byId.get(id)![header.indexOf(column)] };
}

beforeAll(async () => {
  const { agent, token } = await annualUser();
  // 1. A reveal of each physician.
  const reveals: Outflow['reveals'] = new Map();
  for (const id of ids) {
    const res = await agent.post<RevealContactResponse>(`/api/physicians/${id}/contact`);
    expect(res.status).toBe(200);
    reveals.set(id, { body: res.body, text: res.text });
  }
  // 2. An export of them, as CSV (rows in the order asked).
  const exported = await agent.post('/api/exports', { physicianIds: ids, format: 'csv' });
  expect(exported.status).toBe(200);
  // 3. A list naming them by NPI, matched, and its enriched file.
  const list = ['NPI,First Name,Last Name,State', ...ids.map((id) => `${npiForId(id)},Dana,Valuetest${String.fromCharCode(96 + id)},MA`)];
  const form = new FormData();
  form.append('file', new Blob([list.join('\n')]), 'values.csv');
  const multipart = await multipartBody(form);
  const created = await ctx.app.request('/api/matches', {
    method: 'POST',
    body: multipart.body,
    headers: { cookie: `${SESSION_COOKIE}=${token}`, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': multipart.contentType },
  });
  expect(created.status).toBe(202);
  const { id: matchId } = (await created.json()) as { id: string };
  await ctx.deps.services.jobs.idle('matches');
  const job = await agent.get<MatchJobResponse>(`/api/matches/${matchId}`);
  expect(job.body.status).toBe('done');
  expect(job.body.counts).toEqual({ matched: ids.length, ambiguous: 0, none: 0 });
  const enriched = await agent.get(`/api/matches/${matchId}/enriched`);
  expect(enriched.status).toBe(200);
  out = { reveals, exported: readCsv(exported.text, 'NPI', ids), enriched: readCsv(enriched.text, 'Physician ID') };
}, 60_000);

describe('the values that leave: reveal, export and enriched match file (ADR 032)', () => {
  it('no value verification found invalid leaves through any of the three', () => {
    expect(INVALID.length).toBeGreaterThan(0);
    const texts = {
      reveal: [...out.reveals.values()].map((r) => r.text).join('\n'),
      export: out.exported.text,
      'enriched file': out.enriched.text,
    };
    const leaked = Object.entries(texts).flatMap(([name, text]) => INVALID.filter((v) => text.includes(v)).map((v) => `${name}: ${v}`));
    expect(leaked).toEqual([]);
  });

  it('the three hand out the same email and phone for each physician, chosen by one rule', () => {
    for (const c of CASES) {
      const reveal = out.reveals.get(c.id)!.body;
      const expected = { email: c.shown.email && valueOf(c.id, c.shown.email), phone: c.shown.phone && valueOf(c.id, c.shown.phone) };
      const context = `physician ${c.id}`;
      // The reveal shows what the rule chooses, and names the invalid values it held back...
      expect({ email: reveal.email, phone: reveal.phone }, context).toEqual(expected);
      expect({ email: reveal.emailDetail?.field ?? null, phone: reveal.phoneDetail?.field ?? null }, context).toEqual(c.shown);
      const invalidFields = FIELDS.filter((f) => {
        const value = c.values[f];
        return value && 'check' in value && value.check === 'invalid';
      });
      expect(reveal.withheld, context).toEqual(invalidFields);
      // ... and the export and the enriched file hand out the same email, with the same words for its check.
      const ex = (column: string) => out.exported.cell(c.id, column);
      const en = (column: string) => out.enriched.cell(c.id, column);
      const emailCheck = reveal.emailDetail && verificationWords(reveal.emailDetail.verification, reveal.emailDetail.status).sentence;
      expect([ex('Email'), ex('Email Check')], context).toEqual([cell(expected.email), cell(emailCheck)]);
      expect(en('Match Outcome'), context).toBe('Matched');
      expect([en('Email'), en('Email Check')], context).toEqual([cell(expected.email), cell(emailCheck)]);
      // The reveal's phone is in the files' column of its field, with the same check.
      if (reveal.phoneDetail) {
        const column = PHONE_COLUMN[reveal.phoneDetail.field];
        const check = verificationWords(reveal.phoneDetail.verification, reveal.phoneDetail.status).sentence;
        expect([ex(column), ex(`${column} Check`)], context).toEqual([reveal.phone, check]);
        expect([en(column), en(`${column} Check`)], context).toEqual([reveal.phone, check]);
      }
    }
  });

  it('the files give each phone that may leave in its own column, and none found invalid', () => {
    for (const c of CASES) {
      for (const field of ['mobile_phone', 'office_phone'] as const) {
        const value = c.values[field];
        const leaves = value !== undefined && 'check' in value && value.check !== 'invalid';
        const column = PHONE_COLUMN[field];
        const context = `physician ${c.id}, ${column}`;
        for (const file of [out.exported, out.enriched]) {
          expect(file.cell(c.id, column), context).toBe(leaves ? valueOf(c.id, field) : '');
          expect(file.cell(c.id, `${column} Check`) !== '', context).toBe(leaves);
        }
        if (!leaves || !('check' in value!)) continue;
        // The words of its check: the vocabulary's, from what was stored.
        const words = out.exported.cell(c.id, `${column} Check`);
        const prefix = { reported: 'Reported wrong · ', self_reported: 'Self-reported · ' }[value.status as string] ?? '';
        const finding = { valid: 'Verified valid, 20 Nov 2026 · 90 % confidence', risky: 'Risky, 20 Nov 2026 · 35 % confidence', unknown: 'Inconclusive, 20 Nov 2026 · 50 % confidence', unchecked: 'Not yet checked' }[value.check as string];
        expect(words, context).toBe(`${prefix}${finding}`);
      }
    }
  });
});
