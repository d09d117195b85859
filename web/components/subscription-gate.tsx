import { Link } from 'react-router';
import { Check, LockKeyhole } from 'lucide-react';
import type { PaidTier } from '@contract/account';
import { useMe } from '@web/app/session';
import { gateCopy } from './subscription-gate-copy';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';

type SubscriptionGateProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tier the blocked feature needs (premium satisfies basic). */
  requiredTier?: PaidTier;
};

/**
 * The upsell overlay shown when a feature needs a subscription the user does not have.
 * Show it when the server answers `subscription_required` (ApiError.requiredTier) or when
 * useCan(...) is false. Escape, the close button and the overlay close it.
 */
export function SubscriptionGate({ open, onOpenChange, requiredTier = 'basic' }: SubscriptionGateProps) {
  const close = () => onOpenChange(false);
  const copy = gateCopy(requiredTier, useMe().subscription.tier);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-md gap-0 overflow-hidden p-0"
        closeButtonClassName="text-white/80 hover:bg-white/15 hover:text-white focus-visible:outline-white"
      >
        <div className="bg-gradient-to-br from-primary to-brand-teal px-6 pt-8 pb-6 text-primary-foreground">
          <div className="flex size-11 items-center justify-center rounded-full bg-white/15 ring-1 ring-white/25">
            <LockKeyhole className="size-5" aria-hidden />
          </div>
          <DialogTitle className="mt-4 text-2xl text-white">{copy.title}</DialogTitle>
          <DialogDescription className="mt-2 text-[15px] text-white/90">{copy.description}</DialogDescription>
        </div>
        <div className="px-6 py-6">
          <p className="text-sm font-medium text-foreground">{copy.lead}</p>
          <ul className="mt-3 flex flex-col gap-3">
            {copy.benefits.map((benefit) => (
              <li key={benefit} className="flex items-start gap-3 text-sm text-foreground">
                <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-teal-soft text-brand-teal">
                  <Check className="size-3.5" strokeWidth={3} aria-hidden />
                </span>
                {benefit}
              </li>
            ))}
          </ul>
          <div className="mt-7 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to="/contact" onClick={close}>
                Contact Sales
              </Link>
            </Button>
            <Button asChild>
              <Link to="/pricing" onClick={close}>
                Get Started
              </Link>
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
