import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AlertTriangle, CheckCircle2, Loader2 } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import {
  BillingSubscriptionResponse,
  CheckoutSessionCheckResponse,
  type BillingSubscriptionResponse as Subscription,
} from '@contract/billing';
import { Button } from '@web/components/ui/button';
import { apiFetch, isApiError } from '@web/lib/api';
import { formatDate } from '@web/lib/utils';
import { afterCheckoutPath, forgetAfterCheckout } from './after-checkout';
import { useRefreshSubscription } from './api';

type Outcome = { kind: 'checking' } | { kind: 'missing' } | { kind: 'failed' } | { kind: 'active'; subscription: Subscription };

/** Stripe may post its webhook a moment after redirecting here: look again a few times. */
const ATTEMPTS = 8;
const RETRY_DELAY_MS = 1500;

const MISSING_MESSAGE = 'Could not verify your payment. Please contact support.';
const FAILED_MESSAGE = 'There was an issue processing your payment. Please contact support.';

/**
 * Whether the session in the address is the user's and paid (the server asks the provider).
 * A session of someone else's, an unknown or an unpaid one: false.
 */
async function sessionPaid(sessionId: string, signal: AbortSignal): Promise<boolean> {
  try {
    const { paid } = await apiFetch(`/api/billing/checkout-sessions/${encodeURIComponent(sessionId)}`, {
      schema: CheckoutSessionCheckResponse,
      signal,
    });
    return paid;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return false;
    throw error;
  }
}

async function waitForSubscription(signal: AbortSignal): Promise<Subscription | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const subscription = await apiFetch('/api/billing/subscription', { schema: BillingSubscriptionResponse, signal });
    if (subscription.subscribed) return subscription;
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    if (signal.aborted) return null;
  }
  return null;
}

/**
 * /checkout/success?session_id=... (docs/rules.md#billing): checks that the session is the user's and paid,
 * then refreshes the subscription and shows one of the spec's three outcomes, with one toast per
 * visit. A session that is missing, not the user's or not paid says 'Could not verify your payment.'
 */
export function CheckoutSuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const refresh = useRefreshSubscription();
  const [outcome, setOutcome] = useState<Outcome>(sessionId ? { kind: 'checking' } : { kind: 'missing' });
  // The page the trial or plan was chosen from (ADR 036): read on the first render, forgotten
  // once the page is on screen (a render that suspends is drawn again and must still find it).
  const [backTo] = useState(afterCheckoutPath);
  useEffect(() => forgetAfterCheckout(), []);
  // One toast per visit, even if the effect runs twice (development's strict mode).
  const toasted = useRef(false);

  useEffect(() => {
    const once = (show: () => void) => {
      if (toasted.current) return;
      toasted.current = true;
      show();
    };
    if (!sessionId) {
      once(() => toast.error(MISSING_MESSAGE));
      return;
    }
    const controller = new AbortController();
    sessionPaid(sessionId, controller.signal)
      .then(async (paid) => {
        if (controller.signal.aborted) return undefined;
        if (!paid) {
          setOutcome({ kind: 'missing' });
          once(() => toast.error(MISSING_MESSAGE));
          return undefined;
        }
        return waitForSubscription(controller.signal);
      })
      .then(async (subscription) => {
        if (subscription === undefined) return;
        if (controller.signal.aborted) return;
        await refresh();
        if (subscription) {
          setOutcome({ kind: 'active', subscription });
          once(() => toast.success('Success!', { description: 'Your subscription has been activated.' }));
        } else {
          setOutcome({ kind: 'failed' });
          once(() => toast.error(FAILED_MESSAGE));
        }
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setOutcome({ kind: 'failed' });
        once(() => toast.error(FAILED_MESSAGE));
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit (session id)
  }, [sessionId]);

  return (
    <div className="flex flex-1 items-center justify-center bg-surface px-4 py-16 sm:py-24">
      <div className="w-full max-w-xl rounded-2xl border bg-card p-8 text-center shadow-xs sm:p-10" aria-live="polite">
        {outcome.kind === 'checking' && (
          <>
            <Loader2 className="mx-auto size-10 animate-spin text-primary" aria-hidden />
            <h1 className="mt-5 text-2xl font-semibold tracking-tight">Confirming your payment...</h1>
            <p className="mt-3 text-muted-foreground">This takes a few seconds.</p>
          </>
        )}
        {outcome.kind === 'active' && <Activated subscription={outcome.subscription} />}
        {(outcome.kind === 'missing' || outcome.kind === 'failed') && (
          <>
            <AlertTriangle className="mx-auto size-10 text-warning" aria-hidden />
            <h1 className="mt-5 text-2xl font-semibold tracking-tight">We could not confirm your subscription</h1>
            <p className="mt-3 text-muted-foreground">{outcome.kind === 'missing' ? MISSING_MESSAGE : FAILED_MESSAGE}</p>
          </>
        )}
        {outcome.kind === 'active' && backTo && (
          <Button asChild size="lg" className="mt-8 w-full sm:w-auto">
            <Link to={backTo}>Continue where you left off</Link>
          </Button>
        )}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" variant={outcome.kind === 'active' && backTo ? 'outline' : 'default'}>
            <Link to="/search">Explore Physician Directory</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/account?tab=subscription">Manage My Account</Link>
          </Button>
        </div>
        {outcome.kind !== 'active' && outcome.kind !== 'checking' && (
          <p className="mt-6 text-sm text-muted-foreground">
            <Link to="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
              Contact support
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}

function Activated({ subscription }: { subscription: Subscription }) {
  const trial = subscription.status === 'trialing';
  return (
    <>
      <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden />
      <h1 className="mt-5 text-2xl font-semibold tracking-tight sm:text-3xl">
        {trial ? 'Your free trial has started' : 'Your subscription is active'}
      </h1>
      <p className="mt-3 text-muted-foreground">
        {trial
          ? `You have full ${subscription.planName} access until ${formatDate(subscription.trialEnd)}. We will email you 2 days before your trial converts; cancel anytime before then.`
          : `Thank you. Your ${subscription.planName} is active${subscription.currentPeriodEnd ? ` and renews on ${formatDate(subscription.currentPeriodEnd)}` : ''}.`}
      </p>
    </>
  );
}
