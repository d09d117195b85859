import type { Db } from '../../db/client';
import type { Env } from '../env';
import { newToken } from '../tokens';
import { createDemoProvider, type DemoProvider } from './demo-provider';
import type { BillingProvider } from './provider';
import { createStripeProvider } from './stripe-provider';

/** Stripe when STRIPE_SECRET_KEY is set, else the built-in demo provider. */
export function createBillingProvider({ db, env }: { db: Db; env: Env }): BillingProvider | DemoProvider {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      prices: { price_monthly: env.STRIPE_PRICE_MONTHLY ?? '', price_annual: env.STRIPE_PRICE_ANNUAL ?? '' },
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }
  // The demo provider signs and verifies its events in this process: a secret per start will do.
  return createDemoProvider({ db, webhookSecret: `whsec_demo_${newToken()}` });
}
