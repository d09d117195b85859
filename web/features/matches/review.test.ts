import { describe, expect, it } from 'vitest';
import type { MatchRow } from '@contract/matches';
import { matchedIds, outcomeLabel, rowsShown } from './review';

const row = (n: number, outcome: MatchRow['outcome'], physicianId: number | null, resolved = false): MatchRow => ({
  row: n,
  label: `row ${n}`,
  outcome,
  physicianId,
  score: null,
  resolved,
  candidates: [],
});

describe('review helpers', () => {
  const rows = [row(1, 'matched', 7), row(2, 'ambiguous', null), row(3, 'matched', 7, true), row(4, 'none', null), row(5, 'matched', 3)];
  it('filters by outcome and lists each matched physician once', () => {
    expect(rowsShown(rows, 'matched').map((r) => r.row)).toEqual([1, 3, 5]);
    expect(rowsShown(rows, 'all')).toHaveLength(5);
    expect(matchedIds(rows)).toEqual([7, 3]);
  });
  it('names a choice the user made', () => {
    expect(outcomeLabel(rows[2])).toBe('Matched (your choice)');
    expect(outcomeLabel(rows[3])).toBe('No match');
  });
});
