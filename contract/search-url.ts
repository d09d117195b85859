import { isCalendarDay } from './dates';
import {
  FILTER_KEYS,
  FLAG_FILTER_KEYS,
  TEAM_FILTER_KEYS,
  LIST_FILTER_KEYS,
  LOOKING_OPTIONS,
  MOVED_WITHIN_OPTIONS,
  RADIUS_OPTIONS,
  SORT_KEYS,
  VERIFIED_WITHIN_OPTIONS,
} from './directory';

/*
 * The search page's URL -> the GET /api/physicians query string. Shared: the web page calls the
 * API with it, and the server's page shell (server/lib/web-shell.ts) answers the same call
 * inside the HTML of /search, so the page finds its first results without a request (ADR 025).
 */

const LIST_KEYS: ReadonlySet<string> = new Set(LIST_FILTER_KEYS);
const FLAG_KEYS: ReadonlySet<string> = new Set([...FLAG_FILTER_KEYS, ...TEAM_FILTER_KEYS]);

/** 'a, b,,c' -> ['a', 'b', 'c']. */
export function splitList(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

const DIGITS = /^\d+$/;

/** Values the API would reject are dropped, so a hand-edited URL still searches. */
function isAcceptable(key: string, value: string): boolean {
  if (FLAG_KEYS.has(key)) return value === 'true' || value === 'false';
  switch (key) {
    case 'page':
      return /^[1-9]\d{0,5}$/.test(value);
    case 'sortKey':
      return (SORT_KEYS as readonly string[]).includes(value);
    case 'sortDirection':
      return value === 'asc' || value === 'desc';
    case 'spelling':
      return value === 'exact';
    case 'gender':
      return value === 'M' || value === 'F';
    case 'npi':
      return DIGITS.test(value) && value.length <= 10;
    case 'radius':
      return (RADIUS_OPTIONS as readonly string[]).includes(value);
    case 'verifiedWithinMonths':
      return (VERIFIED_WITHIN_OPTIONS as readonly string[]).includes(value);
    case 'movedWithinDays':
      return (MOVED_WITHIN_OPTIONS as readonly string[]).includes(value);
    case 'zip':
      return DIGITS.test(value) && value.length <= 5;
    case 'addedSince':
      return isCalendarDay(value);
    case 'looking':
      return (LOOKING_OPTIONS as readonly string[]).includes(value);
    case 'graduationYearMin':
    case 'graduationYearMax':
    case 'yearsInPracticeMin':
    case 'yearsInPracticeMax':
      return DIGITS.test(value) && value.length <= 4;
    default:
      return value.length <= 200;
  }
}

// changedSince: the alert digest's link (physicians added or changed since its window began).
const API_KEYS = ['query', 'spelling', 'page', 'sortKey', 'sortDirection', ...FILTER_KEYS, ...TEAM_FILTER_KEYS, 'changedSince'] as const;

/**
 * The GET /api/physicians query string for the page URL: the same keys (the tab is the page's
 * own), in one fixed order so equal searches share a cache entry.
 */
export function apiSearchString(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const key of API_KEYS) {
    const raw = params.get(key);
    if (raw === null) continue;
    const value = LIST_KEYS.has(key) ? splitList(raw).join(',') : raw.trim();
    if (value && isAcceptable(key, value)) out.set(key, value);
  }
  // A radius or a distance sort without a place would be a 400: dropped.
  if (!out.get('near')) {
    out.delete('radius');
    if (out.get('sortKey') === 'distance') out.delete('sortKey');
  }
  return out.toString();
}

/**
 * The search call's path for a query string from apiSearchString: what the page fetches, and the
 * key under which the server's page shell embeds its answer (the two must be the same string).
 */
export function physiciansSearchPath(apiSearch: string): string {
  return `/api/physicians${apiSearch ? `?${apiSearch}` : ''}`;
}
