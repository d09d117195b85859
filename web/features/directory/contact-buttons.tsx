import { Mail, Phone } from 'lucide-react';
import { toast } from 'sonner';
import { useCan } from '@web/app/session';
import { Button } from '@web/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
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

type ContactButtonProps = {
  kind: ContactKind;
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
 * Email / phone button (document 2, section 4). Without 'contacts:reveal' it looks dimmed,
 * explains why in a tooltip and does nothing when clicked; it stays focusable so keyboard
 * users reach the tooltip too. The reveal call itself belongs to the contacts feature.
 */
export function ContactButton({
  kind,
  available,
  label,
  physicianName,
  size = 'sm',
  className,
}: ContactButtonProps) {
  const canReveal = useCan('contacts:reveal');
  const Icon = kind === 'email' ? Mail : Phone;
  const locked = !canReveal;
  const inactive = locked || !available;

  const button = (
    <Button
      variant="outline"
      size={size}
      aria-disabled={inactive || undefined}
      onClick={() => {
        if (inactive) return;
        toast('Contact reveal is coming soon');
      }}
      className={cn(
        'relative z-10',
        // Keep hover/focus alive on the dimmed button so its tooltip can open.
        inactive && 'aria-disabled:pointer-events-auto aria-disabled:cursor-not-allowed',
        className,
      )}
    >
      <Icon aria-hidden />
      {label}
      <span className="sr-only"> {physicianName}</span>
    </Button>
  );

  if (!inactive) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent>{locked ? LOCKED_TOOLTIP[kind] : MISSING_TOOLTIP[kind]}</TooltipContent>
    </Tooltip>
  );
}
