import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { linkSigner, verifyLink } from '../../lib/link-signing';

/*
 * Typing is not a new search each key (ADR 051). Every search and facets answer carries a typing
 * token (SEARCH_TYPING_HEADER): who asked, the search's filters, its query, when, and how many
 * keys the chain has run. The page sends the newest token with its next call; a call that
 * continues it (same caller and filters, a query one to four characters longer or shorter that
 * starts the same way, within TYPING_GAP_MS, at most TYPING_MAX_HOPS calls) is a key of the same
 * typed query, paid from the typing allowance instead of the search allowance. Signed with the
 * key in app_meta (link-signing.ts), so every server process on one database reads it alike and
 * nobody can make one. A token may be sent again (nothing is kept per token): what bounds a
 * script that does is the typing allowance itself, and the work charge beyond TYPING_FREE_WORK_MS.
 */

/** Longest pause between two calls of one typed query. */
export const TYPING_GAP_MS = 10_000;
/** Calls one typed chain may run before a call pays the search allowance again. */
export const TYPING_MAX_HOPS = 120;
/** Characters one call may add or remove and still continue the chain (a pasted text is a search). */
const TYPING_MAX_STEP = 4;

const PURPOSE = 'search-typing';

type Typing = { caller: string; filters: string; query: string; issuedAt: number; hops: number };

/** The query as the chain compares it: lower case, runs of white space as one space, no leading space. */
function typedText(query: string | undefined): string {
  return (query ?? '').toLowerCase().replace(/\s+/g, ' ').trimStart();
}

/** The search's filters (every parameter but the query, the page and the sort), hashed. */
export function filtersKey(params: Record<string, unknown>): string {
  const kept = Object.entries(params)
    .filter(([key, value]) => !['query', 'page', 'sortKey', 'sortDirection'].includes(key) && value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(kept)).digest('base64url').slice(0, 22);
}

/** Whether `next` is one typing step from `previous`: the same text, or up to 4 characters added to or taken off its end. */
function isTypingStep(previous: string, next: string): boolean {
  const [shorter, longer] = previous.length <= next.length ? [previous, next] : [next, previous];
  return longer.startsWith(shorter) && longer.length - shorter.length <= TYPING_MAX_STEP;
}

/** A signed token for this answer; `hops` is how many calls the chain has run before it. */
export async function typingToken(db: Db, typing: Omit<Typing, 'query'> & { query: string | undefined }): Promise<string> {
  const payload = Buffer.from(
    JSON.stringify([typing.caller, typing.filters, typedText(typing.query), typing.issuedAt, typing.hops]),
  ).toString('base64url');
  return `${payload}.${(await linkSigner(db, PURPOSE))(payload)}`;
}

/**
 * The chain `token` holds if this call continues it (its hop count), else null: a missing,
 * malformed, forged, stale or unrelated token, or a chain at its last hop, is a new search.
 */
export async function continuedTyping(
  db: Db,
  token: string | undefined,
  call: { caller: string; filters: string; query: string | undefined; now: number },
): Promise<number | null> {
  if (!token || token.length > 1000) return null;
  const dot = token.indexOf('.');
  if (dot <= 0 || !(await verifyLink(db, PURPOSE, token.slice(0, dot), token.slice(dot + 1)))) return null;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(token.slice(0, dot), 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(fields) || fields.length !== 5) return null;
  const [caller, filters, query, issuedAt, hops] = fields as [unknown, unknown, unknown, unknown, unknown];
  if (caller !== call.caller || filters !== call.filters || typeof query !== 'string') return null;
  if (typeof issuedAt !== 'number' || call.now - issuedAt > TYPING_GAP_MS || issuedAt > call.now + 1000) return null;
  if (typeof hops !== 'number' || !Number.isInteger(hops) || hops < 0 || hops >= TYPING_MAX_HOPS) return null;
  return isTypingStep(query, typedText(call.query)) ? hops : null;
}
