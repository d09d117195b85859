import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MeResponse } from '@contract/account';
import {
  FacetsResponse,
  PhysicianProfile,
  SEARCH_TYPING_HEADER,
  SearchPhysiciansResponse,
  SelectAllPhysiciansResponse,
  SpecialtyCountsResponse,
  type SpecialtyCount,
} from '@contract/directory';
import { physiciansSearchPath } from '@contract/search-url';
import { shouldRetry } from '@web/app/query-client';
import { settledMe } from '@web/app/session';
import { afterNextPaint } from '@web/lib/after-paint';
import { apiFetch } from '@web/lib/api';
import { takeBootAnswer } from '@web/lib/boot-data';
import { apiSearchString, FACETS_SETTLE_MS, readPage, withPage } from '@web/lib/search-params';
import { SEARCH_ERROR_TOAST } from './search-errors';

const FIVE_MINUTES_MS = 5 * 60 * 1000;

/**
 * The search's viewer before /api/me answers: whoever the session cookie is. A cold load sends
 * its search with /api/me, not after it (use-arriving-search.ts); the answer is kept under this
 * key and handed to the viewer's own key once /api/me is in (searchAnswer).
 */
export const SESSION_VIEWER = 'session';

/** Whom a search's rows are for (part of its key): free and paid callers get different rows. */
export function searchViewerOf(me: Pick<MeResponse, 'user' | 'subscription'>): string {
  return `${me.user?.id ?? 'anonymous'}:${me.subscription.tier}:${me.user?.role === 'admin' ? 'admin' : 'user'}`;
}

export const directoryKeys = {
  all: ['directory'] as const,
  search: (apiSearch: string, viewer: string) => ['directory', 'search', viewer, apiSearch] as const,
  physician: (id: number, viewer: string) => ['directory', 'physician', viewer, id] as const,
  specialties: ['directory', 'specialties'] as const,
  facets: (apiSearch: string) => ['directory', 'facets', apiSearch] as const,
};

/**
 * The typing token of the newest search or facets answer (ADR 051), sent back with the next one:
 * the server then counts the keys of one typed query as typing, not each as a new search. One for
 * the page's life; answers that land out of order only make a later call pay as a search.
 */
let typingToken: string | undefined;

/** The search and facets calls' headers, and where their answers' typing token goes. */
export function typingOptions() {
  return {
    headers: typingToken ? { [SEARCH_TYPING_HEADER]: typingToken } : undefined,
    onHeaders: (headers: Headers) => {
      typingToken = headers.get(SEARCH_TYPING_HEADER) ?? typingToken;
    },
  };
}

/**
 * GET /api/physicians with the page's own query string (apiSearchString). `viewer` (user id
 * and tier) is part of the key: free and paid callers get different rows for the same search.
 * Shared by the page's query and the prefetch that starts a search before the page re-renders.
 */
export function searchQueryOptions(apiSearch: string, viewer: string) {
  return queryOptions({
    queryKey: directoryKeys.search(apiSearch, viewer),
    queryFn: ({ client, signal }) => searchAnswer(client, apiSearch, viewer, signal),
    staleTime: 60_000,
  });
}

/**
 * The answer of one search, also kept under the other keys it answers, so the page finds it
 * there when it gets to them instead of asking again (in the query, not in an effect that copies
 * cache entries after a render):
 * - a page past the last comes back as the last page (page 1 for free callers): the same answer
 *   is the corrected page's (the page's URL then follows, use-directory-search.ts);
 * - a search sent before /api/me answered (SESSION_VIEWER) waits for it, then is the viewer's: the
 *   server answered for this same cookie. The first results then paint after the slower of the
 *   two calls, not their sum. Its answer may already be in the page (ADR 025).
 */
async function searchAnswer(client: QueryClient, apiSearch: string, viewer: string, signal: AbortSignal) {
  const embedded = viewer === SESSION_VIEWER ? bootSearch(apiSearch) : undefined;
  const answer =
    embedded ??
    (await apiFetch(physiciansSearchPath(apiSearch), { schema: SearchPhysiciansResponse, signal, ...typingOptions() }));
  const viewers = viewer === SESSION_VIEWER ? [viewer, searchViewerOf(await settledMe(client, signal))] : [viewer];
  const searches = [apiSearch, correctedSearch(apiSearch, answer.page)].filter((search) => search !== null);
  for (const search of searches) {
    for (const each of viewers) {
      if (search !== apiSearch || each !== viewer) client.setQueryData(directoryKeys.search(search, each), answer);
    }
  }
  return answer;
}

/** The search of the page the server answered with, when it is not the page asked for; else null. */
function correctedSearch(apiSearch: string, answeredPage: number): string | null {
  const params = new URLSearchParams(apiSearch);
  if (answeredPage === readPage(params)) return null;
  const corrected = withPage(params, answeredPage, answeredPage);
  return corrected ? apiSearchString(corrected) : null;
}

/**
 * Starts searches ahead of the page while the user types (ADR 026): at most one request at a
 * time; a text typed while one runs waits for it, and only the newest such text goes next. So a
 * fast typist costs about one request per answer, not one per key, and the search of the text
 * the user stops at is usually answered before the page asks for it (same key: no second
 * request).
 */
export function useSearchAhead(): (apiSearch: string, viewer: string) => void {
  const queryClient = useQueryClient();
  const state = useRef<{ running: boolean; next: [string, string] | null }>({ running: false, next: null });
  const start = useRef((apiSearch: string, viewer: string) => {
    state.current.running = true;
    // No retry of its own: a search ahead that meets a limit gives way to the page's own (which
    // waits it out). Unless the page already watches this very request (the text it typed last):
    // then it is the page's search, and waits like it rather than fail in its place (ADR 051).
    const options = searchQueryOptions(apiSearch, viewer);
    const watched = () => (queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true })?.getObserversCount() ?? 0) > 0;
    const retry = (failureCount: number, error: unknown) => watched() && shouldRetry(failureCount, error);
    void queryClient.prefetchQuery({ ...options, retry }).finally(() => {
      state.current.running = false;
      const next = state.current.next;
      state.current.next = null;
      if (next) start.current(...next);
    });
  });
  return useRef((apiSearch: string, viewer: string) => {
    if (state.current.running) state.current.next = [apiSearch, viewer];
    else start.current(apiSearch, viewer);
  }).current;
}

/**
 * The page's search: the previous page stays on screen while the next one loads, so the layout
 * does not jump; a failure (after the retries) toasts (query-client.ts reads the meta). Searches
 * started ahead of the page declare no toast: a failure nobody looks at says nothing.
 */
export function useSearchPhysicians(apiSearch: string, viewer: string) {
  return useQuery({
    ...searchQueryOptions(apiSearch, viewer),
    placeholderData: keepPreviousData,
    meta: { errorToast: SEARCH_ERROR_TOAST },
    // On a cold load the server put this search's answer in the page (ADR 025). A search for the
    // session (before /api/me answered) takes it in its query function, which hands it on.
    initialData: viewer === SESSION_VIEWER ? undefined : () => bootSearch(apiSearch),
  });
}

function bootSearch(apiSearch: string): SearchPhysiciansResponse | undefined {
  const embedded = takeBootAnswer(physiciansSearchPath(apiSearch));
  if (embedded === undefined) return undefined;
  const parsed = SearchPhysiciansResponse.safeParse(embedded);
  return parsed.success ? parsed.data : undefined;
}

export function usePhysician(id: number | null, viewer: string) {
  return useQuery({
    queryKey: directoryKeys.physician(id ?? 0, viewer),
    queryFn: ({ signal }) => apiFetch(`/api/physicians/${id}`, { schema: PhysicianProfile, signal }),
    enabled: id !== null,
  });
}

/**
 * Specialty counts: cached for 5 minutes without refetch on window focus (docs/rules.md#specialties).
 * The filter list and the specialties overview share this cache entry.
 */
export function useSpecialtyCounts() {
  return useQuery({
    queryKey: directoryKeys.specialties,
    queryFn: ({ signal }) => apiFetch('/api/specialties', { schema: SpecialtyCountsResponse, signal }),
    select: (data): SpecialtyCount[] => data.specialties,
    staleTime: FIVE_MINUTES_MS,
    gcTime: FIVE_MINUTES_MS,
    refetchOnWindowFocus: false,
  });
}

/** The search string without its query, page and sort: what the filter counts depend on besides the text. */
function filtersOf(apiSearch: string): string {
  const params = new URLSearchParams(apiSearch);
  for (const key of ['query', 'page', 'sortKey', 'sortDirection']) params.delete(key);
  return params.toString();
}

/**
 * The search the filter counts are asked for: `apiSearch` at once when a filter changed, and
 * after FACETS_SETTLE_MS of rest when only the typed text did (ADR 051).
 */
export function useSettledFacetsSearch(apiSearch: string): string {
  const [settled, setSettled] = useState(apiSearch);
  const current = filtersOf(settled) === filtersOf(apiSearch) ? settled : apiSearch;
  useEffect(() => {
    if (current === apiSearch) {
      if (settled !== apiSearch) setSettled(apiSearch);
      return;
    }
    const timer = setTimeout(() => setSettled(apiSearch), FACETS_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [apiSearch, current, settled]);
  return current;
}

/**
 * The options behind each filter with counts for the current search (the page's API query
 * string; page and sort do not change them). The previous counts stay while the next load.
 * `enabled` lets the page ask for them once its results are in: the counts never hold up the
 * results (one server thread answers both).
 */
export function useDirectoryFacets(apiSearch: string, enabled = true) {
  const params = new URLSearchParams(apiSearch);
  for (const key of ['page', 'sortKey', 'sortDirection']) params.delete(key);
  const search = params.toString();
  return useQuery({
    queryKey: directoryKeys.facets(search),
    // The counts follow the results: asked for once the frame with the new results is drawn,
    // so neither the request nor reading its answer holds that frame back.
    queryFn: async ({ signal }) => {
      await afterNextPaint();
      return apiFetch(`/api/directory/facets${search ? `?${search}` : ''}`, { schema: FacetsResponse, signal, ...typingOptions() });
    },
    placeholderData: keepPreviousData,
    staleTime: FIVE_MINUTES_MS,
    gcTime: FIVE_MINUTES_MS,
    refetchOnWindowFocus: false,
    enabled,
  });
}

/** GET /api/physicians/select-all with the search page's own query string. */
export function fetchSelectAll(apiSearch: string) {
  return apiFetch(`/api/physicians/select-all${apiSearch ? `?${apiSearch}` : ''}`, {
    schema: SelectAllPhysiciansResponse,
  });
}
