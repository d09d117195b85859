import { z } from 'zod';

import {
  CAPABILITIES,
  FREE_SUBSCRIPTION as FREE_SUBSCRIPTION_VALUE,
  PAID_TIERS,
  ROLES,
  TIERS,
  type Capability as CapabilityValue,
  type PaidTier as PaidTierValue,
  type Role as RoleValue,
  type Tier as TierValue,
} from './capabilities';

// The values and rules live in capabilities.ts (no zod, for the web app's first script).
export { capabilitiesFor, requiredTierFor } from './capabilities';

export const Tier = z.enum(TIERS);
export type Tier = TierValue;
export const PaidTier = z.enum(PAID_TIERS);
export type PaidTier = PaidTierValue;
export const Role = z.enum(ROLES);
export type Role = RoleValue;
export const Capability = z.enum(CAPABILITIES);
export type Capability = CapabilityValue;

export const SessionUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: Role,
  /** The team the user is an active member of (docs/decisions/061-teams.md): lists and searches may be shared with it. */
  teamId: z.string().nullable().optional(),
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
  /** True on a production server running the demo billing provider on purpose (BILLING_DEMO=1): every page says so. */
  demoBilling: z.boolean().optional(),
});
export type MeResponse = z.infer<typeof MeResponse>;

export const FREE_SUBSCRIPTION: SubscriptionStatus = FREE_SUBSCRIPTION_VALUE;
