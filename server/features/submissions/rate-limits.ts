import type { RateLimitRule } from '../../lib/rate-limit';

const MINUTE = 60_000;

/**
 * Per IP: a public form anyone can post, so one machine must not fill the review queue or the
 * mailbox of the addresses it types. Per email: stops mail bombing one address with confirmation
 * links. Confirms: per IP against guessing tokens (hopeless at 256 bits, but each costs a query).
 */
export const SUBMISSION_RATE_LIMITS = {
  createPerIp: { max: 10, windowMs: 60 * MINUTE },
  createPerEmail: { max: 5, windowMs: 60 * MINUTE },
  confirmPerIp: { max: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;
