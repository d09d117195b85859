import type { RateLimitRule } from '../../lib/rate-limit';

const MINUTE = 60_000;

/**
 * Requests: per IP against sweeping addresses (each known one gets an email), per email against
 * mail bombing one inbox. Confirms: per IP against guessing tokens (hopeless at 256 bits, but a
 * flood of them still costs database work).
 */
export const REMOVAL_RATE_LIMITS = {
  requestPerIp: { max: 10, windowMs: 60 * MINUTE },
  requestPerEmail: { max: 3, windowMs: 60 * MINUTE },
  confirmPerIp: { max: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;
