import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_RESULT_CAP, PAGE_SIZE } from '../../../contract/limits';
import { createTestContext } from '../../test/harness';
import { insertPhysicians } from '../../test/support/physicians';
import { signedInAgentAs, type SignedInRole } from '../../test/support/roles';
import { API_KEY_RATE_LIMITS } from './rate-limits';

/*
 * API keys (ADR 022): who may make them, and that a key reaches exactly what its user
 * may, as the user is now, on the search, profile, lists, contact and export calls only. PGlite
 * and PostgreSQL (DATABASE_URL).
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());

const PHYSICIANS = PAGE_SIZE + 5;

beforeAll(async () => {
  await insertPhysicians(
    ctx.db,
    Array.from({ length: PHYSICIANS }, (_, i) => i + 1).map((id) => ({
      id,
      firstName: `Doc${id}`,
      lastName: `Keyed${String(id).padStart(4, '0')}`,
      specialty: 'Cardiology',
      city: 'Omaha',
      state: 'NE',
    })),
  );
  await ctx.db.sql.query(
    `INSERT INTO physician_contacts (physician_id, personal_email, mobile_phone, personal_email_status, mobile_phone_status)
     SELECT g, 'doc' || g || '@example.com', '(555) 010-' || lpad(g::text, 4, '0'), 'verified', 'verified'
       FROM generate_series(1, $1::int) g`,
    [PHYSICIANS],
  );
  await ctx.deps.services.directory.directoryChanged();
});

const agentFor = (role: SignedInRole) => signedInAgentAs(ctx, role);

/** A premium (or admin) user, signed in, with one fresh key. */
async function keyFor(kind: 'premium' | 'admin' = 'premium') {
  const { agent, user } = await agentFor(kind);
  const res = await agent.post('/api/account/api-keys', { name: 'Integration' });
  expect(res.status, res.text).toBe(201);
  return { agent, user, key: res.body.key as string, keyId: res.body.id as string };
}

/** A caller with no cookie and no CSRF header, only the key (what an integration sends). */
function withKey(key: string) {
  const agent = ctx.agent();
  const headers = { authorization: `Bearer ${key}` };
  return {
    get: (path: string) => agent.get(path, { headers }),
    post: (path: string, body?: unknown) => agent.post(path, body, { headers, csrf: false }),
    request: (method: string, path: string, body?: unknown) =>
      agent.request(method, path, { body, headers, csrf: false }),
  };
}

describe('managing keys', () => {
  it('premium: creates a key shown once, stored hashed, listed by its prefix; audited', async () => {
    const { agent, user } = await agentFor('premium');
    const res = await agent.post('/api/account/api-keys', { name: '  ATS sync  ' });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const { key, ...shown } = res.body;
    expect(key).toMatch(/^pd_live_[A-Za-z0-9_-]{43}$/);
    expect(shown).toMatchObject({ name: 'ATS sync', prefix: key.slice(0, 12), lastUsedAt: null });

    const { rows } = await ctx.db.sql.query<{ key_hash: string; prefix: string }>(
      'SELECT key_hash, prefix FROM api_keys WHERE user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].key_hash).toMatch(/^[0-9a-f]{64}$/);
    const stored = JSON.stringify(await ctx.db.sql.query('SELECT * FROM api_keys'));
    expect(stored).not.toContain(key);

    const list = await agent.get('/api/account/api-keys');
    expect(list.status).toBe(200);
    expect(list.body.keys).toEqual([shown]);
    expect(list.text).not.toContain(key);

    const audits = await ctx.db.sql.query<{ action: string; target_id: string; details: unknown }>(
      `SELECT action, target_id, details FROM audit_events WHERE actor_user_id = $1 ORDER BY id`,
      [user.id],
    );
    expect(audits.rows).toEqual([
      { action: 'api_key.created', target_id: shown.id, details: { name: 'ATS sync', prefix: shown.prefix } },
    ]);
  });

  it('admin may create keys; free and basic get 403 naming the Annual Plan; a blank name is a 400', async () => {
    expect((await (await agentFor('admin')).agent.post('/api/account/api-keys', { name: 'Ops' })).status).toBe(201);
    for (const kind of ['free', 'basic'] as const) {
      const { agent, user } = await agentFor(kind);
      const res = await agent.post('/api/account/api-keys', { name: 'Nope' });
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({
        code: 'subscription_required',
        requiredTier: 'premium',
        message: 'This feature requires the Annual Plan subscription.',
      });
      const { rows } = await ctx.db.sql.query('SELECT 1 FROM api_keys WHERE user_id = $1', [user.id]);
      expect(rows).toEqual([]);
    }
    const { agent } = await agentFor('premium');
    const blank = await agent.post('/api/account/api-keys', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toEqual({ name: 'Please enter a name for the key.' });
  });

  it('revoke: the key stops working at once, leaves the list, is audited; another user cannot revoke it', async () => {
    const { agent, user, key, keyId } = await keyFor();
    expect((await withKey(key).get('/api/physicians/1')).status).toBe(200);

    const stranger = await agentFor('premium');
    expect((await stranger.agent.delete(`/api/account/api-keys/${keyId}`)).status).toBe(404);
    expect((await withKey(key).get('/api/physicians/1')).status).toBe(200);

    expect((await agent.delete(`/api/account/api-keys/${keyId}`)).status).toBe(204);
    const after = await withKey(key).get('/api/physicians/1');
    expect(after.status).toBe(401);
    expect(after.body.error).toMatchObject({ code: 'unauthenticated', message: 'Invalid or revoked API key.' });
    expect((await agent.get('/api/account/api-keys')).body.keys).toEqual([]);
    expect((await agent.delete(`/api/account/api-keys/${keyId}`)).status).toBe(404);
    const { rows } = await ctx.db.sql.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE actor_user_id = $1 ORDER BY id`,
      [user.id],
    );
    expect(rows.map((r) => r.action)).toEqual(['api_key.created', 'api_key.revoked']);
  });

  it('at most 10 active keys a user (409), a revoked one frees a place', async () => {
    const { agent } = await agentFor('premium');
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await agent.post('/api/account/api-keys', { name: `k${i}` })).body.id);
    const refused = await agent.post('/api/account/api-keys', { name: 'k10' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('You can have at most 10 API keys. Revoke one you no longer use first.');
    await agent.delete(`/api/account/api-keys/${ids[0]}`);
    expect((await agent.post('/api/account/api-keys', { name: 'k10' })).status).toBe(201);
  });
});

describe('calling with a key', () => {
  it("a premium user's key: full search, profile, lists, reveal and export, no CSRF header needed; audit rows name the key", async () => {
    const { user, key, keyId } = await keyFor();
    const api = withKey(key);

    const search = await api.get('/api/physicians?query=Keyed');
    expect(search.status).toBe(200);
    expect(search.body).toMatchObject({ total: PHYSICIANS, visibleLimit: null });
    expect(search.body.results).toHaveLength(PAGE_SIZE);
    expect((await api.get('/api/physicians/select-all?query=Keyed')).body.total).toBe(PHYSICIANS);
    expect((await api.get('/api/physicians/2')).body).toMatchObject({ id: 2, lastName: 'Keyed0002' });

    const created = await api.post('/api/lists', { name: 'From the API', physicianIds: [1, 2] });
    expect(created.status, created.text).toBe(201);
    const lists = await api.get('/api/lists');
    expect(lists.body.lists.map((l: { name: string }) => l.name)).toEqual(['From the API']);
    expect((await api.request('DELETE', `/api/lists/${created.body.list.id}`)).status).toBe(204);

    const reveal = await api.post('/api/physicians/3/contact');
    expect(reveal.status).toBe(200);
    expect(reveal.body).toMatchObject({ email: 'doc3@example.com', counted: true });
    const exported = await api.post('/api/exports', { physicianIds: [1, 2, 3], format: 'csv' });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.text).toContain('doc2@example.com');

    const { rows } = await ctx.db.sql.query<{ action: string; details: Record<string, unknown> }>(
      `SELECT action, details FROM audit_events WHERE actor_user_id = $1 AND action <> 'api_key.created' ORDER BY id`,
      [user.id],
    );
    expect(rows.map((r) => [r.action, r.details.apiKeyId])).toEqual([
      ['list.deleted', keyId],
      ['contact.revealed', keyId],
      ['export.created', keyId],
    ]);
    const used = await ctx.db.sql.query<{ last_used_at: Date | null }>(
      'SELECT last_used_at FROM api_keys WHERE id = $1',
      [keyId],
    );
    expect(used.rows[0].last_used_at).not.toBeNull();
  });

  it('account, key management, billing, admin and /api/me refuse a key with 401, even an admin key', async () => {
    const { key } = await keyFor('admin');
    const api = withKey(key);
    for (const [method, path, body] of [
      ['GET', '/api/me'],
      ['GET', '/api/account/profile'],
      ['PATCH', '/api/account/profile', { name: 'x' }],
      ['GET', '/api/account/api-keys'],
      ['POST', '/api/account/api-keys', { name: 'minted' }],
      ['GET', '/api/billing/subscription'],
      ['POST', '/api/auth/change-password', {}],
      ['GET', '/api/admin/overview'],
      ['GET', '/api/saved-searches'],
    ] as const) {
      const res = await api.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error).toMatchObject({
        code: 'unauthenticated',
        message: 'This call does not accept an API key: sign in instead.',
      });
    }
    expect((await withKey(key).get('/api/admin/overview')).status).toBe(401);
  });

  it('an unknown key, a malformed one or an empty Bearer: 401; the cookie sent along does not count', async () => {
    const { agent } = await agentFor('premium');
    for (const value of ['pd_live_nope', 'something-else', '']) {
      const res = await agent.get('/api/lists', { headers: { authorization: `Bearer ${value}` } });
      expect(res.status).toBe(401);
    }
    // Another scheme is not a key: the cookie decides.
    expect((await agent.get('/api/lists', { headers: { authorization: 'Basic abc' } })).status).toBe(200);
  });

  it('cookie calls still need the CSRF header; key calls do not', async () => {
    const { agent, key } = await keyFor();
    const cookie = await agent.post('/api/lists', { name: 'No header' }, { csrf: false });
    expect(cookie.status).toBe(403);
    expect((await withKey(key).post('/api/lists', { name: 'No header' })).status).toBe(201);
  });

  it('the user as they are now: a premium user who became free gets free limits and no reveal', async () => {
    const { user, key } = await keyFor();
    await ctx.db.sql.query('DELETE FROM subscriptions WHERE user_id = $1', [user.id]);
    const api = withKey(key);
    const search = await api.get('/api/physicians?query=Keyed');
    expect(search.status).toBe(200);
    expect(search.body).toMatchObject({ total: PHYSICIANS, visibleLimit: FREE_RESULT_CAP });
    expect(search.body.results).toHaveLength(FREE_RESULT_CAP);
    const reveal = await api.post('/api/physicians/1/contact');
    expect(reveal.status).toBe(403);
    expect(reveal.body.error.code).toBe('subscription_required');
    expect(reveal.text).not.toContain('doc1@');
    expect((await api.post('/api/exports', { physicianIds: [1] })).status).toBe(403);
    expect((await api.post('/api/lists', { name: 'Free', physicianIds: [1] })).status).toBe(403);
  });

  it("a deleted or unverified user's key: 401", async () => {
    const gone = await keyFor();
    await ctx.db.sql.query('DELETE FROM users WHERE id = $1', [gone.user.id]);
    expect((await withKey(gone.key).get('/api/physicians/1')).status).toBe(401);
    const unverified = await keyFor();
    await ctx.db.sql.query('UPDATE users SET email_verified_at = NULL WHERE id = $1', [unverified.user.id]);
    expect((await withKey(unverified.key).get('/api/physicians/1')).status).toBe(401);
  });

  it('each key has its own rate limit: 429 with Retry-After past it; another key of the same user still works', async () => {
    const { agent, key } = await keyFor();
    const max = API_KEY_RATE_LIMITS.requestsPerKey.max;
    for (let i = 0; i < max; i++) expect((await withKey(key).get('/api/physicians/1')).status).toBe(200);
    const refused = await withKey(key).get('/api/physicians/1');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const second = (await agent.post('/api/account/api-keys', { name: 'Second' })).body.key;
    expect((await withKey(second).get('/api/physicians/1')).status).toBe(200);
    // The browser session of the same user is not limited by the key.
    expect((await agent.get('/api/physicians/1')).status).toBe(200);
  });
});

describe('/api/docs', () => {
  it('serves Swagger UI from this origin over /api/openapi.json, which declares bearerAuth on the key operations only', async () => {
    const page = await ctx.agent().get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual([
      '/api/docs/assets/swagger-ui-bundle.js',
      '/api/docs/assets/swagger-ui-standalone-preset.js',
      '/api/docs/init.js',
    ]);
    for (const src of [...scripts, '/api/docs/assets/swagger-ui.css']) {
      const res = await ctx.agent().get(src);
      expect(res.status, src).toBe(200);
      expect(res.text.length, src).toBeGreaterThan(100);
    }
    expect((await ctx.agent().get('/api/docs/init.js')).text).toContain("url: '/api/openapi.json'");
    expect((await ctx.agent().get('/api/docs/assets/package.json')).status).toBe(404);

    const doc = (await ctx.agent().get('/api/openapi.json')).body;
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const withKey: string[] = [];
    for (const [path, item] of Object.entries<Record<string, { security?: Array<Record<string, unknown>> }>>(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (op.security?.some((s) => 'bearerAuth' in s)) withKey.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(withKey.sort()).toEqual(
      [
        'GET /api/physicians',
        'GET /api/physicians/select-all',
        'GET /api/physicians/{id}',
        'GET /api/physicians/{id}/profile.pdf',
        'POST /api/physicians/{id}/contact',
        'GET /api/contacts/allowance',
        'POST /api/contact-reports',
        'GET /api/lists',
        'POST /api/lists',
        'GET /api/lists/{listId}',
        'PATCH /api/lists/{listId}',
        'DELETE /api/lists/{listId}',
        'POST /api/lists/{listId}/members',
        'DELETE /api/lists/{listId}/members',
        'POST /api/exports',
        // ADR 064: an in-house tool pushes what it chose to the team's Bullhorn.
        'POST /api/integrations/bullhorn/pushes',
        'GET /api/integrations/bullhorn/pushes',
        'GET /api/integrations/bullhorn/pushes/{id}',
      ].sort(),
    );
  });
});
