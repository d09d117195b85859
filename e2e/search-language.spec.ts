import type { Page } from '@playwright/test';
import { test, expect, signIn } from './fixtures';

/*
 * The search box in recruiters' words (docs/decisions/020-search-relevance.md): paging that never
 * shows 'Showing 0-0 of N'.
 */

const status = (page: Page) => page.getByRole('status').filter({ hasText: /results|Searching/ });

test('a page past the last shows the last page and the URL follows; no results shows only the empty state', async ({
  page,
}) => {
  // A visitor sees page 1 only: page 2 is answered with page 1.
  await page.goto('/search?page=2');
  await expect(status(page)).toHaveText(/^Showing 1-20 of [\d,]+ results$/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByText(/Showing 0-0/)).toHaveCount(0);

  // A subscriber asking for page 9999 gets the last page, and the URL says which.
  await signIn(page, 'premium@example.com');
  await page.goto('/search?page=9999');
  await expect(status(page)).toHaveText(/^Showing [\d,]+-([\d,]+) of \1 results$/);
  await expect(page).toHaveURL(/[?&]page=\d{2,3}(&|$)/);
  const last = Number(new URL(page.url()).searchParams.get('page'));
  expect(last).toBeGreaterThan(1);
  await expect(page.getByRole('button', { name: `Page ${last}`, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // Nothing matches: the empty state alone, no result line.
  await page.goto('/search?query=zzqqxxj');
  await expect(page.getByText('No physicians found matching your criteria.')).toBeVisible();
  await expect(page.getByText(/Showing|0 results/)).toHaveCount(0);
});
