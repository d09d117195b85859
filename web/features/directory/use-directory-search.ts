import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useLatestCallback } from '@web/lib/use-latest-callback';
import {
  apiSearchString,
  readPage,
  readSort,
  readTab,
  readText,
  withoutFilters,
  withPage,
  withQuery,
} from '@web/lib/search-params';
import { searchQueryOptions, useSearchAhead, useSearchPhysicians } from './api';
import type { UpdateSearch } from './filter-panel';
import { useSearchViewer } from './use-arriving-search';

/*
 * The search page's search: the URL's parameters (the only place its state lives, ADR 007) made
 * into the API's search, the query for it, and the changes the page makes to them (filters,
 * query, tab, sort, page). What to show while an answer arrives is use-arriving-search.ts's.
 */
export function useDirectorySearch() {
  const [params, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const apiSearch = apiSearchString(params);
  const viewer = useSearchViewer(apiSearch);
  const search = useSearchPhysicians(apiSearch, viewer);

  // Filters live in the URL, updated in place: no history entry per change. The search for the
  // new URL starts here, before React re-renders the page (a router update renders as a
  // transition, in slices): the request and the render overlap instead of following each other.
  // One function for the page's life (the router's setSearchParams changes with every URL): the
  // memoised filter panel, which takes it, is not drawn again for a new query.
  const update: UpdateSearch = useLatestCallback((change, now) => {
    void queryClient.prefetchQuery(searchQueryOptions(apiSearchString(change(params)), viewer));
    setSearchParams((previous) => change(previous), { replace: true, flushSync: now });
  });

  // Each keystroke starts its search ahead of the URL (ADR 026); the URL follows once typing rests.
  const searchAhead = useSearchAhead();
  const onType = useLatestCallback((text: string) => searchAhead(apiSearchString(withQuery(params, text)), viewer));
  // A new query, as the box sends it (also 'Search for ... instead', ADR 052).
  const searchFor = useCallback((text: string) => update((previous) => withQuery(previous, text), true), [update]);
  const clearAll = useCallback(() => update((previous) => withoutFilters(previous)), [update]);

  /** Page `page` of `pageCount`: false when there is no such page (nothing changes). */
  const goToPage = (page: number, pageCount: number): boolean => {
    const next = withPage(params, page, pageCount);
    if (!next) return false;
    setSearchParams(next, { replace: true, preventScrollReset: true });
    return true;
  };

  useUrlFollowsAnsweredPage(search, params, setSearchParams);

  return {
    params,
    apiSearch,
    query: readText(params, 'query'),
    sort: readSort(params),
    tab: readTab(params),
    search,
    update,
    onType,
    searchFor,
    clearAll,
    goToPage,
  };
}

/**
 * A page past the last comes back as the last page (page 1 for free callers): the address bar
 * follows, once that answer is the one on screen. Its answer is already kept under the corrected
 * search (api.ts), so the new URL asks for nothing. The one effect of the search, and no copy of
 * state: the address bar (the browser's history) is outside React, and can only be told after
 * the answer is in.
 */
function useUrlFollowsAnsweredPage(
  search: ReturnType<typeof useSearchPhysicians>,
  params: URLSearchParams,
  setSearchParams: ReturnType<typeof useSearchParams>[1],
) {
  const answeredPage = search.data && !search.isPlaceholderData && !search.isFetching ? search.data.page : null;
  const corrected =
    answeredPage !== null && answeredPage !== readPage(params) ? withPage(params, answeredPage, answeredPage) : null;
  const correctedSearch = corrected?.toString() ?? null;
  useEffect(() => {
    if (correctedSearch !== null) {
      setSearchParams(new URLSearchParams(correctedSearch), { replace: true, preventScrollReset: true });
    }
  }, [correctedSearch, setSearchParams]);
}
