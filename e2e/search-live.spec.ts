import type { Locator, Page } from '@playwright/test';
import { test, expect, gotoDrawn, screenshotBoth, signIn } from './fixtures';

/*
 * The search page in the browser (ADR 021): the table view, a toolbar that never wraps (one Actions menu on a
 * phone), results that follow the typing, and the sort menu's direction-less Relevance.
 */

function resultLine(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: /^Showing / });
}

function table(page: Page): Locator {
  return page.getByRole('table', { name: 'Physicians' });
}

function tableRows(page: Page): Locator {
  return table(page).locator('tbody tr');
}

/** Holds the page's scripts back (the server's drawing stays on screen, not live) until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

/** How many table rows lie wholly inside the viewport. */
async function rowsFullyVisible(page: Page): Promise<number> {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll('table[aria-label="Physicians"] tbody tr')];
    return rows.filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    }).length;
  });
}

/** The results toolbar draws on one line: no child lower than the first one's row. */
async function toolbarIsOneLine(page: Page): Promise<boolean> {
  return page.getByRole('toolbar', { name: 'Results' }).evaluate((toolbar) => {
    const visible = [...toolbar.children].filter((child) => (child as HTMLElement).offsetParent !== null);
    const tops = visible.map((child) => child.getBoundingClientRect());
    const first = tops[0];
    return (
      toolbar.scrollWidth <= toolbar.clientWidth + 1 &&
      tops.every((box) => box.top < first.bottom && box.bottom > first.top)
    );
  });
}

test('table view: a dozen rows at 1280x800, selection shared with the cards, remembered', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'premium@example.com');
  await page.goto('/search');
  await expect(resultLine(page)).toBeVisible();

  await page.getByRole('button', { name: 'Table', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Table', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(tableRows(page).first()).toBeVisible();
  // The first screenful draws at once, the rest of the page a moment later (ADR 025).
  await expect.poll(() => tableRows(page).count()).toBeGreaterThanOrEqual(20);
  const pageSize = await tableRows(page).count();
  expect(await rowsFullyVisible(page)).toBeGreaterThanOrEqual(12);
  for (const header of ['Name', 'Specialty', 'Organization', 'Location', 'Contact', 'Verified valid']) {
    await expect(table(page).getByRole('columnheader', { name: header })).toBeVisible();
  }
  // Contact availability has words for screen readers; under 'Verified valid' the day of the latest
  // valid check (its sentence on hover, ADR 053) or a dash.
  await expect(tableRows(page).first().getByText(/^(Email available|No email)$/)).toBeAttached();
  await expect(tableRows(page).first().locator('td').last()).toHaveText(/^(\d{1,2} [A-Z][a-z]{2} \d{4}|—)$/);
  expect(await toolbarIsOneLine(page)).toBe(true);
  await page.screenshot({ path: 'e2e/screenshots/search-table-desktop.png' });

  // Keyboard: Tab to the first row's box, Space ticks it; the toolbar counts it.
  const firstBox = tableRows(page).first().getByRole('checkbox');
  await firstBox.focus();
  await page.keyboard.press('Space');
  await expect(firstBox).toBeChecked();
  await expect(page.getByRole('button', { name: 'Add to List (1)' })).toBeVisible();
  // A click on the row (not on the name) ticks it too.
  await tableRows(page).nth(1).locator('td').nth(2).click();
  await expect(tableRows(page).nth(1).getByRole('checkbox')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Add to List (2)' })).toBeVisible();

  // The same selection as the cards: switch view, the two stay ticked.
  await page.getByRole('button', { name: 'Cards', exact: true }).click();
  const cards = page.getByRole('list', { name: 'Physicians' }).getByRole('article');
  await expect(cards.first().getByRole('checkbox')).toBeChecked();
  await expect(cards.nth(1).getByRole('checkbox')).toBeChecked();
  await page.getByRole('button', { name: 'Table', exact: true }).click();

  // Select Page from the header box, then Select All from the toolbar.
  await table(page).getByRole('checkbox', { name: 'Select all on this page' }).click();
  await expect(page.getByRole('button', { name: `Add to List (${pageSize})` })).toBeVisible();
  await page.getByRole('button', { name: 'Select All' }).click();
  await expect(page.getByRole('button', { name: 'Deselect All' })).toBeVisible();
  const addAll = page.getByRole('button', { name: /^Add to List \((\d{2,}|[\d,]{3,})\)$/ });
  await expect(addAll).toBeVisible();
  await addAll.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  // The name opens the profile.
  const name = tableRows(page).first().getByRole('link');
  const href = await name.getAttribute('href');
  expect(href).toMatch(/^\/physician\/\d+$/);

  // Remembered across visits.
  await page.reload();
  await expect(tableRows(page)).toHaveCount(pageSize);
  await expect(page.getByRole('button', { name: 'Table', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await name.click();
  await expect(page).toHaveURL(href ?? '');
});

test('results follow the typing (no Enter), the URL is replaced, Enter still works', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/search');
  await expect(resultLine(page)).toBeVisible();
  const cards = page.getByRole('list', { name: 'Physicians' }).getByRole('article');
  const firstName = (await cards.first().getByRole('heading').textContent()) ?? '';
  const lastName = firstName.replace(/,.*$/, '').trim().split(/\s+/).at(-1) ?? '';
  expect(lastName.length).toBeGreaterThan(1);

  const historyBefore = await page.evaluate(() => window.history.length);
  const box = page.getByLabel('Search physicians');
  await box.click();
  await box.pressSequentially(lastName.toLowerCase(), { delay: 20 });
  // No Enter: the URL and the results follow after the pause.
  await expect(page).toHaveURL(new RegExp(`[?&]query=${lastName.toLowerCase()}(&|$)`));
  await expect(resultLine(page)).toContainText(`for "${lastName.toLowerCase()}"`);
  await expect(cards.first()).toContainText(lastName);
  expect(await page.evaluate(() => window.history.length)).toBe(historyBefore);
  // No skeleton after the first load: the list stays while the next search runs.
  await expect(page.getByRole('list', { name: 'Loading results' })).toHaveCount(0);

  // A space typed between words survives the pause (the URL holds the trimmed text).
  await box.press('End');
  await box.pressSequentially(' ', { delay: 20 });
  await expect(page).toHaveURL(new RegExp(`[?&]query=${lastName.toLowerCase()}(&|$)`));
  await expect(box).toHaveValue(`${lastName.toLowerCase()} `);

  // Enter runs at once; the facet counts follow the query as well.
  await box.fill('zzzzqqq');
  await box.press('Enter');
  await expect(page).toHaveURL(/query=zzzzqqq/);
  await expect(page.getByText('No physicians found')).toBeVisible();

  // The sort menu: Relevance (a query's default) has no direction; Name has one.
  await box.fill(lastName);
  await box.press('Enter');
  const sort = page.getByRole('button', { name: /^Sort by / });
  await expect(sort).toHaveAccessibleName('Sort by Relevance');
  await sort.click();
  await expect(page.getByRole('menuitem', { name: /^Relevance/ })).not.toContainText(/A-Z|Z-A/);
  await page.getByRole('menuitem', { name: /^Name/ }).click();
  await expect(page.getByRole('button', { name: 'Sort by Name, ascending' })).toBeVisible();
  await expect(page).toHaveURL(/sortKey=name&sortDirection=asc/);
  await page.getByRole('button', { name: 'Sort by Name, ascending' }).click();
  await page.getByRole('menuitem', { name: /^Relevance/ }).click();
  await expect(page.getByRole('button', { name: 'Sort by Relevance' })).toBeVisible();
  await expect(page).not.toHaveURL(/sortDirection/);
});

test('phone: one Actions menu, the first result above the fold, the toolbar on one line', async ({ page }) => {
  await signIn(page, 'premium@example.com');
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/search?query=a');
  await expect(resultLine(page)).toBeVisible();

  expect(await toolbarIsOneLine(page)).toBe(true);
  const first = page.getByRole('list', { name: 'Physicians' }).getByRole('article').first();
  const top = await first.evaluate((element) => element.getBoundingClientRect().top);
  expect(top).toBeLessThan(667);
  // The six actions are not buttons in the page any more, but items of one menu.
  await expect(page.getByRole('button', { name: 'Save Search' })).toBeHidden();
  await page.getByRole('button', { name: /^Actions/ }).click();
  const menu = page.getByRole('menu', { name: /Actions/ });
  await expect(menu.getByRole('menuitem', { name: 'Select Page' })).toBeVisible();
  for (const item of ['Select All', 'Add to List (0)', 'Export Selected (0)', 'Save Search', 'Saved Searches']) {
    await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await page.screenshot({ path: 'e2e/screenshots/search-actions-menu-mobile.png' });
  await menu.getByRole('menuitem', { name: 'Select Page' }).click();
  await expect(page.getByRole('tab', { name: /^Selected/ })).not.toContainText(/\b0$/);
  expect(await toolbarIsOneLine(page), 'with a selection too').toBe(true);

  // The view choice lives in the same menu on a phone.
  await page.getByRole('button', { name: /^Actions/ }).click();
  await page.getByRole('menuitemradio', { name: 'Table' }).click();
  await expect(tableRows(page).first()).toBeVisible();
  await page.getByRole('button', { name: /^Actions/ }).click();
  await page.getByRole('menuitemradio', { name: 'Cards' }).click();
  await expect(first).toBeVisible();

  // Other widths: still one line.
  for (const width of [320, 414, 600, 768, 900, 1024, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await toolbarIsOneLine(page), `toolbar on one line at ${width} px`).toBe(true);
  }
  await screenshotBoth(page, 'search-live');
});

test('a cold /search arrives drawn by the server: its results without any script, then the same page live', async ({
  browser,
  page,
}) => {
  // The page as the server drew it (ADR 026): a browser that runs no script at all.
  const bare = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const drawn = await bare.newPage();
  await drawn.goto('/search?query=smith');
  await expect(resultLine(drawn)).toContainText('for "smith"');
  const drawnCards = drawn.getByRole('list', { name: 'Physicians' }).getByRole('article');
  await expect(drawnCards.first()).toContainText('Smith');
  const drawnNames = await drawnCards.getByRole('heading').allTextContents();
  expect(drawnNames.length).toBeGreaterThanOrEqual(3);
  await bare.close();

  // With scripts: the same first names, taken over by React without a mismatch (a hydration
  // error would be a console error, which fails the test), then the rest of the page.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/search?query=smith');
  const cards = page.getByRole('list', { name: 'Physicians' }).getByRole('article');
  await expect.poll(() => cards.count()).toBeGreaterThan(drawnNames.length);
  expect((await cards.getByRole('heading').allTextContents()).slice(0, drawnNames.length)).toEqual(drawnNames);
  // Live: the filter panel is drawn, and typing runs a new search.
  await expect(page.getByRole('complementary', { name: 'Filters' }).getByText('Specialty', { exact: true }).first()).toBeVisible();
  const box = page.getByLabel('Search physicians');
  await box.fill('garcia');
  await expect(resultLine(page)).toContainText('for "garcia"');
  await expect(page).toHaveURL(/query=garcia/);

  // Typed into the drawing before the page is live (its scripts held back here): the text is
  // kept, and runs once the page is live.
  const release = await holdScripts(page);
  await gotoDrawn(page, '/search?query=smith');
  await expect(resultLine(page)).toContainText('for "smith"');
  await box.fill('jones');
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-live'))).toBe(false);
  release();
  await page.locator('html[data-live]').waitFor({ state: 'attached' });
  await expect(page).toHaveURL(/query=jones/);
  await expect(resultLine(page)).toContainText('for "jones"');
  await expect(box).toHaveValue('jones');
});

test("a click on the drawing before the page is live is kept and done once it is (Select Page)", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'premium@example.com');
  const release = await holdScripts(page);
  await gotoDrawn(page, '/search?query=smith');
  await expect(resultLine(page)).toContainText('for "smith"');
  const cards = page.getByRole('list', { name: 'Physicians' }).getByRole('article');
  const drawn = await cards.count();
  expect(drawn).toBeGreaterThanOrEqual(3);
  await page.getByRole('button', { name: 'Select Page' }).click();
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-live'))).toBe(false);
  await expect(page.getByRole('button', { name: 'Select Page' })).toHaveAttribute('aria-busy', 'true');

  release();
  await page.locator('html[data-live]').waitFor({ state: 'attached' });
  // The page's results as the drawing showed them are all selected: the click was not lost.
  await expect(page.getByRole('tab', { name: /^Selected/ })).not.toHaveText(/Selected\s*0$/);
  const selected = Number((await page.getByRole('tab', { name: /^Selected/ }).textContent())?.replace(/\D/g, ''));
  expect(selected).toBeGreaterThanOrEqual(drawn);
  await expect(cards.first().getByRole('checkbox')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Select Page' })).not.toHaveAttribute('aria-busy', 'true');
});
