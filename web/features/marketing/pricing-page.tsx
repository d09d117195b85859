import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Building2, Check, Minus, ShieldCheck } from 'lucide-react';
import { useMe } from '@web/app/session';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@web/components/ui/accordion';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useLatestCallback } from '@web/lib/use-latest-callback';
import { cn } from '@web/lib/utils';
import type { Tier } from '@contract/account';
import { PageHero, Section } from './marketing-ui';
import { PLANS, type Plan, type PriceId } from '@contract/billing';
import { useStartCheckout } from '@web/features/billing/use-checkout';
import { StartTrialButton } from '@web/features/billing/start-trial-button';

const FAQ = [
  {
    question: 'What is the difference between the Monthly and Annual plans?',
    answer:
      'Both plans give you unlimited searches with full results, verified emails and phone numbers, and custom physician lists. The Annual plan adds Select All and CSV export of up to 500 physicians at a time, premium support with a 24-hour response time and a volume discount for medical groups, and saves you $589 a year.',
  },
  {
    question: 'Can I cancel anytime?',
    answer:
      'Yes. Monthly plans can be cancelled at any time from Account Settings, and your access continues until the end of the period you have already paid for.',
  },
  {
    question: 'How current is the contact information?',
    answer:
      'Contact details are verified on a monthly cycle. If you ever reach a wrong number or a bounced email, let us know through the contact form and we will review the record.',
  },
  {
    question: 'Is there a money-back guarantee?',
    answer: (
      <>
        Yes. If PhysicianDirect is not right for you, ask for a refund within 30 days of your first purchase.
        The guarantee does not apply once contacts have been exported.{' '}
        <Link to="/money-back-guarantee" className="font-medium text-primary underline underline-offset-4">
          Read the full guarantee
        </Link>
        .
      </>
    ),
  },
  {
    question: 'Can my whole team share one subscription?',
    answer:
      'Each subscription is for a single user. For a recruiting team or a medical group, contact sales: we offer volume discounts and can set up a plan for several users.',
  },
  {
    question: 'Where does the physician data come from?',
    answer: (
      <>
        Profiles are built from public professional registries, such as the national NPI registry, and from
        physicians who submit their own resumes. Physicians can ask for their information to be removed at any
        time on our{' '}
        <Link to="/remove-info" className="font-medium text-primary underline underline-offset-4">
          removal page
        </Link>
        .
      </>
    ),
  },
  {
    question: 'How do I pay?',
    answer:
      'Payment is by card through a secure hosted checkout; we never see or store your full card number. You manage your subscription and payment details from the billing portal in Account Settings.',
  },
];

export function PricingPage() {
  const me = useMe();
  const { startCheckout, pendingPriceId } = useStartCheckout();
  useChosenPlan(startCheckout);

  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple pricing for serious recruiters"
        description="One subscription, no credits and no per-contact fees. Choose monthly flexibility or save with an annual plan."
      />

      <Section className="pt-12 sm:pt-16" labelledBy="plans-heading">
        <h2 id="plans-heading" className="sr-only">
          Plans
        </h2>
        <div className="mx-auto grid max-w-5xl gap-8 md:grid-cols-2">
          {PLANS.map((plan) => (
            <PlanCard
              key={plan.priceId}
              plan={plan}
              currentTier={me.subscription.tier}
              signedIn={me.isSignedIn}
              pendingPriceId={pendingPriceId ?? null}
              onChoose={() => startCheckout(plan.priceId)}
            />
          ))}
        </div>
        {!me.subscription.subscribed && (
          <div className="mx-auto mt-10 flex max-w-5xl flex-col items-center gap-3 rounded-2xl border border-dashed bg-surface p-6 text-center sm:flex-row sm:justify-between sm:text-left">
            <p className="text-[15px] text-muted-foreground">
              <span className="font-semibold text-foreground">Not sure yet?</span> Try the Monthly plan free for 7
              days. Cancel before it ends and you pay nothing; one trial per user.
            </p>
            <StartTrialButton variant="outline" className="w-full shrink-0 sm:w-auto" />
          </div>
        )}
        <p className="mx-auto mt-10 flex max-w-5xl items-center justify-center gap-2 text-center text-sm text-muted-foreground">
          <ShieldCheck className="size-4 shrink-0 text-brand-teal" aria-hidden />
          <span>
            Every plan comes with our{' '}
            <Link
              to="/money-back-guarantee"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              30-day money-back guarantee
            </Link>
            .
          </span>
        </p>
      </Section>

      <Section className="border-t bg-surface" labelledBy="faq-heading">
        <div className="mx-auto max-w-3xl">
          <h2 id="faq-heading" className="text-center text-3xl font-semibold tracking-tight sm:text-4xl">
            Frequently asked questions
          </h2>
          <Accordion
            type="single"
            collapsible
            className="mt-10 rounded-2xl border bg-background px-6 shadow-xs"
          >
            {FAQ.map((item, index) => (
              <AccordionItem key={item.question} value={`faq-${index}`}>
                <AccordionTrigger>{item.question}</AccordionTrigger>
                <AccordionContent>{item.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </div>
      </Section>

      <Section labelledBy="sales-heading">
        <div className="mx-auto flex max-w-5xl flex-col items-start gap-6 rounded-2xl border bg-card p-8 shadow-xs sm:p-10 md:flex-row md:items-center md:justify-between">
          <div className="flex gap-5">
            <div className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary sm:flex">
              <Building2 className="size-6" aria-hidden />
            </div>
            <div>
              <h2 id="sales-heading" className="text-2xl font-semibold tracking-tight">
                Need a custom plan?
              </h2>
              <p className="mt-2 max-w-xl leading-relaxed text-muted-foreground">
                Recruiting for a medical group or with a team? Talk to us about volume discounts, several
                users and plans built around your hiring.
              </p>
            </div>
          </div>
          <Button asChild size="lg" variant="outline" className="w-full md:w-auto">
            <Link to="/contact">Contact Sales</Link>
          </Button>
        </div>
      </Section>
    </>
  );
}

/** A subscriber changes plan in the billing portal (never a second subscription). */
function buttonLabel(plan: Plan, currentTier: Tier, signedIn: boolean): string {
  if (!signedIn || currentTier === 'free') return 'Get Started';
  return plan.tier === 'premium' ? 'Upgrade to Annual' : 'Switch to Monthly';
}

function PlanCard({
  plan,
  currentTier,
  signedIn,
  pendingPriceId,
  onChoose,
}: {
  plan: Plan;
  currentTier: Tier;
  signedIn: boolean;
  pendingPriceId: PriceId | null;
  onChoose: () => void;
}) {
  const isCurrent = signedIn && currentTier === plan.tier;
  const isProcessing = pendingPriceId === plan.priceId;
  const titleId = `plan-${plan.priceId}-title`;
  const highlighted = plan.bestValue;

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex h-full flex-col rounded-2xl border bg-card p-8 shadow-xs',
        highlighted && 'border-primary shadow-lg shadow-primary/10 ring-1 ring-primary',
        isCurrent && !highlighted && 'border-brand-teal ring-1 ring-brand-teal',
      )}
    >
      <div className="absolute -top-3 left-8 flex flex-wrap gap-2">
        {plan.bestValue && <Badge className="px-3 py-1 tracking-wide">BEST VALUE</Badge>}
        {isCurrent && (
          <Badge variant="teal" className="border-brand-teal/30 bg-brand-teal-soft px-3 py-1 tracking-wide">
            YOUR CURRENT PLAN
          </Badge>
        )}
      </div>

      <h3 id={titleId} className="text-xl font-semibold tracking-tight">
        {plan.title}
      </h3>
      <p className="mt-2 text-[15px] text-muted-foreground md:min-h-12">{plan.description}</p>

      <p className="mt-6 flex items-baseline gap-1.5">
        <span className="text-5xl font-semibold tracking-tight text-foreground">{plan.price}</span>
        <span className="text-base text-muted-foreground">{plan.period}</span>
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{plan.priceNote}</p>
      <p className={cn('mt-3 text-sm font-semibold', plan.bestValue ? 'text-success' : 'text-brand-teal')}>
        {plan.savings}
      </p>

      <Button
        size="lg"
        variant={highlighted ? 'default' : 'outline'}
        className="mt-7 w-full"
        disabled={isCurrent || pendingPriceId !== null}
        onClick={onChoose}
      >
        {isCurrent
          ? 'Current Plan'
          : isProcessing
            ? 'Processing...'
            : buttonLabel(plan, currentTier, signedIn)}
      </Button>

      <ul className="mt-8 flex flex-col gap-3 border-t pt-8 text-[15px]">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-3">
            <Check className="mt-0.5 size-5 shrink-0 text-brand-teal" aria-hidden />
            <span>{feature}</span>
          </li>
        ))}
        {plan.notIncluded.map((feature) => (
          <li key={feature} className="flex items-start gap-3 text-muted-foreground">
            <Minus className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden />
            <span>
              <span className="sr-only">Not included: </span>
              {feature}
            </span>
          </li>
        ))}
      </ul>
    </article>
  );
}

/**
 * /pricing?plan=<price id>: where a signed-out visitor's 'Get Started' comes back to after signing
 * in or up (use-checkout.ts). Once the session is known, a user without a subscription goes on to
 * that plan's checkout; the parameter is dropped either way, so Back or a reload does not repeat it.
 */
function useChosenPlan(startCheckout: (priceId: PriceId) => void) {
  const me = useMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = PLANS.find((plan) => plan.priceId === searchParams.get('plan'))?.priceId ?? null;
  const started = useRef(false);
  const start = useLatestCallback(startCheckout);
  useEffect(() => {
    if (!searchParams.has('plan') || me.isLoading || started.current) return;
    started.current = true;
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      next.delete('plan');
      return next;
    }, { replace: true });
    if (chosen && me.isSignedIn && !me.subscription.subscribed) start(chosen);
  }, [searchParams, me.isLoading, me.isSignedIn, me.subscription.subscribed, chosen, start, setSearchParams]);
}
