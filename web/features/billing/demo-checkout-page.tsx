import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CreditCard, Lock, ShieldCheck } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import { DemoPayRequest } from '@contract/billing';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PageSpinner } from '@web/components/ui/spinner';
import { validate, type FieldErrors } from '@web/features/auth/form-errors';
import { isApiError } from '@web/lib/api';
import { formatDate } from '@web/lib/utils';
import { payDemoCheckout, useDemoCheckoutSession, useRefreshSubscription } from './api';
import { DemoBanner } from './demo-banner';

const FIELDS = ['cardNumber', 'expiry', 'cvc', 'name'] as const;
type Field = (typeof FIELDS)[number];
const fieldId = (field: Field) => `demo-checkout-${field}`;

/** Groups digits in fours as the user types, like a real card form. */
function formatCardNumber(value: string): string {
  return value.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** /billing/demo/checkout/:sessionId: the demo provider's hosted checkout (Stripe's own page otherwise). */
export function DemoCheckoutPage() {
  const { sessionId = '' } = useParams();
  const session = useDemoCheckoutSession(sessionId);
  const navigate = useNavigate();
  const refresh = useRefreshSubscription();
  const [values, setValues] = useState<Record<Field, string>>({ cardNumber: '', expiry: '', cvc: '', name: '' });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const clientErrors = validate(DemoPayRequest, values);
  const errorFor = (field: Field) => serverErrors[field] ?? (submitted ? clientErrors[field] : undefined);

  const pay = useMutation({
    mutationFn: () => payDemoCheckout(sessionId, values),
    onSuccess: async ({ redirectUrl }) => {
      await refresh();
      await navigate(redirectUrl, { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) {
        setServerErrors(error.fields);
        document.getElementById(fieldId((Object.keys(error.fields)[0] as Field) ?? 'cardNumber'))?.focus();
        return;
      }
      toast.error('Payment failed', { description: isApiError(error) ? error.message : 'Please try again.' });
    },
  });

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: field === 'cardNumber' ? formatCardNumber(value) : value }));
    setServerErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const firstInvalid = FIELDS.find((field) => clientErrors[field]);
    if (firstInvalid) {
      document.getElementById(fieldId(firstInvalid))?.focus();
      return;
    }
    pay.mutate();
  }

  if (session.isPending) return <PageSpinner label="Loading checkout" />;
  if (session.isError || session.data.status !== 'open') {
    return (
      <div className="mx-auto flex max-w-lg flex-1 flex-col items-center px-4 py-20 text-center">
        <h1 className="text-2xl font-semibold">This checkout is no longer available</h1>
        <p className="mt-3 text-muted-foreground">
          It was already completed, or it belongs to another account. Choose a plan to start again.
        </p>
        <Button asChild className="mt-8">
          <Link to="/pricing">Back to Pricing</Link>
        </Button>
      </div>
    );
  }

  const checkout = session.data;
  const trial = checkout.trialDays > 0;
  const trialEnds = formatDate(new Date(Date.now() + checkout.trialDays * 86_400_000));
  const cardError = errorFor('cardNumber');

  return (
    <div className="flex-1 bg-surface">
      <DemoBanner>
        No real card is charged. Pay with <strong className="whitespace-nowrap">4242 4242 4242 4242</strong>, any future expiry date and any CVC;{' '}
        <strong className="whitespace-nowrap">4000 0000 0000 0002</strong> is declined.
      </DemoBanner>
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 sm:px-6 sm:py-12 md:grid-cols-[1fr_1.1fr] md:gap-12">
        <section aria-labelledby="order-heading" className="flex flex-col gap-4">
          <p className="text-sm font-medium text-muted-foreground">PhysicianDirect (demo checkout)</p>
          <h1 id="order-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {trial ? `Start your ${checkout.trialDays}-day free trial` : `Subscribe to the ${checkout.planTitle}`}
          </h1>
          <div className="rounded-xl border bg-card p-5 shadow-xs">
            <div className="flex items-baseline justify-between gap-4">
              <div>
                <p className="font-medium">{checkout.planTitle}</p>
                {checkout.seats > 1 && (
                  <p className="text-sm text-muted-foreground">
                    {checkout.seats} seats × {checkout.price}
                  </p>
                )}
              </div>
              <p className="text-right">
                <span className="text-2xl font-semibold">{checkout.total}</span>{' '}
                <span className="text-sm text-muted-foreground">{checkout.period}</span>
              </p>
            </div>
            {trial ? (
              <p className="mt-3 text-sm text-muted-foreground">
                Due today: <span className="font-medium text-foreground">$0.00</span>. Your card is charged{' '}
                {checkout.total} {checkout.period} from {trialEnds} unless you cancel before then.
              </p>
            ) : (
              <p className="mt-3 text-sm text-muted-foreground">
                Due today: <span className="font-medium text-foreground">{checkout.total}</span>. Renews automatically;
                cancel anytime in Account Settings.
              </p>
            )}
          </div>
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-brand-teal" aria-hidden />
            30-day money-back guarantee from your first payment, as long as no contacts have been exported.
          </p>
        </section>

        <section aria-labelledby="pay-heading" className="rounded-xl border bg-card p-5 shadow-xs sm:p-6">
          <h2 id="pay-heading" className="flex items-center gap-2 text-lg font-semibold">
            <CreditCard className="size-5 text-muted-foreground" aria-hidden />
            Pay with card
          </h2>
          <form noValidate onSubmit={onSubmit} aria-label="Card payment" className="mt-5 flex flex-col gap-4">
            <FormField label="Email" id="demo-checkout-email">
              <Input value={checkout.email} readOnly />
            </FormField>
            <FormField label="Card number" id={fieldId('cardNumber')} error={cardError}>
              <Input
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                value={values.cardNumber}
                onChange={(event) => update('cardNumber', event.target.value)}
              />
            </FormField>
            <div className="grid grid-cols-2 gap-4">
              <FormField label="Expiry (MM / YY)" id={fieldId('expiry')} error={errorFor('expiry')}>
                <Input
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder="MM / YY"
                  value={values.expiry}
                  onChange={(event) => update('expiry', event.target.value)}
                />
              </FormField>
              <FormField label="CVC" id={fieldId('cvc')} error={errorFor('cvc')}>
                <Input
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  placeholder="123"
                  value={values.cvc}
                  onChange={(event) => update('cvc', event.target.value)}
                />
              </FormField>
            </div>
            <FormField label="Name on card" id={fieldId('name')} error={errorFor('name')}>
              <Input
                autoComplete="cc-name"
                value={values.name}
                onChange={(event) => update('name', event.target.value)}
              />
            </FormField>
            <Button type="submit" size="lg" className="mt-2 w-full" disabled={pay.isPending}>
              <Lock aria-hidden />
              {pay.isPending ? 'Processing...' : trial ? 'Start free trial' : `Pay ${checkout.total}`}
            </Button>
            <Button asChild variant="ghost" className="w-full">
              <Link to="/pricing">Cancel and return to Pricing</Link>
            </Button>
          </form>
        </section>
      </div>
    </div>
  );
}
