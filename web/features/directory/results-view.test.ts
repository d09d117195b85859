import { describe, expect, it } from 'vitest';
import { formatMonthYear } from '@web/lib/utils';
import { parseResultsView } from './results-view';

describe('the results view', () => {
  it('reads the stored choice; anything else is the cards', () => {
    expect(parseResultsView('table')).toBe('table');
    expect(parseResultsView('cards')).toBe('cards');
    expect(parseResultsView(null)).toBe('cards');
    expect(parseResultsView('grid')).toBe('cards');
  });
});

describe("the table's 'last verified'", () => {
  it("is the month and year in UTC, or the fallback when missing or invalid", () => {
    expect(formatMonthYear('2026-11-01T00:00:00.000Z')).toBe('Nov 2026');
    expect(formatMonthYear('2026-10-31T23:59:59.000Z')).toBe('Oct 2026');
    expect(formatMonthYear(null, '—')).toBe('—');
    expect(formatMonthYear('not a date', '—')).toBe('—');
  });
});
