import type { Role, Tier } from '../../../contract/account';
import type { TestAgent, TestContext } from '../harness';

/*
 * The role matrix of the authorisation tests, in one place: each kind of signed-in caller and the
 * role and tier it is made with (docs/rules.md#roles). The admin has no plan, so whatever an admin
 * may do comes from the role, never from a tier.
 */
export const SIGNED_IN_ROLES = {
  free: { tier: 'free', role: 'user' },
  basic: { tier: 'basic', role: 'user' },
  premium: { tier: 'premium', role: 'user' },
  admin: { tier: 'free', role: 'admin' },
} as const satisfies Record<string, { tier: Tier; role: Role }>;

export type SignedInRole = keyof typeof SIGNED_IN_ROLES;
export const SIGNED_IN_ROLE_NAMES = Object.keys(SIGNED_IN_ROLES) as SignedInRole[];

export type RoleAgent = { agent: TestAgent; userId: string };

/** One verified user per role, each with an agent already signed in, made in the order above. */
export async function signedInAgents(ctx: Pick<TestContext, 'signedInAgent'>): Promise<Record<SignedInRole, RoleAgent>> {
  const agents = {} as Record<SignedInRole, RoleAgent>;
  for (const name of SIGNED_IN_ROLE_NAMES) {
    const { agent, user } = await ctx.signedInAgent(SIGNED_IN_ROLES[name]);
    agents[name] = { agent, userId: user.id };
  }
  return agents;
}

/** A fresh verified user of `role`, signed in (a new user per call, so counters start at zero). */
export function signedInAgentAs(ctx: Pick<TestContext, 'signedInAgent'>, role: SignedInRole) {
  return ctx.signedInAgent(SIGNED_IN_ROLES[role]);
}
