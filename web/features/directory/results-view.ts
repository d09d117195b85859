import { useDeviceChoice } from '@web/lib/device-choice';

/*
 * Cards or a dense table for the search results: the recruiter's choice, remembered on this
 * device (like the collapsed filter sidebar), not in the URL: a shared link shows the same
 * search, in the reader's own view.
 */

export const RESULTS_VIEWS = ['cards', 'table'] as const;
export type ResultsView = (typeof RESULTS_VIEWS)[number];

export const RESULTS_VIEW_KEY = 'directory.results.view';

/** The stored choice; anything else (nothing stored, an old value) is the cards. */
export function parseResultsView(stored: string | null): ResultsView {
  return stored === 'table' ? 'table' : 'cards';
}

export function useResultsView(): [ResultsView, (next: ResultsView) => void] {
  return useDeviceChoice(RESULTS_VIEW_KEY, parseResultsView);
}
