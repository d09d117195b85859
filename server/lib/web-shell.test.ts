import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestContext, createTestUser, TestAgent } from '../test/harness';
import { insertPhysicians } from '../test/support/physicians';
import { createSession, SESSION_COOKIE } from '../features/auth/session';
import { constants, gunzipSync } from 'node:zlib';
import { SERVER_DRAWN_PAGES, loadRenderer } from '../../web/app/server-pages';
import { bootCalls, gzipEachPart, loadWebShell, preloadTags, type PageRenderer } from './web-shell';

const ctx = await createTestContext();
afterAll(() => ctx.close());

// A build in miniature: index.html with its entry, and a manifest where the search page's chunk
// imports a chunk of its own and one the entry already loads.
const root = mkdtempSync(join(tmpdir(), 'web-shell-'));
mkdirSync(join(root, 'assets'));
mkdirSync(join(root, '.vite'));
writeFileSync(
  join(root, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/index-A.js"></script></head><body><div id="root"></div></body></html>',
);
const manifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_react-R.js'], css: ['assets/index-S.css'] },
  '_react-R.js': { file: 'assets/react-R.js' },
  'features/directory/search-page.tsx': {
    file: 'assets/search-page-P.js',
    isDynamicEntry: true,
    imports: ['_react-R.js', '_zod-Z.js', 'index.html'],
    css: ['assets/search-page-C.css'],
  },
  '_zod-Z.js': { file: 'assets/zod-Z.js', imports: ['_react-R.js'] },
};
writeFileSync(join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
// The web app's own renderer and pages, as server/main.ts hands them in.
const renderer = await loadRenderer();
const pageRenderer: PageRenderer = { pages: SERVER_DRAWN_PAGES, renderPage: renderer.renderPage };
const app = createApp({ deps: ctx.deps, webRoot: root, pageRenderer });

/** The JSON of the page's boot-data element. */
function bootData(html: string): Record<string, unknown> | null {
  const match = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(html);
  return match ? JSON.parse(match[1]) : null;
}

describe('page shell (ADR 025)', () => {
  it('names the calls a page makes first, the search exactly as the page asks it', () => {
    expect(bootCalls('/', new URLSearchParams())).toEqual(['/api/me']);
    expect(bootCalls('/search', new URLSearchParams('tab=selected&query=+smith+&page=abc&specialty=Cardiology,,'))).toEqual([
      '/api/me',
      '/api/physicians?query=smith&specialty=Cardiology',
    ]);
    expect(bootCalls('/search', new URLSearchParams())).toEqual(['/api/me', '/api/physicians']);
  });

  it("preloads a page's own chunks and styles, not what the entry already loads", () => {
    expect(preloadTags(manifest, ['features/directory/search-page.tsx'])).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/search-page-P.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/zod-Z.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/search-page-C.css">',
    );
    expect(preloadTags(manifest, ['features/not-built.tsx'])).toBe('');
  });

  it('streams the head (scripts, preloads) before the answers are ready, then the answers', async () => {
    const shell = loadWebShell(root, SERVER_DRAWN_PAGES);
    let answer!: (boot: Record<string, unknown>) => void;
    const boot = new Promise<Record<string, unknown>>((resolve) => (answer = resolve));
    const reader = shell.stream('/search', boot).getReader();
    const decoder = new TextDecoder();
    const head = decoder.decode((await reader.read()).value);
    expect(head).toContain('<script type="module" src="/assets/index-A.js">');
    // Drawn by the server (ADR 026): its styles, but no code asked for ahead of the parser.
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/search-page-C.css">');
    expect(head).not.toContain('modulepreload');
    expect(head.endsWith('<div id="root">')).toBe(true);
    answer({ '/api/me': { user: null } });
    const rest = decoder.decode((await reader.read()).value);
    expect(rest).toBe('</div><script type="application/json" id="boot-data">{"/api/me":{"user":null}}</script></body></html>');
    expect((await reader.read()).done).toBe(true);
  });

  it('answers /search with its styles and the same JSON the API gives this caller', async () => {
    const user = await createTestUser(ctx.db, { tier: 'premium' });
    const agent = new TestAgent(app);
    agent.setCookie(SESSION_COOKIE, (await createSession(ctx.db, user.id)).token);

    const page = await agent.get('/search?query=smith&tab=results');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    expect(page.text).toContain('<link rel="stylesheet" crossorigin href="/assets/search-page-C.css">');
    expect(page.text).not.toContain('modulepreload');
    const boot = bootData(page.text)!;
    expect(Object.keys(boot).sort()).toEqual(['/api/me', '/api/physicians?query=smith']);
    expect(boot['/api/me']).toEqual((await agent.get('/api/me')).body);
    expect((boot['/api/me'] as { user: { id: number } }).user.id).toBe(user.id);
    expect(boot['/api/physicians?query=smith']).toEqual((await agent.get('/api/physicians?query=smith')).body);

    // Another page: who is signed in, no search, no preloads.
    const landing = await agent.get('/pricing');
    expect(Object.keys(bootData(landing.text)!)).toEqual(['/api/me']);
    expect(landing.text).not.toContain('modulepreload');
  });

  it('embeds only 200 answers, and none on a 404 page', async () => {
    const agent = new TestAgent(app);
    // An unknown ZIP is a 400 from the search: the page comes without it and asks itself.
    const page = await agent.get('/search?near=00000&radius=25');
    expect(page.status).toBe(200);
    const boot = bootData(page.text)!;
    expect((await agent.get('/api/physicians?near=00000&radius=25')).status).toBe(400);
    expect(Object.keys(boot)).toEqual(['/api/me']);
    expect((boot['/api/me'] as { user: unknown }).user).toBeNull();

    const missing = await agent.get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(bootData(missing.text)).toBeNull();
  });

  it('cannot be broken out of: a query with </script> stays inside the JSON', async () => {
    const agent = new TestAgent(app);
    const query = '</script><script>alert(1)</script>';
    const page = await agent.get(`/search?query=${encodeURIComponent(query)}`);
    expect(page.text).not.toContain('<script>alert(1)');
    const boot = bootData(page.text)!;
    const key = `/api/physicians?${new URLSearchParams({ query })}`;
    expect(boot[key]).toEqual((await agent.get(key)).body);
  });

  it('draws /search on the server (ADR 026): the results inside #root, for this caller', async () => {
    await insertPhysicians(ctx.db, [
      { id: 9101, firstName: 'Ada', lastName: 'Smithson', specialty: 'Cardiology', city: 'Boston', state: 'MA' },
      { id: 9102, firstName: 'Ben', lastName: 'Smithson', specialty: 'Pediatrics', city: 'Denver', state: 'CO' },
      { id: 9103, firstName: 'Cleo', lastName: 'Okafor', specialty: 'Cardiology', city: 'Austin', state: 'TX' },
    ]);
    await ctx.deps.services.directory.directoryChanged();
    const user = await createTestUser(ctx.db, { tier: 'premium' });
    const agent = new TestAgent(app);
    agent.setCookie(SESSION_COOKIE, (await createSession(ctx.db, user.id)).token);

    const page = await agent.get('/search?query=smithson');
    const root = /<div id="root">(.*)<\/div>\s*<script type="application\/json"/s.exec(page.text)?.[1] ?? '';
    expect(root).toContain('Showing 1-2 of 2 results for &quot;smithson&quot;');
    expect(root).toContain('Ada Smithson');
    expect(root).toContain('Ben Smithson');
    expect(root).not.toContain('Okafor');
    expect(root).toContain('aria-label="Account menu"'); // the header: this caller, signed in
    expect(root).not.toContain('>Log in<');
    // The browser takes the same answers over, so its first render is this HTML.
    expect(Object.keys(bootData(page.text)!).sort()).toEqual(['/api/me', '/api/physicians?query=smithson']);

    // Anonymous: drawn too, for an anonymous caller (the header's Log in).
    const anonymous = await new TestAgent(app).get('/search?query=okafor');
    expect(anonymous.text).toContain('Cleo Okafor');
    expect(anonymous.text).toContain('>Log in<');
    expect(anonymous.text).not.toContain('Account menu');

    // No search answer (a 400), or a page the server does not draw: #root stays empty.
    expect((await agent.get('/search?near=00000&radius=25')).text).toContain('<div id="root"></div>');
    expect((await agent.get('/pricing')).text).toContain('<div id="root"></div>');
  });

  it('draws only the pages handed in: without a page renderer the browser draws /search', async () => {
    const browserOnly = createApp({ deps: ctx.deps, webRoot: root });
    const page = await new TestAgent(browserOnly).get('/search?query=smithson');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root"></div>');
    expect(page.text).not.toContain('search-page-C.css');
    // Its first answers are still inside (ADR 025).
    expect(Object.keys(bootData(page.text)!).sort()).toEqual(['/api/me', '/api/physicians?query=smithson']);
  });

  it('sends a page gzip-compressed to clients that accept it, the head before the answers', async () => {
    const shell = loadWebShell(root, SERVER_DRAWN_PAGES);
    let answer!: (boot: Record<string, unknown>) => void;
    const boot = new Promise<Record<string, unknown>>((resolve) => (answer = resolve));
    const reader = gzipEachPart(shell.stream('/search', boot)).getReader();
    const partial = { finishFlush: constants.Z_SYNC_FLUSH };
    const first = Buffer.from((await reader.read()).value!);
    expect(gunzipSync(first, partial).toString()).toMatch(/<script type="module" src="\/assets\/index-A.js"><\/script>.*<div id="root">$/);
    answer({ '/api/me': { user: null } });
    const parts = [first];
    for (let part = await reader.read(); !part.done; part = await reader.read()) parts.push(Buffer.from(part.value));
    expect(gunzipSync(Buffer.concat(parts)).toString()).toContain('{"/api/me":{"user":null}}</script></body></html>');

    const page = await app.request('/search?query=smithson', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(page.headers.get('vary')).toContain('Accept-Encoding');
    const html = gunzipSync(Buffer.from(await page.arrayBuffer())).toString();
    expect(html).toContain('Ada Smithson');
  });
});

describe("the page's inline script and the Content-Security-Policy", () => {
  it("allows index.html's inline script by its hash, and no other inline script", async () => {
    const own = mkdtempSync(join(tmpdir(), 'web-shell-csp-'));
    const inline = "window.kept = [];";
    writeFileSync(
      join(own, 'index.html'),
      `<!doctype html><html><head><script>${inline}</script><script type="module" src="/assets/index-A.js"></script></head><body><div id="root"></div></body></html>`,
    );
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(loadWebShell(own).inlineScriptHashes).toEqual([hash]);
    const withScript = createApp({ deps: ctx.deps, webRoot: own });
    const csp = (await new TestAgent(withScript).get('/search')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`));
    // The miniature build above has none: 'self' alone.
    const plain = (await new TestAgent(app).get('/search')).headers.get('content-security-policy') ?? '';
    expect(plain).toMatch(/script-src 'self'(;|$)/);
  });
});
