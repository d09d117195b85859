import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@web/components/ui/toast';
import { TRIAL_PRICE_ID, type PriceId } from '@contract/billing';
import { useMe } from '@web/app/session';
import { isApiError } from '@web/lib/api';
import { loginPath, signupPath } from '@contract/local-path';
import { hasSignedInHere } from '@web/features/auth/signed-in-here';
import { createCheckout } from './api';
import { rememberAfterCheckout } from './after-checkout';
import { useOpenBillingPortal } from './use-billing-portal';
import { useGoToHostedPage } from './use-hosted-page';

function toastSignInRequired() {
  toast.error('Authentication required', { description: 'Please sign in to subscribe.' });
}

/**
 * Where a signed-out visitor's plan choice goes (docs/rules.md#billing): log in, or sign up when this
 * browser has never signed in, then back to the pricing page with the plan chosen (`?plan=`),
 * which opens its checkout.
 */
function signInForPlan(priceId: PriceId): string {
  const back = `/pricing?plan=${encodeURIComponent(priceId)}`;
  return hasSignedInHere() ? loginPath(back) : signupPath(back);
}

type CheckoutChoice = { priceId: PriceId; trial: boolean; then?: string | null };

/**
 * Starts a checkout for a plan (docs/rules.md#billing): signed out -> login with a toast;
 * already subscribed -> the billing portal (plan changes happen there, never a second
 * subscription); otherwise a checkout session, then its hosted page.
 */
export function useStartCheckout() {
  const me = useMe();
  const navigate = useNavigate();
  const hosted = useGoToHostedPage();
  const portal = useOpenBillingPortal();
  const [redirectingTo, setRedirectingTo] = useState<PriceId | null>(null);

  const mutation = useMutation({
    mutationFn: ({ priceId, trial }: CheckoutChoice) => createCheckout({ priceId, trial }),
    onSuccess: ({ url }, choice) => {
      setRedirectingTo(choice.priceId);
      rememberAfterCheckout(choice.then);
      hosted.go(url);
    },
    onError: (error, choice) => {
      if (isApiError(error) && error.code === 'unauthenticated') {
        toastSignInRequired();
        void navigate(signInForPlan(choice.priceId));
        return;
      }
      if (isApiError(error) && error.code === 'conflict') {
        // Already subscribed, or the trial was used: the server says which.
        toast.error('Checkout failed', { description: error.message });
        return;
      }
      toast.error('Checkout failed', { description: 'Could not create checkout session. Please try again.' });
    },
  });

  /** `then`: the page the checkout's success page leads back to (ADR 036). */
  function startCheckout(priceId: PriceId, options: { trial?: boolean; then?: string | null } = {}) {
    if (!me.user) {
      toastSignInRequired();
      void navigate(signInForPlan(priceId));
      return;
    }
    if (me.subscription.subscribed && !me.isAdmin) {
      setRedirectingTo(priceId);
      portal.open();
      return;
    }
    mutation.mutate({ priceId, trial: options.trial ?? false, then: options.then });
  }

  function startTrial(then?: string | null) {
    startCheckout(TRIAL_PRICE_ID, { trial: true, then });
  }

  const pendingPriceId: PriceId | null = mutation.isPending
    ? mutation.variables.priceId
    : hosted.leaving || portal.busy
      ? redirectingTo
      : null;
  return { startCheckout, startTrial, pendingPriceId, isPending: mutation.isPending || hosted.leaving || portal.busy };
}
