import { test, expect } from './fixtures';
import {
  formatKilobytes,
  LANDING_BUDGET_BYTES,
  landingScripts,
  routeAddedScripts,
  SEARCH_ADDED_BUDGET_BYTES,
} from '../scripts/bundle-size';

/*
 * The JavaScript budgets (scripts/bundle-size.ts), measured on the build these tests run against (dist/web,
 * `vite build` before `playwright test`): compressed bytes as the server sends them (ADR 021).
 */

test('the landing page starts with under 130 KB of compressed JavaScript', () => {
  const landing = landingScripts();
  expect(landing.files.length).toBeGreaterThan(0);
  expect(landing.sent, `landing: ${formatKilobytes(landing.sent)} in ${landing.files.join(', ')}`).toBeLessThan(
    LANDING_BUDGET_BYTES,
  );
});

test('/search adds under 137 KB of compressed JavaScript to it', () => {
  const search = routeAddedScripts('search-page');
  expect(search.files.some((file) => file.startsWith('search-page-'))).toBe(true);
  expect(search.sent, `/search adds ${formatKilobytes(search.sent)}`).toBeLessThan(SEARCH_ADDED_BUDGET_BYTES);
});
