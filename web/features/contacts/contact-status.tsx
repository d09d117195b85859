import { BadgeCheck } from 'lucide-react';
import { useCan } from '@web/app/session';
import { formatNumber } from '@web/lib/utils';
import { cn } from '@web/lib/utils';
import { usePhysicianContact, useRevealAllowance } from './api';

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'Verified October 2026' (the promise: contacts are verified monthly, so the month is the unit). */
export function verifiedLabel(verifiedAt: string | null | undefined): string | null {
  if (!verifiedAt) return null;
  const date = new Date(verifiedAt);
  return Number.isNaN(date.getTime()) ? null : `Verified ${monthYear.format(date)}`;
}

/** '248 of 250 contact reveals left today' (with a reset hint when none are left). */
export function allowanceLabel(allowance: { remaining: number; dailyLimit: number }): string {
  if (allowance.remaining === 0) return 'No contact reveals left today (resets at midnight UTC)';
  const left = `${formatNumber(allowance.remaining)} of ${formatNumber(allowance.dailyLimit)}`;
  return `${left} contact reveals left today`;
}

type ContactStatusProps = {
  physicianId: number;
  /** physicians.verified_at from the summary or profile: 'Verified {month year}' for everyone. */
  verifiedAt?: string | null;
  /** Cards show the line only once this physician's contact is loaded; the profile always shows it. */
  always?: boolean;
  className?: string;
};

/**
 * The line beside the contact buttons: when the contacts were last verified (for everyone) and,
 * for users who may reveal, how many reveals are left today (on cards once this physician's
 * contact is loaded). Announced politely so screen-reader users hear the new count.
 */
export function ContactStatus({ physicianId, verifiedAt, always = false, className }: ContactStatusProps) {
  const canReveal = useCan('contacts:reveal');
  const { contact } = usePhysicianContact(physicianId);
  const allowance = useRevealAllowance();
  const verified = verifiedLabel(contact?.verifiedAt ?? verifiedAt);
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
