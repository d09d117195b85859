import type { RevealAllowance } from '@contract/contacts';
import { BadgeCheck } from 'lucide-react';
import { latestValidCheckWords } from '@contract/verification-words';
import { useCan } from '@web/app/session';
import { formatNumber } from '@web/lib/utils';
import { cn } from '@web/lib/utils';
import { usePhysicianContact, useRevealAllowance } from './api';

/** '248 of 250 contact reveals left today' (with a reset hint when none are left). */
export function allowanceLabel(allowance: Pick<RevealAllowance, 'remaining' | 'dailyLimit' | 'monthlyCap' | 'team'>): string {
  const cap = allowance.monthlyCap;
  // A member's monthly cap, when it is what stops them (ADR 061).
  if (cap && cap.remaining === 0) {
    return 'No contact reveals left this month (your team’s cap for you)';
  }
  if (allowance.remaining === 0) {
    return allowance.team ? 'No contact reveals left today for your team (resets at midnight UTC)' : 'No contact reveals left today (resets at midnight UTC)';
  }
  if (cap && cap.remaining === allowance.remaining) return `${formatNumber(cap.remaining)} of your ${formatNumber(cap.limit)} contact reveals left this month`;
  const left = `${formatNumber(allowance.remaining)} of ${formatNumber(allowance.dailyLimit)}`;
  return allowance.team ? `${left} of your team’s contact reveals left today` : `${left} contact reveals left today`;
}

type ContactStatusProps = {
  physicianId: number;
  /** physicians.verified_at from the summary or profile: 'Verified valid, 12 Nov 2026' for everyone. */
  verifiedAt?: string | null;
  /** Cards show the line only once this physician's contact is loaded; the profile always shows it. */
  always?: boolean;
  className?: string;
};

/**
 * The line beside the contact buttons: the latest valid check of the physician's contacts, in the
 * words a revealed value's check uses (ADR 053: 'Verified valid, 12 Nov 2026'), for everyone and,
 * for users who may reveal, how many reveals are left today (on cards once this physician's
 * contact is loaded). Announced politely so screen-reader users hear the new count.
 */
export function ContactStatus({ physicianId, verifiedAt, always = false, className }: ContactStatusProps) {
  const canReveal = useCan('contacts:reveal');
  const { contact } = usePhysicianContact(physicianId);
  const allowance = useRevealAllowance();
  const verified = latestValidCheckWords(contact?.verifiedAt ?? verifiedAt)?.sentence;
  const showAllowance = canReveal && (always || contact !== undefined);
  const left = showAllowance && allowance.data ? allowanceLabel(allowance.data) : null;
  if (!verified && !left) return null;
  return (
    <p
      aria-live="polite"
      className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground', className)}
    >
      {verified && (
        <span className="flex items-center gap-1 font-medium text-brand-teal">
          <BadgeCheck className="size-3.5" aria-hidden />
          {verified}
        </span>
      )}
      {left && <span>{left}</span>}
    </p>
  );
}
