import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CalendarClock, ExternalLink, Loader2, Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import type { Tier } from '@contract/account';
import { useMe } from '@web/app/session';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { PLANS } from '@contract/billing';
import { isApiError } from '@web/lib/api';
import { formatDate } from '@web/lib/utils';
import { openBillingPortal } from './api';
import { SettingsCard } from './settings-card';

/** Document 1: premium is the Annual Plan, basic the Monthly Plan. */
export function planName(tier: Tier): string {
  if (tier === 'premium') return 'Annual Plan';
  if (tier === 'basic') return 'Monthly Plan';
  return 'Free Plan';
}

export function SubscriptionTab() {
  const { subscription } = useMe();
  const paid = subscription.tier === 'basic' || subscription.tier === 'premium';

  return (
    <SettingsCard title="Subscription" description="Your plan and billing.">
      {paid ? <PaidPlan /> : <NoSubscription />}
    </SettingsCard>
  );
}

function NoSubscription() {
  return (
    <div className="flex flex-col items-start gap-4 rounded-lg border border-dashed bg-muted/40 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <Sparkles className="mt-0.5 size-5 shrink-0 text-brand-teal" aria-hidden />
        <div>
          <p className="font-medium text-foreground">You don't have an active subscription.</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Subscribe to see every search result, reveal verified contact details and build physician lists.
          </p>
        </div>
      </div>
      <Button asChild className="w-full sm:w-auto">
        <Link to="/pricing">Get Access Now</Link>
      </Button>
    </div>
  );
}

function PaidPlan() {
  const { subscription } = useMe();
  const navigate = useNavigate();
  const plan = PLANS.find((candidate) => candidate.tier === subscription.tier);
  // Kept while the browser leaves for the hosted portal, so the button keeps saying so.
  const [leaving, setLeaving] = useState(false);

  // Coming back with the Back button can restore this page from the back/forward cache.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const portal = useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ url }) => {
      if (!url) {
        toast.error('Error', { description: 'Could not open subscription management portal.' });
      } else if (url.startsWith('/')) {
        void navigate(url);
      } else {
        setLeaving(true);
        window.location.assign(url);
      }
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'unauthenticated') {
        toast.error('Authentication required', {
          description: 'Please sign in to manage your subscription.',
        });
        void navigate(`/login?return_to=${encodeURIComponent('/account?tab=subscription')}`);
        return;
      }
      toast.error('Portal access failed', {
        description: 'Could not access customer portal. Please try again.',
      });
    },
  });

  const periodEnd = formatDate(subscription.currentPeriodEnd);
  const busy = portal.isPending || leaving;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 rounded-lg border bg-primary-soft/40 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-lg font-semibold text-foreground">{planName(subscription.tier)}</p>
            <Badge variant="success">Active</Badge>
          </div>
          {plan && (
            <p className="text-sm text-muted-foreground">
              {plan.price} {plan.period}
            </p>
          )}
        </div>
        {periodEnd && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CalendarClock className="size-4 shrink-0" aria-hidden />
            {subscription.cancelAtPeriodEnd ? `Cancels on ${periodEnd}` : `Renews on ${periodEnd}`}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Update your card, download invoices or cancel in the billing portal.
        </p>
        <Button onClick={() => portal.mutate()} disabled={busy} className="w-full sm:w-auto">
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <ExternalLink aria-hidden />}
          Manage Subscription
        </Button>
      </div>
    </div>
  );
}
