import { useState } from 'react';
import { Link } from 'react-router';
import { CalendarClock, ExternalLink, Loader2, ShieldCheck, Sparkles, UsersRound } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import { PLANS, planName, priceForSeats, type BillingSubscriptionResponse } from '@contract/billing';
import { useMe } from '@web/app/session';
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
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { useBillingSubscription, useRequestRefund } from '@web/features/billing/api';
import { useOpenBillingPortal } from '@web/features/billing/use-billing-portal';
import { SeatsControl } from '@web/features/billing/seats-control';
import { useTeam } from '@web/features/team/api';
import { EXPORT_FORMAT_LABEL } from '@contract/exports';
import { formatDate, formatDateTime, pluralize } from '@web/lib/utils';
import { SettingsCard } from '@web/components/settings-card';


export function SubscriptionTab() {
  const { subscription } = useMe();
  const team = useTeam().data?.team;
  const paid = subscription.tier === 'basic' || subscription.tier === 'premium';

  return (
    <SettingsCard title="Subscription" description="Your plan and billing.">
      {team && team.myRole !== 'owner' ? <TeamPlan teamName={team.name} /> : paid ? <PaidPlan /> : <NoSubscription />}
    </SettingsCard>
  );
}

/** A team member's plan is the owner's (ADR 061): nothing to manage here. */
function TeamPlan({ teamName }: { teamName: string }) {
  const { subscription } = useMe();
  return (
    <div className="flex items-start gap-3 rounded-lg border bg-primary-soft/40 p-5">
      <UsersRound className="mt-0.5 size-5 shrink-0 text-brand-teal" aria-hidden />
      <div>
        <p className="font-medium text-foreground">
          {subscription.tier === 'free' ? 'Your team has no active plan.' : `${planName(subscription.tier)}, through ${teamName}`}
        </p>
        <p className="mt-1 text-sm text-muted-foreground">Your team’s owner manages its subscription, seats and billing.</p>
      </div>
    </div>
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

/** Active, Trial, Past due (the /users badge words, docs/rules.md#admin), from the provider's status. */
function statusBadge(status: string | null) {
  if (status === 'trialing') return <Badge variant="info">Trial</Badge>;
  if (status === 'past_due') return <Badge variant="warning">Past due</Badge>;
  return <Badge variant="success">Active</Badge>;
}

function dateLine(details: BillingSubscriptionResponse | undefined, price: string) {
  if (!details) return null;
  const periodEnd = formatDate(details.currentPeriodEnd);
  if (details.cancelAtPeriodEnd && periodEnd) return `Cancels on ${periodEnd}`;
  if (details.status === 'trialing' && details.trialEnd) {
    return `Trial ends on ${formatDate(details.trialEnd)}, then ${price}`;
  }
  if (details.status === 'past_due') {
    return `Payment failed: update your card. Access continues until ${formatDate(details.graceUntil)}.`;
  }
  return periodEnd ? `Renews on ${periodEnd}` : null;
}

function PaidPlan() {
  const { subscription } = useMe();
  const details = useBillingSubscription();
  const portal = useOpenBillingPortal();
  const plan = PLANS.find((candidate) => candidate.tier === subscription.tier);
  const status = details.data?.status ?? subscription.status;
  const line = dateLine(details.data, plan ? `${plan.price} ${plan.period}` : '');

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 rounded-lg border bg-primary-soft/40 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-lg font-semibold text-foreground">{planName(subscription.tier)}</p>
            {statusBadge(status)}
          </div>
          {plan && (
            <p className="text-sm text-muted-foreground">
              {details.data && details.data.seats > 1
                ? `${details.data.seats} seats × ${plan.price}: ${priceForSeats(plan, details.data.seats)} ${plan.period}`
                : `${plan.price} ${plan.period}`}
            </p>
          )}
        </div>
        {line && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CalendarClock className="size-4 shrink-0" aria-hidden />
            {line}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Change plan, update your card, download invoices or cancel in the billing portal.
        </p>
        <Button onClick={portal.open} disabled={portal.busy} className="w-full sm:w-auto">
          {portal.busy ? <Loader2 className="animate-spin" aria-hidden /> : <ExternalLink aria-hidden />}
          Manage Subscription
        </Button>
      </div>
      {details.data && plan && details.data.priceId && <SeatsControl seats={details.data.seats} plan={plan} />}
      {details.data && <MoneyBackGuarantee refund={details.data.refund} guarantee={details.data.guarantee} />}
    </div>
  );
}

const REFUND_STATUS: Record<string, string> = {
  open: 'Our support team reviews it within 3 business days.',
  refunded: 'Refunded. It can take up to 10 business days to appear on your statement.',
  declined: 'Declined. Contact support if you have questions.',
};

/** When and why the guarantee ended, in the server's facts: the export that ended it, or the 30 days. */
function endedSentence(guarantee: Extract<BillingSubscriptionResponse['guarantee'], { state: 'ended' }>): string {
  if (guarantee.reason === 'exported' && guarantee.export) {
    const { count, format } = guarantee.export;
    return `Your money-back guarantee ended on ${formatDateTime(guarantee.endedAt)}, when ${pluralize(count, 'contact')} ${count === 1 ? 'was' : 'were'} exported (${EXPORT_FORMAT_LABEL[format]}): an export ends the guarantee, because exported contacts cannot be given back.`;
  }
  return `Your money-back guarantee ended on ${formatDate(guarantee.endedAt)}, 30 days after your first payment.`;
}

/** docs/rules.md#money-back: 30 days from the first purchase, voided by any export, one per customer. */
function MoneyBackGuarantee({
  refund,
  guarantee,
}: {
  refund: BillingSubscriptionResponse['refund'];
  guarantee: BillingSubscriptionResponse['guarantee'];
}) {
  const request = useRequestRefund();
  const [reason, setReason] = useState('');

  return (
    <section aria-labelledby="guarantee-heading" className="flex flex-col gap-3 border-t pt-6">
      <h3 id="guarantee-heading" className="flex items-center gap-2 font-semibold">
        <ShieldCheck className="size-5 text-brand-teal" aria-hidden />
        30-day money-back guarantee
      </h3>
      {refund.state === 'available' && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            Not the right fit? Ask for a full refund until {formatDate(refund.deadline)}. Exporting contacts ends the
            guarantee.
          </p>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="outline" className="w-full sm:w-auto">
                Request a refund
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>Request a refund</AlertDialogTitle>
                <AlertDialogDescription>
                  Our support team reviews requests within 3 business days; a refund takes up to 10 business days to
                  appear. One refund per customer.
                </AlertDialogDescription>
              </AlertDialogHeader>
              <FormField label="Reason (optional)" id="refund-reason">
                <Textarea value={reason} maxLength={2000} onChange={(event) => setReason(event.target.value)} />
              </FormField>
              <AlertDialogFooter>
                <AlertDialogCancel>Cancel</AlertDialogCancel>
                <AlertDialogAction
                  onClick={() =>
                    request.mutate(
                      { reason: reason.trim() || undefined },
                      {
                        onSuccess: () =>
                          toast.success('Refund requested', { description: 'We emailed you a confirmation.' }),
                        onError: (error) => toast.error('Could not request a refund', { description: error.message }),
                      },
                    )
                  }
                >
                  Send request
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      )}
      {refund.state === 'requested' && (
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">Refund requested on {formatDate(refund.requestedAt)}.</span>{' '}
          {REFUND_STATUS[refund.status]}
        </p>
      )}
      {refund.state === 'unavailable' && (
        <p className="text-sm text-muted-foreground">
          {guarantee.state === 'ended' ? (
            <span className="font-medium text-foreground">{endedSentence(guarantee)}</span>
          ) : (
            <>Refund not available: {refund.reason}</>
          )}{' '}
          <Link to="/money-back-guarantee" className="font-medium text-primary underline-offset-4 hover:underline">
            Read the guarantee
          </Link>
        </p>
      )}
    </section>
  );
}
