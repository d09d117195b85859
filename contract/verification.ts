import { z } from 'zod';

/*
 * Contact verification (docs/decisions/032-contact-verification.md): what the last check of each
 * email and phone found, shown beside the value wherever it is revealed or exported.
 */

/**
 * valid: the check found it reaches someone (a mailbox or a line of the right kind); risky: it
 * may (a role address, a catch-all domain, a landline in the mobile field); invalid: it cannot
 * (never revealed or exported, and costs no reveal); unknown: not checked yet, or the check got no
 * answer (a DNS or provider timeout never counts as valid).
 */
export const VerificationStatus = z.enum(['valid', 'invalid', 'risky', 'unknown']);
export type VerificationStatus = z.infer<typeof VerificationStatus>;

/** Who made the last check: the built-in offline checks, a provider, or an operator. */
export const VerificationMethod = z.enum(['builtin', 'zerobounce', 'twilio', 'operator']);
export type VerificationMethod = z.infer<typeof VerificationMethod>;

/** The verification of one revealed or exported value. */
export const ContactVerification = z.object({
  status: VerificationStatus,
  /** How likely the value reaches the physician, 0 to 100; null before its first check. */
  confidence: z.number().int().min(0).max(100).nullable(),
  /** When it was last checked (ISO), or null. */
  checkedAt: z.string().nullable(),
  method: VerificationMethod.nullable(),
});
export type ContactVerification = z.infer<typeof ContactVerification>;

/** The share of values checked within this many days is the 'coverage' the copy depends on. */
export const VERIFICATION_COVERAGE_DAYS = 30;
/** Below this coverage the pages do not say 'verified monthly' (ADR 032). */
export const VERIFIED_MONTHLY_MIN_COVERAGE = 95;
