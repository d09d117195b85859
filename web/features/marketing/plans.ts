import type { PaidTier } from '@contract/account';

export type PriceId = 'price_monthly' | 'price_annual';

export type Plan = {
  priceId: PriceId;
  tier: PaidTier;
  title: string;
  price: string;
  period: string;
  /** What the price means per month, for comparison. */
  priceNote: string;
  description: string;
  savings: string;
  features: string[];
  /** Said plainly so the card does not promise what the plan does not give (0-decisions). */
  notIncluded: string[];
  bestValue: boolean;
};

/*
 * Document 1, section 9. What each tier unlocks follows the capability table in
 * contract/account.ts: basic = full results, contact reveal and lists; premium adds Select All
 * and CSV export.
 */
export const PLANS: Plan[] = [
  {
    priceId: 'price_monthly',
    tier: 'basic',
    title: 'Monthly',
    price: '$199',
    period: '/ month',
    priceNote: 'Billed monthly',
    description: 'Full access to search results, verified contact details and lists.',
    savings: 'Cancel anytime',
    features: [
      'Unlimited searches with full results',
      'Reveal verified emails and phone numbers',
      'Custom physician lists and saved searches',
      '37 searchable parameters',
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
    period: '/ year',
    priceNote: 'About $150 a month, billed yearly',
    description: 'Everything in Monthly, plus bulk selection and export.',
    savings: 'Save $589 with annual plan',
    features: [
      'Unlimited searches with full results',
      'Reveal verified emails and phone numbers',
      'Custom physician lists and saved searches',
      'Unlimited exports to CSV (up to 500 contacts each)',
      'Select All (up to 500 physicians at a time)',
      '37 searchable parameters',
      'Priority email support',
      'Premium support with a 24-hour response time',
      'Volume discount for medical groups',
      'Single user',
    ],
    notIncluded: [],
    bestValue: true,
  },
];
