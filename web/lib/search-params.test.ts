import { describe, expect, it } from 'vitest';
import {
  activeFilterChips,
  apiSearchString,
  countActiveFilters,
  filterSearchString,
  hasQueryOrFilter,
  nextSort,
  readList,
  readPage,
  readSort,
  readTab,
  searchParamsFor,
  toggleListValue,
  withFilter,
  withoutFilters,
  withPage,
  withExactSpelling,
  withQuery,
  withSort,
  withoutChip,
} from './search-params';

const url = (query: string) => new URLSearchParams(query);

describe('reading the page URL', () => {
  it('splits comma-joined multi-value filters and trims them', () => {
    expect(readList(url('specialty=Cardiology, OBGYN,,'), 'specialty')).toEqual(['Cardiology', 'OBGYN']);
    expect(readList(url(''), 'skills')).toEqual([]);
  });

  it('reads page 1 for a missing or malformed page', () => {
    expect(readPage(url(''))).toBe(1);
    expect(readPage(url('page=abc'))).toBe(1);
    expect(readPage(url('page=0'))).toBe(1);
    expect(readPage(url('page=7'))).toBe(7);
  });

  it("defaults the tab to 'results' and ignores an unknown sort key", () => {
    expect(readTab(url(''))).toBe('results');
    expect(readSort(url('sortKey=email&sortDirection=desc'))).toEqual({ key: null, direction: 'desc' });
    expect(readSort(url('sortKey=location'))).toEqual({ key: 'location', direction: 'asc' });
    expect(readSort(url('query=smith'))).toEqual({ key: 'relevance', direction: 'asc' });
    expect(withSort(url('query=smith'), 'name').get('sortDirection')).toBe('asc'); // not a toggle of name
  });
});

describe('changing the search resets the page to 1 and the tab to results', () => {
  const start = url('query=smith&page=4&tab=selected&sortKey=location&sortDirection=desc');

  it('on a filter change, comma-joining lists', () => {
    const next = withFilter(start, 'specialty', ['Cardiology', 'Neurology']);
    expect(next.get('specialty')).toBe('Cardiology,Neurology');
    expect(next.get('page')).toBeNull();
    expect(next.get('tab')).toBeNull();
    expect(next.get('query')).toBe('smith');
    expect(next.get('sortKey')).toBe('location');
  });

  it('removes a filter set to an empty value', () => {
    expect(withFilter(url('location=Boston&page=2'), 'location', '  ').has('location')).toBe(false);
    expect(withFilter(url('skills=Surgery'), 'skills', []).has('skills')).toBe(false);
  });

  it('writes flags as true/false', () => {
    expect(withFilter(url(''), 'telehealth', true).get('telehealth')).toBe('true');
  });

  it('on a new search, trimming the text', () => {
    const next = withQuery(start, '  jones ');
    expect(next.get('query')).toBe('jones');
    expect(next.get('page')).toBeNull();
    expect(next.get('tab')).toBeNull();
    expect(withQuery(start, '').has('query')).toBe(false);
  });

  it("'Search instead for' the spelling typed, until the text changes", () => {
    const exact = withExactSpelling(url('query=cardiolgy&page=2'));
    expect(exact.toString()).toBe('query=cardiolgy&spelling=exact');
    expect(withQuery(exact, 'cardiolgy ').get('spelling')).toBe('exact');
    expect(withQuery(exact, 'cardiology').has('spelling')).toBe(false);
  });

  it("on 'Clear All', which keeps the text and the sort", () => {
    const next = withoutFilters(
      url('query=a&specialty=Cardiology&location=Boston&telehealth=true&page=3&sortKey=name'),
    );
    expect(next.toString()).toBe('query=a&sortKey=name');
  });
});

describe('paging', () => {
  it('accepts only pages within 1..pageCount', () => {
    expect(withPage(url(''), 2, 5)?.get('page')).toBe('2');
    expect(withPage(url('page=2'), 1, 5)?.has('page')).toBe(false);
    expect(withPage(url(''), 0, 5)).toBeNull();
    expect(withPage(url(''), 6, 5)).toBeNull();
    expect(withPage(url(''), 1, 0)?.has('page')).toBe(false);
  });
});

describe('sorting', () => {
  it('toggles the direction when the same key is clicked again', () => {
    expect(nextSort({ key: 'specialty', direction: 'asc' }, 'specialty')).toEqual({
      key: 'specialty',
      direction: 'desc',
    });
    expect(nextSort({ key: 'specialty', direction: 'desc' }, 'specialty')).toEqual({
      key: 'specialty',
      direction: 'asc',
    });
  });

  it('starts ascending on another key', () => {
    expect(nextSort({ key: 'specialty', direction: 'desc' }, 'location')).toEqual({
      key: 'location',
      direction: 'asc',
    });
  });

  it("treats name as the key in use when the URL has none (the server's default)", () => {
    expect(nextSort({ key: null, direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
  });

  it('writes the sort and goes back to page 1', () => {
    const next = withSort(url('sortKey=name&sortDirection=asc&page=3'), 'name');
    expect(next.get('sortDirection')).toBe('desc');
    expect(next.has('page')).toBe(false);
  });

  it('never gives relevance a direction: choosing it again changes nothing', () => {
    expect(nextSort({ key: 'relevance', direction: 'asc' }, 'relevance')).toEqual({
      key: 'relevance',
      direction: 'asc',
    });
    const next = withSort(url('query=smith&sortKey=name&sortDirection=desc&page=2'), 'relevance');
    expect(next.toString()).toBe('query=smith&sortKey=relevance');
    expect(withSort(next, 'relevance').toString()).toBe('query=smith&sortKey=relevance');
  });
});

describe('ticking and unticking list values', () => {
  it('adds the value', () => {
    expect(toggleListValue(['Cardiology'], 'OBGYN', true)).toEqual(['Cardiology', 'OBGYN']);
  });

  it('removes it without regard to case', () => {
    expect(toggleListValue(['cardiology', 'OBGYN'], 'Cardiology', false)).toEqual(['OBGYN']);
  });

  it('does not add a value twice in another case', () => {
    expect(toggleListValue(['obgyn'], 'OBGYN', true)).toEqual(['OBGYN']);
  });
});

describe('counting filters', () => {
  it('counts each value of a list, ignores query, page and sort', () => {
    const params = url('query=a&page=2&specialty=A,B&location=Boston&sortKey=name');
    expect(countActiveFilters(params)).toBe(3);
    expect(hasQueryOrFilter(url('page=2&sortKey=name'))).toBe(false);
    expect(hasQueryOrFilter(url('query=x'))).toBe(true);
  });
});

describe('the API query string', () => {
  it('keeps the page keys in a fixed order and leaves out the tab', () => {
    const a = apiSearchString(url('tab=results&specialty=Cardiology&query=smith&page=2'));
    const b = apiSearchString(url('page=2&query=smith&specialty=Cardiology'));
    expect(a).toBe(b);
    expect(a).toBe('query=smith&page=2&specialty=Cardiology');
  });

  it('drops values the API would reject', () => {
    expect(
      apiSearchString(url('page=abc&sortKey=email&gender=X&npi=12ab&telehealth=yes&graduationYearMin=19x0')),
    ).toBe('');
    expect(apiSearchString(url('gender=F&npi=1234567890&telehealth=true'))).toBe(
      'npi=1234567890&telehealth=true&gender=F',
    );
    // ADR 035: the move windows the API knows, and In training as a yes/no filter.
    expect(apiSearchString(url('movedWithinDays=7&inTraining=yes'))).toBe('');
    expect(apiSearchString(url('movedWithinDays=90&inTraining=true'))).toBe('inTraining=true&movedWithinDays=90');
  });
});

describe('a specialty or saved search sent to the search', () => {
  it('applies a specialty from the specialties overview', () => {
    const next = searchParamsFor({ specialty: ['Cardiology'] }, url('page=3&query=x'));
    expect(next?.get('specialty')).toBe('Cardiology');
    expect(next?.has('page')).toBe(false);
  });

  it('replaces filters and query with a saved search (flat or nested filters)', () => {
    const next = searchParamsFor(
      {
        searchParams: {
          query: 'heart',
          filters: { specialty: ['Cardiology'], location: 'Boston', telehealth: true },
        },
      },
      url('specialty=Neurology&page=4&sortKey=location'),
    );
    expect(next?.toString()).toBe(
      'sortKey=location&query=heart&specialty=Cardiology&location=Boston&telehealth=true',
    );
  });

  it('ignores anything else', () => {
    expect(searchParamsFor(null, url(''))).toBeNull();
    expect(searchParamsFor({ from: '/x' }, url(''))).toBeNull();
    expect(searchParamsFor({ specialty: [] }, url(''))).toBeNull();
  });
});

describe('active filter chips', () => {
  it('makes one chip per list value and one per other filter', () => {
    const chips = activeFilterChips(
      url('specialty=Cardiology,OBGYN&location=Boston&telehealth=true&gender=F&query=x'),
    );
    expect(chips.map((chip) => chip.label)).toEqual([
      'Specialty: Cardiology',
      'Specialty: OBGYN',
      'Location: Boston',
      'Telehealth',
      'Gender: Female',
    ]);
  });

  it('names the move window and In training (ADR 035)', () => {
    expect(activeFilterChips(url('movedWithinDays=30&inTraining=true')).map((chip) => chip.label)).toEqual([
      'In training',
      'Moved in the last 30 days',
    ]);
  });

  it('removes just the value of a chip', () => {
    const params = url('specialty=Cardiology,OBGYN&location=Boston&page=2');
    const [cardiology, , location] = activeFilterChips(params);
    expect(withoutChip(params, cardiology).toString()).toBe('specialty=OBGYN&location=Boston');
    expect(withoutChip(params, location).toString()).toBe('specialty=Cardiology%2COBGYN');
  });
});

describe("'Not yet revealed by my team' (docs/decisions/061-teams.md)", () => {
  it('is a filter of the panel: counted, kept in the filter string, a chip, cleared with the rest, sent to the API', () => {
    const params = new URLSearchParams('query=heart&state=NV&notRevealedByTeam=true');
    expect(countActiveFilters(params)).toBe(2);
    expect(filterSearchString(params)).toBe('state=NV&notRevealedByTeam=true');
    expect(activeFilterChips(params).map((chip) => chip.label)).toContain('Not yet revealed by my team');
    expect(apiSearchString(params)).toContain('notRevealedByTeam=true');
    expect(apiSearchString(new URLSearchParams('notRevealedByTeam=yes'))).toBe('');
    expect(withFilter(params, 'notRevealedByTeam', null).get('notRevealedByTeam')).toBeNull();
  });
});

describe("'Looking now' / 'Open to offers' (docs/decisions/066-outreach.md)", () => {
  it('is a filter of the panel: counted, a chip saying what it keeps, removed by it, sent to the API, dropped when unknown', () => {
    const params = new URLSearchParams('query=heart&state=NV&looking=open');
    expect(countActiveFilters(params)).toBe(2);
    expect(filterSearchString(params)).toBe('state=NV&looking=open');
    const chip = activeFilterChips(params).find((c) => c.key === 'looking')!;
    expect(chip.label).toBe('Looking now or open to offers');
    expect(withoutChip(params, chip).get('looking')).toBeNull();
    expect(activeFilterChips(new URLSearchParams('looking=now')).map((c) => c.label)).toEqual(['Looking now']);
    expect(apiSearchString(params)).toContain('looking=open');
    expect(apiSearchString(new URLSearchParams('looking=yes'))).toBe('');
    expect(activeFilterChips(new URLSearchParams('looking=yes'))).toEqual([]);
    expect(withoutFilters(params).get('looking')).toBeNull();
  });
});
