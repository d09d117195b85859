import { Link } from 'react-router';
import { ArrowLeft, CalendarClock } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import { PLANS, planFor, type DemoPortalAction, type PriceId } from '@contract/billing';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@web/components/ui/alert-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { formatDate } from '@web/lib/utils';
import { useDemoPortal, useDemoPortalAction } from './api';
import { DemoBanner } from './demo-banner';

const ACTION_DONE: Record<DemoPortalAction['action'], string> = {
  cancel: 'Your subscription will be cancelled at the end of the billing period.',
  resume: 'Your subscription will continue.',
  change_plan: 'Your plan has been changed.',
};

/** /billing/demo/portal: the demo provider's customer portal (Stripe's own portal otherwise). */
export function DemoPortalPage() {
  const portal = useDemoPortal();
  const act = useDemoPortalAction();

  function run(action: DemoPortalAction) {
    act.mutate(action, {
      onSuccess: () => toast.success('Subscription updated', { description: ACTION_DONE[action.action] }),
      onError: (error) => toast.error('Could not update your subscription', { description: error.message }),
    });
  }

  return (
    <div className="flex-1 bg-surface">
      <DemoBanner>This is the demo customer portal: changes take effect at once and no card is charged.</DemoBanner>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <Link
          to="/account?tab=subscription"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Return to PhysicianDirect
        </Link>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">Billing portal</h1>
        {portal.data && <p className="mt-1 text-muted-foreground">{portal.data.email}</p>}

        {portal.isPending ? (
          <PageSpinner label="Loading your subscription" />
        ) : portal.isError || !portal.data.subscription ? (
          <div className="mt-8 rounded-xl border bg-card p-6 shadow-xs">
            <p className="font-medium">You have no active subscription.</p>
            <Button asChild className="mt-4">
              <Link to="/pricing">View plans</Link>
            </Button>
          </div>
        ) : (
          <CurrentSubscription subscription={portal.data.subscription} busy={act.isPending} onAction={run} />
        )}
      </div>
    </div>
  );
}

type PortalSubscription = NonNullable<NonNullable<ReturnType<typeof useDemoPortal>['data']>['subscription']>;

function CurrentSubscription({
  subscription,
  busy,
  onAction,
}: {
  subscription: PortalSubscription;
  busy: boolean;
  onAction: (action: DemoPortalAction) => void;
}) {
  const plan = planFor(subscription.priceId);
  const other = PLANS.find((candidate) => candidate.priceId !== subscription.priceId)!;
  const periodEnd = formatDate(subscription.currentPeriodEnd);
  const trial = subscription.status === 'trialing';

  return (
    <section aria-labelledby="current-plan" className="mt-8 flex flex-col gap-6">
      <div className="rounded-xl border bg-card p-6 shadow-xs">
        <p className="text-sm font-medium text-muted-foreground">Current plan</p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <h2 id="current-plan" className="text-xl font-semibold">
            {subscription.planName}
          </h2>
          <Badge variant={trial ? 'info' : 'success'}>{trial ? 'Trial' : 'Active'}</Badge>
        </div>
        <p className="mt-1 text-muted-foreground">
          {plan.price} {plan.period}
        </p>
        <p className="mt-4 flex items-center gap-2 text-sm">
          <CalendarClock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          {subscription.cancelAtPeriodEnd
            ? `Your subscription will be cancelled on ${periodEnd}.`
            : trial
              ? `Your trial ends on ${periodEnd}; then ${plan.price} ${plan.period}.`
              : `Renews on ${periodEnd}.`}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {subscription.cancelAtPeriodEnd ? (
            <Button onClick={() => onAction({ action: 'resume' })} disabled={busy}>
              Renew subscription
            </Button>
          ) : (
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button variant="outline" disabled={busy}>
                  {trial ? 'Cancel trial' : 'Cancel subscription'}
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>{trial ? 'Cancel your trial?' : 'Cancel your subscription?'}</AlertDialogTitle>
                  <AlertDialogDescription>
                    {trial
                      ? `You keep access until ${periodEnd} and will not be charged.`
                      : `You keep access until ${periodEnd}. You will not be charged again.`}
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Keep subscription</AlertDialogCancel>
                  <AlertDialogAction destructive onClick={() => onAction({ action: 'cancel' })}>
                    Cancel subscription
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          )}
        </div>
      </div>

      {!trial && (
        <div className="rounded-xl border bg-card p-6 shadow-xs">
          <h2 className="text-lg font-semibold">Change plan</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {other.tier === 'premium'
              ? 'The Annual plan adds Select All and CSV export, premium support and saves $589 a year.'
              : 'The Monthly plan has full results, contact reveal and lists, without Select All and export.'}
          </p>
          <Button
            className="mt-4"
            variant={other.tier === 'premium' ? 'default' : 'outline'}
            disabled={busy}
            onClick={() => onAction({ action: 'change_plan', priceId: other.priceId as PriceId })}
          >
            {other.tier === 'premium' ? `Upgrade to Annual (${other.price} ${other.period})` : `Switch to Monthly (${other.price} ${other.period})`}
          </Button>
        </div>
      )}
    </section>
  );
}
