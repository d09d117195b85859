import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import {
  clientIp,
  createRateLimiters,
  enforceRateLimits,
  MemoryRateLimitStore,
  RateLimiter,
  rateLimitMessage,
} from './rate-limit';

describe('RateLimiter (sliding window, memory store)', () => {
  it('allows max attempts per window, then says how long to wait, and slides', async () => {
    let now = 1_000_000;
    const limiter = new RateLimiter('t', { max: 3, windowMs: 60_000 }, new MemoryRateLimitStore(), () => now);
    expect(await limiter.consume('a')).toEqual({ allowed: true });
    now += 10_000;
    expect(await limiter.consume('a')).toEqual({ allowed: true });
    expect(await limiter.consume('a')).toEqual({ allowed: true });
    expect(await limiter.consume('a')).toEqual({ allowed: false, retryAfterMs: 50_000 });
    // Other keys are independent.
    expect(await limiter.consume('b')).toEqual({ allowed: true });
    // When the first attempt leaves the window, one slot comes back (not all three).
    now += 50_001;
    expect(await limiter.consume('a')).toEqual({ allowed: true });
    expect((await limiter.consume('a')).allowed).toBe(false);
    await limiter.reset('a');
    expect(await limiter.consume('a')).toEqual({ allowed: true });
  });

  it('keeps limiters of different names apart in one store, and scales by the factor', async () => {
    const store = new MemoryRateLimitStore();
    const limiters = createRateLimiters(
      'f',
      { one: { max: 1, windowMs: 1000 }, two: { max: 1, windowMs: 1000 } },
      store,
      2,
    );
    expect(limiters.one.rule.max).toBe(2);
    expect((await limiters.one.consume('k')).allowed).toBe(true);
    expect((await limiters.one.consume('k')).allowed).toBe(true);
    expect((await limiters.one.consume('k')).allowed).toBe(false);
    expect((await limiters.two.consume('k')).allowed).toBe(true);
  });

  it('forgets keys whose attempts have all expired', async () => {
    let now = 0;
    const store = new MemoryRateLimitStore();
    const limiter = new RateLimiter('t', { max: 1, windowMs: 1000 }, store, () => now);
    for (let i = 0; i < 999; i++) await limiter.consume(`k${i}`);
    expect(store.size).toBe(999);
    now += 5000;
    await limiter.consume('fresh'); // the 1,000th call sweeps
    expect(store.size).toBe(1);
  });

  it('keeps each key until its own window passes, whatever rule triggers the sweep', async () => {
    let now = 0;
    const store = new MemoryRateLimitStore();
    const hourly = new RateLimiter('hourly', { max: 1, windowMs: 3_600_000 }, store, () => now);
    const brief = new RateLimiter('brief', { max: 1, windowMs: 1000 }, store, () => now);
    expect(await hourly.consume('k')).toEqual({ allowed: true });
    for (let i = 0; i < 998; i++) await brief.consume(`b${i}`);
    now += 5000;
    await brief.consume('fresh'); // the 1,000th call sweeps with a 1-second rule
    expect(store.size).toBe(2); // the hourly key and 'fresh'
    expect((await hourly.consume('k')).allowed).toBe(false);

    // The maintenance job's purge: exact counts, live keys kept.
    now += 2000;
    expect(await store.purgeExpired(now)).toBe(1); // 'fresh'
    expect(await store.purgeExpired(now)).toBe(0);
    expect(await store.purgeExpired(3_600_001)).toBe(1); // the hourly key, at the end of its window
    expect(store.size).toBe(0);
  });

  it('throws 429 rate_limited with a message naming the minutes to wait', async () => {
    const limiter = new RateLimiter('t', { max: 1, windowMs: 15 * 60_000 });
    await enforceRateLimits([[limiter, 'x']]);
    const caught = await enforceRateLimits([[limiter, 'x']]).catch((error: unknown) => error);
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).status).toBe(429);
    expect((caught as AppError).code).toBe('rate_limited');
    expect((caught as AppError).message).toBe('Too many attempts. Please wait 15 minutes and try again.');
    expect(rateLimitMessage(1)).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(rateLimitMessage(61_000)).toBe('Too many attempts. Please wait 2 minutes and try again.');
  });
});

describe('clientIp', () => {
  const app = (trustProxy: number) => new Hono().get('/', (c) => c.text(clientIp(c, trustProxy)));
  const socket = { incoming: { socket: { remoteAddress: '203.0.113.9' } } };
  // The client wrote 198.51.100.7 itself; the one proxy in front appended 10.0.0.1 (what it saw).
  const forwarded = { headers: { 'x-forwarded-for': '198.51.100.7, 10.0.0.1' } };

  it('takes the hop the trusted proxies added (TRUST_PROXY=1: the last), never what the client wrote', async () => {
    expect(await (await app(1).request('/', forwarded, socket)).text()).toBe('10.0.0.1');
    expect(await (await app(2).request('/', forwarded, socket)).text()).toBe('198.51.100.7');
    expect(await (await app(0).request('/', forwarded, socket)).text()).toBe('203.0.113.9');
    expect(await (await app(1).request('/', {}, socket)).text()).toBe('203.0.113.9');
    // More proxies configured than hops present: the leftmost there is.
    expect(await (await app(3).request('/', forwarded, socket)).text()).toBe('198.51.100.7');
  });

  it("is 'unknown' without a socket (in-process requests)", async () => {
    expect(await (await app(0).request('/')).text()).toBe('unknown');
  });
});
