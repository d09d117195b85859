import { describe, expect, it } from 'vitest';
import { latestValidCheckWords } from '@contract/verification-words';
import { parseResultsView } from './results-view';

describe('the results view', () => {
  it('reads the stored choice; anything else is the cards', () => {
    expect(parseResultsView('table')).toBe('table');
    expect(parseResultsView('cards')).toBe('cards');
    expect(parseResultsView(null)).toBe('cards');
    expect(parseResultsView('grid')).toBe('cards');
  });
});

describe("the table's 'Verified valid' column", () => {
  it('is the day of the latest valid check in UTC, or none when missing or invalid', () => {
    expect(latestValidCheckWords('2026-11-01T00:00:00.000Z')?.day).toBe('1 Nov 2026');
    expect(latestValidCheckWords('2026-10-31T23:59:59.000Z')?.day).toBe('31 Oct 2026');
    expect(latestValidCheckWords(null)).toBeNull();
    expect(latestValidCheckWords('not a date')).toBeNull();
  });
});
