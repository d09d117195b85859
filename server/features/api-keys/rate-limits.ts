import type { RateLimitRule } from '../../lib/rate-limit';

const MINUTE = 60_000;

/**
 * Requests per API key, on top of the user's own limits of each call (a key and the browser of the
 * same user share those). One a second sustained: enough for an integration syncing lists or
 * paging a search, a ceiling for a script walking the directory.
 */
export const API_KEY_RATE_LIMITS = {
  requestsPerKey: { max: 60, windowMs: MINUTE },
} satisfies Record<string, RateLimitRule>;
