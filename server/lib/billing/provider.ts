import type { PriceId } from '../../../contract/billing';

export type ProviderName = 'demo' | 'stripe';

/** A subscription as the provider holds it: what the webhook handler re-reads and applies. */
export type ProviderSubscription = {
  id: string;
  customerId: string;
  priceId: PriceId;
  /** The provider's status: active, trialing, past_due, canceled, unpaid, incomplete... */
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  /** The subscription item's quantity: the seats paid for. */
  seats: number;
};

/** A verified webhook event, reduced to what the handler needs: which object to re-read. */
export type ProviderEvent = {
  id: string;
  type: string;
  /** The checkout session or subscription the event is about (null: nothing to re-read). */
  checkoutSessionId: string | null;
  subscriptionId: string | null;
};

/** The provider has no such object (an unknown checkout session id): the caller answers 404. */
export class ProviderObjectMissingError extends Error {
  override readonly name = 'ProviderObjectMissingError';
}

/** The signature did not verify: the webhook answers 400 and changes nothing. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

/**
 * The one billing interface: Stripe (STRIPE_SECRET_KEY set) or the built-in demo provider.
 * Subscription state in our database changes only through `constructEvent` + `retrieve*`
 * in the webhook handler, never from a redirect or a request body.
 */
export type BillingProvider = {
  readonly name: ProviderName;
  /** A provider customer for a user (called once per user; the id is stored). */
  createCustomer(input: { userId: string; email: string }): Promise<string>;
  /** A hosted checkout in subscription mode; `url` is absolute (Stripe) or '/...' (demo). */
  createCheckoutSession(input: {
    userId: string;
    customerId: string;
    priceId: PriceId;
    trialDays: number;
    /** The quantity the checkout starts with (Stripe lets the buyer change it there). */
    seats: number;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Verifies the signature header over the raw body; throws WebhookSignatureError. */
  constructEvent(rawBody: string, signature: string | undefined): ProviderEvent;
  /**
   * `paid`: the checkout completed with its payment made, or none due (a trial). Throws
   * ProviderObjectMissingError for an id the provider does not know.
   */
  retrieveCheckoutSession(
    id: string,
  ): Promise<{ id: string; customerId: string | null; subscriptionId: string | null; paid: boolean }>;
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  /**
   * Sets the subscription's seats (its item's quantity). `prorate`: charge the added seats now for
   * the rest of the period (Stripe: proration invoiced at once); else the change takes effect in
   * the price of the next period, with no credit. Answers the subscription as it now is.
   */
  updateSeats(input: { subscriptionId: string; seats: number; prorate: boolean }): Promise<ProviderSubscription>;
};

/** The object an event is about, read the same way for Stripe's events and the demo's (same shape). */
export function eventTarget(event: { id: string; type: string; data: { object: unknown } }): ProviderEvent {
  const object = (event.data.object ?? {}) as Record<string, unknown>;
  const kind = object.object;
  let checkoutSessionId: string | null = null;
  let subscriptionId: string | null = null;
  if (kind === 'checkout.session' && typeof object.id === 'string') checkoutSessionId = object.id;
  else if (kind === 'subscription' && typeof object.id === 'string') subscriptionId = object.id;
  else if (kind === 'invoice') {
    // Invoices name their subscription under parent.subscription_details (newer API versions)
    // or directly (older ones).
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | undefined;
    const candidate = parent?.subscription_details?.subscription ?? object.subscription;
    if (typeof candidate === 'string') subscriptionId = candidate;
    else if (candidate && typeof (candidate as { id?: unknown }).id === 'string') subscriptionId = (candidate as { id: string }).id;
  }
  return { id: event.id, type: event.type, checkoutSessionId, subscriptionId };
}
