import Stripe from 'stripe';
import { MAX_SEATS, type PriceId } from '../../../contract/billing';
import {
  eventTarget,
  ProviderObjectMissingError,
  WebhookSignatureError,
  type BillingProvider,
  type ProviderSubscription,
} from './provider';

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Our price identifier -> the Stripe price id (STRIPE_PRICE_MONTHLY / STRIPE_PRICE_ANNUAL). */
  prices: Record<PriceId, string>;
  /** Tests point the SDK at a local server; production leaves these unset (api.stripe.com). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

/** Stripe Checkout (subscription mode), the Stripe customer portal and signed Stripe webhooks. */
export function createStripeProvider(options: StripeProviderOptions): BillingProvider {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'PhysicianDirect' },
  });
  const ourPriceFor = new Map(Object.entries(options.prices).map(([ours, theirs]) => [theirs, ours as PriceId]));

  function toSubscription(subscription: Stripe.Subscription): ProviderSubscription {
    const item = subscription.items.data[0];
    const priceId = item ? ourPriceFor.get(item.price.id) : undefined;
    if (!priceId) throw new Error(`Stripe subscription ${subscription.id} has a price this app does not sell`);
    const customerId = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
    return {
      id: subscription.id,
      customerId,
      priceId,
      status: subscription.status,
      // The billing period lives on the item in current API versions.
      currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
      // A cancellation scheduled with cancel_at (the portal may set it) counts as one too.
      cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
      trialEnd: subscription.trial_end ? new Date(subscription.trial_end * 1000) : null,
      seats: item?.quantity ?? 1,
    };
  }

  return {
    name: 'stripe',

    async createCustomer({ userId, email }) {
      // The idempotency key makes two concurrent first checkouts share one customer.
      const customer = await stripe.customers.create(
        { email, metadata: { userId } },
        { idempotencyKey: `customer-${userId}` },
      );
      return customer.id;
    },

    async createCheckoutSession({ userId, customerId, priceId, trialDays, seats, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: userId,
        // Per seat (a licensed price): the buyer may change the count on Stripe's page.
        line_items: [
          { price: options.prices[priceId], quantity: seats, adjustable_quantity: { enabled: true, minimum: 1, maximum: MAX_SEATS } },
        ],
        success_url: successUrl,
        cancel_url: cancelUrl,
        ...(trialDays > 0 ? { subscription_data: { trial_period_days: trialDays } } : {}),
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },

    async createPortalSession({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: session.url };
    },

    constructEvent(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      try {
        return eventTarget(stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret));
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
      }
    },

    async retrieveCheckoutSession(id) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(id);
      } catch (error) {
        if ((error as { statusCode?: unknown }).statusCode === 404) throw new ProviderObjectMissingError(`No checkout session ${id}`);
        throw error;
      }
      const idOf = (value: string | { id: string } | null) => (typeof value === 'string' ? value : (value?.id ?? null));
      return {
        id: session.id,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        // 'no_payment_required': a trial's checkout, completed without a charge.
        paid: session.status === 'complete' && session.payment_status !== 'unpaid',
      };
    },

    async retrieveSubscription(id) {
      return toSubscription(await stripe.subscriptions.retrieve(id));
    },

    async updateSeats({ subscriptionId, seats, prorate }) {
      let current: Stripe.Subscription;
      try {
        current = await stripe.subscriptions.retrieve(subscriptionId);
      } catch (error) {
        if ((error as { statusCode?: unknown }).statusCode === 404) throw new ProviderObjectMissingError(`No subscription ${subscriptionId}`);
        throw error;
      }
      const item = current.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item`);
      // (The SDK's own idempotency key covers its retries of this one call.)
      const updated = await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, quantity: seats }],
        // Added seats: the rest of the period invoiced now. Removed ones: the next period's price.
        proration_behavior: prorate ? 'always_invoice' : 'none',
      });
      return toSubscription(updated);
    },
  };
}
