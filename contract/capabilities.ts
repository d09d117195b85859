/*
 * Tiers, roles and capabilities as plain values, without zod: the web app's first script needs
 * them (the header, every page's capability checks) and zod waits for the pages that validate
 * something (ADR 021). contract/account.ts builds its schemas from these lists and re-exports all.
 */

export const TIERS = ['free', 'basic', 'premium'] as const;
export type Tier = (typeof TIERS)[number];
export const PAID_TIERS = ['basic', 'premium'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const CAPABILITIES = [
  'search:full-results', // see every page of results (free/anonymous: first 20 rows)
  'selection:unlimited', // select more than 20
  'lists:use', // signed in: own lists and saved searches
  'lists:add', // Add to List (basic+)
  'contacts:reveal', // reveal email/phone (basic+)
  'outreach:send', // email physicians from the product, within the contact limit (basic+)
  'integrations:use', // push to the connected ATS, its flags; owners and admins connect it and add webhooks (basic+)
  'selection:all', // Select All (premium)
  'exports:create', // Export Selected (premium)
  'api-keys:manage', // create and revoke API keys for the public REST API (premium)
  'profile:export', // Export Full Profile (admin)
  'admin:access', // admin screens and calls
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const TIER_RANK: Record<Tier, number> = { free: 0, basic: 1, premium: 2 };

/** True when `tier` satisfies `required` (premium satisfies basic). */
export function tierSatisfies(tier: Tier, required: PaidTier): boolean {
  return TIER_RANK[tier] >= TIER_RANK[required];
}

/**
 * The one place capabilities are computed (docs/rules.md#roles). The server guards with it;
 * the web app only mirrors what /api/me returns.
 */
export function capabilitiesFor(input: { signedIn: boolean; role: Role; tier: Tier }): Capability[] {
  if (!input.signedIn) return [];
  if (input.role === 'admin') return [...CAPABILITIES];
  const caps: Capability[] = ['lists:use'];
  if (tierSatisfies(input.tier, 'basic')) {
    caps.push('search:full-results', 'selection:unlimited', 'lists:add', 'contacts:reveal', 'integrations:use', 'outreach:send');
  }
  if (tierSatisfies(input.tier, 'premium')) caps.push('selection:all', 'exports:create', 'api-keys:manage');
  return caps;
}

/** The tier a capability needs (for the subscription gate's "requires the X subscription"). */
export function requiredTierFor(capability: Capability): PaidTier | null {
  switch (capability) {
    case 'search:full-results':
    case 'selection:unlimited':
    case 'lists:add':
    case 'contacts:reveal':
    case 'integrations:use':
    case 'outreach:send':
      return 'basic';
    case 'selection:all':
    case 'exports:create':
    case 'api-keys:manage':
      return 'premium';
    default:
      return null;
  }
}

/** The subscription of everyone without one (contract/account.ts checks it against its schema). */
export const FREE_SUBSCRIPTION = {
  subscribed: false,
  tier: 'free' as Tier,
  status: null as string | null,
  currentPeriodEnd: null as string | null,
  cancelAtPeriodEnd: false,
};
