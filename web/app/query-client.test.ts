import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/lib/api';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';

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

describe("a query's declared error toast", () => {
  const failing = () => Promise.reject(new ApiError({ status: 400, code: 'bad_request', message: 'No such page.' }));

  it('shows once per failed fetch, after the retries, with the words the query gives the error', async () => {
    const shown: Array<[string, string]> = [];
    const client = createQueryClient({ showError: (title, { description }) => shown.push([title, description]) });
    const errorToast = { title: 'Error Fetching Data', description: (error: unknown) => `said: ${(error as Error).message}` };
    await expect(client.fetchQuery({ queryKey: ['x'], queryFn: failing, retry: false, meta: { errorToast } })).rejects.toThrow();
    expect(shown).toEqual([['Error Fetching Data', 'said: No such page.']]);
    await expect(client.fetchQuery({ queryKey: ['x'], queryFn: failing, retry: false, meta: { errorToast } })).rejects.toThrow();
    expect(shown).toHaveLength(2);
  });

  it('shows nothing for a query that declares none', async () => {
    const shown: string[] = [];
    const client = createQueryClient({ showError: (title) => shown.push(title) });
    await expect(client.fetchQuery({ queryKey: ['y'], queryFn: failing, retry: false })).rejects.toThrow();
    expect(shown).toEqual([]);
  });
});
