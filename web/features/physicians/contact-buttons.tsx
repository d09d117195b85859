import { useEffect, useState } from 'react';
import { Check, Copy, Loader2, Mail, Phone } from 'lucide-react';
import { toast } from 'sonner';
import { useCan } from '@web/app/session';
import { usePhysicianContact } from '@web/features/contacts/api';
import { ReportContact } from '@web/features/contacts/report-contact';
import { VerificationBadge } from '@web/features/contacts/verification-badge';
import { Button } from '@web/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/utils';

type ContactKind = 'email' | 'phone';

const LOCKED_TOOLTIP: Record<ContactKind, string> = {
  email: 'Subscription required to view email',
  phone: 'Subscription required to view phone number',
};
const MISSING_TOOLTIP: Record<ContactKind, string> = {
  email: 'No email address on file',
  phone: 'No phone number on file',
};
const COPIED_TOAST: Record<ContactKind, string> = { email: 'Email copied', phone: 'Phone number copied' };
const COPY_FAILED_TOAST: Record<ContactKind, string> = {
  email: 'Failed to copy email',
  phone: 'Failed to copy phone number',
};
/** How long the button says 'Copied' (docs/rules.md#reveal). */
const COPIED_MS = 2_000;

type ContactButtonProps = {
  kind: ContactKind;
  physicianId: number;
  /** Whether a reveal would return a value (the value itself is never in the payload). */
  available: boolean;
  /** 'Email' on cards, 'View Email' on the profile. */
  label: string;
  /** Who the contact belongs to, for screen readers ('Email Jane Smith'). */
  physicianName: string;
  size?: 'sm' | 'default';
  className?: string;
};

/**
 * Email / phone button (docs/rules.md#reveal), three clicks: the first fetches the contact
 * ('Loading') and reveals this field; if the contact is already loaded (by the other button) a
 * click reveals it; once revealed a click copies it ('Copied' for 2 s and a toast). Without
 * 'contacts:reveal' it looks dimmed, explains why in a tooltip and does nothing when clicked;
 * it stays focusable so keyboard users reach the tooltip too.
 */
export function ContactButton({
  kind,
  physicianId,
  available,
  label,
  physicianName,
  size = 'sm',
  className,
}: ContactButtonProps) {
  const canReveal = useCan('contacts:reveal');
  const { contact, isLoading, reveal } = usePhysicianContact(physicianId);
  const [revealed, setRevealed] = useState(false);
  const [copied, setCopied] = useState(false);
  const Icon = kind === 'email' ? Mail : Phone;
  const locked = !canReveal;
  const inactive = locked || !available;
  const value = revealed ? (contact?.[kind] ?? null) : null;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function handleClick() {
    if (inactive || isLoading) return;
    if (!contact) {
      try {
        await reveal();
        setRevealed(true);
      } catch (error) {
        // The ceiling's 429 says when it resets: show that rather than the generic text.
        if (isApiError(error) && error.code === 'rate_limited') {
          toast.error('Daily limit reached', { description: error.message });
        } else {
          toast.error('Failed to load contact information', { description: 'Please try again later' });
        }
      }
      return;
    }
    if (!revealed) {
      setRevealed(true);
      return;
    }
    if (!value) return;
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(COPIED_TOAST[kind]);
    } catch {
      toast.error(COPY_FAILED_TOAST[kind], { description: 'Please try again' });
    }
  }

  let content: React.ReactNode;
  if (isLoading) {
    content = (
      <>
        <Loader2 className="animate-spin" aria-hidden />
        Loading
      </>
    );
  } else if (copied) {
    content = (
      <>
        <Check aria-hidden />
        Copied
      </>
    );
  } else if (value) {
    content = (
      <>
        <Icon aria-hidden />
        <span className="min-w-0 truncate">{value}</span>
        <Copy className="opacity-60" aria-hidden />
        <span className="sr-only">, copy {kind === 'email' ? 'email' : 'phone number'}</span>
      </>
    );
  } else {
    content = (
      <>
        <Icon aria-hidden />
        {label}
        <span className="sr-only"> {physicianName}</span>
      </>
    );
  }

  const button = (
    <Button
      variant={value || copied ? 'secondary' : 'outline'}
      size={size}
      aria-disabled={inactive || undefined}
      aria-busy={isLoading || undefined}
      onClick={handleClick}
      // A long address is cut with an ellipsis (at most 18rem wide); the title shows it whole.
      title={value ?? undefined}
      className={cn(
        'relative z-10 max-w-full min-w-0',
        value && 'max-w-72 shrink',
        // Keep hover/focus alive on the dimmed button so its tooltip can open.
        inactive && 'aria-disabled:pointer-events-auto aria-disabled:cursor-not-allowed',
        className,
      )}
    >
      {content}
    </Button>
  );

  const detail = kind === 'email' ? contact?.emailDetail : contact?.phoneDetail;
  if (!inactive && value && detail) {
    // What its last check found (ADR 032), and 'Report wrong contact' beside the revealed value (ADR 022).
    return (
      <span className="inline-flex max-w-full min-w-0 flex-wrap items-center gap-1">
        {button}
        {/* The check and the flag wrap together on a narrow screen. */}
        <span className="inline-flex items-center gap-1">
          {detail.status !== 'reported' && <VerificationBadge check={detail.verification} />}
          <ReportContact physicianId={physicianId} kind={kind} value={value} detail={detail} />
        </span>
      </span>
    );
  }
  if (!inactive) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent>{locked ? LOCKED_TOOLTIP[kind] : MISSING_TOOLTIP[kind]}</TooltipContent>
    </Tooltip>
  );
}
