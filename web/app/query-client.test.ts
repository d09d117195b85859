import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/lib/api';
import { retryDelay, shouldRetry } from './query-client';

const limited = (retryAfterMs?: number) =>
  new ApiError({ status: 429, code: 'rate_limited', message: 'Too many attempts.', retryAfterMs });

describe('retries (ADR 051: a limit met while searching is waited out)', () => {
  it('retries a 429 after its Retry-After, up to three times', () => {
    expect(shouldRetry(0, limited(12_000))).toBe(true);
    expect(shouldRetry(2, limited(12_000))).toBe(true);
    expect(shouldRetry(3, limited(12_000))).toBe(false);
    expect(retryDelay(0, limited(12_000))).toBe(12_250);
  });

  it('does not wait out a long limit or one without Retry-After, nor retry other 4xx', () => {
    expect(shouldRetry(0, limited(15 * 60_000))).toBe(false);
    expect(shouldRetry(0, limited())).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 400, code: 'bad_request', message: 'x' }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 503, code: 'service_unavailable', message: 'x' }))).toBe(true);
    expect(retryDelay(2)).toBe(4000);
  });
});
