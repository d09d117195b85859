import type { Locator, Page } from '@playwright/test';
import { test, expect, screenshotBoth, signIn } from './fixtures';

/** The count badge of a Pending / Approved / Rejected tab. */
async function tabCount(page: Page, name: 'Pending' | 'Approved' | 'Rejected'): Promise<number> {
  const tab = page.getByRole('tab', { name: new RegExp(`^${name}`) });
  await expect(tab).toHaveText(new RegExp(`^${name}\\s*[\\d,]+$`));
  const text = (await tab.textContent()) ?? '';
  return Number(text.replace(name, '').replaceAll(',', '').trim());
}

function statCard(page: Page, label: string): Locator {
  return page.getByLabel(new RegExp(`^${label}: \\d+$`));
}

async function statValue(page: Page, label: string): Promise<number> {
  const text = (await statCard(page, label).getAttribute('aria-label')) ?? '';
  return Number(text.split(': ')[1]);
}

test('a submitted resume is approved on /resume-approval and found on /search', async ({ page, browser }) => {
  const lastName = `Approvington${Date.now().toString(36)}`;
  await signIn(page, 'admin@example.com');

  await page.goto('/resume-approval');
  const pendingBefore = await tabCount(page, 'Pending');
  const approvedBefore = await tabCount(page, 'Approved');

  // A physician, signed out in a browser of their own, submits the public resume form.
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto('/submit-resume');
    const form = visitor.getByRole('form', { name: 'Submit Your Resume' });
    await expect(form.getByRole('combobox', { name: 'Specialty' })).toBeEnabled({ timeout: 30_000 });
    await form.getByLabel('First Name').fill('Rosalind');
    await form.getByLabel('Last Name').fill(lastName);
    await form.getByLabel('Physician Title').fill('Hospitalist');
    await form.getByLabel('Company Name').fill('Riverbend Medical Group');
    await form.getByRole('combobox', { name: 'Specialty' }).click();
    await visitor.getByRole('option', { name: 'Internal Medicine', exact: true }).click();
    await form.getByLabel('Email').fill(`${lastName.toLowerCase()}@example.com`);
    await form.getByLabel('Phone').fill('(503) 555-0142');
    await form.getByLabel('Location').fill('Portland, OR');
    await form.getByLabel('LinkedIn URL').fill('linkedin.com/in/rosalind-approvington');
    await form.getByLabel('School Name').fill('Oregon Health & Science University');
    await form.getByLabel('Degree').fill('MD');
    await form.getByRole('button', { name: 'Add Education' }).click();
    const skill = form.getByLabel('Skill', { exact: true });
    for (const value of ['Inpatient Medicine', 'Quality Improvement']) {
      await skill.fill(value);
      await skill.press('Enter');
    }
    await form.getByRole('button', { name: 'Submit Resume' }).click();
    await expect(visitor).toHaveURL(/\/success$/);
  } finally {
    await visitorContext.close();
  }

  await page.reload();
  await expect.poll(() => tabCount(page, 'Pending')).toBe(pendingBefore + 1);
  const table = page.getByRole('table', { name: 'Pending submissions' });
  const row = table.getByRole('row').filter({ hasText: lastName });
  await expect(row).toContainText('Riverbend Medical Group');
  await expect(row).toContainText('Internal Medicine');
  await expect(row).toContainText('Hospitalist');
  await screenshotBoth(page, 'admin-resume-approval');

  await row.getByRole('button', { name: `Approve Rosalind ${lastName}` }).click();
  await expect(page.getByText('Resume Approved')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect.poll(() => tabCount(page, 'Pending')).toBe(pendingBefore);
  await expect.poll(() => tabCount(page, 'Approved')).toBe(approvedBefore + 1);

  await page.getByRole('tab', { name: /^Approved/ }).click();
  const approvedRow = page.getByRole('table', { name: 'Approved submissions' }).getByRole('row').filter({ hasText: lastName });
  await expect(approvedRow).toContainText('by admin@example.com');
  await expect(page.getByRole('columnheader', { name: 'Approved At' })).toBeVisible();

  await page.goto(`/search?query=${lastName}`);
  const card = page.getByRole('list', { name: 'Physicians' }).getByRole('article').filter({ hasText: lastName });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Rosalind');
  await expect(card).toContainText('Portland, OR');
});

test('the dashboard shows pending submissions, the numbers and the chart', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Pending Submissions \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Exports and reveals per day over the last 30 days/ })).toBeVisible();
  await expect(page.getByText('Monthly recurring revenue')).toBeVisible();

  // Nothing selected: the spec's toast.
  await page.getByRole('button', { name: 'Approve Selected' }).click();
  await expect(page.getByText('Please select at least one profile to perform this action.')).toBeVisible();
  await screenshotBoth(page, 'admin-dashboard');
});

test('/users lists the demo accounts with their badges, and the stat cards match the table', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Users' });
  const rowOf = (email: string) => table.getByRole('row').filter({ has: page.getByRole('link', { name: email, exact: true }) });

  await expect(rowOf('premium@example.com')).toContainText('Annual Plan');
  await expect(rowOf('basic@example.com')).toContainText('Monthly Plan');
  await expect(rowOf('free@example.com')).toContainText('Free');
  await expect(rowOf('admin@example.com')).toContainText('Admin');
  await expect(rowOf('admin@example.com')).toContainText('Free');
  // Never signed in.
  await expect(rowOf('free@example.com')).toContainText('Never');

  // The cards come from one query, the table from another: they must agree.
  const footer = page.getByRole('status').filter({ hasText: /^Showing \d+ of \d+ users$/ });
  await expect(footer).toBeVisible();
  const [, shown, total] = /Showing (\d+) of (\d+) users/.exec((await footer.textContent()) ?? '') ?? [];
  expect(Number(shown)).toBe(Number(total)); // one page holds every account of the test server
  await expect(statCard(page, 'Total Users')).toBeVisible();
  expect(await statValue(page, 'Total Users')).toBe(Number(total));
  const activeBadges = await table.getByText(/^(Monthly|Annual) Plan$/).count();
  expect(await statValue(page, 'Active Subscriptions')).toBe(activeBadges);
  const exported = await table.getByRole('row').evaluateAll((rows) =>
    rows.slice(1).reduce((sum, row) => sum + Number(row.lastElementChild?.textContent?.replaceAll(',', '') || 0), 0),
  );
  expect(await statValue(page, 'Total Exports')).toBe(exported);

  // Server-side search.
  await page.getByRole('searchbox', { name: 'Search users by email' }).fill('premium@');
  await expect(page).toHaveURL(/query=premium%40/);
  await expect(footer).toHaveText('Showing 1 of 1 users');
  await page.getByRole('searchbox', { name: 'Search users by email' }).fill('nobody-matches-this');
  await expect(table.getByText('No users found')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users by email' }).fill('');
  await expect(rowOf('basic@example.com')).toBeVisible();
  await screenshotBoth(page, 'admin-users');

  // A user's detail.
  await page.getByRole('link', { name: 'basic@example.com', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'basic@example.com' })).toBeVisible();
  await expect(page.getByText('Monthly Plan')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Grant admin' })).toBeVisible();
  await screenshotBoth(page, 'admin-user-detail');
});

test('non-admins are kept out of the admin screens as the spec says', async ({ page }) => {
  await signIn(page, 'basic@example.com');
  await page.goto('/resume-approval');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();

  await page.goto('/users');
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { name: 'Access Denied. Redirecting...' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
