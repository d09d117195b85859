import {
  FILTER_KEYS,
  FLAG_FILTER_KEYS,
  DEFAULT_RADIUS,
  RADIUS_OPTIONS,
  LIST_FILTER_KEYS,
  SORT_KEYS,
  TEAM_FILTER_KEYS,
  type FilterKey,
  type TeamFilterKey,
  type SortDirection,
  type SortKey,
} from '@contract/directory';
import { splitList } from '@contract/search-url';

export { apiSearchString, splitList } from '@contract/search-url';

/*
 * The search page keeps its whole state in the URL (docs/rules.md#results): query, page,
 * sortKey, sortDirection, tab and the filter keys, multi-value filters comma-joined. These
 * pure functions read and rewrite that state; the page only calls setSearchParams with the result.
 */

export type ListFilterKey = (typeof LIST_FILTER_KEYS)[number];
export type FlagFilterKey = (typeof FLAG_FILTER_KEYS)[number];

export const DEFAULT_TAB = 'results';

/**
 * How long typing in the filter panel's text fields pauses before the text runs: short enough
 * to feel instant, long enough that a word typed at speed is one change.
 */
export const SEARCH_DEBOUNCE_MS = 150;

/**
 * The search box (ADR 021, ADR 026): each keystroke starts the search of the text so far (one
 * request at a time, the newest text next), and the results on screen follow the text after a
 * pause this long, by which time its answer is usually in.
 */
export const QUERY_SETTLE_MS = 60;
/**
 * The filter counts follow a typed query once it has rested this long (ADR 051): one facets call
 * per query a recruiter stops at, not one per key. A filter's change counts at once.
 */
export const FACETS_SETTLE_MS = 300;
export const DEFAULT_SORT: { key: SortKey; direction: SortDirection } = { key: 'name', direction: 'asc' };

const LIST_KEYS: ReadonlySet<string> = new Set(LIST_FILTER_KEYS);
const FILTER_KEY_SET: ReadonlySet<string> = new Set(FILTER_KEYS);

export function isListFilterKey(key: string): key is ListFilterKey {
  return LIST_KEYS.has(key);
}

export function isFilterKey(key: string): key is FilterKey {
  return FILTER_KEY_SET.has(key);
}

export function readList(params: URLSearchParams, key: ListFilterKey): string[] {
  return splitList(params.get(key));
}

export function readText(params: URLSearchParams, key: string): string {
  return params.get(key)?.trim() ?? '';
}

/** The page number from the URL: a whole number of at least 1, otherwise 1. */
export function readPage(params: URLSearchParams): number {
  const raw = params.get('page');
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 ? page : 1;
}

export function readSort(params: URLSearchParams): { key: SortKey | null; direction: SortDirection } {
  const rawKey = params.get('sortKey');
  // With a query and no sort in the URL the server orders by relevance (ADR 020); with a
  // radius and no query, by distance (ADR 023).
  const key = (SORT_KEYS as readonly string[]).includes(rawKey ?? '')
    ? (rawKey as SortKey)
    : params.get('query')?.trim()
      ? 'relevance'
      : params.get('near')?.trim()
        ? 'distance'
        : null;
  const direction: SortDirection = params.get('sortDirection') === 'desc' ? 'desc' : 'asc';
  return { key, direction };
}

export function readTab(params: URLSearchParams): string {
  return params.get('tab') || DEFAULT_TAB;
}

export function readFlag(params: URLSearchParams, key: FlagFilterKey | TeamFilterKey): boolean | null {
  const raw = params.get(key);
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return null;
}

/** Page and tab go back to their defaults (page 1, 'results'): absent from the URL. */
function resetPaging(params: URLSearchParams): void {
  params.delete('page');
  params.delete('tab');
}

export type FilterValue = string | string[] | boolean | null | undefined;

/** The keys the filter panel writes: the directory's filters and the team's own (docs/decisions/061-teams.md). */
export type PanelFilterKey = FilterKey | TeamFilterKey;
const PANEL_FILTER_KEYS: readonly PanelFilterKey[] = [...FILTER_KEYS, ...TEAM_FILTER_KEYS];

/**
 * Sets (or, for an empty value, removes) one filter. Changing a filter resets the page to 1
 * and the tab to results (docs/rules.md#results).
 */
export function withFilter(params: URLSearchParams, key: PanelFilterKey, value: FilterValue): URLSearchParams {
  const next = new URLSearchParams(params);
  const encoded = Array.isArray(value)
    ? uniqueCaseInsensitive(value.map((item) => item.trim()).filter(Boolean)).join(',')
    : typeof value === 'boolean'
      ? String(value)
      : (value ?? '').trim();
  if (encoded) next.set(key, encoded);
  else next.delete(key);
  resetPaging(next);
  return next;
}

/** Running a search: the trimmed text, page 1, tab results. */
export function withQuery(params: URLSearchParams, query: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const trimmed = query.trim();
  if (trimmed) next.set('query', trimmed);
  else next.delete('query');
  // A new query is read afresh, misspellings corrected again.
  if (trimmed !== (params.get('query') ?? '').trim()) next.delete('spelling');
  resetPaging(next);
  return next;
}

/** 'Search instead for ...': the query exactly as typed, no spelling correction. */
export function withExactSpelling(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('spelling', 'exact');
  resetPaging(next);
  return next;
}

/** 'Clear All': every filter goes; the search text and the sort stay. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of PANEL_FILTER_KEYS) next.delete(key);
  resetPaging(next);
  return next;
}

/** Only accepted within 1..pageCount (docs/rules.md#results); otherwise null (no change). */
export function withPage(params: URLSearchParams, page: number, pageCount: number): URLSearchParams | null {
  if (!Number.isInteger(page) || page < 1 || page > Math.max(1, pageCount)) return null;
  const next = new URLSearchParams(params);
  if (page === 1) next.delete('page');
  else next.set('page', String(page));
  return next;
}

export function withTab(params: URLSearchParams, tab: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (tab === DEFAULT_TAB) next.delete('tab');
  else next.set('tab', tab);
  return next;
}

/** Relevance is best match first: it has no direction (ADR 020). */
export function sortHasDirection(key: SortKey): boolean {
  return key !== 'relevance';
}

/**
 * Clicking the key already in use toggles ascending/descending; another key starts ascending.
 * With no sort in the URL the server sorts by name ascending, so 'name' counts as in use.
 * Relevance never toggles.
 */
export function nextSort(
  current: { key: SortKey | null; direction: SortDirection },
  clicked: SortKey,
): { key: SortKey; direction: SortDirection } {
  const activeKey = current.key ?? DEFAULT_SORT.key;
  if (activeKey === clicked && sortHasDirection(clicked)) {
    return { key: clicked, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { key: clicked, direction: 'asc' };
}

export function withSort(params: URLSearchParams, clicked: SortKey): URLSearchParams {
  const sort = nextSort(readSort(params), clicked);
  const next = new URLSearchParams(params);
  next.set('sortKey', sort.key);
  // A direction means nothing to relevance: none in the URL.
  if (sortHasDirection(sort.key)) next.set('sortDirection', sort.direction);
  else next.delete('sortDirection');
  next.delete('page');
  return next;
}

/**
 * Ticking adds the value; unticking removes it, matched without regard to case
 * (docs/rules.md#filters: a URL may say 'cardiology' while the list says 'Cardiology').
 */
export function toggleListValue(list: readonly string[], value: string, checked: boolean): string[] {
  const lower = value.trim().toLowerCase();
  const without = list.filter((item) => item.trim().toLowerCase() !== lower);
  return checked ? [...without, value.trim()] : without;
}

export function includesCaseInsensitive(list: readonly string[], value: string): boolean {
  const lower = value.trim().toLowerCase();
  return list.some((item) => item.trim().toLowerCase() === lower);
}

function uniqueCaseInsensitive(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const lower = value.toLowerCase();
    if (seen.has(lower)) return false;
    seen.add(lower);
    return true;
  });
}

/** How many filters are set (a multi-value filter counts each value). */
export function countActiveFilters(params: URLSearchParams): number {
  let count = 0;
  for (const key of PANEL_FILTER_KEYS) {
    const raw = params.get(key);
    if (!raw?.trim()) continue;
    count += isListFilterKey(key) ? splitList(raw).length : 1;
  }
  return count;
}

/**
 * Only the filter keys of the URL, as they are written (the filter panel's own state): equal
 * strings for URLs that differ only in query, page, sort or tab, so typing a query does not
 * re-render the panel.
 */
export function filterSearchString(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const key of PANEL_FILTER_KEYS) {
    const raw = params.get(key);
    if (raw !== null) out.set(key, raw);
  }
  return out.toString();
}

export function hasQueryOrFilter(params: URLSearchParams): boolean {
  return readText(params, 'query') !== '' || countActiveFilters(params) > 0;
}

/**
 * What another page sends to the search: { specialty: [...] } from the specialties overview, or
 * { searchParams: {...} } from a saved search (filters and query, flat or under `filters`).
 * Returns the URL to search with (page 1, tab results; sort kept from `current` unless the saved
 * search has one), or null when it carries nothing. The sender links to that URL: the URL is
 * the only place the search page reads its state from (ADR 007).
 */
export function searchParamsFor(sent: unknown, current: URLSearchParams = new URLSearchParams()): URLSearchParams | null {
  if (!sent || typeof sent !== 'object') return null;
  const record = sent as Record<string, unknown>;

  if (Array.isArray(record.specialty) || typeof record.specialty === 'string') {
    const specialties = toStringList(record.specialty);
    if (specialties.length === 0) return null;
    return withFilter(current, 'specialty', specialties);
  }

  const saved = record.searchParams;
  if (!saved || typeof saved !== 'object') return null;
  const flat: Record<string, unknown> = { ...(saved as Record<string, unknown>) };
  const nested = flat.filters;
  if (nested && typeof nested === 'object') Object.assign(flat, nested as Record<string, unknown>);

  // Loading a saved search replaces the filters and query and resets the page to 1.
  const next = new URLSearchParams();
  const sortKey = current.get('sortKey');
  const sortDirection = current.get('sortDirection');
  if (sortKey) next.set('sortKey', sortKey);
  if (sortDirection) next.set('sortDirection', sortDirection);
  for (const [key, value] of Object.entries(flat)) {
    if (key === 'query' || key === 'searchQuery') {
      if (typeof value === 'string' && value.trim()) next.set('query', value.trim());
      continue;
    }
    if (key === 'sortKey' || key === 'sortDirection') {
      if (typeof value === 'string' && value) next.set(key, value);
      continue;
    }
    if (!isFilterKey(key)) continue;
    if (typeof value === 'boolean') {
      next.set(key, String(value));
      continue;
    }
    if (typeof value === 'number') {
      next.set(key, String(value));
      continue;
    }
    const list = toStringList(value);
    if (list.length > 0) next.set(key, isListFilterKey(key) ? list.join(',') : list[0]);
  }
  return next;
}

function toStringList(value: unknown): string[] {
  if (typeof value === 'string') return splitList(value);
  if (Array.isArray(value)) {
    return value
      .filter((item): item is string => typeof item === 'string')
      .map((item) => item.trim())
      .filter(Boolean);
  }
  return [];
}

const FILTER_NAMES: Record<FilterKey, string> = {
  specialty: 'Specialty',
  skills: 'Skill',
  education: 'Education',
  companySize: 'Company size',
  companyRevenue: 'Revenue',
  companyIndustry: 'Industry',
  state: 'State',
  licenseState: 'Licensed in',
  affiliatedWith: 'Affiliated with',
  facilityType: 'Facility type',
  imlcEligibleFor: 'Likely IMLC-eligible for',
  language: 'Language',
  credential: 'Credential',
  location: 'Location',
  title: 'Title',
  organization: 'Company',
  city: 'City',
  medicalSchool: 'Medical school',
  hospitalAffiliation: 'Hospital',
  npi: 'NPI',
  graduationYearMin: 'Graduated from',
  graduationYearMax: 'Graduated by',
  yearsInPracticeMin: 'Min. years in practice',
  yearsInPracticeMax: 'Max. years in practice',
  boardCertified: 'Board certified',
  acceptingNewPatients: 'Accepting new patients',
  telehealth: 'Telehealth',
  gender: 'Gender',
  subSpecialty: 'Sub-specialty',
  secondarySpecialty: 'Secondary specialty',
  source: 'Source',
  near: 'Near',
  radius: 'Radius',
  zip: 'ZIP',
  acceptingMedicaid: 'Accepts Medicaid',
  hasMobile: 'Has mobile phone',
  hasPersonalEmail: 'Has personal email',
  emailVerified: 'Email verified valid',
  mobileValid: 'Mobile verified valid',
  hasLinkedin: 'Has LinkedIn',
  inTraining: 'In training',
  verifiedWithinMonths: 'Verified valid within',
  addedSince: 'Added since',
  movedWithinDays: 'Moved within',
  looking: 'Looking',
};

export type FilterChip = {
  key: PanelFilterKey;
  /** For list filters: the one value this chip removes. */
  value: string | null;
  label: string;
};

/**
 * One removable chip per active filter value, in the sidebar's order. `hospitalNames`: the chosen
 * 'Affiliated with' hospitals' names by CCN (a chip says the name; without one, the number).
 */
export function activeFilterChips(params: URLSearchParams, hospitalNames?: ReadonlyMap<string, string>): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const key of FILTER_KEYS) {
    const raw = params.get(key)?.trim();
    if (!raw) continue;
    const name = FILTER_NAMES[key];
    // 'Within 25 miles of 77030' is one chip (removing it removes both); a stray radius, none.
    if (key === 'radius') continue;
    if (key === 'near') {
      chips.push({ key, value: null, label: `Within ${readRadius(params)} miles of ${raw}` });
      continue;
    }
    if (key === 'verifiedWithinMonths') {
      chips.push({ key, value: null, label: `Verified valid in the last ${raw} months` });
      continue;
    }
    if (key === 'movedWithinDays') {
      chips.push({ key, value: null, label: `Moved in the last ${raw} days` });
      continue;
    }
    if (key === 'looking') {
      const label = lookingLabel(raw);
      if (label) chips.push({ key, value: null, label });
      continue;
    }
    if (isListFilterKey(key)) {
      for (const value of splitList(raw)) {
        const shown = key === 'affiliatedWith' ? (hospitalNames?.get(value.toUpperCase()) ?? `CCN ${value}`) : value;
        chips.push({ key, value, label: `${name}: ${shown}` });
      }
    } else if ((FLAG_FILTER_KEYS as readonly string[]).includes(key)) {
      chips.push({ key, value: null, label: raw === 'false' ? `${name}: No` : name });
    } else if (key === 'gender') {
      chips.push({
        key,
        value: null,
        label: `${name}: ${raw === 'F' ? 'Female' : raw === 'M' ? 'Male' : raw}`,
      });
    } else {
      chips.push({ key, value: null, label: `${name}: ${raw}` });
    }
  }
  if (params.get('notRevealedByTeam')?.trim() === 'true')
    chips.push({ key: 'notRevealedByTeam', value: null, label: 'Not yet revealed by my team' });
  if (params.get('notInAts')?.trim() === 'true') chips.push({ key: 'notInAts', value: null, label: 'Not in my ATS' });
  return chips;
}

/** 'Looking now' / 'Open to offers' (ADR 066): what each value of `looking` keeps; null for another value. */
export function lookingLabel(value: string): string | null {
  if (value === 'now') return 'Looking now';
  if (value === 'open') return 'Looking now or open to offers';
  return null;
}

/** The radius in the URL (miles), or the default (25) the server uses with `near` alone. */
export function readRadius(params: URLSearchParams): string {
  const raw = params.get('radius') ?? '';
  return (RADIUS_OPTIONS as readonly string[]).includes(raw) ? raw : DEFAULT_RADIUS;
}

/** Sets 'Within N miles of' (both keys; an empty place removes both, and a distance sort). */
export function withNear(params: URLSearchParams, near: string, radius: string): URLSearchParams {
  const place = near.trim();
  let next = withFilter(params, 'near', place || null);
  next = withFilter(next, 'radius', place ? radius : null);
  if (!place && next.get('sortKey') === 'distance') {
    next.delete('sortKey');
    next.delete('sortDirection');
  }
  return next;
}

/** Removes what one chip stands for (page 1, tab results). */
export function withoutChip(params: URLSearchParams, chip: FilterChip): URLSearchParams {
  if (chip.key === 'near') return withNear(params, '', '');
  if (chip.value !== null && isListFilterKey(chip.key)) {
    return withFilter(params, chip.key, toggleListValue(readList(params, chip.key), chip.value, false));
  }
  return withFilter(params, chip.key, null);
}
