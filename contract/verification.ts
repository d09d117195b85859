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

/** GET /api/verification/summary: what the pages may say about verification (public). */
export const VerificationSummaryResponse = z.object({
  /** Share of the directory's contact values checked in the last 30 days, 0-100 (one decimal). */
  coverage: z.number(),
  /** The re-verification policy (VERIFY_MAX_AGE_DAYS). */
  maxAgeDays: z.number().int(),
  /** True while coverage >= 95 %: only then may the pages say 'verified monthly'. */
  verifiedMonthly: z.boolean(),
});
export type VerificationSummaryResponse = z.infer<typeof VerificationSummaryResponse>;

/** GET /api/admin/verification: the operators' Verification page. */
export const VerificationOverviewResponse = z.object({
  coverage: z.number(),
  values: z.number().int(),
  checkedRecently: z.number().int(),
  maxAgeDays: z.number().int(),
  /** Values by the age of their last check. */
  ageHistogram: z.array(z.object({ label: z.string(), count: z.number().int() })),
  /** Per record source (demo, nppes, dac, resume): values, and how many were found invalid or risky. */
  bySource: z.array(
    z.object({ source: z.string(), values: z.number().int(), invalid: z.number().int(), risky: z.number().int(), invalidRate: z.number() }),
  ),
  byStatus: z.object({ valid: z.number().int(), invalid: z.number().int(), risky: z.number().int(), unknown: z.number().int() }),
  queue: z.object({
    /** Physicians with a value due (never checked, or older than maxAgeDays). */
    due: z.number().int(),
    /** Physicians a report (or 'verify now') put first. */
    requested: z.number().int(),
    /** Physicians claimed by a server process now. */
    claimed: z.number().int(),
    /** Physicians waiting after a provider error. */
    retrying: z.number().int(),
    backoffUntil: z.string().nullable(),
    failures: z.number().int(),
    lastError: z.string().nullable(),
    lastRunAt: z.string().nullable(),
    ratePerMinute: z.number().int(),
    verifier: z.string(),
  }),
});
export type VerificationOverviewResponse = z.infer<typeof VerificationOverviewResponse>;

export const VerifyPhysicianParams = z.object({ id: z.string().regex(/^\d{1,10}$/, 'id must be a physician id') });

/** POST /api/admin/verification/physicians/{id}: 'verify now' for one physician. */
export const VerifyPhysicianResponse = z.object({
  physicianId: z.number().int(),
  results: z.array(
    z.object({
      field: z.enum(['personal_email', 'work_email', 'mobile_phone', 'office_phone']),
      status: VerificationStatus,
      confidence: z.number().int(),
      method: VerificationMethod,
    }),
  ),
});
export type VerifyPhysicianResponse = z.infer<typeof VerifyPhysicianResponse>;
