import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, describe, expect, it } from 'vitest';
import { assertGuarded } from './app';
import type { AppEnv } from './lib/context';
import { capabilityGuard, signedInGuard } from './lib/guards';
import { publicAccess, signedIn, signedInOrApiKey } from './lib/openapi';
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

  it('refuses to build routes whose OpenAPI security needs a session but that have no guard', () => {
    const route = (path: string, security: Array<Record<string, string[]>>, middleware?: typeof signedInGuard) =>
      createRoute({ method: 'get', path, security, middleware, responses: { 200: { description: 'ok' } } });
    const ok = new OpenAPIHono<AppEnv>()
      .openapi(route('/open', publicAccess), (c) => c.body(null, 200))
      .openapi(route('/mine/{id}', signedIn, signedInGuard), (c) => c.body(null, 200))
      .openapi(route('/keyed', signedInOrApiKey, capabilityGuard('lists:use')), (c) => c.body(null, 200));
    expect(() => assertGuarded([ok])).not.toThrow();
    const unguarded = new OpenAPIHono<AppEnv>().openapi(route('/forgotten/{id}', signedInOrApiKey), (c) => c.body(null, 200));
    expect(() => assertGuarded([ok, unguarded])).toThrow('GET /forgotten/:id needs a session');
    // A middleware that only looks like a guard does not count.
    const lookalike = new OpenAPIHono<AppEnv>();
    lookalike.use('/forgotten/*', async (_c, next) => next());
    lookalike.openapi(route('/forgotten/{id}', signedIn), (c) => c.body(null, 200));
    expect(() => assertGuarded([lookalike])).toThrow('GET /forgotten/:id needs a session');
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

describe('web app files', async () => {
  const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { gunzipSync, gzipSync } = await import('node:zlib');
  const { createApp } = await import('./app');
  const { TestAgent } = await import('./test/harness');

  // A built app in miniature: index.html and a hashed asset (no precompressed copy: compressed
  // on the fly) and one with the build's .gz beside it.
  const root = mkdtempSync(join(tmpdir(), 'web-root-'));
  mkdirSync(join(root, 'assets'));
  const html = `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
  writeFileSync(join(root, 'index.html'), html);
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(join(root, 'assets', 'index-AbC123.js'), script);
  writeFileSync(join(root, 'assets', 'vendor-XyZ789.js'), script);
  writeFileSync(join(root, 'assets', 'vendor-XyZ789.js.gz'), gzipSync(script));
  const agent = new TestAgent(createApp({ deps: ctx.deps, webRoot: root }));

  it("answers the router's paths with 200 and any other path with 404, both with the app's page", async () => {
    for (const path of ['/', '/search', '/physician/12', '/lists/3', '/users/9', '/admin/audit', '/search/']) {
      const res = await agent.get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('<div id="root">');
    }
    for (const path of ['/nope', '/search/extra', '/physician', '/lists/1/2', '/admin', '/assets/missing.js']) {
      const res = await agent.get(path);
      expect(res.status, path).toBe(404);
      expect(res.text, path).toContain('<div id="root">'); // the app renders its 'Page Not Found'
    }
  });

  it('sends JSON and built assets gzip-compressed to clients that accept it; hashed assets are immutable', async () => {
    const app = createApp({ deps: ctx.deps, webRoot: root });
    const json = await app.request('/api/openapi.json', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-encoding')).toBe('gzip');
    expect(json.headers.get('vary')).toContain('Accept-Encoding');
    const body = gunzipSync(Buffer.from(await json.arrayBuffer())).toString();
    expect(JSON.parse(body)).toHaveProperty('openapi');
    // An answer under 1 KB is sent as it is (lib/compress.test.ts has the rest).
    const small = await app.request('/api/health', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toMatchObject({ ok: true });

    for (const name of ['index-AbC123.js', 'vendor-XyZ789.js']) {
      const asset = await app.request(`/assets/${name}`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(asset.status, name).toBe(200);
      expect(asset.headers.get('content-encoding'), name).toBe('gzip');
      expect(asset.headers.get('cache-control'), name).toBe('public, max-age=31536000, immutable');
      expect(gunzipSync(Buffer.from(await asset.arrayBuffer())).toString(), name).toBe(script);
    }
    // App pages too, each streamed part flushed at once (ADR 026; lib/web-shell.test.ts shows
    // the head leaving before the answers).
    const page = await app.request('/search', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toContain('<div id="root">');
    const plainPage = await app.request('/search');
    expect(plainPage.headers.get('content-encoding')).toBeNull();
    expect(await plainPage.text()).toContain('<div id="root">');
    // Without Accept-Encoding: plain.
    const plain = await app.request('/assets/vendor-XyZ789.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });
});
