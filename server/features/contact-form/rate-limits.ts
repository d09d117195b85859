import type { RateLimitRule } from '../../lib/rate-limit';

const MINUTE = 60_000;

/** Per IP: each message is mailed to the operators, so one machine must not flood their inbox. */
export const CONTACT_RATE_LIMITS = {
  sendPerIp: { max: 5, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;
