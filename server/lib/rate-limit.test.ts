import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { clientIp, enforceRateLimits, RateLimiter, rateLimitMessage } from './rate-limit';

describe('RateLimiter (sliding window)', () => {
  it('allows max attempts per window, then says how long to wait, and slides', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ max: 3, windowMs: 60_000 }, () => now);
    expect(limiter.consume('a')).toEqual({ allowed: true });
    now += 10_000;
    expect(limiter.consume('a')).toEqual({ allowed: true });
    expect(limiter.consume('a')).toEqual({ allowed: true });
    expect(limiter.consume('a')).toEqual({ allowed: false, retryAfterMs: 50_000 });
    // Other keys are independent.
    expect(limiter.consume('b')).toEqual({ allowed: true });
    // When the first attempt leaves the window, one slot comes back (not all three).
    now += 50_001;
    expect(limiter.consume('a')).toEqual({ allowed: true });
    expect(limiter.consume('a').allowed).toBe(false);
    limiter.reset('a');
    expect(limiter.consume('a')).toEqual({ allowed: true });
  });

  it('forgets keys whose attempts have all expired', () => {
    let now = 0;
    const limiter = new RateLimiter({ max: 1, windowMs: 1000 }, () => now);
    for (let i = 0; i < 999; i++) limiter.consume(`k${i}`);
    expect(limiter.size).toBe(999);
    now += 5000;
    limiter.consume('fresh'); // the 1,000th call sweeps
    expect(limiter.size).toBe(1);
  });

  it('throws 429 rate_limited with a message naming the minutes to wait', () => {
    const limiter = new RateLimiter({ max: 1, windowMs: 15 * 60_000 });
    enforceRateLimits([[limiter, 'x']]);
    let caught: unknown;
    try {
      enforceRateLimits([[limiter, 'x']]);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).status).toBe(429);
    expect((caught as AppError).code).toBe('rate_limited');
    expect((caught as AppError).message).toBe('Too many attempts. Please wait 15 minutes and try again.');
    expect(rateLimitMessage(1)).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(rateLimitMessage(61_000)).toBe('Too many attempts. Please wait 2 minutes and try again.');
  });
});

describe('clientIp', () => {
  const app = (trustProxy: boolean) => new Hono().get('/', (c) => c.text(clientIp(c, trustProxy)));
  const socket = { incoming: { socket: { remoteAddress: '203.0.113.9' } } };
  const forwarded = { headers: { 'x-forwarded-for': '198.51.100.7, 10.0.0.1' } };

  it('uses the first x-forwarded-for hop only behind a trusted proxy', async () => {
    expect(await (await app(true).request('/', forwarded, socket)).text()).toBe('198.51.100.7');
    expect(await (await app(false).request('/', forwarded, socket)).text()).toBe('203.0.113.9');
    expect(await (await app(true).request('/', {}, socket)).text()).toBe('203.0.113.9');
  });

  it("is 'unknown' without a socket (in-process requests)", async () => {
    expect(await (await app(false).request('/')).text()).toBe('unknown');
  });
});
