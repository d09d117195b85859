import { describe, expect, it } from 'vitest';
import { gateCopy } from './subscription-gate-copy';

describe('gateCopy', () => {
  it('a Monthly subscriber at Select All or export is told the Annual Plan and what it adds', () => {
    const copy = gateCopy('premium', 'basic');
    expect(copy.title).toBe('Upgrade to the Annual Plan');
    const text = [copy.title, copy.description, ...copy.benefits].join(' ');
    expect(text).toContain('Annual Plan');
    expect(text).not.toMatch(/premium/i);
    expect(copy.benefits.join(' ')).not.toMatch(/contact information|custom physician lists/);
    expect(copy.benefits.join(' ')).toMatch(/Select All/);
    expect(copy.benefits.join(' ')).toMatch(/CSV, Excel and PDF/);
  });

  it('a free user sees the spec overlay naming the plan the action needs', () => {
    expect(gateCopy('basic', 'free')).toMatchObject({
      title: 'Unlock Unlimited Contacts',
      description: 'This feature requires a Monthly or Annual Plan subscription.',
    });
    expect(gateCopy('premium', 'free').description).toBe(
      'This feature requires the Annual Plan subscription.',
    );
  });

  it('promises only what the named plan gives: no exports at a Monthly feature, exports at an Annual one', () => {
    expect(gateCopy('basic', 'free').benefits).toEqual([
      'Full access to physician contact information',
      'Unlimited searches with full results',
      'Creating and managing custom physician lists',
    ]);
    expect(gateCopy('basic', 'free').benefits.join(' ')).not.toMatch(/export/i);
    expect(gateCopy('premium', 'free').benefits).toContain('Unlimited exports and searches');
  });
});
