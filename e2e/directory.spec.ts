import type { Locator, Page } from '@playwright/test';
import { test, expect, forgiveFailedRequests, screenshotBoth, signIn } from './fixtures';

/** The result line: 'Showing X-Y of N results[ for "query"]'. */
function resultLine(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: /^Showing / });
}

/** N from 'Showing X-Y of N results...'. */
async function totalOf(page: Page): Promise<number> {
  const text = (await resultLine(page).textContent()) ?? '';
  const match = /of ([\d,]+) results/.exec(text);
  if (!match) throw new Error(`no total in "${text}"`);
  return Number(match[1].replaceAll(',', ''));
}

function cards(page: Page): Locator {
  return page.getByRole('list', { name: 'Physicians' }).getByRole('article');
}

test('a search from the box lands in the URL and the result line', async ({ page }) => {
  await page.goto('/search');
  await expect(resultLine(page)).toHaveText(/^Showing 1-20 of [\d,]+ results$/);

  // Search for the last name of the first physician shown, so the query surely matches.
  const firstName = (await cards(page).first().getByRole('heading').textContent()) ?? '';
  const lastName = firstName.replace(/,.*$/, '').trim().split(/\s+/).at(-1) ?? '';
  expect(lastName.length).toBeGreaterThan(1);

  const historyBefore = await page.evaluate(() => window.history.length);
  await page.getByLabel('Search physicians').fill(`  ${lastName} `);
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`[?&]query=${lastName}(&|$)`));
  await expect(resultLine(page)).toContainText(`for "${lastName}"`);
  await expect(cards(page).first()).toContainText(lastName);
  // Updated in place: no new history entry.
  expect(await page.evaluate(() => window.history.length)).toBe(historyBefore);

  await screenshotBoth(page, 'directory-search');
});

test('a sidebar filter narrows the results and lands in the URL', async ({ page }) => {
  await page.goto('/search?page=1');
  await expect(resultLine(page)).toBeVisible();
  const before = await totalOf(page);

  const specialties = page.getByRole('group', { name: 'Specialty' });
  const first = specialties.getByRole('checkbox').first();
  await expect(first).toBeVisible();
  const label = (await specialties.locator('label').first().innerText()).split('\n')[0].trim();
  await first.click();

  await expect(page).toHaveURL(
    new RegExp(`specialty=${encodeURIComponent(label).replace(/%20/g, '(\\+|%20)')}`),
  );
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByRole('button', { name: `Remove filter Specialty: ${label}` })).toBeVisible();
  // The line shows the previous total until the new search answers: wait for the total to change.
  await expect.poll(() => totalOf(page)).not.toBe(before);
  await expect(resultLine(page)).toHaveText(/^Showing 1-20 of/);
  const after = await totalOf(page);
  expect(after).toBeGreaterThan(0);
  expect(after).toBeLessThan(before);
  for (const card of await cards(page).all()) await expect(card).toContainText(label);

  // A text filter, then Clear All brings every physician back.
  await page.getByLabel('Job Title').fill('zzzz-no-such-title');
  await page.getByLabel('Job Title').press('Enter');
  await expect(page.getByText('No physicians found matching your criteria.')).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filters.')).toBeVisible();
  await page
    .getByRole('complementary', { name: 'Filters' })
    .getByRole('button', { name: 'Clear All' })
    .click();
  await expect(page).not.toHaveURL(/specialty=|title=/);
  await expect.poll(() => totalOf(page)).toBe(before);

  // The sidebar collapses to a narrow bar and comes back.
  await page.getByRole('button', { name: 'Collapse filters' }).click();
  await expect(page.getByRole('group', { name: 'Specialty' })).toBeHidden();
  await page.getByRole('button', { name: 'Expand filters' }).click();
  await expect(page.getByRole('group', { name: 'Specialty' })).toBeVisible();
});

test('a specialty card opens the directory with the same count', async ({ page }) => {
  await page.goto('/specialties');
  await expect(page.getByRole('heading', { name: 'Explore Physician Specialties' })).toBeVisible();
  const card = page.getByRole('link', { name: /physicians?/ }).first();
  const name = (await card.getByRole('heading').textContent())?.trim() ?? '';
  const countText = (await card.getByText(/physicians?$/).textContent()) ?? '';
  const count = Number(countText.replace(/[^\d]/g, ''));
  expect(count).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing');
  // Start Free Trial: sign-up, then (after the emailed link and sign-in) the trial's checkout,
  // whose success page leads back here.
  await expect(page.getByRole('link', { name: 'Start Free Trial' }).last()).toHaveAttribute(
    'href',
    '/signup?return_to=/start-trial%3Fthen%3D/specialties',
  );
  await screenshotBoth(page, 'specialties');

  await card.click();
  await expect(page).toHaveURL(/\/search\?specialty=/);
  await expect(page.getByRole('button', { name: `Remove filter Specialty: ${name}` })).toBeVisible();
  await expect.poll(() => totalOf(page)).toBe(count);
  await expect(
    page.getByRole('group', { name: 'Specialty' }).getByRole('checkbox', { name: new RegExp(`^${name}`) }),
  ).toBeChecked();
});

test('free and anonymous visitors see the upsell and one page of 20', async ({ page }) => {
  await page.goto('/search');
  await expect(resultLine(page)).toHaveText(/^Showing 1-20 of/);
  const total = await totalOf(page);
  expect(total).toBeGreaterThan(20);
  const formatted = total.toLocaleString('en-US');
  await expect(page.getByRole('heading', { name: `Unlock all ${formatted} results!` })).toBeVisible();
  await expect(
    page.getByText(`You're currently viewing 20 of ${formatted} available profiles.`),
  ).toBeVisible();
  await expect(page.getByText('Admins also have full access.')).toBeVisible();
  await expect(cards(page)).toHaveCount(20);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  await screenshotBoth(page, 'directory-upsell');

  // A visitor's Email opens a prompt to sign up or log in, either coming back to this card.
  const liveEmail = cards(page)
    .getByRole('button', { name: /^Email/ })
    .and(page.locator(':not([aria-disabled])'))
    .first();
  await liveEmail.click();
  const prompt = page.getByRole('dialog').filter({ hasText: 'See this email address' });
  await expect(prompt.getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    /^\/login\?return_to=\/search.*%23physician-\d+$/,
  );
  await expect(prompt.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
    'href',
    /^\/signup\?return_to=\/search.*%23physician-\d+$/,
  );
  await page.keyboard.press('Escape');
  await expect(prompt).toHaveCount(0);

  // Gated actions open the subscription gate for a signed-in free user.
  await signIn(page, 'free@example.com');
  await page.goto('/search');
  await expect(page.getByRole('heading', { name: `Unlock all ${formatted} results!` })).toBeVisible();
  await page.getByRole('button', { name: /^Export Selected/ }).click();
  await expect(page.getByRole('dialog', { name: 'Unlock Unlimited Contacts' })).toContainText('Annual Plan');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Select Page' }).click();
  await expect(page.getByText('Free Limit Reached')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to List (20)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deselect Page' })).toBeVisible();
});

test('a subscriber pages through full results without the upsell', async ({ page }) => {
  await signIn(page, 'premium@example.com');
  await page.goto('/search');
  await expect(resultLine(page)).toHaveText(/^Showing 1-25 of/);
  const total = await totalOf(page);
  await expect(page.getByRole('heading', { name: /^Unlock all/ })).toHaveCount(0);
  await expect(cards(page)).toHaveCount(25);

  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(pagination.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  const firstOnPageOne = await cards(page).first().getByRole('heading').textContent();

  await pagination.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(resultLine(page)).toHaveText(`Showing 26-50 of ${total.toLocaleString('en-US')} results`);
  await expect(cards(page).first().getByRole('heading')).not.toHaveText(firstOnPageOne ?? '');
  await expect(pagination.getByRole('button', { name: 'Previous' })).toBeEnabled();

  // The last page: Next is disabled there.
  const lastPage = Math.ceil(total / 25);
  await pagination.getByRole('button', { name: `Page ${lastPage}` }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]page=${lastPage}(&|$)`));
  await expect(pagination.getByRole('button', { name: 'Next' })).toBeDisabled();

  // Sorting: the same key toggles the direction.
  await page.getByRole('button', { name: /^Sort by Name, ascending/ }).click();
  await page.getByRole('menuitem', { name: /Name/ }).click();
  await expect(page).toHaveURL(/sortKey=name&sortDirection=desc/);
  await expect(page).not.toHaveURL(/page=/);

  // Email is available to subscribers (the reveal call arrives with the contacts feature).
  const email = cards(page)
    .first()
    .getByRole('button', { name: /^Email/ });
  await expect(email).not.toHaveAttribute('aria-disabled', 'true');
});

test('a profile shows the physician, and an unknown id shows Physician Not Found', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/search');
  // A physician with an email on file (its button is live for a visitor: it opens a prompt).
  const first = cards(page)
    .filter({ has: page.getByRole('button', { name: /^Email/ }).and(page.locator(':not([aria-disabled])')) })
    .first();
  const heading = (await first.getByRole('heading').textContent())?.trim() ?? '';
  await first.getByRole('link').first().click();

  await expect(page).toHaveURL(/\/physician\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Professional Details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Skills and Expertise' })).toBeVisible();
  // A visitor's View Email asks to sign up or log in, coming back to this profile.
  const profilePath = new URL(page.url()).pathname;
  await page.getByRole('button', { name: /^View Email/ }).click();
  await expect(
    page.getByRole('dialog').filter({ hasText: 'See this email address' }).getByRole('link', { name: 'Log in' }),
  ).toHaveAttribute('href', `/login?return_to=${profilePath}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Export Full Profile' })).toHaveCount(0);

  await screenshotBoth(page, 'physician-profile');
  await page.getByRole('button', { name: 'Add to favorites' }).click();
  await expect(page.getByText('Added to favorites')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/search$/);

  await page.goto('/physicians/999999999');
  await expect(page.getByRole('heading', { name: 'Physician Not Found' })).toBeVisible();
  await expect(
    page.getByText('The physician you are looking for does not exist or has been removed.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to Directory' }).click();
  await expect(page).toHaveURL(/\/search$/);
  forgiveFailedRequests(consoleErrors, [404]);
});

test('on a phone the filters open in a drawer with a close button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/directory?location=');
  await expect(page).toHaveURL(/\/search/);
  await expect(page.getByRole('complementary', { name: 'Filters' })).toBeHidden();
  await page.getByRole('button', { name: /^Filters/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('group', { name: 'Specialty' }).getByRole('checkbox').first().click();
  await expect(page).toHaveURL(/specialty=/);
  await page.screenshot({ path: 'e2e/screenshots/directory-filters-drawer-mobile.png' });
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: /^Remove filter Specialty/ })).toBeVisible();
});
