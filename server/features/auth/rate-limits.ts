import { RateLimiter, type RateLimitRule } from '../../lib/rate-limit';

const MINUTE = 60_000;

/**
 * Attempts allowed per window. Per email: slows guessing one account's password and stops mail
 * bombing one address. Per IP: stops one machine from sweeping many accounts, with room for an
 * office of recruiters behind one address.
 */
export const AUTH_RATE_LIMITS = {
  loginPerEmail: { max: 10, windowMs: 15 * MINUTE },
  loginPerIp: { max: 30, windowMs: 15 * MINUTE },
  signupPerEmail: { max: 5, windowMs: 60 * MINUTE },
  signupPerIp: { max: 10, windowMs: 60 * MINUTE },
  resendPerEmail: { max: 5, windowMs: 60 * MINUTE },
  resendPerIp: { max: 20, windowMs: 60 * MINUTE },
  forgotPerEmail: { max: 5, windowMs: 60 * MINUTE },
  forgotPerIp: { max: 20, windowMs: 60 * MINUTE },
  resetPerEmail: { max: 5, windowMs: 60 * MINUTE },
  resetPerIp: { max: 20, windowMs: 15 * MINUTE },
  verifyPerIp: { max: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;

/** The rules with every allowance multiplied by `factor` (RATE_LIMIT_FACTOR). */
export function scaledRules(factor: number): Record<keyof typeof AUTH_RATE_LIMITS, RateLimitRule> {
  return Object.fromEntries(
    Object.entries(AUTH_RATE_LIMITS).map(([name, rule]) => [name, { ...rule, max: rule.max * factor }]),
  ) as Record<keyof typeof AUTH_RATE_LIMITS, RateLimitRule>;
}

export type AuthRateLimits = { [K in keyof typeof AUTH_RATE_LIMITS]: RateLimiter };

/** One limiter per rule, held by the app's services (so each test app starts with empty counts). */
export function createAuthRateLimits(
  rules: Record<keyof typeof AUTH_RATE_LIMITS, RateLimitRule> = AUTH_RATE_LIMITS,
): AuthRateLimits {
  return Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => [name, new RateLimiter(rule)]),
  ) as AuthRateLimits;
}
