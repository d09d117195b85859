import { afterAll, describe, expect, it, vi } from 'vitest';
import { QUERY_MAX_WORDS, SEARCH_TYPING_HEADER } from '../../../contract/directory';
import { RateLimiter } from '../../lib/rate-limit';
import { createTestContext, TestAgent, type TestResponse } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import {
  DIRECTORY_RATE_LIMITS,
  searchUpfrontCost,
  searchWorkCharge,
  SEARCH_WORK_UNIT_MS,
  typingWorkCharge,
} from './rate-limits';
import { TYPING_GAP_MS, TYPING_MAX_HOPS } from './typing';

// Bounded search work (ADR 027): a query's size is bounded, and the search, its facets and
// Select All share one allowance per user (per address when anonymous) counted by cost.
vi.setConfig({ testTimeout: 120_000 });
const ctx = await createTestContext({ env: { TRUST_PROXY: '1' } });
afterAll(() => ctx.close());

await insertPhysicians(ctx.db, [
  { id: 1, npi: '1234567890', firstName: 'John', lastName: 'Smith', specialty: 'Cardiology' },
  { id: 2, npi: '1234500001', firstName: 'Jane', lastName: 'Smithson', specialty: 'Pediatrics' },
]);
await ctx.deps.services.directory.directoryChanged({ ids: [1, 2] });

class IpAgent extends TestAgent {
  constructor(readonly ip: string) {
    super(ctx.app);
  }
  override request<T>(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    return super.request<T>(method, path, {
      ...options,
      headers: { 'x-forwarded-for': this.ip, ...options.headers },
    });
  }
}

const words = (count: number) =>
  Array.from({ length: count }, (_, i) => String.fromCharCode(97 + (i % 26))).join(' ');
const q = (query: string) => `query=${encodeURIComponent(query)}`;

describe('the size of a text query', () => {
  it('refuses more than 10 words or 200 characters with a 400 naming query, on the search and its facets', async () => {
    const agent = new IpAgent('192.0.2.10');
    for (const path of ['/api/physicians', '/api/directory/facets']) {
      // The review's request: 100 one-letter words (199 characters, under the old length bound).
      const hundred = await agent.get(`${path}?${q(words(100))}`);
      expect(hundred.status, path).toBe(400);
      expect(hundred.body.error.fields.query).toMatch(/at most 10 words/);
      expect((await agent.get(`${path}?${q(words(QUERY_MAX_WORDS + 1))}`)).status).toBe(400);
      // Commas split words too (the several-word rule reads 'a,b,c' as three terms).
      const commas = await agent.get(`${path}?${q(words(11).replaceAll(' ', ','))}`);
      expect(commas.status).toBe(400);
      expect(commas.body.error.fields).toHaveProperty('query');
      expect((await agent.get(`${path}?${q('x'.repeat(201))}`)).body.error.fields.query).toMatch(
        /200 characters/,
      );
      expect((await agent.get(`${path}?${q(words(QUERY_MAX_WORDS))}`)).status, path).toBe(200);
    }
  });

  it('refuses it in a saved search too (its alerts search the same way)', async () => {
    const { agent } = await ctx.signedInAgent({ tier: 'premium' });
    const saved = await agent.post('/api/saved-searches', {
      name: 'Too long',
      params: { query: words(QUERY_MAX_WORDS + 1) },
    });
    expect(saved.status).toBe(400);
    expect(saved.body.error.fields['params.query']).toMatch(/at most 10 words/);
  });

  it("refuses it in 'Search within this list' too", async () => {
    const { agent } = await ctx.signedInAgent({ tier: 'premium' });
    const list = await agent.post('/api/lists', { name: 'Bounded' });
    expect(list.status).toBe(201);
    const id = list.body.list.id;
    const refused = await agent.get(`/api/lists/${id}?${q(words(QUERY_MAX_WORDS + 1))}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.query).toMatch(/at most 10 words/);
    expect((await agent.get(`/api/lists/${id}?${q(words(QUERY_MAX_WORDS))}`)).status).toBe(200);
  });

  it('is declared in the OpenAPI document', async () => {
    const doc = (await new TestAgent(ctx.app).get('/api/openapi.json')).body;
    for (const path of ['/api/physicians', '/api/directory/facets']) {
      const query = doc.paths[path].get.parameters.find((p: { name: string }) => p.name === 'query');
      expect(query.schema.maxLength).toBe(200);
      expect(query.description).toMatch(/10 words/);
      expect(doc.paths[path].get.responses).toHaveProperty('429');
    }
  });
});

describe('the shared search allowance', () => {
  it('counts facets calls: an address alone cannot call them without end (429 with Retry-After)', async () => {
    const agent = new IpAgent('198.51.100.60');
    const max = DIRECTORY_RATE_LIMITS.searchPerIp.max;
    for (let i = 0; i < max; i++)
      expect((await agent.get('/api/directory/facets?query=smith')).status).toBe(200);
    const blocked = await agent.get('/api/directory/facets?query=smith');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same allowance as the search.
    expect((await agent.get('/api/physicians?query=smith')).status).toBe(429);
    expect((await new IpAgent('198.51.100.61').get('/api/directory/facets')).status).toBe(200);
  });

  it('shares one allowance between search and facets, per user', async () => {
    const { agent } = await ctx.signedInAgent({ tier: 'premium' });
    const max = DIRECTORY_RATE_LIMITS.searchPerUser.max;
    for (let i = 0; i < max / 2; i++) {
      expect((await agent.get('/api/physicians?query=smith')).status).toBe(200);
      expect((await agent.get('/api/directory/facets?query=smith')).status).toBe(200);
    }
    expect((await agent.get('/api/directory/facets?query=smith')).status).toBe(429);
    expect((await agent.get('/api/physicians?query=smith')).status).toBe(429);
    const { agent: other } = await ctx.signedInAgent({ tier: 'premium' });
    expect((await other.get('/api/directory/facets?query=smith')).status).toBe(200);
  });

  it('charges a costlier query more: 10 words cost 10 units', async () => {
    expect(searchUpfrontCost(undefined)).toBe(1);
    expect(searchUpfrontCost('smith')).toBe(1);
    expect(searchUpfrontCost(words(10))).toBe(10);
    const agent = new IpAgent('198.51.100.62');
    const max = DIRECTORY_RATE_LIMITS.searchPerIp.max;
    for (let i = 0; i < max / 10; i++)
      expect((await agent.get(`/api/directory/facets?${q(words(10))}`)).status).toBe(200);
    const blocked = await agent.get(`/api/physicians?${q(words(10))}`);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
  });

  it('charges the work a call caused after it ran, in the app store (memory or database), even past the allowance', async () => {
    expect(searchWorkCharge(SEARCH_WORK_UNIT_MS / 2, 1)).toBe(0);
    expect(searchWorkCharge(SEARCH_WORK_UNIT_MS * 4.5, 1)).toBe(4);
    expect(searchWorkCharge(SEARCH_WORK_UNIT_MS * 4.5, 10)).toBe(0);
    const rule = { max: 10, windowMs: 60_000 };
    let now = 1_000_000;
    const limiter = new RateLimiter(
      `charge-${Date.now()}`,
      rule,
      ctx.deps.services.rateLimitStore,
      () => now,
    );
    expect(await limiter.consume('k', 4)).toEqual({ allowed: true });
    // 4 + 30 (capped at the max, 10): the window is over-full, and stays so for a whole window.
    await limiter.charge('k', 30);
    now += 1_000;
    const refused = await limiter.consume('k');
    expect(refused.allowed).toBe(false);
    expect(refused.allowed === false && refused.retryAfterMs).toBe(59_000);
    now += 59_001;
    expect(await limiter.consume('k', 10)).toEqual({ allowed: true });
    // A weighted attempt that does not fit records nothing and says when it would.
    now += 30_000;
    const tooBig = await limiter.consume('k', 3);
    expect(tooBig).toEqual({ allowed: false, retryAfterMs: 30_000 });
  });
});

describe('typing (ADR 051): the keys of one typed query are not each a search', () => {
  /** Types `text` a key at a time as the page does: each call sends the last answer's token. */
  async function typeQuery(agent: TestAgent, text: string, start: string | undefined) {
    let token = start;
    const statuses: number[] = [];
    for (let i = 1; i <= text.length; i++) {
      const res = await agent.get(`/api/physicians?${q(text.slice(0, i))}`, {
        headers: token ? { [SEARCH_TYPING_HEADER]: token } : {},
      });
      statuses.push(res.status);
      token = res.headers.get(SEARCH_TYPING_HEADER) ?? undefined;
    }
    // The page's counts, once the query settled: the same chain.
    const facets = await agent.get(`/api/directory/facets?${q(text)}`, { headers: token ? { [SEARCH_TYPING_HEADER]: token } : {} });
    statuses.push(facets.status);
    return { statuses, token: facets.headers.get(SEARCH_TYPING_HEADER) ?? undefined };
  }

  it('a recruiter typing 30 queries pays one search unit each (the first key), never meeting the limit', async () => {
    const { agent } = await ctx.signedInAgent({ tier: 'basic' });
    const queries = ['urologist phoenix', 'ob/gyn boston ma', 'ENT', 'cardiology new york', 'pediatric cardiologist', 'smith'];
    let token: string | undefined;
    let calls = 0;
    for (let round = 0; round < 5; round++) {
      for (const text of queries) {
        const typed = await typeQuery(agent, text, token);
        expect(new Set(typed.statuses)).toEqual(new Set([200]));
        calls += typed.statuses.length;
        token = typed.token;
      }
    }
    expect(calls).toBeGreaterThan(DIRECTORY_RATE_LIMITS.searchPerUser.max * 2);
    // 30 typed queries took 30 of the 120 units, so 90 ordinary searches are still allowed, less
    // a few: a typing call whose index work passes TYPING_FREE_WORK_MS (a busy machine) pays a
    // unit for it, as it should. Charged per key, the typed queries would have left none.
    const max = DIRECTORY_RATE_LIMITS.searchPerUser.max;
    let allowed = 0;
    while (allowed <= max && (await agent.get('/api/physicians?query=smith')).status === 200) allowed++;
    expect(allowed).toBeLessThanOrEqual(max - 30);
    expect(allowed).toBeGreaterThanOrEqual(max - 30 - 15);
  });

  it('without the token every key is a search, as before (the limit is met)', async () => {
    const { agent } = await ctx.signedInAgent({ tier: 'basic' });
    let refused = 0;
    for (let round = 0; round < 8 && !refused; round++) {
      for (const text of ['cardiology new york', 'pediatric cardiologist']) {
        for (let i = 1; i <= text.length; i++) {
          if ((await agent.get(`/api/physicians?${q(text.slice(0, i))}`)).status === 429) refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(0);
  });

  it("refuses another caller's token, another search's, a forged, a stale one and a pasted text", async () => {
    const { agent } = await ctx.signedInAgent({ tier: 'basic' });
    const { agent: other } = await ctx.signedInAgent({ tier: 'basic' });
    const first = await agent.get('/api/physicians?query=car');
    const token = first.headers.get(SEARCH_TYPING_HEADER)!;
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    // The continuation itself is a typing call (its token counts one more key).
    const next = await agent.get('/api/physicians?query=card', { headers: { [SEARCH_TYPING_HEADER]: token } });
    expect(next.status).toBe(200);
    const hopsOf = (t: string | null) => JSON.parse(Buffer.from(t!.split('.')[0], 'base64url').toString())[4];
    expect(hopsOf(token)).toBe(0);
    expect(hopsOf(next.headers.get(SEARCH_TYPING_HEADER))).toBe(1);
    // Each of these is a new search: the chain starts again at 0.
    for (const [who, path, sent] of [
      [other, '/api/physicians?query=card', token],
      [agent, '/api/physicians?query=card&state=CA', token],
      [agent, '/api/physicians?query=cardiology%20new', token],
      [agent, '/api/physicians?query=cat', token],
      [agent, '/api/physicians?query=card', `${token.split('.')[0]}.${'A'.repeat(43)}`],
      [agent, '/api/physicians?query=card', 'not-a-token'],
    ] as const) {
      const res = await who.get(path, { headers: { [SEARCH_TYPING_HEADER]: sent } });
      expect(res.status, path).toBe(200);
      expect(hopsOf(res.headers.get(SEARCH_TYPING_HEADER)), `${path} ${sent.slice(0, 12)}`).toBe(0);
    }
    // A stale token: the clock moves past the gap.
    const realNow = Date.now;
    try {
      Date.now = () => realNow() + TYPING_GAP_MS + 1;
      const stale = await agent.get('/api/physicians?query=card', { headers: { [SEARCH_TYPING_HEADER]: token } });
      expect(hopsOf(stale.headers.get(SEARCH_TYPING_HEADER))).toBe(0);
    } finally {
      Date.now = realNow;
    }
  });

  it('ends a chain after TYPING_MAX_HOPS calls: the next one pays as a search', async () => {
    const agent = new IpAgent('198.51.100.71');
    let token = (await agent.get('/api/physicians?query=smit')).headers.get(SEARCH_TYPING_HEADER)!;
    const hopsOf = (t: string) => JSON.parse(Buffer.from(t.split('.')[0], 'base64url').toString())[4];
    for (let i = 1; i <= TYPING_MAX_HOPS + 1; i++) {
      const res = await agent.get(`/api/physicians?query=${i % 2 ? 'smith' : 'smit'}`, { headers: { [SEARCH_TYPING_HEADER]: token } });
      token = res.headers.get(SEARCH_TYPING_HEADER)!;
      expect(hopsOf(token)).toBe(i > TYPING_MAX_HOPS ? 0 : i);
    }
  });

  it('bounds a script that replays tokens: the typing allowance, and the work beyond 5 ms', async () => {
    expect(typingWorkCharge(4.9)).toBe(0);
    expect(typingWorkCharge(5 + SEARCH_WORK_UNIT_MS * 2)).toBe(2);
    const agent = new IpAgent('198.51.100.70');
    const first = await agent.get('/api/physicians?query=smit');
    const token = first.headers.get(SEARCH_TYPING_HEADER)!;
    const max = DIRECTORY_RATE_LIMITS.typingPerIp.max;
    for (let i = 0; i < max; i++) {
      const res = await agent.get('/api/physicians?query=smith', { headers: { [SEARCH_TYPING_HEADER]: token } });
      expect(res.status, `call ${i}`).toBe(200);
    }
    const refused = await agent.get('/api/physicians?query=smith', { headers: { [SEARCH_TYPING_HEADER]: token } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The search allowance was not spent by the typing: only the first call's unit.
    expect((await agent.get('/api/physicians?query=smith')).status).toBe(200);
  });
});
