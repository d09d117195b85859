import { z } from 'zod';
import type { PaidTier } from './account';

/** The plans' price identifiers (docs/rules.md#billing); Stripe price ids map to them by configuration. */
export const PriceId = z.enum(['price_monthly', 'price_annual']);
export type PriceId = z.infer<typeof PriceId>;

export type Plan = {
  priceId: PriceId;
  tier: PaidTier;
  title: string;
  price: string;
  /** The price in US dollars, per seat and period (what `price` says). */
  amount: number;
  period: string;
  /** What the price means per month, for comparison. */
  priceNote: string;
  description: string;
  savings: string;
  features: string[];
  /** Said plainly so the card does not promise what the plan does not give (docs/rules.md#billing). */
  notIncluded: string[];
  bestValue: boolean;
};

/*
 * THE plan table (docs/rules.md#billing): the pricing cards, the plan names, the tier each
 * price grants on the server and the trial all read it. What each tier unlocks follows the capability table in
 * contract/account.ts: basic = full results, contact reveal and lists; premium adds Select All
 * and CSV export.
 */
export const PLANS: Plan[] = [
  {
    priceId: 'price_monthly',
    tier: 'basic',
    title: 'Monthly',
    price: '$199',
    amount: 199,
    period: '/ month',
    priceNote: 'Billed monthly',
    description: 'Full access to search results, verified contact details and lists.',
    savings: 'Cancel anytime',
    features: [
      'Unlimited searches with full results',
      'Reveal verified emails and phone numbers',
      'Custom physician lists and saved searches',
      '45 searchable parameters',
      'Hospital affiliations from CMS; likely IMLC-eligible licences (holds a licence in a compact state; board certification and discipline not checked)',
      'Priority email support',
      'Single user',
    ],
    notIncluded: ['Select All and CSV export (Annual plan)'],
    bestValue: false,
  },
  {
    priceId: 'price_annual',
    tier: 'premium',
    title: 'Annual',
    price: '$1,799',
    amount: 1799,
    period: '/ year',
    priceNote: 'About $150 a month, billed yearly',
    description: 'Everything in Monthly, plus bulk selection and export.',
    savings: 'Save $589 with annual plan',
    features: [
      'Unlimited searches with full results',
      'Reveal verified emails and phone numbers',
      'Custom physician lists and saved searches',
      'CSV export, up to 500 contacts at a time',
      'Select All (up to 500 physicians at a time)',
      '45 searchable parameters',
      'Hospital affiliations from CMS; likely IMLC-eligible licences (holds a licence in a compact state; board certification and discipline not checked)',
      'Priority email support',
      'Premium support with a 24-hour response time',
      'Volume discount for medical groups',
      'Single user',
    ],
    notIncluded: [],
    bestValue: true,
  },
];

export function planFor(priceId: PriceId): Plan {
  const plan = PLANS.find((candidate) => candidate.priceId === priceId);
  if (!plan) throw new Error(`Unknown price ${priceId}`);
  return plan;
}

/** What `seats` seats of the plan cost per period: '$597' for three Monthly seats. */
export function priceForSeats(plan: Pick<Plan, 'amount'>, seats: number): string {
  return `$${(plan.amount * seats).toLocaleString('en-US')}`;
}

/** docs/rules.md#roles: premium is the Annual Plan, basic the Monthly Plan. */
export function planName(tier: 'free' | PaidTier): string {
  if (tier === 'premium') return 'Annual Plan';
  if (tier === 'basic') return 'Monthly Plan';
  return 'Free Plan';
}

/** The free trial (docs/rules.md#billing): 7 days of the Monthly plan, once per user. */
export const TRIAL_PRICE_ID: PriceId = 'price_monthly';
export const TRIAL_DAYS = 7;
/** The reminder email goes this long before the trial converts to a paid subscription. */
export const TRIAL_REMINDER_BEFORE_MS = 2 * 24 * 60 * 60 * 1000;
/** past_due keeps the plan's access this long while the provider retries the card (ADR 012). */
export const PAST_DUE_GRACE_DAYS = 7;
/** Money-back guarantee (docs/rules.md#money-back): 30 days from the first purchase, no export. */
export const REFUND_WINDOW_DAYS = 30;

// ---- Calls ---------------------------------------------------------------------------------

/** Seats a subscription may hold (docs/decisions/062-per-seat-billing.md): the plans are priced per seat. */
export const MAX_SEATS = 100;
export const Seats = z
  .number()
  .int('seats must be a whole number')
  .min(1, 'seats must be at least 1')
  .max(MAX_SEATS, `seats must be at most ${MAX_SEATS}; write to us for a larger team`);

/**
 * POST /api/billing/checkout. `trial` starts the 7-day trial of the Monthly plan instead. `seats`
 * (default 1): the recruiters the plan is for, each paying the plan's price; Stripe's checkout
 * lets the buyer change it.
 */
export const CreateCheckoutRequest = z.object({
  priceId: PriceId,
  trial: z.boolean().optional(),
  seats: Seats.optional(),
});
export type CreateCheckoutRequest = z.infer<typeof CreateCheckoutRequest>;

/** The hosted checkout's address: '/...' is in the app (demo provider), anything else a full page. */
export const CreateCheckoutResponse = z.object({ url: z.string().min(1) });
export type CreateCheckoutResponse = z.infer<typeof CreateCheckoutResponse>;

/** POST /api/billing/portal: the hosted customer portal's address. */
export const CreatePortalResponse = z.object({ url: z.string().min(1) });
export type CreatePortalResponse = z.infer<typeof CreatePortalResponse>;

export const RefundRequestStatus = z.enum(['open', 'refunded', 'declined']);
export type RefundRequestStatus = z.infer<typeof RefundRequestStatus>;

/** Whether 'Request a refund' is offered, and if not, why; or the state of the request made. */
export const RefundEligibility = z.discriminatedUnion('state', [
  z.object({ state: z.literal('available'), deadline: z.string() }),
  z.object({ state: z.literal('unavailable'), reason: z.string() }),
  z.object({
    state: z.literal('requested'),
    status: RefundRequestStatus,
    requestedAt: z.string(),
  }),
]);
export type RefundEligibility = z.infer<typeof RefundEligibility>;

/**
 * The 30-day money-back guarantee as the server knows it (docs/rules.md#money-back), for the pages
 * that warn before a step that ends it and for the Subscription tab:
 * - 'none': no payment yet (a free trial is not charged), nothing to lose;
 * - 'active': a refund may be asked for until `until`; exporting contacts (`endsOn`: any file of
 *   contacts: Export, a list's export, the profile PDF, an enriched spreadsheet) ends it at once;
 * - 'ended': when and why (the export that ended it, or the 30 days passing);
 * - 'claimed': a refund was asked for (`refund` says how it went).
 */
export const MoneyBackGuarantee = z.discriminatedUnion('state', [
  z.object({ state: z.literal('none') }),
  z.object({ state: z.literal('active'), until: z.string(), endsOn: z.literal('export') }),
  z.object({
    state: z.literal('ended'),
    endedAt: z.string(),
    reason: z.enum(['exported', 'expired']),
    /** The export that ended it (reason 'exported'): how many contacts, in which format. */
    export: z.object({ count: z.number().int(), format: z.enum(['csv', 'xlsx', 'pdf']) }).nullable(),
  }),
  z.object({ state: z.literal('claimed'), requestedAt: z.string() }),
]);
export type MoneyBackGuarantee = z.infer<typeof MoneyBackGuarantee>;

/** GET /api/billing/subscription: the subscription as the Subscription tab shows it. */
export const BillingSubscriptionResponse = z.object({
  subscribed: z.boolean(),
  tier: z.enum(['free', 'basic', 'premium']),
  priceId: PriceId.nullable(),
  planName: z.string(),
  /** Provider status: active, trialing, past_due... null without a subscription. */
  status: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  trialEnd: z.string().nullable(),
  /** past_due: access continues until then. */
  graceUntil: z.string().nullable(),
  /** Whether this user may still start the free trial. */
  trialAvailable: z.boolean(),
  refund: RefundEligibility,
  guarantee: MoneyBackGuarantee,
  provider: z.enum(['demo', 'stripe']),
  /** Seats paid for (1 without a subscription). */
  seats: z.number().int(),
});
export type BillingSubscriptionResponse = z.infer<typeof BillingSubscriptionResponse>;

/**
 * PUT /api/billing/seats: the subscription's seats. More seats are charged at once for the rest
 * of the period (prorated); fewer lower the price from the next renewal, with no credit.
 */
export const UpdateSeatsRequest = z.object({ seats: Seats });
export type UpdateSeatsRequest = z.infer<typeof UpdateSeatsRequest>;

export const CreateRefundRequest = z.object({
  reason: z.string().trim().max(2000, 'Reason must be at most 2000 characters.').optional(),
});
export type CreateRefundRequest = z.infer<typeof CreateRefundRequest>;

/**
 * GET /api/billing/checkout-sessions/{sessionId}: what the success page checks before it says
 * anything. 404 for a session that is not the caller's (or does not exist); `paid` false for one
 * left unpaid (the spec's 'Could not verify your payment. Please contact support.').
 */
export const CheckoutSessionParams = z.object({ sessionId: z.string().min(1).max(200) });
export type CheckoutSessionParams = z.infer<typeof CheckoutSessionParams>;
export const CheckoutSessionCheckResponse = z.object({ paid: z.boolean() });
export type CheckoutSessionCheckResponse = z.infer<typeof CheckoutSessionCheckResponse>;

export const WebhookResponse = z.object({ received: z.boolean(), duplicate: z.boolean().optional() });
export type WebhookResponse = z.infer<typeof WebhookResponse>;

/** GET /api/admin/refund-requests (admins): the open requests first. */
export const AdminRefundRequest = z.object({
  id: z.string(),
  email: z.string(),
  planName: z.string(),
  reason: z.string().nullable(),
  status: RefundRequestStatus,
  requestedAt: z.string(),
  firstPaidAt: z.string().nullable(),
  /** When and by whom it was marked refunded or declined; null while open. */
  resolvedAt: z.string().nullable(),
  resolvedByEmail: z.string().nullable(),
});
export type AdminRefundRequest = z.infer<typeof AdminRefundRequest>;
export const AdminRefundRequestsResponse = z.object({ requests: z.array(AdminRefundRequest) });
export type AdminRefundRequestsResponse = z.infer<typeof AdminRefundRequestsResponse>;

/** POST /api/admin/refund-requests/{id}/resolve: the operator's decision (the money moves at the provider). */
export const RefundRequestIdParams = z.object({ id: z.string().uuid('id must be a UUID') });
export type RefundRequestIdParams = z.infer<typeof RefundRequestIdParams>;
export const ResolveRefundRequest = z.object({
  status: z.enum(['refunded', 'declined'], { error: 'status must be refunded or declined' }),
});
export type ResolveRefundRequest = z.infer<typeof ResolveRefundRequest>;
export const ResolveRefundRequestResponse = z.object({ request: AdminRefundRequest, message: z.string() });
export type ResolveRefundRequestResponse = z.infer<typeof ResolveRefundRequestResponse>;

// ---- The demo provider's hosted pages --------------------------------------------------------

/** GET /api/billing/demo/checkout/{sessionId}: what the demo checkout page shows. */
export const DemoCheckoutSessionResponse = z.object({
  id: z.string(),
  priceId: PriceId,
  planTitle: z.string(),
  price: z.string(),
  period: z.string(),
  trialDays: z.number().int(),
  /** Seats bought: `price` is per seat, `total` for them all. */
  seats: z.number().int(),
  total: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  email: z.string(),
});
export type DemoCheckoutSessionResponse = z.infer<typeof DemoCheckoutSessionResponse>;

/** The demo card form: accepts 4242 4242 4242 4242, declines 4000 0000 0000 0002. */
export const DemoPayRequest = z.object({
  cardNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a card number of 12 to 19 digits.')),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Enter the expiry date as MM / YY.'),
  cvc: z.string().trim().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code.'),
  name: z.string().trim().min(1, 'Enter the name on the card.').max(200, 'Name must be at most 200 characters.'),
});
export type DemoPayRequest = z.infer<typeof DemoPayRequest>;

export const DemoPayResponse = z.object({ redirectUrl: z.string() });
export type DemoPayResponse = z.infer<typeof DemoPayResponse>;

/** GET /api/billing/demo/portal: the demo customer portal. */
export const DemoPortalResponse = z.object({
  email: z.string(),
  subscription: z
    .object({
      id: z.string(),
      priceId: PriceId,
      planName: z.string(),
      status: z.string(),
      currentPeriodEnd: z.string(),
      cancelAtPeriodEnd: z.boolean(),
      trialEnd: z.string().nullable(),
    })
    .nullable(),
});
export type DemoPortalResponse = z.infer<typeof DemoPortalResponse>;

export const DemoPortalAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('cancel') }),
  z.object({ action: z.literal('resume') }),
  z.object({ action: z.literal('change_plan'), priceId: PriceId }),
]);
export type DemoPortalAction = z.infer<typeof DemoPortalAction>;
