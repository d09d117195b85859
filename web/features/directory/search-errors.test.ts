import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/lib/api';
import {
  FETCH_ERROR_FALLBACK,
  rateLimitWaitMs,
  rateLimitWaitText,
  SEARCH_ERROR_TOAST,
  searchErrorMessage,
} from './search-errors';

const limited = (retryAfterMs?: number) =>
  new ApiError({ status: 429, code: 'rate_limited', message: 'Too many searches.', retryAfterMs });

describe('a failed search in words', () => {
  it("says the API's message, and the fallback when there is none", () => {
    expect(searchErrorMessage(new ApiError({ status: 400, code: 'bad_request', message: 'Radius needs a place.' }))).toBe(
      'Radius needs a place.',
    );
    expect(searchErrorMessage(new ApiError({ status: 500, code: 'internal', message: '' }))).toBe(FETCH_ERROR_FALLBACK);
    expect(searchErrorMessage(new TypeError('Failed to fetch'))).toBe(FETCH_ERROR_FALLBACK);
    expect(searchErrorMessage(undefined)).toBe(FETCH_ERROR_FALLBACK);
  });

  it('toasts the same words under its title', () => {
    expect(SEARCH_ERROR_TOAST.title).toBe('Error Fetching Data');
    expect(SEARCH_ERROR_TOAST.description(limited(1000))).toBe('Too many searches.');
  });
});

describe('a rate limit waited out (ADR 051)', () => {
  it('waits only on a 429 with its Retry-After, and not once the search has failed', () => {
    expect(rateLimitWaitMs(limited(12_000), false)).toBe(12_000);
    expect(rateLimitWaitMs(limited(12_000), true)).toBeUndefined();
    expect(rateLimitWaitMs(limited(), false)).toBeUndefined();
    expect(rateLimitWaitMs(new ApiError({ status: 503, code: 'service_unavailable', message: 'x' }), false)).toBeUndefined();
    expect(rateLimitWaitMs(null, false)).toBeUndefined();
  });

  it('says the wait in whole seconds, at least one', () => {
    expect(rateLimitWaitText(12_250)).toMatch(/^Searching resumes in 13 seconds: /);
    expect(rateLimitWaitText(200)).toMatch(/^Searching resumes in 1 seconds: /);
    expect(rateLimitWaitText(0)).toMatch(/^Searching resumes in 1 seconds: /);
  });
});
