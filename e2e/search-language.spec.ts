import type { Page } from '@playwright/test';
import { test, expect, screenshotBoth, signIn } from './fixtures';

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

test("recruiters' words: 'urology phoenix', a misspelling corrected, an NPI typed in the box (screenshots)", async ({
  page,
}) => {
  await signIn(page, 'premium@example.com');

  // A specialty word and a city: every card is a urologist in Phoenix, the specialty marked.
  await page.goto('/search?query=urology+phoenix');
  await expect(status(page)).toHaveText(/^Showing 1-\d+ of \d+ results? for "urology phoenix"$/);
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) {
    await expect(card).toContainText('Urology');
    await expect(card).toContainText('Phoenix');
  }
  await expect(cards.first().locator('mark', { hasText: 'Urology' })).toBeVisible();
  await expect(cards.first().locator('mark', { hasText: 'Phoenix' })).toBeVisible();
  await screenshotBoth(page, 'search-urology-phoenix');

  // A misspelling: the corrected search, said so, with a way back to the spelling typed.
  await page.goto('/search?query=cardiolgy');
  await expect(page.getByText("Showing results for 'cardiology'.")).toBeVisible();
  await expect(status(page)).toHaveText(/for "cardiology"$/);
  await expect(cards.first()).toContainText('Cardiology');
  await screenshotBoth(page, 'search-typo-corrected');
  await page.getByRole('button', { name: "Search instead for 'cardiolgy'" }).click();
  await expect(page).toHaveURL(/spelling=exact/);
  await expect(page.getByText('No physicians found matching your criteria.')).toBeVisible();

  // An NPI typed in the box finds that physician, for a visitor too.
  const someone = await page.request.get('/api/physicians?query=smith');
  const { npi, lastName } = (await someone.json()).results.find((r: { npi: string | null }) => r.npi);
  await page.goto(`/search?query=${npi}`);
  await expect(status(page)).toHaveText(`Showing 1-1 of 1 results for "${npi}"`);
  await expect(cards.first()).toContainText(lastName);
  await screenshotBoth(page, 'search-npi');
  await page.context().clearCookies();
  await page.goto(`/search?query=${npi}`);
  await expect(cards).toHaveCount(1);
});

test("a word of no field we hold: 'CRNA' says who CRNAs are, 'emergency medicine locum' says why 'locum' was left out (screenshots)", async ({
  page,
}) => {
  await signIn(page, 'premium@example.com');

  // Alone: the empty state says why, and offers the field the directory does hold.
  await page.goto('/search?query=CRNA');
  await expect(page.getByText('No physicians found matching your criteria.')).toBeVisible();
  const crna = 'CRNAs are nurse anesthetists, not physicians: PhysicianDirect lists physicians and physician assistants.';
  await expect(page.getByRole('list', { name: 'Words that name no field we hold' })).toContainText(crna);
  // The status line says it too, for a screen reader.
  await expect(page.getByRole('status').filter({ hasText: crna })).toHaveCount(1);
  await screenshotBoth(page, 'search-not-a-field-empty');
  await page.getByRole('button', { name: "Search for 'anesthesiologist' instead" }).click();
  await expect(page).toHaveURL(/query=anesthesiologist/);
  await expect(status(page)).toHaveText(/^Showing 1-\d+ of [\d,]+ results for "anesthesiologist"$/);
  await expect(page.getByRole('article').first()).toContainText('Anesthesiology');

  // Beside a field: that field is searched, and a line above the results says what 'locum' is.
  await page.goto('/search?query=emergency+medicine+locum');
  await expect(status(page)).toHaveText(/^Showing 1-\d+ of [\d,]+ results for "emergency medicine locum"/);
  await expect(page.getByRole('list', { name: 'Words that name no field we hold' })).toContainText(
    "'locum' is a kind of job, not a field: PhysicianDirect lists physicians by specialty and place, not the work they are looking for.",
  );
  for (const card of (await page.getByRole('article').all()).slice(0, 5)) await expect(card).toContainText('Emergency Medicine');
  await screenshotBoth(page, 'search-not-a-field-results');
});

test("a sub-specialty phrase finds it first and its cards say it; a specialty and a place put that specialty's physicians first (ADR 052)", async ({
  page,
}) => {
  await signIn(page, 'premium@example.com');
  await page.goto('/search?query=pediatric+cardiologist');
  await expect(status(page)).toHaveText(/^Showing 1-\d+ of [\d,]+ results for "pediatric cardiologist"$/);
  const cards = page.getByRole('article');
  for (const card of (await cards.all()).slice(0, 5)) {
    await expect(card).toContainText('Pediatrics');
    await expect(card.locator('mark', { hasText: 'Pediatric Cardiology' })).toBeVisible();
  }
  await screenshotBoth(page, 'search-pediatric-cardiologist');

  // 'cardiology new york': cardiologists in New York, never a pediatrician before them.
  await page.goto('/search?query=cardiology+new+york');
  await expect(status(page)).toHaveText(/results for "cardiology new york"$/);
  // Every cardiologist in New York before any pediatric cardiologist there (how many of each the
  // demo holds moves with its signals: its moves take some physicians out of New York).
  const firstTen = (await cards.all()).slice(0, 10);
  const pediatric: boolean[] = [];
  for (const card of firstTen) {
    await expect(card).toContainText(/Cardiology/);
    await expect(card).toContainText(', NY');
    pediatric.push(((await card.textContent()) ?? '').includes('Pediatrics'));
  }
  expect(pediatric[0]).toBe(false);
  expect(pediatric.slice(pediatric.indexOf(true) === -1 ? pediatric.length : pediatric.indexOf(true))).not.toContain(false);
});

test('the specialty filter lists each specialty\'s sub-specialties under it, with counts, by keyboard too (ADR 052, screenshots)', async ({
  page,
}) => {
  await signIn(page, 'premium@example.com');
  await page.goto('/search');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const tree = filters.getByRole('group', { name: 'Specialty' });
  const surgery = tree.getByRole('checkbox', { name: /^General Surgery [\d,]+$/ });
  await expect(surgery).toBeVisible();
  const toggle = tree.getByRole('button', { name: 'Sub-specialties of General Surgery' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const subs = tree.getByRole('group', { name: 'Sub-specialties of General Surgery' });
  await expect(subs).toHaveCount(0);

  // The right arrow on the specialty's checkbox opens its sub-specialties; the left arrow closes them.
  await surgery.focus();
  await page.keyboard.press('ArrowRight');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(subs.getByRole('checkbox', { name: /^Otolaryngology [\d,]+$/ })).toBeVisible();
  await expect(subs.getByRole('checkbox', { name: /^Neurological Surgery [\d,]+$/ })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(subs).toHaveCount(0);

  // The button opens them too; Space on a sub-specialty ticks it: the URL and the results follow.
  await toggle.focus();
  await page.keyboard.press('Enter');
  const ent = subs.getByRole('checkbox', { name: /^Otolaryngology [\d,]+$/ });
  const entItem = subs.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name: /^Otolaryngology/ }) });
  const count = Number((await entItem.innerText()).replace(/\D/g, ''));
  expect(count).toBeGreaterThan(0);
  await ent.focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/subSpecialty=Otolaryngology/);
  await expect(status(page)).toHaveText(new RegExp(`^Showing 1-\\d+ of ${count.toLocaleString('en-US')} results$`));
  for (const card of (await page.getByRole('article').all()).slice(0, 5)) await expect(card).toContainText('Otolaryngology');
  await expect(ent).toBeChecked();
  await screenshotBoth(page, 'search-specialty-tree');

  // The search finds a sub-specialty by its name and opens its specialty.
  await page.goto('/search');
  await filters.getByRole('searchbox', { name: 'Search specialties and sub-specialties' }).fill('nephro');
  await expect(tree.getByRole('group', { name: 'Sub-specialties of Internal Medicine' }).getByRole('checkbox', { name: /^Nephrology [\d,]+$/ })).toBeVisible();

  // On a phone, in the drawer.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/search?subSpecialty=Otolaryngology');
  await page.getByRole('button', { name: /^Filters/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  const drawerEnt = drawer.getByRole('group', { name: 'Sub-specialties of General Surgery' }).getByRole('checkbox', { name: /^Otolaryngology/ });
  await expect(drawerEnt).toBeChecked();
  // The picture once the drawer has slid in, the ticked sub-specialty in view.
  await drawer.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  await drawerEnt.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/screenshots/search-specialty-tree-drawer-mobile.png' });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});
