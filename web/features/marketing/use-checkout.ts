import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { useMe } from '@web/app/session';
import { apiFetch, isApiError } from '@web/lib/api';
import type { PriceId } from '@contract/billing';

/** POST /api/billing/checkout answers with the hosted checkout address (in-app for the demo provider). */
const CheckoutResponse = z.object({ url: z.string().min(1) });

const LOGIN_FOR_PRICING = '/login?return_to=/pricing';

function toastSignInRequired() {
  toast.error('Authentication required', { description: 'Please sign in to subscribe.' });
}

/**
 * Starts a checkout for a plan (document 1, section 4): signed out -> login with a toast;
 * signed in -> create a checkout session and go to it ('/...' in-app, anything else full page).
 */
export function useStartCheckout() {
  const me = useMe();
  const navigate = useNavigate();
  // Set while the browser is leaving for the hosted checkout, so the button keeps saying so.
  const [redirectingTo, setRedirectingTo] = useState<PriceId | null>(null);

  // Coming back with the Back button can restore this page from the back/forward cache.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirectingTo(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const mutation = useMutation({
    mutationFn: (priceId: PriceId) =>
      apiFetch('/api/billing/checkout', { method: 'POST', body: { priceId }, schema: CheckoutResponse }),
    onSuccess: ({ url }, priceId) => {
      if (url.startsWith('/')) {
        void navigate(url);
      } else {
        setRedirectingTo(priceId);
        window.location.assign(url);
      }
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'unauthenticated') {
        toastSignInRequired();
        void navigate(LOGIN_FOR_PRICING);
        return;
      }
      toast.error('Checkout failed', { description: 'Could not create checkout session. Please try again.' });
    },
  });

  function startCheckout(priceId: PriceId) {
    if (!me.user) {
      toastSignInRequired();
      void navigate(LOGIN_FOR_PRICING);
      return;
    }
    mutation.mutate(priceId);
  }

  const pendingPriceId = mutation.isPending ? mutation.variables : redirectingTo;
  return { startCheckout, pendingPriceId };
}
