import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { createPortalSession } from './api';
import { useGoToHostedPage } from './use-hosted-page';

/** 'Manage Subscription': opens the hosted billing portal, with the spec's error toasts. */
export function useOpenBillingPortal() {
  const navigate = useNavigate();
  const hosted = useGoToHostedPage();
  const portal = useMutation({
    mutationFn: createPortalSession,
    onSuccess: ({ url }) => {
      if (!url) {
        toast.error('Error', { description: 'Could not open subscription management portal.' });
        return;
      }
      hosted.go(url);
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'unauthenticated') {
        toast.error('Authentication required', { description: 'Please sign in to manage your subscription.' });
        void navigate(`/login?return_to=${encodeURIComponent('/account?tab=subscription')}`);
        return;
      }
      toast.error('Portal access failed', { description: 'Could not access customer portal. Please try again.' });
    },
  });
  return { open: () => portal.mutate(), busy: portal.isPending || hosted.leaving };
}
