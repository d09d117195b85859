import type { Submission, UserSummary } from '@contract/admin';
import type { Specialty } from '@contract/directory-options';
import { formatDate, formatNumber } from '@web/lib/utils';

/** The user_summary display defaults (docs/rules.md#admin). */
export function userRowDisplay(user: UserSummary) {
  const status = user.subscriptionStatus ?? 'free';
  return {
    signupDate: formatDate(user.signupDate, 'N/A'),
    lastSignIn: formatDate(user.lastSignInAt, 'Never'),
    status,
    plan: user.subscriptionPlan ?? 'Free',
    exports: user.totalExports ?? 0,
  };
}

export type SubscriptionBadge = { label: string; tone: 'active' | 'trial' | 'free' };

/** Active: the plan name in green; trialing: 'Trial' in blue; anything else: 'Free' in grey. */
export function subscriptionBadge(user: UserSummary): SubscriptionBadge {
  const { status, plan } = userRowDisplay(user);
  if (status === 'active') return { label: plan, tone: 'active' };
  if (status === 'trialing') return { label: 'Trial', tone: 'trial' };
  return { label: 'Free', tone: 'free' };
}

/** 'Showing X of Y users' */
export const usersFooter = (shown: number, total: number) => `Showing ${formatNumber(shown)} of ${formatNumber(total)} users`;

export const fullName = (s: Pick<Submission, 'firstName' | 'middleName' | 'lastName'>) =>
  [s.firstName, s.middleName, s.lastName].filter((part) => part && part.trim()).join(' ');

/** The company, or 'N/A' if missing (docs/rules.md#admin). */
export const companyOf = (s: Pick<Submission, 'organization'>) => s.organization?.trim() || 'N/A';
/** The specialty badge, or 'General' if missing. */
export const specialtyOf = (s: Pick<Submission, 'specialty' | 'otherSpecialty'>) =>
  s.otherSpecialty ? `Other: ${s.otherSpecialty}` : s.specialty?.trim() || 'General';

/** The page to show after the list changed: the same one, or the last one if it no longer exists. */
export function correctedPage(page: number, total: number, pageSize: number): number {
  const last = Math.max(1, Math.ceil(total / pageSize));
  return Math.min(Math.max(1, page), last);
}

/** Select-all is on only when every row is selected (docs/rules.md#admin). */
export function selectAllState(rowIds: readonly string[], selected: ReadonlySet<string>): boolean | 'indeterminate' {
  if (rowIds.length === 0) return false;
  const count = rowIds.filter((id) => selected.has(id)).length;
  if (count === rowIds.length) return true;
  return count === 0 ? false : 'indeterminate';
}

export type BulkOutcome = { action: 'approve' | 'reject'; succeeded: number; failed: number };

/** The resume-approval screen's bulk toast: 'Bulk {action} successful' or 'Bulk {action} partially failed'. */
export function bulkToast(outcome: BulkOutcome): { kind: 'success' | 'error'; title: string; description: string } {
  const done = outcome.action === 'approve' ? 'approved' : 'rejected';
  if (outcome.failed === 0) {
    return {
      kind: 'success',
      title: `Bulk ${outcome.action} successful`,
      description: `${outcome.succeeded} submission(s) ${done}.`,
    };
  }
  return {
    kind: 'error',
    title: `Bulk ${outcome.action} partially failed`,
    description: `${outcome.succeeded} submission(s) ${done}, ${outcome.failed} failed.`,
  };
}

/** $1,234 from cents (whole dollars: the dashboard shows a glance, not an invoice). */
export function formatMoney(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(cents / 100);
}

/**
 * The sub-specialty an approval under `specialty` gives the physician (the server's rule, ADR 052):
 * NUCC's name of the field the typed words name under the suggested specialty ('ENT':
 * Otolaryngology), else the words as typed.
 */
export function subSpecialtyOnApproval(
  submission: Pick<Submission, 'specialty' | 'otherSpecialty' | 'suggestedSpecialty' | 'suggestedSubSpecialty'>,
  specialty: Specialty,
): string {
  if (submission.suggestedSubSpecialty && specialty === submission.suggestedSpecialty) return submission.suggestedSubSpecialty;
  return (submission.otherSpecialty ?? submission.specialty).trim();
}
