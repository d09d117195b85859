import { createRateLimiters, type RateLimiter, type RateLimitRule, type RateLimitStore } from '../../lib/rate-limit';

const MINUTE = 60_000;

/**
 * Attempts allowed per window. Per email: slows guessing one account's password and stops mail
 * bombing one address. Per IP: stops one machine from sweeping many accounts, with room for an
 * office of recruiters behind one address.
 */
export const AUTH_RATE_LIMITS = {
  // Failures from browsers that are not a known device of the account (ADR 028).
  loginPerEmail: { max: 10, windowMs: 15 * MINUTE },
  // Failures from one known device (a valid device cookie for the account): its own allowance.
  loginPerDevice: { max: 10, windowMs: 15 * MINUTE },
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
  // Signed in: per user. Every attempt counts, so a stolen session cannot guess the current password.
  changePasswordPerUser: { max: 10, windowMs: 15 * MINUTE },
  signOutOthersPerUser: { max: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;

export type AuthRateLimits = { [K in keyof typeof AUTH_RATE_LIMITS]: RateLimiter };

/** One limiter per rule over the app's shared store (so each test app starts with empty counts). */
export function createAuthRateLimits(store: RateLimitStore, factor = 1): AuthRateLimits {
  return createRateLimiters('auth', AUTH_RATE_LIMITS, store, factor);
}
