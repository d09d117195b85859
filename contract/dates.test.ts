import { describe, expect, it } from 'vitest';
import { isCalendarDay } from './dates';

describe('isCalendarDay', () => {
  it('accepts days that exist and refuses impossible or malformed ones', () => {
    expect(isCalendarDay('2026-11-25')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-04-31')).toBe(false);
    expect(isCalendarDay('2026-4-1')).toBe(false);
    expect(isCalendarDay('')).toBe(false);
  });
});
