import { describe, expect, it } from 'vitest';
import type { PhysicianSummary } from '../../../contract/directory';
import { deselectPage, EMPTY_SELECTION, isPageSelected, selectAll, selectPage, toggleOne } from './selection';

function card(id: number): PhysicianSummary {
  return {
    id,
    npi: null,
    firstName: 'A',
    middleName: null,
    lastName: `P${id}`,
    title: null,
    credential: null,
    specialty: null,
    subSpecialty: null,
    organization: null,
    organizationSize: null,
    organizationRevenue: null,
    organizationIndustry: null,
    city: null,
    state: null,
    location: null,
    skills: [],
    education: [],
    linkedinUrl: null,
    hasEmail: true,
    hasPhone: true,
  verifiedAt: null,
    inTraining: false,
    movedOn: null,
    hospitals: [],
  };
}
const cards = (from: number, count: number) => Array.from({ length: count }, (_, i) => card(from + i));

describe('Select Page', () => {
  it('selects the visible cards in page mode', () => {
    const { state, outcome } = selectPage(EMPTY_SELECTION, cards(1, 25), null);
    expect(state.mode).toBe('page');
    expect(state.ids).toHaveLength(25);
    expect(outcome).toEqual({ kind: 'ok' });
    expect(isPageSelected(state, cards(1, 25), null)).toBe(true);
  });

  it('selects only the first 20 for a free user and reports the cap', () => {
    const { state, outcome } = selectPage(EMPTY_SELECTION, cards(1, 25), 20);
    expect(state.ids).toEqual(cards(1, 20).map((c) => c.id));
    expect(outcome).toEqual({ kind: 'capped', cap: 20 });
    expect(isPageSelected(state, cards(1, 25), 20)).toBe(true);
  });

  it('adds to what was picked on other pages', () => {
    const first = selectPage(EMPTY_SELECTION, cards(1, 25), null).state;
    const second = selectPage(first, cards(26, 25), null).state;
    expect(second.ids).toHaveLength(50);
    expect(isPageSelected(second, cards(26, 25), null)).toBe(true);
  });

  it('Deselect Page removes the page; nothing left means mode none', () => {
    const selected = selectPage(EMPTY_SELECTION, cards(1, 5), null).state;
    const cleared = deselectPage(selected, cards(1, 5));
    expect(cleared.mode).toBe('none');
    expect(cleared.ids).toEqual([]);
  });
});

describe('picking one card', () => {
  it('deselecting the last card in page mode returns to none', () => {
    const one = toggleOne(EMPTY_SELECTION, card(7), null).state;
    expect(one.mode).toBe('page');
    const none = toggleOne(one, card(7), null).state;
    expect(none.mode).toBe('none');
  });

  it('is blocked while mode is all', () => {
    const all = selectAll([1, 2, 3]);
    const result = toggleOne(all, card(1), null);
    expect(result.outcome).toEqual({ kind: 'all-mode' });
    expect(result.state).toBe(all);
  });

  it('stops a free user at 20', () => {
    const full = selectPage(EMPTY_SELECTION, cards(1, 20), 20).state;
    const result = toggleOne(full, card(99), 20);
    expect(result.outcome).toEqual({ kind: 'over-cap', cap: 20 });
    expect(result.state.ids).toHaveLength(20);
  });

  it('reports reaching the cap on the 20th pick', () => {
    const nineteen = selectPage(EMPTY_SELECTION, cards(1, 19), 20).state;
    expect(toggleOne(nineteen, card(50), 20).outcome).toEqual({ kind: 'capped', cap: 20 });
  });
});

describe('Select All', () => {
  it('holds the ids without duplicates in mode all', () => {
    const state = selectAll([3, 3, 4]);
    expect(state).toMatchObject({ mode: 'all', ids: [3, 4] });
    expect(selectAll([]).mode).toBe('none');
  });
});
