import { isApiError } from '@web/lib/api';

/*
 * What the search page says when its search fails or waits (pure: search-errors.test.ts). The
 * page shows the same words the toast does (query-client.ts shows it, from the query's meta).
 */

export const FETCH_ERROR_FALLBACK = 'An unexpected error occurred while fetching physician data.';

/** The failed search's words: the API's message, or a fallback when there is none (network, bug). */
export function searchErrorMessage(error: unknown): string {
  return (isApiError(error) && error.message) || FETCH_ERROR_FALLBACK;
}

/** The toast a search that failed (after its retries) shows: declared by the page's query (api.ts). */
export const SEARCH_ERROR_TOAST = { title: 'Error Fetching Data', description: searchErrorMessage };

/**
 * A rate limit met while searching, not yet given up on: how long until the search runs again
 * (its Retry-After), or undefined. The results on screen stay meanwhile (ADR 051).
 */
export function rateLimitWaitMs(failureReason: unknown, failed: boolean): number | undefined {
  return isApiError(failureReason) && failureReason.status === 429 && !failed ? failureReason.retryAfterMs : undefined;
}

/** The notice of a search waiting out a rate limit, in whole seconds (at least 1). */
export function rateLimitWaitText(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return `Searching resumes in ${seconds} seconds: many searches ran in a short time. These results stay, and your search runs again by itself.`;
}
