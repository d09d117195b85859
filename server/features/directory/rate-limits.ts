import { queryWordCount } from '../../../contract/directory';
import type { RateLimitRule } from '../../lib/rate-limit';

const MINUTE = 60_000;

/**
 * Directory reads per minute. Generous for a recruiter at work (a search every half second),
 * far below what walking the directory would need. Signed-in callers are counted per user,
 * anonymous ones per IP (sign-up itself is limited per IP, so accounts are not free to mint).
 *
 * The search allowances are shared by the search, its facets and Select All, and counted in
 * units of cost (ADR 027): a search or a facets call of one word costs one unit, each further
 * word of its query one more, and the index work it caused beyond that is charged afterwards
 * (one unit per SEARCH_WORK_UNIT_MS). So a caller gets about 60 (anonymous) or 120 ordinary
 * calls a minute, and a few costly ones.
 */
export const DIRECTORY_RATE_LIMITS = {
  searchPerUser: { max: 120, windowMs: MINUTE },
  searchPerIp: { max: 60, windowMs: MINUTE },
  /**
   * The keys of typed queries (ADR 051): a search or facets call that continues the chain of the
   * caller's last answer (typing.ts) pays one of these instead of the search allowance. A person
   * typing 30 queries a minute makes about 600 such calls; a script gets at most this many cheap
   * calls a minute, each with at most TYPING_FREE_WORK_MS of index work free.
   */
  typingPerUser: { max: 1200, windowMs: MINUTE },
  typingPerIp: { max: 600, windowMs: MINUTE },
  profilePerUser: { max: 120, windowMs: MINUTE },
  profilePerIp: { max: 60, windowMs: MINUTE },
} satisfies Record<string, RateLimitRule>;

/**
 * Index work (ms, on the event loop, pauses excluded) worth one unit of the search allowance:
 * an ordinary search or facets call at 300,000 physicians stays within one.
 */
export const SEARCH_WORK_UNIT_MS = 25;

/** Units a search costs before it runs: one, plus one per word of its query after the first. */
export function searchUpfrontCost(query: string | undefined): number {
  return Math.max(1, query ? queryWordCount(query) : 0);
}

/** Units still owed after the work: what `busyMs` is worth beyond what was paid up front. */
export function searchWorkCharge(busyMs: number, paid: number): number {
  return Math.max(0, Math.ceil(busyMs / SEARCH_WORK_UNIT_MS) - paid);
}

/**
 * Index work (ms) a typing call (ADR 051) may do without paying the search allowance: typed
 * prefixes at 300,000 physicians took 2.9 ms on average (cold caches), 15.7 ms at most.
 */
export const TYPING_FREE_WORK_MS = 5;

/** Search units a typing call owes after its work: the work beyond TYPING_FREE_WORK_MS, at SEARCH_WORK_UNIT_MS a unit. */
export function typingWorkCharge(busyMs: number): number {
  return Math.ceil(Math.max(0, busyMs - TYPING_FREE_WORK_MS) / SEARCH_WORK_UNIT_MS);
}
