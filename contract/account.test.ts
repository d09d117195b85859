import { describe, expect, it } from 'vitest';
import { capabilitiesFor, requiredTierFor, type Capability, type Role, type Tier } from './account';

/*
 * Role x tier -> capabilities, written out as the product's decision (docs/rules.md#roles):
 * the expected sets are literal here, not derived from the function under test.
 */

const SIGNED_IN: Capability[] = ['lists:use'];
const BASIC: Capability[] = [
  ...SIGNED_IN,
  'search:full-results',
  'selection:unlimited',
  'lists:add',
  'contacts:reveal',
  'integrations:use',
  'outreach:send',
];
const PREMIUM: Capability[] = [...BASIC, 'selection:all', 'exports:create', 'api-keys:manage'];
const ADMIN: Capability[] = [...PREMIUM, 'profile:export', 'admin:access'];

// prettier-ignore
const TABLE: { signedIn: boolean; role: Role; tier: Tier; expected: Capability[] }[] = [
  { signedIn: false, role: 'user', tier: 'free', expected: [] },
  // A signed-out visitor never gets capabilities, whatever a stale role or tier says.
  { signedIn: false, role: 'user', tier: 'premium', expected: [] },
  { signedIn: false, role: 'admin', tier: 'premium', expected: [] },
  { signedIn: true, role: 'user', tier: 'free', expected: SIGNED_IN },
  { signedIn: true, role: 'user', tier: 'basic', expected: BASIC },
  { signedIn: true, role: 'user', tier: 'premium', expected: PREMIUM },
  // Admins have everything on any tier: an admin without a subscription sees full pages.
  { signedIn: true, role: 'admin', tier: 'free', expected: ADMIN },
  { signedIn: true, role: 'admin', tier: 'basic', expected: ADMIN },
  { signedIn: true, role: 'admin', tier: 'premium', expected: ADMIN },
];

describe('capabilitiesFor', () => {
  it.each(TABLE)('signed in $signedIn, $role on $tier', ({ signedIn, role, tier, expected }) => {
    expect([...capabilitiesFor({ signedIn, role, tier })].sort()).toEqual([...expected].sort());
  });

  it('an admin on the free tier has full results, reveal, Select All, export and the admin screens', () => {
    const caps = capabilitiesFor({ signedIn: true, role: 'admin', tier: 'free' });
    for (const capability of [
      'search:full-results',
      'contacts:reveal',
      'selection:all',
      'exports:create',
      'admin:access',
    ] as const)
      expect(caps).toContain(capability);
  });

  it('names the tier the subscription gate asks for', () => {
    expect(requiredTierFor('search:full-results')).toBe('basic');
    expect(requiredTierFor('contacts:reveal')).toBe('basic');
    expect(requiredTierFor('lists:add')).toBe('basic');
    expect(requiredTierFor('selection:unlimited')).toBe('basic');
    expect(requiredTierFor('selection:all')).toBe('premium');
    expect(requiredTierFor('exports:create')).toBe('premium');
    expect(requiredTierFor('admin:access')).toBeNull();
    expect(requiredTierFor('lists:use')).toBeNull();
  });
});
