import type { RateLimitRule } from '../../lib/rate-limit';

const MINUTE = 60_000;

/**
 * List writes per user (create, rename, delete, add and remove members). Generous for a
 * recruiter at work (two a second, sustained for a minute), a ceiling for a script hammering
 * the database with 500-id adds.
 */
export const LIST_RATE_LIMITS = {
  writesPerUser: { max: 120, windowMs: MINUTE },
} satisfies Record<string, RateLimitRule>;
