import type { ComponentProps, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { StartTrialSignupLink } from '@web/app/login-link';
import { useMe } from '@web/app/session';
import { Button } from '@web/components/ui/button';
import { useBillingSubscription } from './api';
import { useStartCheckout } from './use-checkout';

type StartTrialButtonProps = Omit<ComponentProps<typeof Button>, 'asChild' | 'onClick' | 'children'> & {
  /** Shown after the label (an arrow icon, say). */
  icon?: ReactNode;
};

/**
 * 'Start Free Trial' (docs/rules.md#billing): a real 7-day trial of the Monthly plan through checkout.
 * Signed out it leads to sign-up (docs/rules.md#billing), carrying the intent through the emailed link
 * and sign-in to the trial's checkout (/start-trial), and the checkout's success page back to this
 * page (ADR 036); a subscriber or a user whose trial is used
 * is not offered one, and the button says where it goes instead.
 */
export function StartTrialButton({ icon, ...buttonProps }: StartTrialButtonProps) {
  const me = useMe();
  const subscription = useBillingSubscription();
  const { startTrial, isPending } = useStartCheckout();
  const { pathname, search, hash } = useLocation();

  if (!me.isSignedIn) {
    return (
      <Button asChild {...buttonProps}>
        <StartTrialSignupLink>
          Start Free Trial
          {icon}
        </StartTrialSignupLink>
      </Button>
    );
  }
  if (me.subscription.subscribed) {
    return (
      <Button asChild {...buttonProps}>
        <Link to="/search">
          Search Physicians
          {icon}
        </Link>
      </Button>
    );
  }
  if (subscription.data && !subscription.data.trialAvailable) {
    return (
      <Button asChild {...buttonProps}>
        <Link to="/pricing">
          Choose a Plan
          {icon}
        </Link>
      </Button>
    );
  }
  return (
    <Button {...buttonProps} onClick={() => startTrial(`${pathname}${search}${hash}`)} disabled={isPending || subscription.isPending}>
      {isPending ? 'Processing...' : 'Start Free Trial'}
      {icon}
    </Button>
  );
}
