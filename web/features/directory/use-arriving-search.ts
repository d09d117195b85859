import { useIsFetching, type UseQueryResult } from '@tanstack/react-query';
import type { SearchPhysiciansResponse } from '@contract/directory';
import { useMe } from '@web/app/session';
import { directoryKeys, SESSION_VIEWER, searchViewerOf } from './api';
import { rateLimitWaitMs, searchErrorMessage } from './search-errors';

/*
 * What the search page shows while a search arrives: its key on a cold start, and whether the
 * results on screen are a first load, the previous ones kept, or this search's. All derived from
 * the query and /api/me as they are now: no state copied from one render to the next.
 */

/**
 * The viewer a search is asked for (part of its key, api.ts). A cold load sends its search with
 * /api/me, not after it: under SESSION_VIEWER while /api/me is out, and still while that search
 * is in flight once /api/me is in (its query function then hands the answer to the viewer's key,
 * which the page takes next without asking again). Later searches are the viewer's own.
 */
export function useSearchViewer(apiSearch: string): string {
  const me = useMe();
  const sessionSearchInFlight =
    useIsFetching({ queryKey: directoryKeys.search(apiSearch, SESSION_VIEWER), exact: true }) > 0;
  return me.isLoading || sessionSearchInFlight ? SESSION_VIEWER : searchViewerOf(me);
}

export type ArrivingSearch = {
  /** The answer on screen: this search's, or the previous one's while this one runs. */
  data: SearchPhysiciansResponse | undefined;
  /** Nothing to show yet (skeletons): no answer, or /api/me not in (the tier of the rows is unknown). */
  firstLoad: boolean;
  /** The previous results stay on screen while the next search runs (no flash, no jump). */
  refreshing: boolean;
  /** The failed search's words (after the retries), or null. */
  errorMessage: string | null;
  /** A rate limit met while searching: how long until the search runs again by itself (ADR 051). */
  waitingMs: number | undefined;
};

/**
 * Only the first load shows skeletons. After it, the previous results stay on screen while the
 * next search runs (typing, a filter, a page). An answer for an older search never replaces a
 * newer one: each search is its own query key, the page watches only the current one, and
 * TanStack aborts the request of a key nobody watches any more.
 */
export function useArrivingSearch(search: UseQueryResult<SearchPhysiciansResponse>): ArrivingSearch {
  const me = useMe();
  const data = search.data;
  const firstLoad = me.isLoading || search.isPending || (!data && search.isFetching);
  return {
    data,
    firstLoad,
    refreshing: !firstLoad && (search.isPlaceholderData || search.isFetching),
    errorMessage: search.isError ? searchErrorMessage(search.error) : null,
    waitingMs: rateLimitWaitMs(search.failureReason, search.isError),
  };
}
