import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip } from 'node:zlib';
import type { Context } from 'hono';
import { apiSearchString, physiciansSearchPath } from '../../contract/search-url';

/*
 * The HTML of the web app's pages (ADR 025). Every app path gets the built index.html, plus:
 *
 * - the answers of the GET calls the page makes first (BOOT_CALLS: /api/me everywhere, the
 *   search on /search), made inside this process through the app itself, with the request's
 *   cookie and address (the same routes, validation, rate limits and audit as a fetch), as a
 *   <script type="application/json" id="boot-data"> the page's queries take as their initial
 *   data instead of asking again (web/lib/boot-data.ts). Only 200 answers are embedded; anything
 *   else, or no answer within BOOT_BUDGET_MS, and the page simply asks itself. Such a page is
 *   private: `Cache-Control: private, no-cache` (app.ts).
 * - for the pages the server draws (handed in as a PageRenderer: server/main.ts gives the web
 *   app's, web/app/server-pages.ts), the stylesheets of the page's lazy route (from Vite's build
 *   manifest) and, when every boot call was answered, the page itself drawn with those answers
 *   inside #root (ADR 026): the browser paints the results before any script ran, then hydrates
 *   them. This module imports nothing of the web app.
 */

/** The page a path names: '/search/' is '/search' (the router treats them alike). */
function pagePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
}

/** The first GET calls of a page (each exactly as the page's apiFetch will ask it). */
export function bootCalls(pathname: string, search: URLSearchParams): string[] {
  const calls = ['/api/me'];
  if (pagePath(pathname) === '/search') {
    calls.push(physiciansSearchPath(apiSearchString(search)));
  }
  return calls;
}

/**
 * What the web app gives the server to draw pages with (ADR 026). createApp takes it as an option;
 * without one (API tests, a deployment without the web sources) every page is drawn by the browser.
 */
export type PageRenderer = {
  /** The pages the server draws (paths without a trailing slash), each with its lazy route modules as Vite's manifest names them (relative to web/). */
  pages: Record<string, string[]>;
  /** The HTML inside #root for `url` drawn with `answers`, or null when it would not simply render. */
  renderPage(url: string, answers: Record<string, unknown>): Promise<string | null>;
};

/** Draws a page's #root content from its boot answers; null when it is not drawn. */
export type PageDrawer = (answers: Record<string, unknown>) => Promise<string | null>;

/**
 * The drawer of page `url` for `calls` (its boot calls): draws only when every call has its
 * answer (a page drawn without its data would only show loading states), else null.
 */
export function pageDrawer(
  renderer: PageRenderer,
  url: string,
  calls: string[],
  onError: (error: unknown) => void,
): PageDrawer {
  return async (answers) => {
    if (!calls.every((call) => call in answers)) return null;
    try {
      return await renderer.renderPage(url, answers);
    } catch (error) {
      onError(error);
      return null;
    }
  };
}

/** How long the page waits for its boot answers before going out without them. */
export const BOOT_BUDGET_MS = 300;

const BOOT_SCRIPT_ID = 'boot-data';
const ROOT_ELEMENT = '<div id="root">';
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

export type WebShell = {
  /** index.html as built (for 404s and pages without extras). */
  html: string;
  /**
   * SHA-256 (base64) of each inline script of index.html, for the Content-Security-Policy's
   * script-src (the early-click keeper of ADR 026 runs before any file can load).
   */
  inlineScriptHashes: string[];
  /** Whether the server draws `pathname` (with or without its trailing slash). */
  draws(pathname: string): boolean;
  /** The page's HTML (a drawn page with its styles, and no code asked for ahead of the parser). */
  render(pathname: string): string;
  /**
   * That page streamed with its boot answers: everything up to #root (the head with its
   * scripts and preloads) at once, so the browser fetches the code while the answers are being
   * made; then the page as `draw` drew it (when given, and it drew), the answers and the end.
   */
  stream(pathname: string, boot: Promise<Record<string, unknown>>, draw?: PageDrawer): ReadableStream<Uint8Array>;
};

/**
 * Reads the build (index.html and .vite/manifest.json, when present) once, at start. `drawnPages`:
 * the pages the server draws, with their lazy route modules (PageRenderer.pages).
 */
export function loadWebShell(webRoot: string, drawnPages: Record<string, string[]> = {}): WebShell {
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const manifestPath = join(webRoot, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  const styles = new Map<string, string>();
  for (const [path, modules] of Object.entries(drawnPages)) {
    styles.set(path, preloadTags(manifest, modules).replace(MODULE_PRELOAD, ''));
  }
  const draws = (pathname: string) => styles.has(pagePath(pathname));
  // A page the server draws paints before its scripts are needed: it asks for no code ahead of
  // the parser, since fetching and compiling some 60 modules beside the first layout holds that
  // first paint back (about 800 ms instead of 450 in a fresh Chromium, ADR 026). Its styles stay.
  // Nor at the end of the body: tried on 2026-11-28, the drawing painted 1,112 ms after the
  // navigation instead of 726 and the page was live at 2,570 ms instead of 2,330 (bench:web,
  // PostgreSQL, 20 loads each, load 4-5): the compiling still came before the first paint.
  const drawnHtml = html.replace(MODULE_PRELOAD, '');
  const render: WebShell['render'] = (pathname) => {
    const page = pagePath(pathname);
    if (!draws(page)) return html;
    const tags = styles.get(page);
    return tags ? drawnHtml.replace('</head>', `${tags}</head>`) : drawnHtml;
  };
  const inlineScriptHashes = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => createHash('sha256').update(match[1]).digest('base64'),
  );
  return {
    html,
    inlineScriptHashes,
    draws,
    render,
    stream(pathname, boot, draw) {
      const page = render(pathname);
      const rootAt = page.indexOf(ROOT_ELEMENT);
      const split = rootAt === -1 ? page.lastIndexOf('</body>') : rootAt + ROOT_ELEMENT.length;
      const cut = page.lastIndexOf('</body>');
      const encoder = new TextEncoder();
      return new ReadableStream({
        async start(controller) {
          controller.enqueue(encoder.encode(page.slice(0, split)));
          const answers = await boot.catch(() => ({}));
          const drawn = (rootAt !== -1 && draw && (await draw(answers))) || '';
          const script = Object.keys(answers).length > 0 ? bootScript(answers) : '';
          controller.enqueue(encoder.encode(drawn + page.slice(split, cut) + script + page.slice(cut)));
          controller.close();
        },
      });
    },
  };
}

/**
 * `stream` gzip-compressed, each part sent as soon as it is compressed (a sync flush after every
 * write), so the head still leaves before the answers are made. A drawn /search page is about
 * 80 KB of HTML, some 10 KB compressed.
 */
export function gzipEachPart(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const gzip = createGzip({ flush: constants.Z_SYNC_FLUSH });
  pipeline(Readable.fromWeb(stream as import('node:stream/web').ReadableStream), gzip).catch(() => {
    // The client went away: nothing left to send.
  });
  return Readable.toWeb(gzip) as ReadableStream<Uint8Array>;
}

/** The chunks (and styles) a module needs beyond what the entry already loads. */
export function preloadTags(manifest: Manifest, modules: string[]): string {
  const entryFiles = new Set<string>();
  const walk = (key: string, into: Set<string>, css: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) walk(imported, into, css);
  };
  const entryCss = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, entryFiles, entryCss);
  const files = new Set<string>();
  const css = new Set<string>();
  for (const module of modules) walk(module, files, css);
  const tags: string[] = [];
  for (const file of files) {
    if (!entryFiles.has(file)) tags.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
  }
  for (const sheet of css) {
    if (!entryCss.has(sheet)) tags.push(`<link rel="stylesheet" crossorigin href="/${sheet}">`);
  }
  return tags.join('');
}

/** JSON inside <script>: '<' escaped, so no value can close the element. */
export function bootScript(boot: Record<string, unknown>): string {
  const json = JSON.stringify(boot).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${BOOT_SCRIPT_ID}">${json}</script>`;
}

type Fetcher = { fetch: (request: Request, env?: unknown) => Response | Promise<Response> };

/** The request headers an in-process call carries on: who (cookie) and from where (address). */
const FORWARDED_HEADERS = ['cookie', 'x-forwarded-for', 'user-agent'];

/**
 * Answers the page's boot calls through `app` with the caller's cookie and address: the 200
 * answers by path. (A Set-Cookie they send, e.g. an ended session's cookie cleared, is left to
 * the page's next API call: the page's head has already gone out.)
 */
export async function answerBootCalls(
  app: Fetcher,
  c: Context,
  calls: string[],
): Promise<Record<string, unknown>> {
  const boot: Record<string, unknown> = {};
  const headers = new Headers({ accept: 'application/json' });
  for (const name of FORWARDED_HEADERS) {
    const value = c.req.header(name);
    if (value) headers.set(name, value);
  }
  const answers = calls.map(async (path) => {
    try {
      const response = await app.fetch(new Request(new URL(path, c.req.url), { headers }), c.env);
      if (response.status !== 200) {
        await response.body?.cancel();
        return;
      }
      boot[path] = await response.json();
    } catch {
      // The page asks for it itself.
    }
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const budget = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, BOOT_BUDGET_MS);
  });
  await Promise.race([Promise.all(answers), budget]);
  clearTimeout(timer);
  // Late answers are not embedded (a copy of what came in time).
  return { ...boot };
}
