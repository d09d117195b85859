import type { VerificationSummaryResponse } from './verification';

/*
 * What the pages say about verification, from GET /api/verification/summary. No zod here: the
 * footer and the landing page use these, and zod stays out of the first script (ADR 021).
 */

/**
 * The honest sentence about verification (ADR 032): 'verified monthly' only while at least 95 %
 * of the values were checked in the last 30 days; otherwise what is true.
 */
export function verificationSentence(summary: VerificationSummaryResponse | undefined): string {
  if (!summary) return 'Contact details re-verified on a schedule.';
  if (summary.verifiedMonthly) return 'Contact details verified monthly.';
  const share = summary.coverage >= 10 ? Math.floor(summary.coverage) : Math.round(summary.coverage * 10) / 10;
  return `Contact details re-verified every ${summary.maxAgeDays} days; ${share} % checked this month.`;
}

/** The landing and about pages' phrases, by the same rule as verificationSentence. */
export function verificationClaim(summary: VerificationSummaryResponse | undefined): { badge: string; clause: string } {
  if (!summary) return { badge: 'Verified contact details', clause: 'Contacts are re-verified on a schedule' };
  if (summary.verifiedMonthly) return { badge: 'Contacts verified every month', clause: 'Contacts are re-verified every month' };
  const share = summary.coverage >= 10 ? Math.floor(summary.coverage) : Math.round(summary.coverage * 10) / 10;
  return {
    badge: `Contacts re-verified every ${summary.maxAgeDays} days`,
    clause: `Contacts are re-verified every ${summary.maxAgeDays} days (${share} % checked this month)`,
  };
}
