import { describe, expect, it } from 'vitest';
import type { UserSummary } from '@contract/admin';
import { bulkToast, correctedPage, formatMoney, selectAllState, subscriptionBadge, subSpecialtyOnApproval, userRowDisplay } from './format';

const user = (over: Partial<UserSummary> = {}): UserSummary => ({
  id: '1',
  email: 'a@example.com',
  role: 'user',
  signupDate: null,
  lastSignInAt: null,
  subscriptionStatus: null,
  subscriptionPlan: null,
  totalExports: null,
  ...over,
});

describe('user rows', () => {
  it("show the spec's defaults for missing fields", () => {
    expect(userRowDisplay(user())).toEqual({ signupDate: 'N/A', lastSignIn: 'Never', status: 'free', plan: 'Free', exports: 0 });
  });
  it('badge the plan name when active, Trial when trialing, Free otherwise', () => {
    expect(subscriptionBadge(user({ subscriptionStatus: 'active', subscriptionPlan: 'Annual Plan' }))).toEqual({ label: 'Annual Plan', tone: 'active' });
    expect(subscriptionBadge(user({ subscriptionStatus: 'trialing', subscriptionPlan: 'Monthly Plan' }))).toEqual({ label: 'Trial', tone: 'trial' });
    expect(subscriptionBadge(user({ subscriptionStatus: 'canceled', subscriptionPlan: 'Monthly Plan' }))).toEqual({ label: 'Free', tone: 'free' });
    expect(subscriptionBadge(user())).toEqual({ label: 'Free', tone: 'free' });
  });
});

describe('resume approval helpers', () => {
  it('corrects a page past the last one', () => {
    expect(correctedPage(3, 50, 25)).toBe(2);
    expect(correctedPage(2, 26, 25)).toBe(2);
    expect(correctedPage(2, 25, 25)).toBe(1);
    expect(correctedPage(4, 0, 25)).toBe(1);
  });
  it('turns select-all on only when every row is selected', () => {
    expect(selectAllState(['a', 'b'], new Set(['a', 'b']))).toBe(true);
    expect(selectAllState(['a', 'b'], new Set(['a']))).toBe('indeterminate');
    expect(selectAllState(['a', 'b'], new Set())).toBe(false);
    expect(selectAllState([], new Set())).toBe(false);
  });
  it('words the bulk toast as the spec does', () => {
    expect(bulkToast({ action: 'approve', succeeded: 3, failed: 0 })).toEqual({
      kind: 'success',
      title: 'Bulk approve successful',
      description: '3 submission(s) approved.',
    });
    expect(bulkToast({ action: 'reject', succeeded: 1, failed: 2 })).toMatchObject({ kind: 'error', title: 'Bulk reject partially failed' });
  });
  it('formats money in whole dollars', () => {
    expect(formatMoney(19_900 * 3 + 14_992)).toBe('$747');
  });
});

describe('subSpecialtyOnApproval (ADR 052)', () => {
  const ent = { specialty: 'Other', otherSpecialty: 'ENT ', suggestedSpecialty: 'General Surgery', suggestedSubSpecialty: 'Otolaryngology' } as const;
  it("is NUCC's name under the suggested specialty, the words as typed under another", () => {
    expect(subSpecialtyOnApproval(ent, 'General Surgery')).toBe('Otolaryngology');
    expect(subSpecialtyOnApproval(ent, 'Family Medicine')).toBe('ENT');
    expect(subSpecialtyOnApproval({ ...ent, suggestedSubSpecialty: null }, 'General Surgery')).toBe('ENT');
  });
});
