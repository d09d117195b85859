import { PLANS, planName, type PriceId } from '../../../contract/billing';

/**
 * What one subscriber of a price is worth per month, in cents, for the dashboard's MRR: the plan
 * table's price ('$199 / month', '$1,799 / year'), a yearly price counted at a twelfth.
 */
export function monthlyCentsOf(priceId: PriceId): number {
  const plan = PLANS.find((candidate) => candidate.priceId === priceId);
  if (!plan) return 0;
  const cents = Math.round(Number(plan.price.replace(/[^0-9.]/g, '')) * 100);
  return /year/i.test(plan.period) ? Math.round(cents / 12) : cents;
}

/** 'Monthly Plan' / 'Annual Plan' (docs/rules.md#billing). */
export function planNameOf(priceId: PriceId): string {
  const plan = PLANS.find((candidate) => candidate.priceId === priceId);
  return plan ? planName(plan.tier) : priceId;
}
