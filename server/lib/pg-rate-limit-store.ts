import type { Db } from '../db/client';
import { preparedStatement } from '../db/driver';
import {
  hitCost,
  type RateLimitHit,
  type RateLimitResult,
  type RateLimitRule,
  type RateLimitStore,
} from './rate-limit';

// One statement per hit, atomic under concurrency: INSERT ... ON CONFLICT DO UPDATE takes the
// key's row lock, so hits from any number of server processes are counted one after another.
// The window keeps the attempt times still inside it; a hit of cost $5 is allowed when the window
// has room for $5 more, and then records $5 times; a full window records nothing more (a refused
// attempt does not push the wait further out) unless $6 (`always`: a charge for work already
// done), and `allowed` says which case happened. ($5 never exceeds $4: see hitCost.)
// The common case costs no pass over the times (ADR 044): when the times held, expired or not,
// leave room for $5 more, the hit is allowed whatever has expired, and the new times are appended.
// The expired ones are dropped (one pass) only when the oldest has been out of the window for a
// quarter of it, or when the times held leave no room, where the exact count decides. So a key
// holds at most the attempts of 1.25 windows, and every decision is the exact sliding window's.
// The window's times come back only to a refused hit (its wait is read from them), in order.
const PURGE_BATCH = 5000;

const HIT = preparedStatement(
  'rate_limit_hit',
  `
INSERT INTO rate_limit_hits AS r (key, hits, allowed, expires_at)
VALUES ($1, array_fill($2::float8, ARRAY[$5::int]), true, to_timestamp(($2::float8 + $3::float8) / 1000))
ON CONFLICT (key) DO UPDATE SET
  allowed = cardinality(r.hits) + $5::int <= $4::int
    OR (SELECT count(*) FROM unnest(r.hits) AS t(at) WHERE t.at > $2::float8 - $3::float8) + $5::int <= $4::int,
  hits = CASE
    WHEN cardinality(r.hits) + $5::int <= $4::int AND r.hits[1] > $2::float8 - $3::float8 * 1.25
    THEN r.hits || array_fill($2::float8, ARRAY[$5::int])
    WHEN (SELECT count(*) FROM unnest(r.hits) AS t(at) WHERE t.at > $2::float8 - $3::float8) + $5::int <= $4::int
      OR $6::bool
    THEN ARRAY(SELECT t.at FROM unnest(r.hits) AS t(at) WHERE t.at > $2::float8 - $3::float8 ORDER BY t.at)
      || array_fill($2::float8, ARRAY[$5::int])
    ELSE ARRAY(SELECT t.at FROM unnest(r.hits) AS t(at) WHERE t.at > $2::float8 - $3::float8 ORDER BY t.at)
  END,
  expires_at = GREATEST(r.expires_at, to_timestamp(($2::float8 + $3::float8) / 1000))
RETURNING CASE WHEN allowed THEN NULL ELSE hits END AS hits, allowed`,
);

/**
 * Rate-limit windows in the database (the UNLOGGED table rate_limit_hits), on PostgreSQL and on
 * the embedded PGlite alike: a limit reached through one server process holds on every other one
 * on the same database, and a restart does not forget it (a sign-in lock lasts its window). An
 * UNLOGGED table is emptied only by a database crash. Expired keys are deleted by the
 * maintenance pass (`purgeExpired`).
 */
export class PgRateLimitStore implements RateLimitStore {
  constructor(private readonly db: Db) {}

  async hit(
    key: string,
    rule: RateLimitRule,
    now: number,
    weight: RateLimitHit = {},
  ): Promise<RateLimitResult> {
    const cost = hitCost(rule, weight);
    const { rows } = await this.db.sql.query<{ hits: Array<number | string> | null; allowed: boolean }>(HIT, [
      key,
      now,
      rule.windowMs,
      rule.max,
      cost,
      weight.always ?? false,
    ]);
    const [row] = rows;
    if (row.allowed) return { allowed: true };
    if (weight.always) return { allowed: false, retryAfterMs: rule.windowMs };
    // Room for `cost` comes back when enough of the oldest attempts have left the window.
    const hits = row.hits ?? [];
    const leaving = Number(hits[hits.length + cost - rule.max - 1] ?? now);
    return { allowed: false, retryAfterMs: Math.max(1, leaving + rule.windowMs - now) };
  }

  async peek(key: string, rule: RateLimitRule, now: number): Promise<RateLimitResult> {
    const { rows } = await this.db.sql.query<{ n: number; oldest: number | null }>(
      `SELECT count(*)::int AS n, min(t.at) AS oldest
       FROM rate_limit_hits r, unnest(r.hits) AS t(at)
       WHERE r.key = $1 AND t.at > $2::float8`,
      [key, now - rule.windowMs],
    );
    const [row] = rows;
    if (!row || row.n < rule.max) return { allowed: true };
    return { allowed: false, retryAfterMs: Math.max(1, Number(row.oldest) + rule.windowMs - now) };
  }

  async reset(key: string): Promise<void> {
    await this.db.sql.query('DELETE FROM rate_limit_hits WHERE key = $1', [key]);
  }

  /**
   * Deletes keys whose window has passed by `now`; returns how many. In batches whose rows are
   * locked with SKIP LOCKED: a key being hit right now is left for the next run, and two server
   * processes purging at once split the rows instead of waiting on (or deadlocking over) each other.
   */
  async purgeExpired(now = Date.now()): Promise<number> {
    let purged = 0;
    for (;;) {
      const { rowCount } = await this.db.sql.query(
        `DELETE FROM rate_limit_hits WHERE key IN (
           SELECT key FROM rate_limit_hits WHERE expires_at <= to_timestamp($1::float8 / 1000)
           LIMIT $2 FOR UPDATE SKIP LOCKED)`,
        [now, PURGE_BATCH],
      );
      purged += rowCount;
      if (rowCount < PURGE_BATCH) return purged;
    }
  }
}
