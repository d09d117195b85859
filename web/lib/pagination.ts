import { PAGINATION_WINDOW } from '@contract/limits';
import { formatNumber } from './utils';

export type PageItem = { type: 'page'; page: number } | { type: 'ellipsis'; key: 'start' | 'end' };

/**
 * Numbered pagination (docs/rules.md#results): a window of 5 page links around the current
 * page, plus the first and last pages with an ellipsis where pages are skipped.
 * 1 2 3 4 5 … 80  /  1 … 8 9 10 11 12 … 80  /  1 … 76 77 78 79 80
 */
export function pageItems(
  current: number,
  pageCount: number,
  windowSize: number = PAGINATION_WINDOW,
): PageItem[] {
  if (pageCount <= 1) return pageCount === 1 ? [{ type: 'page', page: 1 }] : [];
  const page = Math.min(Math.max(1, current), pageCount);
  const size = Math.min(windowSize, pageCount);
  let start = Math.max(1, page - Math.floor(size / 2));
  const end = Math.min(pageCount, start + size - 1);
  start = Math.max(1, end - size + 1);

  const items: PageItem[] = [];
  if (start > 1) {
    items.push({ type: 'page', page: 1 });
    if (start > 2) items.push({ type: 'ellipsis', key: 'start' });
  }
  for (let p = start; p <= end; p += 1) items.push({ type: 'page', page: p });
  if (end < pageCount) {
    if (end < pageCount - 1) items.push({ type: 'ellipsis', key: 'end' });
    items.push({ type: 'page', page: pageCount });
  }
  return items;
}

/**
 * 'Showing 1-25 of 300,000 results', followed by ' for "query"' when there is a query.
 * The range counts the rows actually returned (free callers get at most 20). Never
 * 'Showing 0-0 of N': without rows it is 'N results' (the server answers a page past the last
 * with the last page, so this is rare), and with no result at all there is no line (null): the
 * empty state says it.
 */
export function resultLine(input: {
  page: number;
  pageSize: number;
  total: number;
  shown: number;
  query?: string | null;
}): string | null {
  if (input.total <= 0) return null;
  const query = input.query?.trim();
  const suffix = query ? ` for "${query}"` : '';
  if (input.shown <= 0) return `${formatNumber(input.total)} ${input.total === 1 ? 'result' : 'results'}${suffix}`;
  const from = (input.page - 1) * input.pageSize + 1;
  const to = from + input.shown - 1;
  return `Showing ${formatNumber(from)}-${formatNumber(to)} of ${formatNumber(input.total)} results${suffix}`;
}
