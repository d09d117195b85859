import type { Locator, Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/errors';
import type { ListDetailResponse } from '../contract/lists';
import { test, expect as baseExpect, exportCsv, screenshotBoth, signIn } from './fixtures';

// The shared 2-core machine can be slow: wait longer for visible states (never for fixed times).
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

/*
 * Lists and saved searches (docs/rules.md#lists, #saved-searches): premium builds a list from
 * Select All and works in it; any signed-in user saves, applies and deletes a search; the side
 * panels and their empty states.
 */

function cards(page: Page, listName = 'Physicians'): Locator {
  return page.getByRole('list', { name: listName }).getByRole('article');
}

async function totalOf(page: Page): Promise<number> {
  const line = page.getByRole('status').filter({ hasText: /^Showing / });
  await expect(line).toHaveText(/of [\d,]+ results/);
  const match = /of ([\d,]+) results/.exec((await line.textContent()) ?? '');
  return Number(match![1].replaceAll(',', ''));
}

/** The header's icon button (the search page has its own 'Saved Searches' button too). */
function headerButton(page: Page, name: string): Locator {
  return page.getByRole('banner').getByRole('button', { name });
}

/** One page of a list as the API answers it (the browser context's session). */
async function listPage(page: Page, listId: string, n: number): Promise<ListDetailResponse> {
  const res = await page.request.get(`/api/lists/${listId}?page=${n}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ListDetailResponse;
}

function forgive404(consoleErrors: string[]) {
  const kept = consoleErrors.filter((m) => !m.includes('status of 404'));
  consoleErrors.splice(0, consoleErrors.length, ...kept);
}

test('premium: Select All -> new list -> list detail -> search within -> remove two -> export CSV', async ({
  page,
}) => {
  const listName = `Cardiology shortlist ${Date.now()}`;
  await signIn(page, 'premium@example.com');
  await page.goto('/search?specialty=Cardiology&sortKey=location');
  const total = await totalOf(page);
  expect(total).toBeGreaterThan(2);
  const expected = Math.min(total, 500);

  await page.getByRole('button', { name: 'Select All' }).click();
  await expect(page.getByText('Results Selected')).toBeVisible();
  await expect(page.getByText(`Selected ${expected.toLocaleString('en-US')} physicians`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deselect All' })).toBeVisible();

  await page.getByRole('button', { name: `Add to List (${expected.toLocaleString('en-US')})` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to Physician List' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create List' })).toBeDisabled();
  await dialog.getByLabel('List name').fill(listName);
  await dialog.getByLabel(/Description/).fill('Cardiologists for the Q1 search');
  await screenshotBoth(page, 'lists-add-to-list-dialog');
  await dialog.getByRole('button', { name: 'Create List' }).click();
  await expect(page.getByText('List Created')).toBeVisible();
  await expect(page.getByText(`Created list "${listName}" with ${expected} physicians`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Adding the same physicians again to the existing list adds none (the toast counts real adds).
  await page.getByRole('button', { name: /^Add to List/ }).click();
  await dialog.getByLabel('Add to Existing List').check();
  await expect(dialog.getByLabel('List', { exact: true })).toHaveValue(/.+/);
  await expect(dialog.getByRole('combobox')).toContainText(listName); // newest first, preselected
  await dialog.getByRole('button', { name: 'Add to List' }).click();
  await expect(page.getByText('Added 0 physicians to the selected list')).toBeVisible();

  // The Saved Lists side panel shows the new list.
  await headerButton(page, 'Saved Lists').click();
  const panel = page.getByRole('dialog', { name: 'Saved Lists' });
  const item = panel.getByRole('listitem').filter({ hasText: listName });
  await expect(item).toContainText(`${expected} physicians`);
  await expect(item).toContainText('Cardiologists for the Q1 search');
  await screenshotBoth(page, 'lists-saved-lists-panel');
  await item.getByRole('link', { name: 'View List' }).click();

  await expect(page).toHaveURL(/\/lists\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  await expect(page.getByText(`${expected} physicians`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Select All (${expected})`)).toBeVisible();
  await expect(page.getByText('0 selected')).toBeVisible();
  await screenshotBoth(page, 'lists-detail');

  // Search within the list (on the server): the last name of the first member.
  const first =
    (await cards(page, 'Physicians in this list').first().getByRole('heading').textContent()) ?? '';
  const lastName = first.replace(/,.*$/, '').trim().split(/\s+/).at(-1)!;
  await page.getByPlaceholder('Search within this list...').fill(lastName);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`query=${lastName}`));
  const found = page.getByText(/^Select All \((\d+)\)$/);
  await expect(found).not.toHaveText(`Select All (${expected})`);
  for (const card of await cards(page, 'Physicians in this list').all())
    await expect(card).toContainText(lastName);
  await screenshotBoth(page, 'lists-detail-search-within');

  await page.getByPlaceholder('Search within this list...').fill('zzzz-no-such-physician');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No physicians matching your search in this list.')).toBeVisible();
  await page.getByPlaceholder('Search within this list...').fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(`Select All (${expected})`)).toBeVisible();

  // Rename.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit List' });
  await expect(edit.getByLabel('List name')).toHaveValue(listName);
  await expect(edit.getByLabel(/Description/)).toHaveValue('Cardiologists for the Q1 search');
  await edit.getByLabel('List name').fill(`${listName} (renamed)`);
  await screenshotBoth(page, 'lists-edit-dialog');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${listName} (renamed)` })).toBeVisible();

  // Remove the first two members (page 1 is in name order, as the API answers it).
  const listId = /\/lists\/([0-9a-f-]{36})/.exec(page.url())![1];
  const firstPage = await listPage(page, listId, 1);
  const removedNpis = firstPage.results.slice(0, 3).map((physician) => physician.npi);
  const members = cards(page, 'Physicians in this list');
  await members.nth(0).getByRole('checkbox').check();
  await members.nth(1).getByRole('checkbox').check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText('Physicians Removed')).toBeVisible();
  await expect(page.getByText(`${expected - 2} physicians`, { exact: true })).toBeVisible();
  // One more by the button beside its card, with nothing selected.
  const third = firstPage.results[2]!;
  await page.getByRole('button', { name: `Remove ${third.firstName} ${third.lastName} from this list` }).click();
  await expect(page.getByText('Removed 1 physician from the list.')).toBeVisible();
  const remaining = expected - 3;
  await expect(page.getByText(`${remaining} physicians`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Select All (${remaining})`)).toBeVisible();

  // Export what is left as CSV: the file holds exactly the list's remaining physicians.
  await page.getByRole('checkbox', { name: `Select All (${remaining})` }).check();
  await expect(page.getByText(`${remaining} selected`)).toBeVisible();
  const { rows } = await exportCsv(
    page,
    page.getByRole('button', { name: 'Export', exact: true }),
    remaining,
    () => screenshotBoth(page, 'lists-detail-export-menu'),
  );
  const npiColumn = rows[0].indexOf('NPI');
  expect(npiColumn).toBeGreaterThanOrEqual(0);
  const exportedNpis = rows.slice(1).map((row) => row[npiColumn]);
  expect(exportedNpis).toHaveLength(remaining);
  const memberNpis: string[] = [];
  for (let n = 1; n <= firstPage.pageCount; n++) {
    memberNpis.push(...(await listPage(page, listId, n)).results.map((physician) => physician.npi ?? ''));
  }
  expect(memberNpis).toHaveLength(remaining);
  expect(new Set(memberNpis).size).toBe(remaining); // NPIs tell the physicians apart
  expect([...exportedNpis].sort()).toEqual([...memberNpis].sort());
  for (const npi of removedNpis) expect(exportedNpis).not.toContain(npi);
});

test('premium: My Lists shows a list with its count; delete it with the confirmation', async ({ page }) => {
  const listName = `Delete me ${Date.now()}`;
  await signIn(page, 'premium@example.com');
  // A list of three physicians made through the API (the list flow itself is the test above).
  const search = await page.request.get('/api/physicians?specialty=Cardiology');
  const ids = ((await search.json()) as { results: { id: number }[] }).results.slice(0, 3).map((r) => r.id);
  const created = await page.request.post('/api/lists', {
    data: { name: listName, physicianIds: ids },
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
  });
  expect(created.status()).toBe(201);

  await page.goto('/lists');
  const row = page.getByRole('row').filter({ hasText: listName });
  await expect(row.getByRole('cell').nth(1)).toHaveText('3');
  await screenshotBoth(page, 'lists-my-lists');
  await row.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText(
    `This action cannot be undone. This will permanently delete the list "${listName}" and all its physicians.`,
  );
  await screenshotBoth(page, 'lists-delete-confirmation');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('List deleted successfully.')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('save a search, apply it from the Saved Searches panel, delete it', async ({ page }) => {
  const name = `Texas pediatrics ${Date.now()}`;
  await signIn(page, 'basic@example.com');
  await page.goto('/search?query=a&specialty=Pediatrics&state=TX&sortKey=location&sortDirection=desc');
  await totalOf(page);
  await page.getByRole('button', { name: 'Save Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Search' });
  await expect(dialog.getByRole('button', { name: 'Save Search' })).toBeDisabled();
  await dialog.getByLabel('Search name').fill(name);
  await screenshotBoth(page, 'saved-searches-save-dialog');
  await dialog.getByRole('button', { name: 'Save Search' }).click();
  await expect(page.getByText('Your search has been saved successfully.')).toBeVisible();

  // Somewhere else, then apply it from the panel opened in the header.
  await page.goto('/search');
  await headerButton(page, 'Saved Searches').click();
  const panel = page.getByRole('dialog', { name: 'Saved Searches' });
  const item = panel.getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText(/ at \d{1,2}:\d{2} (AM|PM)/);
  await expect(item.getByRole('list', { name: 'Search criteria' })).toContainText('Pediatrics');
  await screenshotBoth(page, 'saved-searches-panel');
  await item.getByRole('button', { name: 'Apply Search' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByText(`Loaded search: ${name}`)).toBeVisible();
  await expect(page).toHaveURL(/query=a/);
  await expect(page).toHaveURL(/specialty=Pediatrics/);
  await expect(page).toHaveURL(/state=TX/);
  await expect(page).toHaveURL(/sortKey=location/);
  await expect(page).toHaveURL(/sortDirection=desc/);

  await headerButton(page, 'Saved Searches').click();
  await panel.getByRole('button', { name: `Delete saved search ${name}` }).click();
  await expect(page.getByText('Your saved search has been deleted.')).toBeVisible();
  await expect(panel.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
});

test('free user: empty My Lists and side panels; Save Search allowed', async ({ page }) => {
  await signIn(page, 'free@example.com');
  await page.goto('/lists');
  await expect(page.getByText('You have no saved lists yet.')).toBeVisible();
  await screenshotBoth(page, 'lists-my-lists-empty');
  await headerButton(page, 'Saved Lists').click();
  await expect(page.getByText("You don't have any saved lists yet.")).toBeVisible();
  await expect(
    page.getByRole('dialog', { name: 'Saved Lists' }).getByRole('link', { name: 'Go to Directory' }),
  ).toBeVisible();
  await screenshotBoth(page, 'lists-saved-lists-panel-empty');
  await page.keyboard.press('Escape');
  await headerButton(page, 'Saved Searches').click();
  await expect(page.getByText("You don't have any saved searches yet.")).toBeVisible();
  await screenshotBoth(page, 'saved-searches-panel-empty');
});

test('a missing list redirects to the directory with "List not found"', async ({ page, consoleErrors }) => {
  await signIn(page, 'basic@example.com');
  await page.goto('/lists/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('List not found')).toBeVisible();
  await expect(page).toHaveURL(/\/search/);
  forgive404(consoleErrors);
});
