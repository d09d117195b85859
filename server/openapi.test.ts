import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from './features/auth/session';
import { SESSION_SECURITY_SCHEME } from './lib/openapi';
import { createTestContext } from './test/harness';

// Every route must be documented the same way (see server/lib/openapi.ts): this walks the document
// the server serves and names each operation that misses a part, so a new route that forgets one
// fails here before `npm run lint:api` (Redocly, in CI) does.
const ctx = await createTestContext();
afterAll(() => ctx.close());

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, { content?: Record<string, { schema?: any }> }>;
};

async function servedDocument() {
  const res = await ctx.agent().get('/api/openapi.json');
  expect(res.status).toBe(200);
  return res.body;
}

function operationsOf(doc: any): Array<{ where: string; op: Operation }> {
  return Object.entries<Record<string, Operation>>(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ where: `${m.toUpperCase()} ${path}`, op: item[m] })),
  );
}

/** What an operation misses, e.g. ["operationId", "a 4xx response"]; empty when complete. */
function missingParts(op: Operation, schemes: Set<string>): string[] {
  const missing: string[] = [];
  if (!op.operationId) missing.push('operationId');
  else if (!/^[a-z][a-zA-Z0-9]*$/.test(op.operationId)) missing.push(`a camelCase operationId (not "${op.operationId}")`);
  if (!op.summary?.trim()) missing.push('summary');
  if (!op.tags?.length) missing.push('tags');
  if (!Array.isArray(op.security)) missing.push('security (signedIn or publicAccess)');
  else {
    const unknown = op.security.flatMap(Object.keys).filter((name) => !schemes.has(name));
    if (unknown.length) missing.push(`a registered security scheme (not ${unknown.join(', ')})`);
    if (op.security.length && !op.responses?.['401']) missing.push('a 401 response (it needs a session)');
  }
  const clientErrors = Object.entries(op.responses ?? {}).filter(([status]) => /^4(\d\d|XX)$/i.test(status));
  if (!clientErrors.length) missing.push('a 4xx response (errorResponse(...))');
  for (const [status, response] of clientErrors) {
    const schema = response.content?.['application/json']?.schema;
    if (!schema?.properties?.error) missing.push(`the ErrorResponse body on ${status} (errorResponse(...))`);
  }
  return missing;
}

describe('OpenAPI document', () => {
  it('documents every operation with operationId, summary, tags, security and its 4xx responses', async () => {
    const doc = await servedDocument();
    const schemes = new Set(Object.keys(doc.components?.securitySchemes ?? {}));
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(10);
    const problems = operations
      .map(({ where, op }) => ({ where, missing: missingParts(op, schemes) }))
      .filter((p) => p.missing.length)
      .map((p) => `${p.where}: missing ${p.missing.join(', ')}`);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('gives each operation its own operationId', async () => {
    const ids = operationsOf(await servedDocument()).map(({ op }) => op.operationId);
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(repeated).toEqual([]);
  });

  it('declares the session cookie scheme, a server, and the terms as the license', async () => {
    const doc = await servedDocument();
    expect(doc.components.securitySchemes[SESSION_SECURITY_SCHEME]).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
    });
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(doc.info.license).toEqual({ name: expect.any(String), url: 'http://localhost:3000/terms' });
  });

  it('knows a route that misses parts when it sees one', () => {
    const schemes = new Set([SESSION_SECURITY_SCHEME]);
    const bare: Operation = { responses: { 200: {} } };
    expect(missingParts(bare, schemes)).toEqual([
      'operationId',
      'summary',
      'tags',
      'security (signedIn or publicAccess)',
      'a 4xx response (errorResponse(...))',
    ]);
    const signedInWithout401: Operation = {
      operationId: 'createList',
      summary: 'Create a list',
      tags: ['lists'],
      security: [{ [SESSION_SECURITY_SCHEME]: [] }],
      responses: { 200: {}, 400: { content: { 'application/json': { schema: { type: 'string' } } } } },
    };
    expect(missingParts(signedInWithout401, schemes)).toEqual([
      'a 401 response (it needs a session)',
      'the ErrorResponse body on 400 (errorResponse(...))',
    ]);
  });
});
