import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestAgent } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import { signedInAgents, type RoleAgent, type SignedInRole } from '../../test/support/roles';
import { LIST_RATE_LIMITS } from './rate-limits';

/*
 * Lists and Select All, every call x every role (docs/rules.md#roles), on a real
 * database (PGlite, or PostgreSQL with DATABASE_URL).
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());

let agents: Record<SignedInRole, RoleAgent>;
let anonymous: TestAgent;

const ALL_IDS = Array.from({ length: 600 }, (_, i) => i + 1);

beforeAll(async () => {
  // 600 physicians: three with known names, the rest generic, all in Family Medicine but the three.
  await insertPhysicians(
    ctx.db,
    ALL_IDS.slice(3).map((id) => ({
      id,
      firstName: `Doc${id}`,
      lastName: `Generic${String(id).padStart(4, '0')}`,
      specialty: 'Family Medicine',
      city: 'Omaha',
      state: 'NE',
    })),
  );
  await insertPhysicians(ctx.db, [
    { id: 1, firstName: 'John', lastName: 'Smith', specialty: 'Cardiology', city: 'Houston', state: 'TX' },
    { id: 2, firstName: 'Jane', lastName: 'Smithson', specialty: 'Pediatrics', city: 'Boston', state: 'MA' },
    { id: 3, firstName: 'Omar', lastName: 'Haddad', specialty: 'Cardiology', city: 'Phoenix', state: 'AZ' },
  ]);
  await ctx.deps.services.directory.directoryChanged();
  agents = await signedInAgents(ctx);
  anonymous = ctx.agent();
});

/** A list made straight in the database (e.g. kept from a plan that has lapsed). */
async function seedList(userId: string, name: string, memberIds: number[] = []): Promise<string> {
  const { rows } = await ctx.db.sql.query<{ id: string }>(
    'INSERT INTO physician_lists (user_id, name) VALUES ($1, $2) RETURNING id',
    [userId, name],
  );
  if (memberIds.length) {
    await ctx.db.sql.query('INSERT INTO list_members (list_id, physician_id) SELECT $1, unnest($2::int[])', [
      rows[0].id,
      memberIds,
    ]);
  }
  return rows[0].id;
}

async function memberIds(listId: string): Promise<number[]> {
  const { rows } = await ctx.db.sql.query<{ physician_id: number }>(
    'SELECT physician_id FROM list_members WHERE list_id = $1 ORDER BY physician_id',
    [listId],
  );
  return rows.map((r) => r.physician_id);
}

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('anonymous callers get 401 from every call', () => {
  it.each([
    ['GET', '/api/lists', undefined],
    ['POST', '/api/lists', { name: 'x', physicianIds: [1] }],
    ['POST', '/api/lists', { name: '' }], // even with a bad body
    ['GET', `/api/lists/${MISSING}`, undefined],
    ['PATCH', `/api/lists/${MISSING}`, { name: 'y' }],
    ['DELETE', `/api/lists/${MISSING}`, undefined],
    ['POST', `/api/lists/${MISSING}/members`, { physicianIds: [1] }],
    ['DELETE', `/api/lists/${MISSING}/members`, { physicianIds: [1] }],
    ['GET', '/api/physicians/select-all?query=smith', undefined],
  ])('%s %s', async (method, path, body) => {
    const res = await anonymous.request(method, path, { body });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });
});

describe('POST /api/lists (Create New List)', () => {
  it('free: 403 naming the plan; nothing is written', async () => {
    const res = await agents.free.agent.post('/api/lists', { name: 'Cardiologists', physicianIds: [1, 3] });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'subscription_required', requiredTier: 'basic' });
    const { rows } = await ctx.db.sql.query('SELECT 1 FROM physician_lists WHERE user_id = $1', [
      agents.free.userId,
    ]);
    expect(rows).toHaveLength(0);
  });

  it.each(['basic', 'premium', 'admin'] as const)(
    '%s: 201, the list holds exactly the physicians sent',
    async (role) => {
      const res = await agents[role].agent.post('/api/lists', {
        name: `  ${role} cardiologists  `,
        description: 'From Houston',
        physicianIds: [3, 1, 3],
      });
      expect(res.status).toBe(201);
      expect(res.body.added).toBe(2);
      expect(res.body.list).toMatchObject({
        name: `${role} cardiologists`,
        description: 'From Houston',
        physicianCount: 2,
      });
      expect(await memberIds(res.body.list.id)).toEqual([1, 3]);
      const { rows } = await ctx.db.sql.query<{ user_id: string }>(
        'SELECT user_id FROM physician_lists WHERE id = $1',
        [res.body.list.id],
      );
      expect(rows[0].user_id).toBe(agents[role].userId);
    },
  );

  it('an empty list may be created (physicianIds optional)', async () => {
    const res = await agents.basic.agent.post('/api/lists', { name: 'Later' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ added: 0, list: { physicianCount: 0, description: null } });
  });

  it.each([
    [{ name: '   ', physicianIds: [1] }, 'name'],
    [{ physicianIds: [1] }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: 'ok', physicianIds: [] }, 'physicianIds'],
    [{ name: 'ok', physicianIds: ALL_IDS.slice(0, 501) }, 'physicianIds'],
    [{ name: 'ok', physicianIds: [1, 99999] }, 'physicianIds'],
    [{ name: 'ok', physicianIds: [1.5] }, 'physicianIds.0'],
    [{ name: 'ok', physicianIds: ['1'] }, 'physicianIds.0'],
    [{ name: 'ok', description: 'd'.repeat(1001) }, 'description'],
  ])('400 naming the field: %j', async (body, field) => {
    const before = await ctx.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM physician_lists');
    const res = await agents.premium.agent.post('/api/lists', body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toContain(field);
    const after = await ctx.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM physician_lists');
    expect(after.rows[0].n).toBe(before.rows[0].n); // an unknown id rolls the new list back too
  });

  it('unknown ids are named in the message', async () => {
    const res = await agents.premium.agent.post('/api/lists', {
      name: 'ok',
      physicianIds: [2, 99998, 99999],
    });
    expect(res.body.error.fields.physicianIds).toBe('Unknown physician ids: 99998, 99999');
  });
});

describe('GET /api/lists', () => {
  it.each(['free', 'basic', 'premium', 'admin'] as const)(
    '%s: 200 with only their own lists, newest first',
    async (role) => {
      const { userId, agent } = agents[role];
      const older = await seedList(userId, `${role} older`, [1]);
      await ctx.db.sql.query(
        "UPDATE physician_lists SET created_at = now() - interval '1 day' WHERE id = $1",
        [older],
      );
      const newer = await seedList(userId, `${role} newer`, [1, 2, 3]);
      const res = await agent.get('/api/lists');
      expect(res.status).toBe(200);
      const { rows } = await ctx.db.sql.query<{ id: string }>(
        'SELECT id FROM physician_lists WHERE user_id = $1 ORDER BY created_at DESC',
        [userId],
      );
      expect(res.body.lists.map((l: { id: string }) => l.id)).toEqual(rows.map((r) => r.id));
      expect(res.body.lists[0]).toMatchObject({ id: newer, name: `${role} newer`, physicianCount: 3 });
      expect(res.body.lists.at(-1)).toMatchObject({ id: older, physicianCount: 1 });
    },
  );
});

describe('GET /api/lists/{listId} (list detail)', () => {
  let listId: string;
  beforeAll(async () => {
    listId = await seedList(agents.basic.userId, 'Everyone', ALL_IDS);
  });

  it('pages the members by name, 25 a page, with every matching id', async () => {
    const res = await agents.basic.agent.get(`/api/lists/${listId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 600, page: 1, pageSize: 25, pageCount: 24 });
    expect(res.body.list.physicianCount).toBe(600);
    // Generic0004.. first (G), then Haddad, Smith, Smithson.
    expect(res.body.results.map((r: { id: number }) => r.id)).toEqual(ALL_IDS.slice(3, 28));
    expect(res.body.matchingIds).toHaveLength(600);
    expect(res.body.matchingIds.slice(-3)).toEqual([3, 1, 2]);
    expect(res.body.results[0]).not.toHaveProperty('email');
    const last = await agents.basic.agent.get(`/api/lists/${listId}?page=24`);
    expect(last.body.results.map((r: { id: number }) => r.id)).toEqual([...ALL_IDS.slice(578), 3, 1, 2]);
  });

  it('searches within the list on the server, with the search rules', async () => {
    const res = await agents.basic.agent.get(`/api/lists/${listId}?query=${encodeURIComponent(' smith ')}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, pageCount: 1, matchingIds: [1, 2] });
    expect(res.body.results.map((r: { lastName: string }) => r.lastName)).toEqual(['Smith', 'Smithson']);
    const cardiology = await agents.basic.agent.get(`/api/lists/${listId}?query=cardiology`);
    expect(cardiology.body.matchingIds).toEqual([3, 1]);
    const none = await agents.basic.agent.get(`/api/lists/${listId}?query=zzz`);
    expect(none.body).toMatchObject({ total: 0, results: [], matchingIds: [], pageCount: 0 });
  });

  it('free users open their own lists (200)', async () => {
    const own = await seedList(agents.free.userId, 'Kept', [2]);
    const res = await agents.free.agent.get(`/api/lists/${own}`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { id: number }) => r.id)).toEqual([2]);
  });

  it.each(['free', 'premium', 'admin'] as const)('another user (%s) gets 404, never 403', async (role) => {
    const res = await agents[role].agent.get(`/api/lists/${listId}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('a missing list or an id that is not a uuid is 404', async () => {
    expect((await agents.basic.agent.get(`/api/lists/${MISSING}`)).status).toBe(404);
    expect((await agents.basic.agent.get('/api/lists/not-a-uuid')).status).toBe(404);
  });

  it('400 for a bad page or an overlong query', async () => {
    const page = await agents.basic.agent.get(`/api/lists/${listId}?page=0`);
    expect(page.status).toBe(400);
    expect(page.body.error.fields).toHaveProperty('page');
    const query = await agents.basic.agent.get(`/api/lists/${listId}?query=${'a'.repeat(201)}`);
    expect(query.body.error.fields).toHaveProperty('query');
  });
});

describe('PATCH /api/lists/{listId} (rename, description)', () => {
  it.each(['free', 'basic', 'premium', 'admin'] as const)('%s renames their own list', async (role) => {
    const id = await seedList(agents[role].userId, 'Old name');
    const res = await agents[role].agent.patch(`/api/lists/${id}`, {
      name: ' New name ',
      description: 'Notes',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: 'New name', description: 'Notes' });
    const cleared = await agents[role].agent.patch(`/api/lists/${id}`, { description: '  ' });
    expect(cleared.body).toMatchObject({ name: 'New name', description: null });
  });

  it('404 for another user’s list, and nothing changes', async () => {
    const id = await seedList(agents.basic.userId, 'Mine');
    const res = await agents.premium.agent.patch(`/api/lists/${id}`, { name: 'Theirs' });
    expect(res.status).toBe(404);
    const { rows } = await ctx.db.sql.query<{ name: string }>(
      'SELECT name FROM physician_lists WHERE id = $1',
      [id],
    );
    expect(rows[0].name).toBe('Mine');
  });

  it('400 naming the field for an empty name or an empty change', async () => {
    const id = await seedList(agents.basic.userId, 'Mine');
    const empty = await agents.basic.agent.patch(`/api/lists/${id}`, { name: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toHaveProperty('name');
    const nothing = await agents.basic.agent.patch(`/api/lists/${id}`, {});
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.fields).toHaveProperty('name');
  });
});

describe('DELETE /api/lists/{listId}', () => {
  it.each(['free', 'basic', 'premium', 'admin'] as const)(
    '%s deletes their own list with its members, and an audit row',
    async (role) => {
      const id = await seedList(agents[role].userId, 'To delete', [1, 2, 3]);
      const res = await agents[role].agent.delete(`/api/lists/${id}`);
      expect(res.status).toBe(204);
      expect(await memberIds(id)).toEqual([]);
      const { rows } = await ctx.db.sql.query('SELECT 1 FROM physician_lists WHERE id = $1', [id]);
      expect(rows).toHaveLength(0);
      const audit = await ctx.db.sql.query<{ actor_user_id: string; details: { physicianCount: number } }>(
        "SELECT actor_user_id, details FROM audit_events WHERE action = 'list.deleted' AND target_id = $1",
        [id],
      );
      expect(audit.rows).toHaveLength(1);
      expect(audit.rows[0].actor_user_id).toBe(agents[role].userId);
      expect(audit.rows[0].details.physicianCount).toBe(3);
      expect((await agents[role].agent.delete(`/api/lists/${id}`)).status).toBe(404);
    },
  );

  it('404 for another user’s list, which stays whole', async () => {
    const id = await seedList(agents.basic.userId, 'Keep', [1, 2]);
    expect((await agents.admin.agent.delete(`/api/lists/${id}`)).status).toBe(404);
    expect(await memberIds(id)).toEqual([1, 2]);
  });
});

describe('POST /api/lists/{listId}/members (Add to Existing List)', () => {
  it('free: 403 even on their own list', async () => {
    const id = await seedList(agents.free.userId, 'Kept', [1]);
    const res = await agents.free.agent.post(`/api/lists/${id}/members`, { physicianIds: [2] });
    expect(res.status).toBe(403);
    expect(await memberIds(id)).toEqual([1]);
  });

  it.each(['basic', 'premium', 'admin'] as const)(
    '%s: idempotent, counting what was really added',
    async (role) => {
      const id = await seedList(agents[role].userId, 'Growing', [1]);
      const res = await agents[role].agent.post(`/api/lists/${id}/members`, { physicianIds: [1, 2, 3, 2] });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ added: 2, list: { id, physicianCount: 3 } });
      const again = await agents[role].agent.post(`/api/lists/${id}/members`, { physicianIds: [1, 2, 3] });
      // Nothing added: the list is not marked changed.
      expect(again.body).toMatchObject({ added: 0, list: { physicianCount: 3, updatedAt: res.body.list.updatedAt } });
      expect(await memberIds(id)).toEqual([1, 2, 3]);
      const more = await agents[role].agent.post(`/api/lists/${id}/members`, { physicianIds: [3, 4] });
      expect(more.body).toMatchObject({ added: 1, list: { physicianCount: 4, name: 'Growing', createdAt: res.body.list.createdAt } });
      expect(more.body.list.updatedAt > res.body.list.updatedAt).toBe(true);
      const listed = await agents[role].agent.get('/api/lists');
      expect(listed.body.lists.find((l: { id: string }) => l.id === id)).toEqual(more.body.list);
    },
  );

  it('adds 500 at once', async () => {
    const id = await seedList(agents.premium.userId, 'Bulk');
    const res = await agents.premium.agent.post(`/api/lists/${id}/members`, {
      physicianIds: ALL_IDS.slice(0, 500),
    });
    expect(res.body.added).toBe(500);
    expect((await memberIds(id)).length).toBe(500);
  });

  it('404 for another user’s list', async () => {
    const id = await seedList(agents.basic.userId, 'Mine', [1]);
    const res = await agents.premium.agent.post(`/api/lists/${id}/members`, { physicianIds: [2] });
    expect(res.status).toBe(404);
    expect(await memberIds(id)).toEqual([1]);
  });

  it.each([
    [{ physicianIds: [] }, 'physicianIds'],
    [{ physicianIds: ALL_IDS.slice(0, 501) }, 'physicianIds'],
    [{ physicianIds: [2, 77777] }, 'physicianIds'],
    [{ physicianIds: [-1] }, 'physicianIds.0'],
    [{}, 'physicianIds'],
  ])('400 naming the field, nothing added: %j', async (body, field) => {
    const id = await seedList(agents.basic.userId, 'Mine', [1]);
    const res = await agents.basic.agent.post(`/api/lists/${id}/members`, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toContain(field);
    expect(await memberIds(id)).toEqual([1]);
  });

  it('a list holds up to 10,000 physicians', async () => {
    await insertPhysicians(
      ctx.db,
      Array.from({ length: 10_001 }, (_, i) => ({ id: 1001 + i, firstName: 'Bulk', lastName: `Member${1001 + i}` })),
    );
    const ids = Array.from({ length: 9_999 }, (_, i) => 1001 + i);
    const id = await seedList(agents.premium.userId, 'Full', ids);
    const over = await agents.premium.agent.post(`/api/lists/${id}/members`, {
      physicianIds: [11000, 11001],
    });
    expect(over.status).toBe(400);
    expect(over.body.error.fields.physicianIds).toMatch(
      /up to 10,000 physicians: this one has 9,999, so at most 1 more/,
    );
    // Ids already in the list do not count against the room left.
    const fits = await agents.premium.agent.post(`/api/lists/${id}/members`, { physicianIds: [1001, 11000] });
    expect(fits.body).toMatchObject({ added: 1, list: { physicianCount: 10_000 } });
  });
});

describe('DELETE /api/lists/{listId}/members (Remove)', () => {
  it.each(['free', 'basic', 'premium', 'admin'] as const)('%s removes from their own list', async (role) => {
    const id = await seedList(agents[role].userId, 'Shrinking', [1, 2, 3]);
    const res = await agents[role].agent.delete(`/api/lists/${id}/members`, { physicianIds: [1, 3, 599] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ removed: 2, list: { physicianCount: 1 } });
    expect(await memberIds(id)).toEqual([2]);
  });

  it('404 for another user’s list; 400 naming physicianIds when empty', async () => {
    const id = await seedList(agents.basic.userId, 'Mine', [1, 2]);
    expect(
      (await agents.premium.agent.delete(`/api/lists/${id}/members`, { physicianIds: [1] })).status,
    ).toBe(404);
    const empty = await agents.basic.agent.delete(`/api/lists/${id}/members`, { physicianIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toHaveProperty('physicianIds');
    expect(await memberIds(id)).toEqual([1, 2]);
  });
});

describe('GET /api/physicians/select-all', () => {
  it.each(['free', 'basic'] as const)('%s: 403 naming the Annual Plan tier', async (role) => {
    const res = await agents[role].agent.get('/api/physicians/select-all?query=smith');
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'subscription_required', requiredTier: 'premium' });
  });

  it.each(['premium', 'admin'] as const)(
    '%s: the ids of the whole search (query, filters, sort)',
    async (role) => {
      const smith = await agents[role].agent.get('/api/physicians/select-all?query=smith&sortKey=name&sortDirection=desc');
      expect(smith.status).toBe(200);
      expect(smith.body).toEqual({ ids: [2, 1], total: 2, limit: 500 });
      // With a query and no sort, the order is relevance: the exact surname before the prefix.
      const relevant = await agents[role].agent.get('/api/physicians/select-all?query=smith');
      expect(relevant.body).toEqual({ ids: [1, 2], total: 2, limit: 500 });
      const filtered = await agents[role].agent.get(
        '/api/physicians/select-all?query=smith&specialty=Pediatrics',
      );
      expect(filtered.body).toEqual({ ids: [2], total: 1, limit: 500 });
      // `page` is ignored: Select All always starts at the first match.
      const broad = await agents[role].agent.get(
        '/api/physicians/select-all?specialty=Family%20Medicine&page=3',
      );
      expect(broad.body.total).toBe(597);
      expect(broad.body.ids).toEqual(ALL_IDS.slice(3, 503));
    },
  );

  it('stops at 500 ids in the search order', async () => {
    await ctx.deps.services.directory.directoryChanged();
    const res = await agents.premium.agent.get('/api/physicians/select-all?state=NE&sortKey=name');
    expect(res.body.total).toBe(597);
    expect(res.body.ids).toEqual(ALL_IDS.slice(3, 503));
  });

  it('400 naming a bad parameter', async () => {
    const res = await agents.premium.agent.get('/api/physicians/select-all?sortKey=age');
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty('sortKey');
  });
});

describe('rate limit on list writes', () => {
  it('120 writes a minute per user, whatever the call; then 429 with Retry-After, reads still answer', async () => {
    expect(LIST_RATE_LIMITS.writesPerUser).toEqual({ max: 120, windowMs: 60_000 });
    const { agent, user } = await ctx.signedInAgent({ tier: 'basic' });
    const created = await agent.post('/api/lists', { name: 'Busy', physicianIds: [1, 2, 3] });
    expect(created.status).toBe(201);
    const id = created.body.list.id;
    // 1 create + 119 more writes of every kind: all allowed.
    for (let i = 0; i < 119; i++) {
      const res =
        i % 3 === 0
          ? await agent.patch(`/api/lists/${id}`, { name: `Busy ${i}` })
          : i % 3 === 1
            ? await agent.delete(`/api/lists/${id}/members`, { physicianIds: [1] })
            : await agent.post(`/api/lists/${id}/members`, { physicianIds: [1] });
      expect(res.status, `write ${i + 2}`).toBe(200);
    }
    const blocked = [
      await agent.post(`/api/lists/${id}/members`, { physicianIds: [4] }),
      await agent.delete(`/api/lists/${id}/members`, { physicianIds: [2] }),
      await agent.patch(`/api/lists/${id}`, { name: 'Blocked' }),
      await agent.delete(`/api/lists/${id}`),
      await agent.post('/api/lists', { name: 'Another' }),
    ];
    for (const res of blocked) {
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe('rate_limited');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
    // Nothing of the blocked writes happened; reading is not limited.
    const detail = await agent.get(`/api/lists/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.list.name).toBe('Busy 117');
    expect(detail.body.matchingIds.sort()).toEqual([2, 3]); // the last allowed write removed 1
    const { rows } = await ctx.db.sql.query('SELECT name FROM physician_lists WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([{ name: 'Busy 117' }]);
    // Another user is not affected.
    const { agent: other } = await ctx.signedInAgent({ tier: 'basic' });
    expect((await other.post('/api/lists', { name: 'Fresh' })).status).toBe(201);
  });
});

describe('OpenAPI', () => {
  it('declares every lists, saved-search and select-all call with an operationId, security and its errors', async () => {
    const res = await ctx.agent().get('/api/openapi.json');
    const ops: Record<string, { method: string; path: string; op: any }> = {};
    for (const [path, item] of Object.entries<any>(res.body.paths))
      for (const [method, op] of Object.entries<any>(item)) ops[op.operationId] = { method, path, op };
    const expected: [string, string, string][] = [
      ['listLists', 'get', '/api/lists'],
      ['createList', 'post', '/api/lists'],
      ['getList', 'get', '/api/lists/{listId}'],
      ['updateList', 'patch', '/api/lists/{listId}'],
      ['deleteList', 'delete', '/api/lists/{listId}'],
      ['addListMembers', 'post', '/api/lists/{listId}/members'],
      ['removeListMembers', 'delete', '/api/lists/{listId}/members'],
      ['listSavedSearches', 'get', '/api/saved-searches'],
      ['createSavedSearch', 'post', '/api/saved-searches'],
      ['deleteSavedSearch', 'delete', '/api/saved-searches/{id}'],
      ['selectAllPhysicians', 'get', '/api/physicians/select-all'],
    ];
    for (const [id, method, path] of expected) {
      expect(ops[id], id).toMatchObject({ method, path });
      // Lists and Select All also take an API key (ADR 022); saved searches a session only.
      const security = id.includes('SavedSearch') ? [{ sessionCookie: [] }] : [{ sessionCookie: [] }, { bearerAuth: [] }];
      expect(ops[id].op.security, id).toEqual(security);
      expect(ops[id].op.responses, id).toHaveProperty('401');
      expect(ops[id].op.summary, id).toBeTruthy();
    }
  });
});
