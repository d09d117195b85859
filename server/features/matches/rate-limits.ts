import type { RateLimitRule } from '../../lib/rate-limit';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/**
 * Uploads (previews and matches) per user: a recruiter tries a file a few times while mapping
 * its columns; 60 an hour stops a script from filling the database with 10,000-row jobs.
 * Resolving rows is a click each: 300 a minute.
 */
export const MATCH_RATE_LIMITS = {
  uploadsPerUser: { max: 60, windowMs: HOUR },
  resolvesPerUser: { max: 300, windowMs: MINUTE },
} satisfies Record<string, RateLimitRule>;
