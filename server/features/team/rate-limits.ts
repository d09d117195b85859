import type { RateLimitRule } from '../../lib/rate-limit';

const HOUR = 60 * 60_000;

/** Invitations send email: enough to staff a team in an afternoon, too few to mail strangers in bulk. */
export const TEAM_RATE_LIMITS = {
  invitationsPerUser: { max: 50, windowMs: HOUR },
  /** Accepting guesses a token: a few tries is a person, more is a script. */
  acceptsPerUser: { max: 20, windowMs: HOUR },
  changesPerUser: { max: 200, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;
