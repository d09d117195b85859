import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { TRIAL_PRICE_ID, type PriceId } from '@contract/billing';
import { useMe } from '@web/app/session';
import { isApiError } from '@web/lib/api';
import { createCheckout } from './api';
import { useOpenBillingPortal } from './use-billing-portal';
import { useGoToHostedPage } from './use-hosted-page';

const LOGIN_FOR_PRICING = '/login?return_to=/pricing';

function toastSignInRequired() {
  toast.error('Authentication required', { description: 'Please sign in to subscribe.' });
}

type CheckoutChoice = { priceId: PriceId; trial: boolean };

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
    mutationFn: (choice: CheckoutChoice) => createCheckout(choice),
    onSuccess: ({ url }, choice) => {
      setRedirectingTo(choice.priceId);
      hosted.go(url);
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'unauthenticated') {
        toastSignInRequired();
        void navigate(LOGIN_FOR_PRICING);
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

  function startCheckout(priceId: PriceId, options: { trial?: boolean } = {}) {
    if (!me.user) {
      toastSignInRequired();
      void navigate(LOGIN_FOR_PRICING);
      return;
    }
    if (me.subscription.subscribed && !me.isAdmin) {
      setRedirectingTo(priceId);
      portal.open();
      return;
    }
    mutation.mutate({ priceId, trial: options.trial ?? false });
  }

  function startTrial() {
    startCheckout(TRIAL_PRICE_ID, { trial: true });
  }

  const pendingPriceId: PriceId | null = mutation.isPending
    ? mutation.variables.priceId
    : hosted.leaving || portal.busy
      ? redirectingTo
      : null;
  return { startCheckout, startTrial, pendingPriceId, isPending: mutation.isPending || hosted.leaving || portal.busy };
}
