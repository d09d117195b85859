import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AlertTriangle, CheckCircle2, Loader2 } from 'lucide-react';
import { TRIAL_PRICE_ID } from '@contract/billing';
import { startTrialThen } from '@contract/local-path';
import { useMe } from '@web/app/session';
import { Button } from '@web/components/ui/button';
import { AuthShell, StatusIcon } from '@web/features/auth/auth-shell';
import { isApiError } from '@web/lib/api';
import { rememberAfterCheckout } from './after-checkout';
import { createCheckout, useBillingSubscription } from './api';

/**
 * /start-trial (signed in): where 'Start Free Trial' leads a visitor after sign-up, the emailed
 * link and sign-in. It opens the 7-day trial's checkout at once, replacing itself in history so
 * Back from the checkout does not open another. The server allows one trial per user
 * (billing: trialUsedAt, firstPaidAt): a subscriber or a user whose trial is used is told so
 * and offered the way on instead.
 */
export function StartTrialPage() {
  const me = useMe();
  const subscription = useBillingSubscription();
  const navigate = useNavigate();
  // The page 'Start Free Trial' was pressed on: the success page leads back there (ADR 036).
  const then = startTrialThen(useLocation().search);
  const checkout = useMutation({
    mutationFn: () => createCheckout({ priceId: TRIAL_PRICE_ID, trial: true }),
    onSuccess: ({ url }) => {
      rememberAfterCheckout(then);
      if (url.startsWith('/')) void navigate(url, { replace: true });
      else window.location.replace(url);
    },
  });

  const subscribed = me.subscription.subscribed;
  const trialAvailable = subscription.data?.trialAvailable === true;
  const ready = !subscribed && trialAvailable;
  // Once per visit, even if React runs the effect twice (development's strict mode).
  const started = useRef(false);
  const { mutate } = checkout;
  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    mutate();
  }, [ready, mutate]);

  if (subscribed) {
    return (
      <AuthShell
        icon={
          <StatusIcon tone="success">
            <CheckCircle2 />
          </StatusIcon>
        }
        title="You already have a subscription"
        description={<p>Your plan gives you full access already; no trial is needed.</p>}
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/search">Search Physicians</Link>
        </Button>
      </AuthShell>
    );
  }

  const failed = checkout.isError || subscription.isError;
  if (subscription.data && !trialAvailable) {
    return (
      <AuthShell
        icon={
          <StatusIcon>
            <AlertTriangle />
          </StatusIcon>
        }
        title="Your free trial was used"
        description={<p>The 7-day free trial is once per account. Choose a plan to keep full access.</p>}
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/pricing">Choose a Plan</Link>
        </Button>
      </AuthShell>
    );
  }

  if (failed) {
    const message =
      isApiError(checkout.error) && checkout.error.code === 'conflict'
        ? checkout.error.message
        : 'Could not create checkout session. Please try again.';
    return (
      <AuthShell
        icon={
          <StatusIcon tone="destructive">
            <AlertTriangle />
          </StatusIcon>
        }
        title="Checkout failed"
        description={<p role="alert">{message}</p>}
      >
        <Button
          size="lg"
          className="w-full"
          onClick={() => (subscription.isError ? void subscription.refetch() : mutate())}
        >
          Try again
        </Button>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      icon={
        <StatusIcon>
          <Loader2 className="animate-spin" />
        </StatusIcon>
      }
      title="Start your 7-day free trial"
      description={<p role="status">Opening the checkout of your free trial...</p>}
    />
  );
}
