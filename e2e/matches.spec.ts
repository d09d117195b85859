import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { generatePhysicians } from '../server/db/seed/generator';
import { test, expect as baseExpect, screenshotBoth, signIn } from './fixtures';

// The shared 2-core machine can be slow: wait longer for visible states (never for fixed times).
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

/*
 * Match a list (docs/decisions/033-list-matching.md): an Annual user uploads a recruiter's CSV
 * built from the e2e server's demo directory (2,000 physicians, the generator's default seed),
 * maps the columns the guess missed, follows the matching, resolves an ambiguous row, adds the
 * matched physicians to a list and downloads the enriched file.
 */

const demo = [...generatePhysicians({ count: 2000 })];

/** Two physicians of one last name and state whose first names share an initial: 'J. Smith, TX' is either. */
function ambiguousPair() {
  const groups = new Map<string, typeof demo>();
  for (const p of demo) {
    const key = `${p.lastName}|${p.state}|${p.firstName[0]}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const pair = [...groups.values()].find((g) => g.length === 2 && g[0].city !== g[1].city && g[0].firstName !== g[1].firstName);
  if (!pair) throw new Error('no ambiguous pair in the demo directory');
  return pair;
}

test('Annual: upload, map columns, review, resolve an ambiguous row, add to a list, download', async ({ page }) => {
  const [one, two] = ambiguousPair();
  const unique = demo.filter((p) => demo.filter((q) => q.lastName === p.lastName && q.firstName === p.firstName).length === 1);
  const [a, b] = [unique[10], unique[20]];
  const csv = [
    'Given,Family,Town,ST,Notes',
    `${a.firstName},${a.lastName},${a.city},${a.state},met at ACC`,
    `Dr. ${b.firstName},${b.lastName} MD,${b.city},${b.state},`,
    `${one.firstName[0]}.,${one.lastName},,${one.state},call back`,
    'Zebulon,Quackenbush-Nowhere,Springfield,IL,',
  ].join('\n');

  await signIn(page, 'premium@example.com');
  await page.goto('/lists');
  await page.getByRole('link', { name: 'Match a list' }).click();
  await expect(page.getByRole('heading', { name: 'Match a list' })).toBeVisible();
  await page.getByLabel('Spreadsheet (CSV or XLSX)').setInputFiles({ name: 'conference.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  // The guess found the town and the state; the names need mapping by hand.
  await expect(page.getByLabel('Column Town')).toHaveValue('city');
  await expect(page.getByLabel('Column ST')).toHaveValue('state');
  await expect(page.getByLabel('Column Given')).toHaveValue('');
  await page.getByLabel('Column Given').selectOption('firstName');
  await page.getByLabel('Column Family').selectOption('lastName');
  await expect(page.getByRole('cell', { name: 'met at ACC' })).toBeVisible();
  await screenshotBoth(page, 'match-list-mapping');

  await page.getByRole('button', { name: 'Match 4 rows' }).click();
  await expect(page.getByRole('heading', { name: 'Review conference.csv' })).toBeVisible();
  await expect(page).toHaveURL(/\/match-list\?job=[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'Matched (2)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ambiguous (1)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'No match (1)' })).toBeVisible();
  await expect(page.getByRole('link', { name: `${a.firstName} ${a.lastName}` })).toBeVisible();
  await screenshotBoth(page, 'match-list-review');

  // Resolve the ambiguous row: both namesakes are offered; pick the first.
  await page.getByRole('button', { name: 'Ambiguous (1)' }).click();
  const candidates = page.getByRole('list', { name: 'Candidates for row 3' });
  await expect(candidates.getByRole('listitem')).toHaveCount(2);
  await expect(candidates).toContainText(`${two.firstName} ${two.lastName}`);
  await page.getByRole('button', { name: `Choose ${one.firstName} ${one.lastName} for row 3` }).click();
  await expect(page.getByRole('button', { name: 'Matched (3)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ambiguous (0)' })).toBeVisible();
  await page.getByRole('button', { name: 'All (4)' }).click();
  await expect(page.getByText('Matched (your choice)')).toBeVisible();

  // Add the three matched physicians to a new list.
  const listName = `Conference ${Date.now()}`;
  await page.getByLabel('New list name').fill(listName);
  await page.getByRole('button', { name: 'Add matched to a list (3)' }).click();
  await expect(page.getByText(`3 physicians added to ${listName}`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Open ${listName}` })).toBeVisible();

  // The download says what it costs before the click, then gives the file back enriched.
  await expect(page.getByText(/count against your daily export limit, and downloading ends the 30-day money-back guarantee/)).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download enriched file' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`conference-enriched-${new Date().toISOString().slice(0, 10)}.csv`);
  const rows = parse(await readFile((await download.path())!, 'utf8'), { bom: true, relax_column_count: true }) as string[][];
  expect(rows[0].slice(0, 7)).toEqual(['Given', 'Family', 'Town', 'ST', 'Notes', 'Match Outcome', 'Match Score']);
  expect(rows[1].slice(0, 6)).toEqual([a.firstName, a.lastName, a.city, a.state, 'met at ACC', 'Matched']);
  expect(rows[3][5]).toBe('Matched');
  expect(rows[4][5]).toBe('No match');
  // The contact columns named as the export names them, each check in the one vocabulary (ADR 053).
  const header = rows[0];
  expect(header.slice(-6)).toEqual(['Mobile', 'Mobile Check', 'Work Phone', 'Work Phone Check', 'Email', 'Email Check']);
  for (const row of rows.slice(1, 4)) {
    for (const check of ['Mobile Check', 'Work Phone Check', 'Email Check'].map((name) => row[header.indexOf(name)] ?? '')) {
      expect(check).toMatch(/^$|^(Reported wrong · |Self-reported · )?(Not yet checked|(Verified valid|Risky|Inconclusive), \d{1,2} [A-Z][a-z]{2} \d{4}( · \d+ % confidence)?)$/);
    }
  }
  await expect(page.getByText('Downloaded, 3 contacts exported')).toBeVisible();

  // The new list holds them.
  await page.getByRole('link', { name: `Open ${listName}` }).click();
  await expect(page.getByRole('heading', { name: listName })).toBeVisible();
});

test("a row without a match offers its near misses: a last name one letter off, the same initial; one is chosen", async ({ page }) => {
  const lastNames = new Set(demo.map((p) => p.lastName.toLowerCase()));
  const swap = (name: string) => `${name.slice(0, -2)}${name.at(-2) === 'e' ? 'a' : 'e'}${name.at(-1)}`;
  const near = demo.find(
    (p) =>
      p.lastName.length >= 6 &&
      /^[A-Za-z]+$/.test(p.lastName) &&
      !lastNames.has(swap(p.lastName).toLowerCase()) &&
      demo.filter((q) => q.lastName === p.lastName).length === 1,
  );
  if (!near) throw new Error('no physician for a near miss in the demo directory');
  const csv = ['First Name,Last Name,State', `${near.firstName},${swap(near.lastName)},${near.state}`].join('\n');

  await signIn(page, 'premium@example.com');
  await page.goto('/match-list');
  await page.getByLabel('Spreadsheet (CSV or XLSX)').setInputFiles({ name: 'near.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Match 1 row' }).click();
  await expect(page.getByRole('heading', { name: 'Review near.csv' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'No match (1)' })).toBeVisible();
  const misses = page.getByRole('list', { name: 'Near misses for row 1' });
  await expect(misses).toContainText(`${near.firstName} ${near.lastName}`);
  await expect(misses).toContainText('last name (one letter off)');
  await screenshotBoth(page, 'match-list-near-misses');
  await page.getByRole('button', { name: `Choose ${near.firstName} ${near.lastName} for row 1` }).click();
  await expect(page.getByRole('button', { name: 'Matched (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'All (1)' }).click();
  await expect(page.getByText('Matched (your choice)')).toBeVisible();
});
