import type { RateLimitRule } from '../../lib/rate-limit';

const MINUTE = 60_000;

/** Per user: enough for a hesitant buyer, too few to script card testing through the demo checkout. */
export const BILLING_RATE_LIMITS = {
  checkoutPerUser: { max: 20, windowMs: 15 * MINUTE },
  portalPerUser: { max: 30, windowMs: 15 * MINUTE },
  demoPayPerUser: { max: 10, windowMs: 15 * MINUTE },
  refundPerUser: { max: 5, windowMs: 60 * MINUTE },
  /** Each change of seats may invoice a proration: a few a day is a team growing, more is a script. */
  seatsPerUser: { max: 20, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;
