import { memo, useDeferredValue, useEffect } from 'react';
import type { TeamReveal } from '@contract/contacts';
import type { PhysicianSummary } from '@contract/directory';
import { PhysicianCard } from '@web/features/physicians/physician-card';
import { formatNumber } from '@web/lib/utils';
import { ResultsTable } from './results-table';
import type { ResultsView } from './results-view';
import { announceSelectionOutcome } from './search-actions';
import { isPageSelected, type Selection } from './selection';

/*
 * The results as cards or a table (results-view.ts), and the Selected tab's list: drawn a
 * screenful first, memoised so the page's own re-renders (typing, 'Searching...') leave them be.
 */

/** Results drawn at once when an answer arrives (a screenful at 1280x800 and more). */
const FIRST_CARDS = 5;
const FIRST_TABLE_ROWS = 16;
const NO_PHYSICIANS: PhysicianSummary[] = [];

/**
 * Back on the page from a card's sign-up or log-in prompt ('/search?...#physician-12'): once the
 * card is drawn, it scrolls into view (clear of the header) and its Email button takes focus.
 * Once per history entry; the address is read, not subscribed to, so the memoised results are
 * not drawn again for every change of the query string.
 */
let returnedToCard: string | null = null;
function useReturnToCard(physicians: PhysicianSummary[]) {
  useEffect(() => {
    const { hash } = window.location;
    if (!hash.startsWith('#physician-')) return;
    const entry = `${(window.history.state as { key?: string } | null)?.key ?? ''}${hash}`;
    if (returnedToCard === entry) return;
    const card = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!card) return;
    returnedToCard = entry;
    card.scrollIntoView({ block: 'start' });
    const target = card.querySelector<HTMLElement>('[data-contact="email"]') ?? card.querySelector<HTMLElement>('a[data-card-link]');
    target?.focus({ preventScroll: true });
  }, [physicians]);
}

/** The selected tab's cards: no page of results, so no teammates' reveals to show. */
const NO_TEAM_REVEALS: TeamReveal[] = [];
const NO_IN_ATS: readonly number[] = [];
const NO_LOOKING: ReadonlyArray<{ physicianId: number; status: 'looking' | 'open' }> = [];

/** Memoised: a new query or the 'Searching...' state re-renders the page, not 25 cards. */
export const Results = memo(function Results({
  view,
  physicians,
  teamReveals,
  inAts = NO_IN_ATS,
  looking = NO_LOOKING,
  selection,
  cap,
  pageSelected,
  onTogglePage,
}: {
  view: ResultsView;
  physicians: PhysicianSummary[];
  /** The page's physicians a teammate revealed in the last 30 days (ADR 061). */
  teamReveals: TeamReveal[];
  /** The page's physicians the caller's Bullhorn holds (ADR 064). */
  inAts?: readonly number[];
  /** The page's physicians who said they are looking (ADR 066). */
  looking?: ReadonlyArray<{ physicianId: number; status: 'looking' | 'open' }>;
  selection: Selection;
  cap: number | null;
  pageSelected: boolean;
  onTogglePage: () => void;
}) {
  const toggle = (physician: PhysicianSummary) => announceSelectionOutcome(selection.toggle(physician, cap));
  // New results draw what fills the screen first; the rest follow in a second render React may
  // interrupt (useDeferredValue), so the first screen is not held up by 25 cards below the fold.
  const deferred = useDeferredValue(physicians, NO_PHYSICIANS);
  const first = view === 'table' ? FIRST_TABLE_ROWS : FIRST_CARDS;
  const partial = deferred !== physicians && physicians.length > first;
  physicians = partial ? physicians.slice(0, first) : physicians;
  useReturnToCard(physicians);
  if (view === 'table') {
    const someSelected = physicians.some((physician) => selection.isSelected(physician.id));
    return (
      <ResultsTable
        physicians={physicians}
        teamReveals={teamReveals}
        inAts={inAts}
        isSelected={selection.isSelected}
        onToggle={toggle}
        pageSelected={pageSelected ? true : someSelected ? 'indeterminate' : false}
        onTogglePage={onTogglePage}
        busy={partial}
      />
    );
  }
  return (
    <ul className="flex flex-col gap-2" aria-label="Physicians" aria-busy={partial || undefined}>
      {physicians.map((physician) => (
        <li key={physician.id}>
          <PhysicianCard
            physician={physician}
            teamReveal={teamReveals.find((reveal) => reveal.physicianId === physician.id)}
            inAts={inAts.includes(physician.id)}
            lookingStatus={looking.find((l) => l.physicianId === physician.id)?.status}
            selected={selection.isSelected(physician.id)}
            onSelectedChange={() => toggle(physician)}
          />
        </li>
      ))}
    </ul>
  );
});

/** The Selected tab: every physician picked so far, with the header box for all of them. */
export function SelectedList({
  view,
  selection,
  cap,
}: {
  view: ResultsView;
  selection: Selection;
  cap: number | null;
}) {
  if (selection.count === 0) {
    return (
      <div className="rounded-xl border border-dashed bg-surface px-6 py-12 text-center">
        <p className="font-medium text-foreground">No physicians selected yet.</p>
        <p className="mt-1 text-sm text-muted-foreground">Tick the cards you want, or use Select Page.</p>
      </div>
    );
  }
  const known = selection.ids.map((id) => selection.state.physicians[id]).filter(Boolean);
  // Here the header box unticks (or ticks again) every physician listed.
  const allKnownSelected = isPageSelected(selection.state, known, cap);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-medium text-slate-700">
        {selection.mode === 'all'
          ? `All ${formatNumber(selection.count)} matching physicians are selected.`
          : `${formatNumber(selection.count)} selected`}
      </p>
      <Results
        view={view}
        physicians={known}
        teamReveals={NO_TEAM_REVEALS}
        selection={selection}
        cap={cap}
        pageSelected={allKnownSelected}
        onTogglePage={() =>
          allKnownSelected
            ? selection.deselectPage(known)
            : announceSelectionOutcome(selection.selectPage(known, cap))
        }
      />
    </div>
  );
}
