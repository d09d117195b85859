import { useCallback, useMemo, useState } from 'react';
import type { PhysicianSummary } from '../../../contract/directory';

/*
 * Result selection (docs/rules.md#selection). Modes: none, page (cards picked one by one or a
 * page at a time) and all (Select All: up to 500 matching ids fetched from the server). The
 * reducers are pure so the rules are tested without a browser; the hook only holds the state.
 */

export type SelectionMode = 'none' | 'page' | 'all';

export type SelectionState = {
  mode: SelectionMode;
  /** Selected physician ids, in the order they were picked. */
  ids: number[];
  /** The cards we have seen for selected ids (Select All only knows ids). */
  physicians: Record<number, PhysicianSummary>;
};

export const EMPTY_SELECTION: SelectionState = { mode: 'none', ids: [], physicians: {} };

/** Why a change was refused or cut short: the page shows the matching notice. */
export type SelectionOutcome =
  | { kind: 'ok' }
  | { kind: 'capped'; cap: number } // free cap reached ('Free Limit Reached')
  | { kind: 'over-cap'; cap: number } // free user tried to pick one more ('Subscription Required')
  | { kind: 'all-mode' }; // individual change while mode is all ('Selection Mode Active')

export type SelectionResult = { state: SelectionState; outcome: SelectionOutcome };

function withPhysicians(
  state: SelectionState,
  ids: number[],
  cards: readonly PhysicianSummary[],
): SelectionState['physicians'] {
  const keep = new Set(ids);
  const physicians: SelectionState['physicians'] = {};
  for (const id of ids) if (state.physicians[id]) physicians[id] = state.physicians[id];
  for (const card of cards) if (keep.has(card.id)) physicians[card.id] = card;
  return physicians;
}

/**
 * Select Page: adds the visible cards. With a cap (free: 20) only as many as fit are added,
 * and reaching the cap is reported.
 */
export function selectPage(
  state: SelectionState,
  cards: readonly PhysicianSummary[],
  cap: number | null,
): SelectionResult {
  const base = state.mode === 'all' ? [] : state.ids;
  const ids = [...base];
  const present = new Set(base);
  let capped = false;
  for (const card of cards) {
    if (present.has(card.id)) continue;
    if (cap !== null && ids.length >= cap) {
      capped = true;
      break;
    }
    ids.push(card.id);
    present.add(card.id);
  }
  if (cap !== null && ids.length >= cap) capped = true;
  const next: SelectionState = {
    mode: ids.length > 0 ? 'page' : 'none',
    ids,
    physicians: withPhysicians(state, ids, cards),
  };
  return { state: next, outcome: capped && cap !== null ? { kind: 'capped', cap } : { kind: 'ok' } };
}

/** Deselect Page: removes the visible cards; nothing left means mode none. */
export function deselectPage(state: SelectionState, cards: readonly PhysicianSummary[]): SelectionState {
  if (state.mode === 'all') return EMPTY_SELECTION;
  const drop = new Set(cards.map((card) => card.id));
  const ids = state.ids.filter((id) => !drop.has(id));
  return { mode: ids.length > 0 ? 'page' : 'none', ids, physicians: withPhysicians(state, ids, []) };
}

/** One card's checkbox. Blocked while mode is all; a free user cannot go past the cap. */
export function toggleOne(
  state: SelectionState,
  card: PhysicianSummary,
  cap: number | null,
): SelectionResult {
  if (state.mode === 'all') return { state, outcome: { kind: 'all-mode' } };
  if (state.ids.includes(card.id)) {
    const ids = state.ids.filter((id) => id !== card.id);
    return {
      state: { mode: ids.length > 0 ? 'page' : 'none', ids, physicians: withPhysicians(state, ids, []) },
      outcome: { kind: 'ok' },
    };
  }
  if (cap !== null && state.ids.length >= cap) return { state, outcome: { kind: 'over-cap', cap } };
  const ids = [...state.ids, card.id];
  const next: SelectionState = { mode: 'page', ids, physicians: withPhysicians(state, ids, [card]) };
  const reachedCap = cap !== null && ids.length >= cap;
  return { state: next, outcome: reachedCap && cap !== null ? { kind: 'capped', cap } : { kind: 'ok' } };
}

/** Select All: the ids the server returned (at most 500). */
export function selectAll(ids: readonly number[], cards: readonly PhysicianSummary[] = []): SelectionState {
  const unique = [...new Set(ids)];
  return {
    mode: unique.length > 0 ? 'all' : 'none',
    ids: unique,
    physicians: withPhysicians(EMPTY_SELECTION, unique, cards),
  };
}

/** Whether every selectable card of the page is selected (Select Page then reads Deselect Page). */
export function isPageSelected(
  state: SelectionState,
  cards: readonly PhysicianSummary[],
  cap: number | null,
): boolean {
  if (cards.length === 0 || state.mode === 'none') return false;
  const selected = new Set(state.ids);
  const selectable = cap !== null ? cards.slice(0, Math.max(0, cap)) : cards;
  const allVisible = selectable.every((card) => selected.has(card.id));
  return (
    allVisible || (cap !== null && state.ids.length >= cap && cards.some((card) => selected.has(card.id)))
  );
}

export type Selection = {
  state: SelectionState;
  mode: SelectionMode;
  ids: number[];
  count: number;
  isSelected: (id: number) => boolean;
  selectPage: (cards: readonly PhysicianSummary[], cap: number | null) => SelectionOutcome;
  deselectPage: (cards: readonly PhysicianSummary[]) => void;
  toggle: (card: PhysicianSummary, cap: number | null) => SelectionOutcome;
  selectAll: (ids: readonly number[], cards?: readonly PhysicianSummary[]) => void;
  clear: () => void;
};

/** The search page's selection; Add to List and Export Selected read `ids`. */
export function useSelection(): Selection {
  const [state, setState] = useState<SelectionState>(EMPTY_SELECTION);

  // The reducers need the current state to report an outcome, so they read it directly
  // rather than through an updater (clicks never batch two selection changes).
  const onSelectPage = useCallback(
    (cards: readonly PhysicianSummary[], cap: number | null) => {
      const result = selectPage(state, cards, cap);
      setState(result.state);
      return result.outcome;
    },
    [state],
  );
  const onToggle = useCallback(
    (card: PhysicianSummary, cap: number | null) => {
      const result = toggleOne(state, card, cap);
      setState(result.state);
      return result.outcome;
    },
    [state],
  );
  const onDeselectPage = useCallback(
    (cards: readonly PhysicianSummary[]) => setState((s) => deselectPage(s, cards)),
    [],
  );
  const onSelectAll = useCallback(
    (ids: readonly number[], cards: readonly PhysicianSummary[] = []) => setState(selectAll(ids, cards)),
    [],
  );
  const clear = useCallback(() => setState(EMPTY_SELECTION), []);

  return useMemo(() => {
    const selected = new Set(state.ids);
    return {
      state,
      mode: state.mode,
      ids: state.ids,
      count: state.ids.length,
      isSelected: (id: number) => selected.has(id),
      selectPage: onSelectPage,
      deselectPage: onDeselectPage,
      toggle: onToggle,
      selectAll: onSelectAll,
      clear,
    };
  }, [state, onSelectPage, onDeselectPage, onToggle, onSelectAll, clear]);
}
