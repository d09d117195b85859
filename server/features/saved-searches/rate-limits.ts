import type { RateLimitRule } from '../../lib/rate-limit';

const MINUTE = 60_000;

/** Saved-search writes per user (save, delete): as generous as list writes (lists/rate-limits.ts). */
export const SAVED_SEARCH_RATE_LIMITS = {
  writesPerUser: { max: 120, windowMs: MINUTE },
  /** The digest's unsubscribe link (no sign-in): per client address, a guard against guessing. */
  unsubscribesPerAddress: { max: 30, windowMs: MINUTE },
} satisfies Record<string, RateLimitRule>;
