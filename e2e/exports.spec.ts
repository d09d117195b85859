import type { Locator, Page } from '@playwright/test';
import { test, expect, exportCsv, screenshotBoth, signIn } from './fixtures';

function cards(page: Page): Locator {
  return page.getByRole('list', { name: 'Physicians' }).getByRole('article');
}

test('premium: select three on /search, export CSV, the file has their rows; the Exports tab counts it', async ({
  page,
}) => {
  await signIn(page, 'premium@example.com');
  await page.goto('/search');
  // The first search after sign-in can be slow on a loaded machine.
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });

  const names: string[] = [];
  for (const card of (await cards(page).all()).slice(0, 3)) {
    names.push(((await card.getByRole('heading').textContent()) ?? '').trim());
    await card.getByRole('checkbox').check();
  }
  const exportButton = page.getByRole('button', { name: 'Export Selected (3)' });
  const { text, rows } = await exportCsv(page, exportButton, 3, async () => {
    await expect(page.getByRole('menuitem', { name: /Excel/ })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /PDF/ })).toBeVisible();
    await screenshotBoth(page, 'exports-format-menu');
  });
  expect(text.charCodeAt(0)).toBe(0xfeff);
  // The fields of an ATS candidate import, named as Bullhorn names them (ADR 053).
  const header = rows[0];
  expect(header.slice(0, 4)).toEqual(['First Name', 'Middle Name', 'Last Name', 'Credential']);
  for (const name of ['City', 'State', 'Zip', 'NPI', 'Mobile', 'Mobile Check', 'Work Phone', 'Work Phone Check', 'Email', 'Email Check']) {
    expect(header).toContain(name);
  }
  const at = (name: string) => header.indexOf(name);
  expect(rows.length).toBe(4);
  expect(rows.slice(1).map((r) => `${r[at('First Name')]} ${r[at('Last Name')]}, ${r[at('Credential')]}`.replace(/, $/, ''))).toEqual(names);
  for (const row of rows.slice(1)) {
    expect(row[at('Email')]).toMatch(/@|^$/);
    // Each value's check in the words the cards and the revealed values use.
    for (const check of [row[at('Email Check')], row[at('Mobile Check')], row[at('Work Phone Check')]]) {
      expect(check).toMatch(/^$|^(Reported wrong · |Self-reported · )?(Not yet checked|(Verified valid|Risky|Inconclusive), \d{1,2} [A-Z][a-z]{2} \d{4}( · \d+ % confidence)?)$/);
    }
  }

  await page.goto('/account?tab=exports');
  await expect(page.getByText('Total exported contacts')).toBeVisible();
  const recent = page
    .getByRole('region', { name: 'Recent exports' })
    .or(page.locator('section[aria-labelledby="recent-exports-heading"]'));
  await expect(recent.getByText('CSV').first()).toBeVisible();
  await expect(recent.getByText('3 contacts').first()).toBeVisible();
  await screenshotBoth(page, 'exports-account-tab');
});

test('premium: exporting with nothing selected says Selection Required', async ({ page }) => {
  await signIn(page, 'premium@example.com');
  await page.goto('/search');
  // The first search after sign-in can be slow on a loaded machine.
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Export Selected (0)' }).click();
  await expect(page.getByText('Selection Required')).toBeVisible();
  await expect(page.getByText('Please select at least one physician to export.')).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(0);
});

test('basic: export opens the gate naming the Annual Plan and what it adds', async ({ page }) => {
  await signIn(page, 'basic@example.com');
  await page.goto('/search');
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  await cards(page).first().getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Export Selected (1)' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Upgrade to the Annual Plan' })).toBeVisible();
  await expect(dialog).toContainText('Export selections and lists to CSV, Excel and PDF');
  await expect(dialog).not.toContainText(/premium/i);
  await expect(dialog).not.toContainText('Full access to physician contact information');
  await screenshotBoth(page, 'exports-gate-monthly');
});
