import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { afterNextPaint } from '@web/lib/after-paint';
import { apiFetch } from '@web/lib/api';
import { takeBootAnswer } from '@web/lib/boot-data';
import { FACETS_SETTLE_MS } from '@web/lib/search-params';

const FIVE_MINUTES_MS = 5 * 60 * 1000;

/** The search's viewer before /api/me answers: whoever the session cookie is (search-page.tsx). */
export const SESSION_VIEWER = 'session';

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
function typingOptions() {
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
    queryFn: ({ signal }) =>
      apiFetch(physiciansSearchPath(apiSearch), {
        schema: SearchPhysiciansResponse,
        signal,
        ...typingOptions(),
      }),
    staleTime: 60_000,
  });
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
    // No retry here: a search ahead that meets a limit gives way to the page's own (which waits it out).
    void queryClient.prefetchQuery({ ...searchQueryOptions(apiSearch, viewer), retry: false }).finally(() => {
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

/** The search's results. The previous page stays on screen while the next one loads, so the layout does not jump. */
export function useSearchPhysicians(apiSearch: string, viewer: string, enabled = true) {
  return useQuery({
    ...searchQueryOptions(apiSearch, viewer),
    placeholderData: keepPreviousData,
    enabled,
    // On a cold load the server put this search's answer in the page (ADR 025).
    initialData: () => bootSearch(apiSearch),
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
