import type { RateLimitRule } from '../../lib/rate-limit';

const MINUTE = 60_000;

/**
 * The preference centre's emailed link (ADR 066), as the removal form: asking, per IP against
 * sweeping addresses (each known one gets an email) and per address against filling one inbox;
 * using a link, per IP against guessing tokens (hopeless at 256 bits, but each costs a query).
 */
export const OUTREACH_RATE_LIMITS = {
  linkPerIp: { max: 10, windowMs: 60 * MINUTE },
  linkPerEmail: { max: 3, windowMs: 60 * MINUTE },
  openPerIp: { max: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;
