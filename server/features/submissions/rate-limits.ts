import type { RateLimitRule } from '../../lib/rate-limit';

const MINUTE = 60_000;

/**
 * Per IP: a public form anyone can post, so one machine must not fill the review queue or the
 * mailbox of the addresses it types. Per email: stops mail bombing one address with receipts.
 */
export const SUBMISSION_RATE_LIMITS = {
  createPerIp: { max: 10, windowMs: 60 * MINUTE },
  createPerEmail: { max: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;
