/*
 * The answers the server put inside the page's HTML (server/lib/web-shell.ts, ADR 025): GET
 * calls the page makes first (/api/me, the search of /search), keyed by their path. The query
 * of each takes its answer once as its initial data (useMe, useSearchPhysicians), so the first
 * render already has it: no request, no loading state. Only in the page's first seconds, so a
 * later visit to the same path within the app asks afresh; apiFetch drops them all on any call
 * that changes something.
 *
 * The server renders some pages itself (ADR 026) with the same answers: `withBootAnswers`
 * hands them to the render (synchronous, so no other request's answers can be seen).
 */

const ELEMENT_ID = 'boot-data';
/** Answers older than this (since the page loaded) are not used. */
export const BOOT_DATA_MAX_AGE_MS = 15_000;

let answers: Map<string, unknown> | null = null;
/** Set while the server renders a page: the answers of that page, of any age. */
let rendering: Map<string, unknown> | null = null;

/** Runs the synchronous `render` with `boot` as the page's answers (the server's render). */
export function withBootAnswers<T>(boot: Record<string, unknown>, render: () => T): T {
  rendering = new Map(Object.entries(boot));
  try {
    return render();
  } finally {
    rendering = null;
  }
}

function load(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(ELEMENT_ID);
  if (element?.textContent) {
    try {
      for (const [path, body] of Object.entries(JSON.parse(element.textContent) as Record<string, unknown>)) {
        answers.set(path, body);
      }
    } catch {
      // Not ours or cut short: the page asks the server.
    }
    element.remove();
  }
  return answers;
}

/** The embedded answer of GET `path`, once; undefined when there is none (or it is too old). */
export function takeBootAnswer(path: string): unknown {
  if (rendering) return rendering.get(path);
  const all = load();
  if (!all.has(path)) return undefined;
  const body = all.get(path);
  all.delete(path);
  return performance.now() <= BOOT_DATA_MAX_AGE_MS ? body : undefined;
}

/** Forgets every embedded answer: after a call that may change them (sign-in, a save...). */
export function dropBootAnswers(): void {
  load().clear();
}
