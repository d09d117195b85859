import { ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import type { ContactVerification } from '@contract/verification';
import { Badge } from '@web/components/ui/badge';

const METHOD: Record<NonNullable<ContactVerification['method']>, string> = {
  builtin: 'our built-in checks',
  zerobounce: 'ZeroBounce',
  twilio: 'Twilio Lookup',
  operator: 'our team',
};
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'Valid · 97%' / 'Risky · 35%' / 'Unverified', and the sentence behind it (ADR 032). */
export function verificationText(check: ContactVerification): { label: string; description: string } {
  const confidence = check.confidence === null ? '' : ` · ${check.confidence}%`;
  const label =
    check.status === 'valid' ? `Valid${confidence}` : check.status === 'risky' ? `Risky${confidence}` : 'Unverified';
  if (!check.checkedAt || !check.method) return { label, description: 'Not checked yet' };
  const when = day.format(new Date(check.checkedAt));
  const outcome =
    check.status === 'unknown' ? 'no conclusive answer' : `${check.status}, ${check.confidence ?? 0}% confidence`;
  return { label, description: `Checked ${when} by ${METHOD[check.method]}: ${outcome}` };
}

/** Beside a revealed email or phone: what its last check found, and when (in its title and for screen readers). */
export function VerificationBadge({ check }: { check: ContactVerification }) {
  const { label, description } = verificationText(check);
  const Icon = check.status === 'valid' ? ShieldCheck : check.status === 'risky' ? ShieldAlert : ShieldQuestion;
  const variant = check.status === 'valid' ? 'success' : check.status === 'risky' ? 'warning' : 'muted';
  return (
    <Badge variant={variant} className="relative z-10 gap-1 whitespace-nowrap" title={description}>
      <Icon className="size-3" aria-hidden />
      {label}
      <span className="sr-only">. {description}</span>
    </Badge>
  );
}
