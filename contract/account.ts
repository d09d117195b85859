import { z } from 'zod';

export const Tier = z.enum(['free', 'basic', 'premium']);
export type Tier = z.infer<typeof Tier>;
export const PaidTier = z.enum(['basic', 'premium']);
export type PaidTier = z.infer<typeof PaidTier>;
export const Role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof Role>;

export const Capability = z.enum([
  'search:full-results', // see every page of results (free/anonymous: first 20 rows)
  'selection:unlimited', // select more than 20
  'lists:use', // signed in: own lists and saved searches
  'lists:add', // Add to List (basic+)
  'contacts:reveal', // reveal email/phone (basic+)
  'selection:all', // Select All (premium)
  'exports:create', // Export Selected (premium)
  'api-keys:manage', // create and revoke API keys for the public REST API (premium)
  'profile:export', // Export Full Profile (admin)
  'admin:access', // admin screens and calls
]);
export type Capability = z.infer<typeof Capability>;

const TIER_RANK: Record<Tier, number> = { free: 0, basic: 1, premium: 2 };

/** True when `tier` satisfies `required` (premium satisfies basic). */
export function tierSatisfies(tier: Tier, required: PaidTier): boolean {
  return TIER_RANK[tier] >= TIER_RANK[required];
}

/**
 * The one place capabilities are computed (document 2, section 6). The server guards with it;
 * the web app only mirrors what /api/me returns.
 */
export function capabilitiesFor(input: { signedIn: boolean; role: Role; tier: Tier }): Capability[] {
  if (!input.signedIn) return [];
  if (input.role === 'admin') return [...Capability.options];
  const caps: Capability[] = ['lists:use'];
  if (tierSatisfies(input.tier, 'basic')) {
    caps.push('search:full-results', 'selection:unlimited', 'lists:add', 'contacts:reveal');
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
      return 'basic';
    case 'selection:all':
    case 'exports:create':
    case 'api-keys:manage':
      return 'premium';
    default:
      return null;
  }
}

export const SessionUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: Role,
});
export type SessionUser = z.infer<typeof SessionUser>;

export const SubscriptionStatus = z.object({
  subscribed: z.boolean(),
  tier: Tier,
  /** Provider status ('active', 'trialing', ...) or null on the free tier. */
  status: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/** GET /api/me: who is signed in, their tier and what they may do. Anonymous: user null. */
export const MeResponse = z.object({
  user: SessionUser.nullable(),
  subscription: SubscriptionStatus,
  capabilities: z.array(Capability),
});
export type MeResponse = z.infer<typeof MeResponse>;

export const FREE_SUBSCRIPTION: SubscriptionStatus = {
  subscribed: false,
  tier: 'free',
  status: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};
