import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_SAVED_SEARCHES_MAX, SAVED_SEARCHES_MAX } from '../../../contract/limits';
import { createTestContext } from '../../test/harness';
import { SIGNED_IN_ROLE_NAMES, signedInAgents, type RoleAgent, type SignedInRole } from '../../test/support/roles';
import { SAVED_SEARCH_RATE_LIMITS } from './rate-limits';

/* Saved searches, every call x every role: any signed-in user keeps their own (docs/rules.md#saved-searches). */

const ctx = await createTestContext();
afterAll(() => ctx.close());

let agents: Record<SignedInRole, RoleAgent>;

beforeAll(async () => {
  agents = await signedInAgents(ctx);
});

/** The whole search: query, spec filters, extra filters and the sort. */
const WHOLE_SEARCH = {
  query: 'cardiology boston',
  specialty: 'Cardiology,Pediatrics',
  location: 'Boston, MA',
  title: 'Director',
  state: 'MA,NH',
  boardCertified: 'true',
  graduationYearMin: '1990',
  language: 'Spanish',
  sortKey: 'location',
  sortDirection: 'desc',
};

describe('anonymous callers get 401', () => {
  it.each([
    ['GET', '/api/saved-searches', undefined],
    ['POST', '/api/saved-searches', { name: 'x', params: { query: 'a' } }],
    ['POST', '/api/saved-searches', { name: '' }],
    ['DELETE', '/api/saved-searches/00000000-0000-4000-8000-000000000000', undefined],
  ])('%s %s', async (method, path, body) => {
    const res = await ctx.agent().request(method, path, { body });
    expect(res.status).toBe(401);
  });
});

describe.each(SIGNED_IN_ROLE_NAMES)('%s', (role) => {
  it('saves the whole search, lists it newest first, and deletes it', async () => {
    const { agent, userId } = agents[role];
    const first = await agent.post('/api/saved-searches', { name: 'Older', params: { query: 'smith' } });
    expect(first.status).toBe(201);
    await ctx.db.sql.query("UPDATE saved_searches SET created_at = now() - interval '1 hour' WHERE id = $1", [
      first.body.id,
    ]);
    const res = await agent.post('/api/saved-searches', {
      name: '  Boston cardiology  ',
      params: { ...WHOLE_SEARCH, organization: '  ', npi: '' },
    });
    expect(res.body.error).toBeUndefined();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Boston cardiology', params: WHOLE_SEARCH });
    const { rows } = await ctx.db.sql.query<{ user_id: string; params: unknown }>(
      'SELECT user_id, params FROM saved_searches WHERE id = $1',
      [res.body.id],
    );
    expect(rows[0]).toEqual({ user_id: userId, params: WHOLE_SEARCH });

    const listed = await agent.get('/api/saved-searches');
    expect(listed.status).toBe(200);
    expect(listed.body.savedSearches.map((s: { name: string }) => s.name)).toEqual([
      'Boston cardiology',
      'Older',
    ]);
    expect(new Date(listed.body.savedSearches[0].createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const deleted = await agent.delete(`/api/saved-searches/${res.body.id}`);
    expect(deleted.status).toBe(204);
    const after = await agent.get('/api/saved-searches');
    expect(after.body.savedSearches.map((s: { name: string }) => s.name)).toEqual(['Older']);
    await agent.delete(`/api/saved-searches/${first.body.id}`);
  });
});

describe('privacy', () => {
  it('another user’s saved search is not listed and deleting it is 404', async () => {
    const mine = await agents.basic.agent.post('/api/saved-searches', {
      name: 'Mine',
      params: { query: 'lee' },
    });
    const others = await agents.premium.agent.get('/api/saved-searches');
    expect(others.body.savedSearches.map((s: { id: string }) => s.id)).not.toContain(mine.body.id);
    const res = await agents.premium.agent.delete(`/api/saved-searches/${mine.body.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    const { rows } = await ctx.db.sql.query('SELECT 1 FROM saved_searches WHERE id = $1', [mine.body.id]);
    expect(rows).toHaveLength(1);
    expect((await agents.basic.agent.delete('/api/saved-searches/not-a-uuid')).status).toBe(404);
  });
});

describe('400 naming the field', () => {
  it.each([
    [{ name: '  ', params: { query: 'a' } }, 'name'],
    [{ params: { query: 'a' } }, 'name'],
    [{ name: 'x'.repeat(101), params: { query: 'a' } }, 'name'],
    [{ name: 'ok' }, 'params'],
    [{ name: 'ok', params: {} }, 'params.query'],
    [{ name: 'ok', params: { sortKey: 'name' } }, 'params.query'],
    [{ name: 'ok', params: { query: 'a', sortKey: 'age' } }, 'params.sortKey'],
    [{ name: 'ok', params: { query: 'a', gender: 'X' } }, 'params.gender'],
    [{ name: 'ok', params: { query: 'a', favouriteColour: 'red' } }, 'params'],
    [{ name: 'ok', params: { query: 7 } }, 'params.query'],
    // The search's own server rules, not only the contract's shapes.
    [{ name: 'ok', params: { near: '00000', radius: '25' } }, 'params.near'],
    [{ name: 'ok', params: { near: 'Nowhere, ZZ' } }, 'params.near'],
    [{ name: 'ok', params: { query: 'a', radius: '25' } }, 'params.radius'],
    [{ name: 'ok', params: { query: 'a', sortKey: 'distance' } }, 'params.sortKey'],
  ])('%j', async (body, field) => {
    const res = await agents.free.agent.post('/api/saved-searches', body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toContain(field);
    const { rows } = await ctx.db.sql.query('SELECT 1 FROM saved_searches WHERE user_id = $1', [
      agents.free.userId,
    ]);
    expect(rows).toHaveLength(0);
  });
});

describe('a radius search', () => {
  it('with a known ZIP or city and the distance sort is saved as given', async () => {
    const params = { near: '77030', radius: '25', sortKey: 'distance' };
    const res = await agents.basic.agent.post('/api/saved-searches', { name: 'Near the Medical Center', params });
    expect(res.status).toBe(201);
    expect(res.body.params).toEqual(params);
    const city = await agents.basic.agent.post('/api/saved-searches', {
      name: 'Houston',
      params: { query: 'cardiology', near: 'Houston, TX' },
    });
    expect(city.status).toBe(201);
    for (const id of [res.body.id, city.body.id]) await agents.basic.agent.delete(`/api/saved-searches/${id}`);
  });
});

describe('rate limit on saved-search writes', () => {
  it('120 saves and deletes a minute per user; then 429 with Retry-After, the list still reads', async () => {
    expect(SAVED_SEARCH_RATE_LIMITS.writesPerUser).toEqual({ max: 120, windowMs: 60_000 });
    const { agent, user } = await ctx.signedInAgent({ tier: 'free' });
    // 60 saves, each deleted again: 120 writes, all allowed.
    for (let i = 0; i < 60; i++) {
      const saved = await agent.post('/api/saved-searches', { name: `Try ${i}`, params: { query: 'lee' } });
      expect(saved.status, `save ${i}`).toBe(201);
      expect((await agent.delete(`/api/saved-searches/${saved.body.id}`)).status, `delete ${i}`).toBe(204);
    }
    const blocked = await agent.post('/api/saved-searches', { name: 'One more', params: { query: 'lee' } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    const { rows } = await ctx.db.sql.query('SELECT 1 FROM saved_searches WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(0);
    const list = await agent.get('/api/saved-searches');
    expect(list.status).toBe(200);
    expect(list.body.savedSearches).toEqual([]);
    // Another user is not affected.
    const { agent: other } = await ctx.signedInAgent({ tier: 'free' });
    expect((await other.post('/api/saved-searches', { name: 'Fresh', params: { query: 'lee' } })).status).toBe(201);
  });
});

describe('how many saved searches a user keeps', () => {
  it(`a free user keeps at most ${FREE_SAVED_SEARCHES_MAX}: the next is refused naming the limit; a paying user keeps more`, async () => {
    const free = await ctx.signedInAgent({ tier: 'free' });
    for (let i = 0; i < FREE_SAVED_SEARCHES_MAX; i++) {
      expect((await free.agent.post('/api/saved-searches', { name: `Search ${i}`, params: { query: 'lee' } })).status, `save ${i}`).toBe(201);
    }
    const refused = await free.agent.post('/api/saved-searches', { name: 'One too many', params: { query: 'lee' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(
      `Free accounts keep up to ${FREE_SAVED_SEARCHES_MAX} saved searches: delete one first, or upgrade to keep more.`,
    );
    expect(refused.body.error.fields).toEqual({ name: refused.body.error.message });
    expect((await free.agent.get('/api/saved-searches')).body.savedSearches).toHaveLength(FREE_SAVED_SEARCHES_MAX);

    const paid = await ctx.signedInAgent({ tier: 'basic' });
    for (let i = 0; i <= FREE_SAVED_SEARCHES_MAX; i++) {
      expect((await paid.agent.post('/api/saved-searches', { name: `Search ${i}`, params: { query: 'lee' } })).status, `save ${i}`).toBe(201);
    }
    expect(SAVED_SEARCHES_MAX).toBe(500);
  });
});
