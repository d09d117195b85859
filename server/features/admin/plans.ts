/*
 * What each price is worth per month, for the dashboard's MRR. The plan table itself (prices,
 * names) belongs to billing; these follow document 1, section 9: Monthly $199 a month, Annual
 * $1,799 a year.
 */
const MONTHLY_CENTS: Record<string, number> = {
  price_monthly: 19_900,
  price_annual: Math.round(179_900 / 12),
};
const NAMES: Record<string, string> = { price_monthly: 'Monthly Plan', price_annual: 'Annual Plan' };

export const monthlyCentsOf = (priceId: string): number => MONTHLY_CENTS[priceId] ?? 0;
export const planNameOf = (priceId: string): string => NAMES[priceId] ?? priceId;
