import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from './test/harness';

const ctx = await createTestContext();
afterAll(() => ctx.close());

describe('app', () => {
  it('answers /api/health from the database', async () => {
    const res = await ctx.agent().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, engine: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('GET /api/me is anonymous without a session', async () => {
    const res = await ctx.agent().get('/api/me');
    expect(res.status).toBe(200);
    expect(res.body.user).toBeNull();
    expect(res.body.subscription).toMatchObject({ subscribed: false, tier: 'free' });
    expect(res.body.capabilities).toEqual([]);
  });

  it('GET /api/me reflects role and tier from the database', async () => {
    const { agent } = await ctx.signedInAgent({ tier: 'premium' });
    const res = await agent.get('/api/me');
    expect(res.body.subscription).toMatchObject({ subscribed: true, tier: 'premium', status: 'active' });
    expect(res.body.capabilities).toContain('exports:create');
    expect(res.body.capabilities).not.toContain('admin:access');
  });

  it('refuses a state-changing call without the CSRF header', async () => {
    const res = await ctx.agent().post('/api/anything', {}, { csrf: false });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await ctx.agent().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'not_found', message: 'No such API endpoint.' });
  });

  it('serves an OpenAPI document built from the zod schemas', async () => {
    const res = await ctx.agent().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toContain('/api/me');
  });

  it('sets security headers', async () => {
    const res = await ctx.agent().get('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
