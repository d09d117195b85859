import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { AppError } from './errors';

export type RateLimitRule = {
  /** How many attempts the window allows. */
  max: number;
  /** Length of the sliding window in milliseconds. */
  windowMs: number;
};

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * In-memory sliding-window limiter: each key keeps the times of its attempts inside the window.
 * One process holds the counts (this app runs as one process); a restart forgets them, which is
 * acceptable for abuse throttling. Reusable by any feature: build one limiter per rule.
 */
export class RateLimiter {
  private readonly attempts = new Map<string, number[]>();
  private operations = 0;

  constructor(
    readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records one attempt for `key` if the window has room; otherwise says how long to wait. */
  consume(key: string): RateLimitResult {
    const now = this.now();
    this.sweepSometimes(now);
    const since = now - this.rule.windowMs;
    const times = (this.attempts.get(key) ?? []).filter((t) => t > since);
    if (times.length >= this.rule.max) {
      this.attempts.set(key, times);
      // Room comes back when the oldest attempt in the window leaves it.
      return { allowed: false, retryAfterMs: times[0] + this.rule.windowMs - now };
    }
    times.push(now);
    this.attempts.set(key, times);
    return { allowed: true };
  }

  /** Forgets a key (e.g. after an operator unblocks someone). */
  reset(key: string): void {
    this.attempts.delete(key);
  }

  /** Number of keys held (for tests and monitoring). */
  get size(): number {
    return this.attempts.size;
  }

  // Keys nobody touches again would stay forever; every 1,000 calls drop the expired ones.
  private sweepSometimes(now: number) {
    if (++this.operations % 1000 !== 0) return;
    const since = now - this.rule.windowMs;
    for (const [key, times] of this.attempts) {
      if (!times.some((t) => t > since)) this.attempts.delete(key);
    }
  }
}

export function rateLimitMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`;
}

/** Consumes one attempt on each (limiter, key) pair; throws 429 rate_limited at the first full one. */
export function enforceRateLimits(checks: Array<[RateLimiter, string]>): void {
  for (const [limiter, key] of checks) {
    const result = limiter.consume(key);
    if (!result.allowed) throw new AppError('rate_limited', rateLimitMessage(result.retryAfterMs));
  }
}

/**
 * The caller's IP address for rate limits and audit rows. Behind a reverse proxy (TRUST_PROXY=1)
 * the first address of x-forwarded-for, which the proxy must set; otherwise the socket's peer,
 * because a client can write any x-forwarded-for it likes. In-process test requests have no
 * socket: 'unknown'.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (first) return first;
  }
  const bindings = c.env as { incoming?: IncomingMessage } | undefined;
  return bindings?.incoming?.socket?.remoteAddress ?? 'unknown';
}
