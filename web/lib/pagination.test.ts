import { describe, expect, it } from 'vitest';
import { pageItems, resultLine, type PageItem } from './pagination';

const render = (items: PageItem[]) =>
  items.map((item) => (item.type === 'page' ? String(item.page) : '…')).join(' ');

describe('pageItems', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(render(pageItems(1, 1))).toBe('1');
    expect(render(pageItems(3, 5))).toBe('1 2 3 4 5');
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('shows 5 page links, the last page and an ellipsis at the start', () => {
    expect(render(pageItems(1, 80))).toBe('1 2 3 4 5 … 80');
    expect(render(pageItems(3, 80))).toBe('1 2 3 4 5 … 80');
  });

  it('centres the window with the first and last page around it', () => {
    expect(render(pageItems(10, 80))).toBe('1 … 8 9 10 11 12 … 80');
  });

  it('leaves out an ellipsis where no page is skipped', () => {
    expect(render(pageItems(4, 80))).toBe('1 2 3 4 5 6 … 80');
    expect(render(pageItems(77, 80))).toBe('1 … 75 76 77 78 79 80');
  });

  it('ends at the last page', () => {
    expect(render(pageItems(80, 80))).toBe('1 … 76 77 78 79 80');
    expect(render(pageItems(99, 80))).toBe('1 … 76 77 78 79 80');
  });
});

describe('resultLine', () => {
  it('uses thousands separators', () => {
    expect(resultLine({ page: 1, pageSize: 25, total: 300000, shown: 25 })).toBe(
      'Showing 1-25 of 300,000 results',
    );
    expect(resultLine({ page: 41, pageSize: 25, total: 1012, shown: 12 })).toBe(
      'Showing 1,001-1,012 of 1,012 results',
    );
  });

  it('adds the query when there is one', () => {
    expect(resultLine({ page: 2, pageSize: 25, total: 60, shown: 25, query: ' smith ' })).toBe(
      'Showing 26-50 of 60 results for "smith"',
    );
  });

  it('counts the rows actually shown (free callers get 20)', () => {
    expect(resultLine({ page: 1, pageSize: 25, total: 2000, shown: 20 })).toBe(
      'Showing 1-20 of 2,000 results',
    );
    // No results: no line (the empty state speaks); rows missing: never 'Showing 0-0'.
    expect(resultLine({ page: 1, pageSize: 25, total: 0, shown: 0 })).toBeNull();
    expect(resultLine({ page: 2, pageSize: 25, total: 10996, shown: 0 })).toBe('10,996 results');
    expect(resultLine({ page: 9, pageSize: 25, total: 1, shown: 0, query: 'x' })).toBe('1 result for "x"');
  });
});
