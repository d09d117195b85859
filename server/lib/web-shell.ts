import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'hono';
import { apiSearchString, physiciansSearchPath } from '../../contract/search-url';

/*
 * The HTML of the web app's pages (ADR 025). Every app path gets the built index.html, plus:
 *
 * - for pages in PAGE_MODULES, <link rel="modulepreload"> for the chunks of that page's lazy
 *   route (from Vite's build manifest), so the browser fetches them beside the first script
 *   instead of after it has run;
 * - the answers of the GET calls the page makes first (BOOT_CALLS: /api/me everywhere, the
 *   search on /search), made inside this process through the app itself, with the request's
 *   cookie and address (the same routes, validation, rate limits and audit as a fetch), as a
 *   <script type="application/json" id="boot-data"> the page's queries take as their initial
 *   data instead of asking again (web/lib/boot-data.ts). Only 200 answers are embedded; anything
 *   else, or no answer within BOOT_BUDGET_MS, and the page simply asks itself. Such a page is
 *   private: `Cache-Control: private, no-cache` (app.ts).
 */

/** A page's lazy route modules, as Vite's manifest names them (relative to web/). */
export const PAGE_MODULES: Record<string, string[]> = {
  '/search': ['features/directory/search-page.tsx'],
};

/** The first GET calls of a page (each exactly as the page's apiFetch will ask it). */
export function bootCalls(pathname: string, search: URLSearchParams): string[] {
  const calls = ['/api/me'];
  if (pathname === '/search' || pathname === '/search/') {
    calls.push(physiciansSearchPath(apiSearchString(search)));
  }
  return calls;
}

/** How long the page waits for its boot answers before going out without them. */
export const BOOT_BUDGET_MS = 300;

const BOOT_SCRIPT_ID = 'boot-data';

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

export type WebShell = {
  /** index.html as built (for 404s and pages without extras). */
  html: string;
  /** The page's HTML with its preloads. */
  render(pathname: string): string;
  /**
   * That page streamed with its boot answers: everything up to </body> (the head with its
   * scripts and preloads) at once, so the browser fetches the code while the answers are being
   * made; then the answers and the end of the page.
   */
  stream(pathname: string, boot: Promise<Record<string, unknown>>): ReadableStream<Uint8Array>;
};

/** Reads the build (index.html and .vite/manifest.json, when present) once, at start. */
export function loadWebShell(webRoot: string): WebShell {
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const manifestPath = join(webRoot, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  const preloads = new Map<string, string>();
  for (const [path, modules] of Object.entries(PAGE_MODULES)) {
    preloads.set(path, preloadTags(manifest, modules));
  }
  const render: WebShell['render'] = (pathname) => {
    const page = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    const tags = preloads.get(page);
    return tags ? html.replace('</head>', `${tags}</head>`) : html;
  };
  return {
    html,
    render,
    stream(pathname, boot) {
      const page = render(pathname);
      const cut = page.lastIndexOf('</body>');
      const encoder = new TextEncoder();
      return new ReadableStream({
        async start(controller) {
          controller.enqueue(encoder.encode(page.slice(0, cut)));
          const answers = await boot.catch(() => ({}));
          const script = Object.keys(answers).length > 0 ? bootScript(answers) : '';
          controller.enqueue(encoder.encode(script + page.slice(cut)));
          controller.close();
        },
      });
    },
  };
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
