import type { MatchOutcome, MatchRow } from '@contract/matches';

/** The rows a filter shows, in row order. */
export function rowsShown(rows: readonly MatchRow[], filter: MatchOutcome | 'all'): MatchRow[] {
  return filter === 'all' ? [...rows] : rows.filter((row) => row.outcome === filter);
}

/** The matched physicians, each once, in the order of their first row. */
export function matchedIds(rows: readonly MatchRow[]): number[] {
  const ids = new Set<number>();
  for (const row of rows) if (row.outcome === 'matched' && row.physicianId !== null) ids.add(row.physicianId);
  return [...ids];
}

/** 'Matched', 'Matched (your choice)', 'Ambiguous', 'No match'. */
export function outcomeLabel(row: MatchRow): string {
  if (row.outcome === 'matched') return row.resolved ? 'Matched (your choice)' : 'Matched';
  if (row.outcome === 'ambiguous') return 'Ambiguous';
  return row.resolved ? 'No match (your choice)' : 'No match';
}
