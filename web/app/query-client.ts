import { QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api';

const FIVE_MINUTES_MS = 5 * 60 * 1000;
const MAX_RETRIES = 3;
const FIRST_RETRY_DELAY_MS = 1000;
const MAX_RETRY_DELAY_MS = 30_000;

/** A 429 whose Retry-After is short enough to wait for on the page (the search's is a minute at most). */
function isShortRateLimit(error: unknown): error is ApiError & { retryAfterMs: number } {
  return error instanceof ApiError && error.status === 429 && error.retryAfterMs !== undefined && error.retryAfterMs <= 61_000;
}

/**
 * Retry transient failures, and a rate limit once its Retry-After has passed (the page keeps what
 * it shows meanwhile); any other 4xx will fail the same way again.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isShortRateLimit(error)) return failureCount < MAX_RETRIES;
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

/** 1 s, 2 s, 4 s... capped at 30 s; after a 429, its Retry-After (and a little more). */
export function retryDelay(attemptIndex: number, error?: unknown): number {
  if (isShortRateLimit(error)) return error.retryAfterMs + 250;
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

/**
 * A toast a query declares for its failures (`meta: { errorToast }`): shown once per failed fetch,
 * after the retries, with the error's words. The query says what it means to fail; no component
 * watches its error to toast it.
 */
export type ErrorToast = { title: string; description: (error: unknown) => string };

declare module '@tanstack/react-query' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- TanStack's Register is an interface to merge into
  interface Register {
    queryMeta: { errorToast?: ErrorToast };
  }
}

type ShowError = (title: string, options: { description: string }) => void;

/**
 * The query's declared toast for `error`. Its meta is the options last given to the query: the
 * page's own query (the one the page watches) declares it, a search started ahead of the page
 * does not, so a failure nobody looks at toasts nothing.
 */
function toastFailure(error: unknown, query: Query<unknown, unknown, unknown>, showError: ShowError): void {
  const errorToast = query.meta?.errorToast;
  if (errorToast) showError(errorToast.title, { description: errorToast.description(error) });
}

export function createQueryClient({ showError = toast.error }: { showError?: ShowError } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => toastFailure(error, query, showError) }),
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES_MS,
        gcTime: FIVE_MINUTES_MS,
        retry: shouldRetry,
        retryDelay,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
