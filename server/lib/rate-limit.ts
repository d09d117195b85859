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
 * A weighted attempt (default: one attempt, only if the window has room). `cost` counts as that
 * many attempts (at most the rule's max); `always` records it even in a full window, as a debt
 * the next attempts wait out (work already done, charged after the fact).
 */
export type RateLimitHit = { cost?: number; always?: boolean };

/**
 * Where attempts are counted. Every limiter of the app shares one store (built in services.ts),
 * so a store that lives in the database makes every limit hold across server processes.
 */
export type RateLimitStore = {
  /** Records one attempt (or `cost`) for `key` if the window has room; otherwise says how long to wait. */
  hit(key: string, rule: RateLimitRule, now: number, weight?: RateLimitHit): Promise<RateLimitResult>;
  /** Whether `key`'s window is full now, without recording anything (e.g. a lockout check). */
  peek(key: string, rule: RateLimitRule, now: number): Promise<RateLimitResult>;
  /** Forgets a key (e.g. a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
  /** Forgets every key whose window has passed by `now`; returns how many (the maintenance job). */
  purgeExpired(now?: number): Promise<number>;
};

/**
 * In-memory sliding-window store: each key keeps the times of its attempts inside the window,
 * and when its last attempt leaves the window (keys of different rules have different windows).
 * For unit tests and a limiter built without a store; the app's limits live in the database
 * (PgRateLimitStore, on both engines), since a restart here forgets every count.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly attempts = new Map<string, { times: number[]; expiresAt: number }>();
  private operations = 0;

  async hit(
    key: string,
    rule: RateLimitRule,
    now: number,
    weight: RateLimitHit = {},
  ): Promise<RateLimitResult> {
    if (++this.operations % 1000 === 0) await this.purgeExpired(now);
    const cost = hitCost(rule, weight);
    const since = now - rule.windowMs;
    const entry = this.attempts.get(key);
    const times = (entry?.times ?? []).filter((t) => t > since);
    const expiresAt = Math.max(entry?.expiresAt ?? 0, now + rule.windowMs);
    const allowed = times.length + cost <= rule.max;
    if (!allowed && !weight.always) {
      this.attempts.set(key, { times, expiresAt: entry?.expiresAt ?? expiresAt });
      // Room comes back when enough of the oldest attempts have left the window.
      return {
        allowed: false,
        retryAfterMs: times[times.length + cost - rule.max - 1] + rule.windowMs - now,
      };
    }
    for (let i = 0; i < cost; i++) times.push(now);
    this.attempts.set(key, { times, expiresAt });
    return allowed ? { allowed: true } : { allowed: false, retryAfterMs: rule.windowMs };
  }

  async peek(key: string, rule: RateLimitRule, now: number): Promise<RateLimitResult> {
    const times = (this.attempts.get(key)?.times ?? []).filter((t) => t > now - rule.windowMs);
    if (times.length < rule.max) return { allowed: true };
    return { allowed: false, retryAfterMs: times[0] + rule.windowMs - now };
  }

  async reset(key: string): Promise<void> {
    this.attempts.delete(key);
  }

  /**
   * Drops keys whose last attempt has left its window. Also run every 1,000 hits, so keys nobody
   * touches again do not pile up between two runs of the maintenance job.
   */
  async purgeExpired(now = Date.now()): Promise<number> {
    let purged = 0;
    for (const [key, entry] of this.attempts) {
      if (entry.expiresAt <= now) {
        this.attempts.delete(key);
        purged++;
      }
    }
    return purged;
  }

  /** Number of keys held (for tests and monitoring). */
  get size(): number {
    return this.attempts.size;
  }
}

/** The attempts a hit counts for: a whole number from 1 to the rule's max. */
export function hitCost(rule: RateLimitRule, weight: RateLimitHit): number {
  return Math.max(1, Math.min(rule.max, Math.ceil(weight.cost ?? 1)));
}

/** One named rule over a shared store: keys are namespaced by the rule's name. */
export class RateLimiter {
  constructor(
    readonly name: string,
    readonly rule: RateLimitRule,
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
    private readonly now: () => number = Date.now,
  ) {}

  /** Uses one attempt, or `cost` attempts at once (a costlier request), if the window has room. */
  consume(key: string, cost = 1): Promise<RateLimitResult> {
    return this.store.hit(`${this.name}:${key}`, this.rule, this.now(), { cost });
  }

  /** Records `cost` attempts whatever the room: work already done, which later attempts wait out. */
  async charge(key: string, cost: number): Promise<void> {
    if (cost >= 1) await this.store.hit(`${this.name}:${key}`, this.rule, this.now(), { cost, always: true });
  }

  /** Whether the window is full, without using an attempt. */
  peek(key: string): Promise<RateLimitResult> {
    return this.store.peek(`${this.name}:${key}`, this.rule, this.now());
  }

  reset(key: string): Promise<void> {
    return this.store.reset(`${this.name}:${key}`);
  }
}

/**
 * One limiter per rule of a feature's table, over the app's store, every allowance multiplied by
 * `factor` (RATE_LIMIT_FACTOR). Features call this from services.ts with their own rule table.
 */
export function createRateLimiters<T extends Record<string, RateLimitRule>>(
  prefix: string,
  rules: T,
  store: RateLimitStore,
  factor = 1,
): { [K in keyof T]: RateLimiter } {
  return Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => [
      name,
      new RateLimiter(`${prefix}.${name}`, { ...rule, max: rule.max * factor }, store),
    ]),
  ) as { [K in keyof T]: RateLimiter };
}

export function rateLimitMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`;
}

/** The 429 of a full window: the message names the wait, and Retry-After carries it in seconds. */
export function rateLimitedError(retryAfterMs: number): AppError {
  return new AppError('rate_limited', rateLimitMessage(retryAfterMs), {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
}

/** Consumes one attempt on each (limiter, key) pair; throws 429 rate_limited at the first full one. */
export async function enforceRateLimits(checks: Array<[RateLimiter, string]>): Promise<void> {
  for (const [limiter, key] of checks) {
    const result = await limiter.consume(key);
    if (!result.allowed) throw rateLimitedError(result.retryAfterMs);
  }
}

/**
 * The caller's IP address for rate limits and audit rows. Behind `trustProxy` reverse proxies
 * (TRUST_PROXY=N) each proxy appends the address it received the request from to
 * x-forwarded-for, so the client is the N-th address from the right; anything to the left of it
 * was written by the client and proves nothing. Without proxies, the socket's peer. In-process
 * test requests have no socket: 'unknown'.
 */
export function clientIp(c: Context, trustProxy: number): string {
  if (trustProxy > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    // Fewer hops than proxies: the header is short (a proxy did not append), take the leftmost.
    const hop = hops[Math.max(0, hops.length - trustProxy)];
    if (hop) return hop;
  }
  return socketAddress(c) ?? 'unknown';
}

/** The TCP peer of the request, or undefined for in-process requests. */
export function socketAddress(c: Context): string | undefined {
  const bindings = c.env as { incoming?: IncomingMessage } | undefined;
  return bindings?.incoming?.socket?.remoteAddress ?? undefined;
}

/**
 * Whether the caller is on this machine: the socket peer is loopback, and behind trusted proxies
 * (which all connect from somewhere) the forwarded client address is loopback too. For the tools
 * that must never answer the network (the development mailbox, /metrics without a token, backups).
 */
export function isFromThisMachine(c: Context, trustProxy: number): boolean {
  if (!isLoopback(socketAddress(c))) return false;
  return trustProxy === 0 || isLoopback(clientIp(c, trustProxy));
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
