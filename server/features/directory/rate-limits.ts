import type { RateLimitRule } from '../../lib/rate-limit';

const MINUTE = 60_000;

/**
 * Directory reads per minute. Generous for a recruiter at work (a search every half second),
 * far below what walking the directory would need. Signed-in callers are counted per user,
 * anonymous ones per IP (sign-up itself is limited per IP, so accounts are not free to mint).
 */
export const DIRECTORY_RATE_LIMITS = {
  searchPerUser: { max: 120, windowMs: MINUTE },
  searchPerIp: { max: 60, windowMs: MINUTE },
  profilePerUser: { max: 120, windowMs: MINUTE },
  profilePerIp: { max: 60, windowMs: MINUTE },
} satisfies Record<string, RateLimitRule>;
