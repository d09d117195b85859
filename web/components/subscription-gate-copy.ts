import type { PaidTier, Tier } from '@contract/account';

/** What the overlay says, chosen by the plan the action needs and the plan the viewer has. */
type GateCopy = { title: string; description: string; lead: string; benefits: string[] };

/**
 * The three benefits (docs/rules.md#layout), each as the plan the action needs gives it: export is the Annual
 * Plan's, so the gate of a Monthly feature (Add to List, reveal) promises searches, not exports.
 */
const CONTACTS = 'Full access to physician contact information';
const LISTS = 'Creating and managing custom physician lists';
const MONTHLY_BENEFITS = [CONTACTS, 'Unlimited searches with full results', LISTS];
const ANNUAL_BENEFITS = [CONTACTS, 'Unlimited exports and searches', LISTS];

/** What the Annual Plan adds to the Monthly Plan (docs/rules.md#roles, #billing). */
const ANNUAL_ADDS = [
  'Select All: up to 500 matching physicians in one click',
  'Export selections and lists to CSV, Excel and PDF',
  'Save $589 a year compared with monthly billing',
  'Volume discount for medical groups and support within 24 hours',
];

/**
 * The copy fits who sees it: a Monthly subscriber stopped at Select All or export is told the
 * Annual Plan unlocks it and what it adds, not offered contact access and lists they already
 * have; someone without a plan sees the spec's overlay naming the plan the action needs.
 */
export function gateCopy(requiredTier: PaidTier, currentTier: Tier): GateCopy {
  if (requiredTier === 'premium' && currentTier === 'basic') {
    return {
      title: 'Upgrade to the Annual Plan',
      description:
        'Select All and export are part of the Annual Plan. Your Monthly Plan already includes contact access and lists.',
      lead: 'The Annual Plan adds:',
      benefits: ANNUAL_ADDS,
    };
  }
  if (requiredTier === 'premium') {
    return {
      title: 'Unlock Unlimited Contacts',
      description: 'This feature requires the Annual Plan subscription.',
      lead: 'Subscribe to get:',
      benefits: [...ANNUAL_BENEFITS, 'Select All and export to CSV, Excel and PDF'],
    };
  }
  return {
    title: 'Unlock Unlimited Contacts',
    description: 'This feature requires a Monthly or Annual Plan subscription.',
    lead: 'Subscribe to get:',
    benefits: MONTHLY_BENEFITS,
  };
}
