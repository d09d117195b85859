import { Fragment, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Check, Copy, Loader2, LockKeyhole, Mail, Phone } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import { loginPath, signupPath } from '@contract/local-path';
import { useCan, useMe } from '@web/app/session';
import { usePhysicianContact } from '@web/features/contacts/api';
import { ReportContact } from '@web/features/contacts/report-contact';
import { VerificationBadge } from '@web/features/contacts/verification-badge';
import { Button } from '@web/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { isApiError } from '@web/lib/api';
import { cn, formatDate } from '@web/lib/utils';

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
  /**
   * The element a visitor comes back to after signing up or logging in from this button's prompt
   * (a card's id: '/search?...#physician-12'); none: the page itself (the profile).
   */
  returnAnchor?: string;
};

/**
 * An address with a line break allowed before each '@' and '.', so a long one wraps between its
 * parts rather than being cut (a part longer than the line still breaks, as a last resort).
 */
function BreakableEmail({ value }: { value: string }) {
  const parts = value.split(/(?=[@.])/);
  return (
    <span className="min-w-0 break-words">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/**
 * What a visitor's click on Email or Phone opens: sign up (the 7-day trial) or log in, each
 * coming back to the same card. Drawn only while open, so only then does it follow the address.
 */
function VisitorPrompt({ kind, returnAnchor }: { kind: ContactKind; returnAnchor?: string }) {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}${returnAnchor ? `#${returnAnchor}` : ''}`;
  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-center gap-2 font-semibold text-foreground">
        <LockKeyhole className="size-4 text-primary" aria-hidden />
        {kind === 'email' ? 'See this email address' : 'See this phone number'}
      </p>
      <p className="text-sm text-muted-foreground">
        Verified contact details are for subscribers. Sign up for a 7-day free trial, or log in, and come back
        to this physician.
      </p>
      <div className="flex gap-2">
        <Button asChild size="sm" className="flex-1">
          <Link to={signupPath(here)}>Sign up</Link>
        </Button>
        <Button asChild size="sm" variant="outline" className="flex-1">
          <Link to={loginPath(here)}>Log in</Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * Email / phone button (docs/rules.md#reveal), three clicks: the first fetches the contact
 * ('Loading') and reveals this field; if the contact is already loaded (by the other button) a
 * click reveals it; once revealed a click copies it ('Copied' for 2 s and a toast). The value
 * shows whole, wrapping at '@' and '.' where the line is short. The button stays the same element
 * throughout, so keyboard focus stays on it after a reveal. Without 'contacts:reveal' it looks
 * dimmed, explains why in a tooltip and does nothing when clicked (it stays focusable so keyboard
 * users reach the tooltip too); a visitor who is not signed in gets a prompt to sign up or log in.
 */
export function ContactButton({
  kind,
  physicianId,
  available,
  label,
  physicianName,
  size = 'sm',
  className,
  returnAnchor,
}: ContactButtonProps) {
  const me = useMe();
  const canReveal = useCan('contacts:reveal');
  const visitor = !me.isLoading && !me.isSignedIn;
  const { contact, isLoading, reveal } = usePhysicianContact(physicianId);
  const [revealed, setRevealed] = useState(false);
  const [copied, setCopied] = useState(false);
  const Icon = kind === 'email' ? Mail : Phone;
  const locked = !canReveal;
  // A visitor's button opens the sign-up prompt: live, not dimmed (when a value is on file).
  const inactive = (locked && !visitor) || !available;
  const value = revealed ? (contact?.[kind] ?? null) : null;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function handleClick() {
    if (inactive || isLoading || visitor) return;
    if (!contact) {
      try {
        const answer = await reveal();
        setRevealed(true);
        // Free thanks to a teammate (ADR 061): say whose reveal it was.
        if (answer?.revealedBy) {
          toast.success('Revealed by your team', {
            description: `${answer.revealedBy.name} revealed this contact on ${formatDate(answer.revealedBy.at)}: it cost you nothing.`,
          });
        }
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
        {kind === 'email' ? <BreakableEmail value={value} /> : <span className="whitespace-nowrap">{value}</span>}
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
      data-contact={kind}
      onClick={handleClick}
      title={value ?? undefined}
      className={cn(
        'relative z-10 max-w-full min-w-0',
        // Whole, on as many lines as it needs (wrapping at '@' and '.'), never cut.
        value && 'h-auto min-h-8 shrink py-1 text-left whitespace-normal',
        value && size === 'default' && 'min-h-10',
        // Keep hover/focus alive on the dimmed button so its tooltip can open.
        inactive && 'aria-disabled:pointer-events-auto aria-disabled:cursor-not-allowed',
        className,
      )}
    >
      {content}
    </Button>
  );

  let control = button;
  if (visitor && available) {
    control = (
      <Popover>
        <PopoverTrigger asChild>{button}</PopoverTrigger>
        <PopoverContent align="end" className="w-80">
          <VisitorPrompt kind={kind} returnAnchor={returnAnchor} />
        </PopoverContent>
      </Popover>
    );
  } else if (inactive) {
    control = (
      <Tooltip>
        <TooltipTrigger asChild>{button}</TooltipTrigger>
        <TooltipContent>{locked ? LOCKED_TOOLTIP[kind] : MISSING_TOOLTIP[kind]}</TooltipContent>
      </Tooltip>
    );
  }

  const detail = kind === 'email' ? contact?.emailDetail : contact?.phoneDetail;
  // One wrapper whatever the state: the button is never re-mounted by a reveal (focus stays on it).
  return (
    <span className="inline-flex max-w-full min-w-0 flex-wrap items-center gap-1">
      {control}
      {!inactive && !visitor && value && detail && (
        // What its last check found (ADR 032), and 'Report wrong contact' beside the revealed value
        // (ADR 022); the two wrap together on a narrow screen.
        <span className="inline-flex items-center gap-1">
          <VerificationBadge detail={detail} />
          <ReportContact physicianId={physicianId} kind={kind} value={value} detail={detail} />
        </span>
      )}
    </span>
  );
}
