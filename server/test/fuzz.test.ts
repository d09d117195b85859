import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, resumeSubmission, type TestAgent } from './harness';
import { insertPhysicians } from './support/physicians';

/*
 * Fuzzing: every operation of /api/openapi.json receives bodies, queries and path ids
 * generated from its own declared schemas, mixed with hostile values (huge and unicode strings,
 * nulls, wrong types, prototype keys, SQL and spreadsheet-formula payloads, malformed JSON).
 * Whatever arrives: never a 5xx, never a stack trace or a file path in a body, every 400 names the
 * field it refuses (`error.fields`), every error has the one ErrorResponse shape.
 *
 * Fixed seed and a bounded number of runs per operation, so a CI run is repeatable and short;
 * FUZZ_RUNS and FUZZ_SEED override them for a longer hunt.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

type Schema = Record<string, any>;
type Operation = {
  method: string;
  path: string;
  operationId: string;
  body?: Schema;
  query: Array<{ name: string; schema: Schema }>;
};

const COMPLAINTS_TOKEN = 'fuzz-complaints-token-0123456789';
const ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '1000', OUTREACH_COMPLAINTS_TOKEN: COMPLAINTS_TOKEN } });
afterAll(() => ctx.close());

let operations: Operation[] = [];
let components: Record<string, Schema> = {};
let admin: TestAgent;
let anonymous: TestAgent;

beforeAll(async () => {
  // A little of everything the operations read: physicians with contacts, a list, a submission.
  const ids = [900_001, 900_002, 900_003, 900_004, 900_005];
  await insertPhysicians(
    ctx.db,
    ids.map((id) => ({
      id,
      npi: String(1_900_000_000 + id),
      firstName: `Name${id}`,
      lastName: 'Fuzz',
      specialty: 'Cardiology',
      city: 'Boston',
      state: 'MA',
    })),
  );
  for (const id of ids) {
    await ctx.db.sql.query(
      'INSERT INTO physician_contacts (physician_id, personal_email, mobile_phone) VALUES ($1, $2, $3)',
      [id, `p${id}@fuzz.test`, '(555) 010-0000'],
    );
  }
  await ctx.deps.services.directory.directoryChanged();
  admin = (await ctx.signedInAgent({ role: 'admin', tier: 'premium' })).agent;
  anonymous = ctx.agent();
  const doc = await anonymous.get('/api/openapi.json');
  expect(doc.status).toBe(200);
  components = doc.body.components?.schemas ?? {};
  operations = [];
  for (const [path, item] of Object.entries<Record<string, any>>(doc.body.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        body: op.requestBody?.content?.['application/json']?.schema,
        query: (op.parameters ?? [])
          .filter((p: any) => p.in === 'query')
          .map((p: any) => ({ name: p.name, schema: p.schema ?? {} })),
      });
    }
  }
});

// ---- hostile values ----------------------------------------------------------------------------

const PAYLOADS = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)',
  "=cmd|' /C calc'!A0",
  '+SUM(1,2)',
  '@HYPERLINK("http://evil.test")',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\uD800',
  '𝕳𝖊𝖑𝖑𝖔 👩🏽‍⚕️ Zoë Ñúñez 日本語',
  '__proto__',
  'constructor',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  'NaN',
  'true',
  'null',
  '',
  ' ',
];

const hostileString = fc.oneof(
  fc.constantFrom(...PAYLOADS),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constant(null),
  fc.boolean(),
  fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.constantFrom(-1, 0, 2 ** 53, -(2 ** 31), 1e308)),
  fc.array(hostileString, { maxLength: 5 }),
  fc.array(fc.integer(), { minLength: 400, maxLength: 1_200 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 4 }),
);

// ---- values from the declared schemas ----------------------------------------------------------

function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; i < 10 && typeof s.$ref === 'string'; i++) {
    s = components[s.$ref.replace('#/components/schemas/', '')] ?? {};
  }
  return s;
}

/** A value the schema accepts, mostly; the edges of its bounds are included on purpose. */
function fromSchema(raw: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  if (depth > 4) return fc.constant(null);
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants) && variants.length) return fc.oneof(...variants.map((v: Schema) => fromSchema(v, depth + 1)));
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      const max = Math.min(schema.maxLength ?? 60, 300);
      const min = Math.min(schema.minLength ?? 0, max);
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), hostileString);
      if (schema.format === 'uuid') return fc.uuid();
      return fc.oneof(fc.string({ minLength: min, maxLength: max }), fc.constant('a'.repeat(max + 1)));
    }
    case 'integer':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -10, max: schema.maximum ?? 1_000_000 }),
        fc.constantFrom(schema.minimum ?? 0, schema.maximum ?? 0, (schema.maximum ?? 0) + 1, (schema.minimum ?? 0) - 1),
      );
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const max = Math.min(schema.maxItems ?? 5, 600);
      return fc.oneof(
        fc.array(fromSchema(schema.items, depth + 1), { maxLength: Math.min(max, 5) }),
        fc.array(fromSchema(schema.items, depth + 1), { minLength: max + 1, maxLength: max + 1 }),
      );
    }
    case 'object':
    default: {
      const props: Record<string, Schema> = schema.properties ?? {};
      const entries = Object.entries(props);
      if (!entries.length) return fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 });
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of entries) {
        // Each field: valid by its schema, hostile, or missing.
        shape[key] = fc.oneof({ weight: 3, arbitrary: fromSchema(sub, depth + 1) }, { weight: 2, arbitrary: hostileValue });
      }
      return fc.record(shape, { requiredKeys: [] });
    }
  }
}

/** The text of a request body: a fuzzed object, a hostile JSON value, prototype keys, or broken JSON. */
function bodyText(schema: Schema): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fromSchema(schema).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 1,
      arbitrary: fromSchema(schema).map((v) => {
        const text = JSON.stringify(v) ?? '{}';
        const inject = '"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"polluted":1}}';
        return text.startsWith('{') ? `{${inject}${text.length > 2 ? ',' : ''}${text.slice(1)}` : text;
      }),
    },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[1,2', 'not json', '', '{"name":"\\ud800"}', '\u0000') },
  );
}

const pathId = fc.oneof(
  fc.constantFrom('900001', '1', '0', '-1', '99999999999999999999', 'abc', "1' OR '1'='1", '..%2F..%2Fetc', '%00', '00000000-0000-0000-0000-000000000000'),
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 20 }),
);

function queryArb(params: Operation['query']): fc.Arbitrary<string> {
  if (!params.length) return fc.constant('');
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const { name, schema } of params) {
    shape[name] = fc.oneof({ weight: 2, arbitrary: fromSchema(schema) }, { weight: 2, arbitrary: hostileString }, fc.array(hostileString, { minLength: 2, maxLength: 3 }));
  }
  return fc.record(shape, { requiredKeys: [] }).map((values) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(values)) {
      for (const v of Array.isArray(value) ? value : [value]) search.append(name, String(typeof v === 'object' ? JSON.stringify(v) : v).slice(0, 4_000));
    }
    const text = search.toString();
    return text ? `?${text}` : '';
  });
}

// ---- the checks ---------------------------------------------------------------------------------

const STACK_TRACE = /\n\s+at\s|\bat\s+\S+\s+\(.*:\d+:\d+\)|\.tsx?:\d+|node_modules|\/work\/|file:\/\//;

function problemsOf(res: { status: number; text: string; body: any }): string[] {
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`status ${res.status}`);
  if (STACK_TRACE.test(res.text)) problems.push('a stack trace or file path in the body');
  if (res.status >= 400) {
    const error = res.body?.error;
    if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') {
      problems.push('an error without the ErrorResponse shape');
    } else if (res.status === 400 && (!error.fields || !Object.keys(error.fields).length)) {
      problems.push(`a 400 that names no field (${error.code}: ${error.message})`);
    }
  }
  return problems;
}

/**
 * The catch of an operation's fc.assert: a failed check is already in `failures` with its request;
 * anything else (a request that threw) is added, so it cannot pass unnoticed.
 */
function keepThrown(failures: string[], op: Operation) {
  return (error: Error) => {
    const key = `${op.method} ${op.path}`;
    if (!failures.some((f) => f.startsWith(key))) failures.push(`${key}: ${error.message.slice(0, 400)}`);
  };
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('never answers 5xx, never shows a stack trace, every 400 names a field', async () => {
    expect(operations.length).toBeGreaterThan(40);
    const failures: string[] = [];
    let requests = 0;
    // Signing out would end the admin's session for the operations after it.
    const fuzzed = operations.filter((op) => op.operationId !== 'logOut');
    for (const [index, op] of fuzzed.entries()) {
      const arbitrary = fc.record({
        body: op.body ? bodyText(op.body) : fc.constant(undefined),
        query: queryArb(op.query),
        ids: fc.array(pathId, { minLength: 3, maxLength: 3 }),
      });
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ body, query, ids }) => {
          let i = 0;
          const path = op.path.replace(/\{\w+\}/g, () => encodeURIComponent(ids[i++ % ids.length]));
          requests++;
          const res = await admin.request(op.method, `${path}${query}`, {
            body,
            headers: body === undefined ? {} : { 'content-type': 'application/json' },
          });
          const problems = problemsOf(res);
          if (problems.length) {
            failures.push(`${op.method} ${op.path}${query.slice(0, 80)} body=${String(body).slice(0, 120)} -> ${res.status}: ${problems.join('; ')} ${res.text.slice(0, 160)}`);
            return false;
          }
          return true;
        }),
        { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
      ).catch(keepThrown(failures, op));
    }
    expect(failures).toEqual([]);
    expect(requests).toBe(fuzzed.length * RUNS);
  }, 600_000);

  it('anonymous callers get the same guarantees (public forms, auth, search)', async () => {
    const failures: string[] = [];
    let requests = 0;
    const fuzzed = operations.filter((op) => op.operationId !== 'logOut');
    for (const [index, op] of fuzzed.entries()) {
      await fc.assert(
        fc.asyncProperty(op.body ? bodyText(op.body) : fc.constant(undefined), queryArb(op.query), pathId, async (body, query, id) => {
          requests++;
          const res = await anonymous.request(op.method, `${op.path.replace(/\{\w+\}/g, encodeURIComponent(id))}${query}`, {
            body,
            headers: body === undefined ? {} : { 'content-type': 'application/json' },
          });
          const problems = problemsOf(res);
          if (problems.length) failures.push(`${op.method} ${op.path} -> ${res.status}: ${problems.join('; ')} ${res.text.slice(0, 160)}`);
          return !problems.length;
        }),
        { seed: SEED * 7 + index, numRuns: Math.ceil(RUNS / 3), endOnFailure: true },
      ).catch(keepThrown(failures, op));
    }
    expect(failures).toEqual([]);
    expect(requests).toBe(fuzzed.length * Math.ceil(RUNS / 3));
  }, 600_000);
});

describe('the outreach complaints intake, past its token', () => {
  // The generic runs above stop at its token (401): here the reports themselves are hostile.
  it('never answers 5xx to hostile ARF reports, MIME or JSON, and every refusal has the ErrorResponse shape', async () => {
    const failures: string[] = [];
    const statuses = new Set<number>();
    const part = fc.oneof(
      hostileString,
      fc.constantFrom('Content-Type: message/feedback-report\r\n\r\nFeedback-Type: abuse', 'Content-Type: message/rfc822\r\n\r\n', 'Content-Transfer-Encoding: base64\r\n\r\n%%%', 'Content-Transfer-Encoding: quoted-printable\r\n\r\n=ZZ='),
      fc.constantFrom('List-Unsubscribe: <http://localhost:3000/api/outreach/unsubscribe?m=00000000-0000-4000-8000-000000000000&s=' + 'A'.repeat(43) + '>', 'Message-ID: <00000000-0000-4000-8000-000000000000.outreach@x.test>'),
    );
    const report = fc.record({
      boundary: fc.oneof(fc.constantFrom('b', '', '"', '--', '"b"'), fc.string({ maxLength: 12 })),
      parts: fc.array(part, { maxLength: 5 }),
      contentType: fc.constantFrom('message/rfc822', 'multipart/report; boundary=b', 'multipart/report', 'message/feedback-report', 'text/plain', 'application/json', 'application/octet-stream', ''),
    });
    await fc.assert(
      fc.asyncProperty(report, async ({ boundary, parts, contentType }) => {
        const body = `Content-Type: multipart/report; report-type=feedback-report; boundary=${boundary}\r\n\r\n${parts.map((p) => `--${boundary}\r\n${p}`).join('\r\n')}\r\n--${boundary}--`;
        const res = await ctx.agent().request('POST', '/api/outreach/complaints', {
          body: contentType === 'application/json' ? JSON.stringify({ messageId: parts[0] ?? null }) : body,
          headers: { authorization: `Bearer ${COMPLAINTS_TOKEN}`, ...(contentType ? { 'content-type': contentType } : {}) },
          csrf: false,
        });
        statuses.add(res.status);
        const problems = problemsOf(res);
        if (problems.length) failures.push(`${contentType} ${body.slice(0, 160)} -> ${res.status}: ${problems.join('; ')} ${res.text.slice(0, 160)}`);
        return !problems.length;
      }),
      { seed: SEED, numRuns: RUNS * 4, endOnFailure: true },
    ).catch((error: Error) => {
      if (!failures.length) failures.push(error.message.slice(0, 400));
    });
    expect(failures).toEqual([]);
    // The reports were read: answered (ignored: they name no message of ours) or refused by the reader.
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400]));
  });
});

describe('defects the fuzzing found (kept as plain tests)', () => {
  it('a NUL character in a query, a path or a JSON body is a 400 naming the field, not a 500 from PostgreSQL', async () => {
    const query = await admin.get('/api/admin/users?query=%00');
    expect(query.status).toBe(400);
    expect(query.body.error.fields).toEqual({ query: expect.stringContaining('NUL') });

    const search = await anonymous.get('/api/physicians?query=card%00iology');
    expect(search.status).toBe(400);
    expect(Object.keys(search.body.error.fields)).toEqual(['query']);

    const body = await anonymous.post('/api/contact-messages', {
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Hello',
      message: 'one\u0000two',
    });
    expect(body.status).toBe(400);
    expect(Object.keys(body.body.error.fields)).toEqual(['message']);

    const nested = await admin.post('/api/lists', { name: 'ok', physicianIds: [900_001], description: ['x', 'a\u0000'] });
    expect(nested.status).toBe(400);
    expect(Object.keys(nested.body.error.fields)).toEqual(['description.1']);

    const path = await admin.get('/api/lists/%00');
    expect(path.status).toBe(400);
    expect(path.body.error.fields).toEqual({ path: expect.stringContaining('NUL') });
  });

  // PostgreSQL refuses a lone UTF-16 surrogate in text (22P02): it must be our 400, not its 500.
  it('a lone surrogate in a JSON body or a query is a 400 naming the field', async () => {
    const saved = await admin.post('/api/saved-searches', { name: 'Lone', params: { query: 'card\udfff' } });
    expect(saved.status).toBe(400);
    expect(saved.body.error.fields).toEqual({ 'params.query': expect.stringContaining('surrogate') });

    const education = [{ schoolName: 'Harvard\ud800', degree: 'MD' }];
    const resume = await anonymous.post('/api/submissions', resumeSubmission({ education }));
    expect(resume.status).toBe(400);
    expect(Object.keys(resume.body.error.fields)).toEqual(['education.0.schoolName']);

    // A well-formed pair written as escapes is text like any other.
    const emoji = await admin.post('/api/saved-searches', { name: 'Pair \ud83d\ude00', params: { query: 'cardiology' } });
    expect(emoji.status).toBe(201);
  });

  it('an impossible calendar day is a 400 naming the parameter', async () => {
    const audit = await admin.get('/api/admin/audit?from=2026-02-30');
    expect(audit.status).toBe(400);
    expect(Object.keys(audit.body.error.fields)).toEqual(['from']);
    expect((await admin.get('/api/admin/audit?to=2026-04-31')).status).toBe(400);
    expect((await admin.get('/api/admin/audit?from=2026-02-28')).status).toBe(200);
    const search = await anonymous.get('/api/physicians?addedSince=2026-02-30');
    expect(search.status).toBe(400);
    expect(Object.keys(search.body.error.fields)).toEqual(['addedSince']);
  });

  it('malformed JSON and a bad token name the field they refuse', async () => {
    const malformed = await anonymous.request('POST', '/api/auth/login', {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.error.fields)).toEqual(['body']);
    const token = await anonymous.post('/api/auth/verify-email', { token: 'not-a-real-token' });
    expect(token.status).toBe(400);
    expect(Object.keys(token.body.error.fields)).toEqual(['token']);
  });
});
