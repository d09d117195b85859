import type { Page } from '@playwright/test';
import { createFreeAccount, CSRF, expect, forgiveFailedRequests, screenshotBoth, signIn, test } from './fixtures';

/*
 * Teams (ADR 061, ADR 062): a subscriber adds a seat, starts a team and invites a recruiter; the
 * recruiter opens the emailed link (read from the development mailbox), joins and has the team's
 * plan; both see the list the recruiter shared; the owner makes them an admin, then removes them,
 * their plan ends and their lists are the owner's.
 */

const PASSWORD = 'team-password-1';
const stamp = `${Date.now()}`;
const OWNER = `e2e-team-owner-${stamp}@example.com`;
const RECRUITER = `e2e-team-recruiter-${stamp}@example.com`;

async function tierOf(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/me')).json()) as { subscription: { tier: string } }).subscription.tier;
}

async function buyMonthly(page: Page) {
  await page.goto('/pricing');
  await page.getByRole('article', { name: 'Monthly' }).getByRole('button', { name: 'Get Started' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Olivia Owner');
  await page.getByRole('button', { name: 'Pay $199' }).click();
  await expect(page.getByRole('heading', { name: 'Your subscription is active' })).toBeVisible();
}

test('an owner invites a recruiter, who joins from the emailed link; the owner makes them an admin, then removes them', async ({ page, browser, consoleErrors }) => {
  await createFreeAccount(page.request, OWNER, PASSWORD);
  await createFreeAccount(page.request, RECRUITER, PASSWORD);
  await signIn(page, OWNER, PASSWORD);
  await buyMonthly(page);

  // A second seat on the Subscription tab, then a team.
  await page.goto('/account?tab=subscription');
  const seats = page.getByRole('region', { name: 'Seats' });
  await seats.getByRole('button', { name: 'One seat more' }).click();
  await seats.getByRole('button', { name: 'Update seats' }).click();
  await expect(page.getByText('Your plan now has 2 seats.')).toBeVisible();

  await page.getByRole('tab', { name: 'Team' }).click();
  const tab = page.getByRole('tabpanel', { name: 'Team' });
  await tab.getByLabel('Team name').fill('Northwind Recruiting');
  await tab.getByRole('button', { name: 'Start a team' }).click();
  await expect(tab.getByText('Northwind Recruiting', { exact: true })).toBeVisible();
  await expect(tab.getByText('1 of 2 seats used')).toBeVisible();

  const invite = tab.getByRole('form', { name: 'Invite a recruiter' });
  await invite.getByLabel('Email').fill(RECRUITER);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`${RECRUITER} has 7 days to accept.`)).toBeVisible();
  await expect(tab.getByRole('list', { name: 'Open invitations' })).toContainText(RECRUITER);
  await expect(tab.getByText('2 of 2 seats used')).toBeVisible();
  // A third recruiter does not fit: the message offers a seat.
  await invite.getByLabel('Email').fill(`e2e-team-third-${stamp}@example.com`);
  // Enter submits the form: the toasts of the steps before may still slide over the button.
  await invite.getByLabel('Email').press('Enter');
  await expect(invite.getByRole('alert')).toContainText('All 2 seats are taken. Add a seat on the Subscription tab to invite another recruiter.');
  forgiveFailedRequests(consoleErrors, [409]);
  await screenshotBoth(page, 'team-owner');

  // The recruiter, in another browser: the link from the development mailbox.
  const recruiterContext = await browser.newContext();
  const recruiter = await recruiterContext.newPage();
  try {
    let link = '';
    await expect
      .poll(async () => {
        const { messages } = (await (await recruiter.request.get('/api/dev/mailbox')).json()) as { messages: Array<{ to: string; text: string }> };
        const found = messages.filter((m) => m.to === RECRUITER).map((m) => /\/team\/join\?token=\S+/.exec(m.text)?.[0]).find(Boolean);
        return (link = found ?? '');
      })
      .not.toBe('');
    await recruiter.goto(link);
    await expect(recruiter.getByRole('heading', { name: 'Join Northwind Recruiting' })).toBeVisible();
    await expect(recruiter.getByText(/invited you to join Northwind Recruiting as a member/)).toBeVisible();
    await recruiter.getByRole('link', { name: 'Log in to accept' }).click();
    await recruiter.getByLabel('Email').fill(RECRUITER);
    await recruiter.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await recruiter.getByRole('button', { name: /log in|sign in/i }).click();
    await expect(recruiter.getByRole('button', { name: 'Accept the invitation' })).toBeVisible();
    await screenshotBoth(recruiter, 'team-join');
    expect(await tierOf(recruiter)).toBe('free');
    await recruiter.getByRole('button', { name: 'Accept the invitation' }).click();
    await expect(recruiter.getByText('You joined Northwind Recruiting')).toBeVisible();
    await expect(recruiter).toHaveURL(/\/account\?tab=team$/);
    const recruiterTab = recruiter.getByRole('tabpanel', { name: 'Team' });
    await expect(recruiterTab.getByText('You are its member.')).toBeVisible();
    expect(await tierOf(recruiter)).toBe('basic');
    await recruiter.getByRole('tab', { name: 'Subscription' }).click();
    await expect(recruiter.getByText('Monthly Plan, through Northwind Recruiting')).toBeVisible();

    // Already contacted by my team: the owner reveals a physician; the recruiter's card says so,
    // and revealing it again costs them nothing.
    const found = (await (await page.request.get('/api/physicians?query=cardiology')).json()) as {
      results: Array<{ id: number; lastName: string; firstName: string; hasEmail: boolean }>;
    };
    const target = found.results.find((r) => r.hasEmail)!;
    const revealed = await page.request.post(`/api/physicians/${target.id}/contact`, { headers: CSRF });
    expect(((await revealed.json()) as { counted: boolean }).counted).toBe(true);
    await recruiter.goto(`/search?query=${encodeURIComponent(`${target.firstName} ${target.lastName}`)}`);
    const card = recruiter.getByRole('article', { name: new RegExp(target.lastName) }).first();
    await expect(card.getByText(new RegExp(`^Revealed by ${OWNER}, `))).toBeVisible();
    await screenshotBoth(recruiter, 'team-revealed-by');
    // The profile says so too.
    await recruiter.goto(`/physician/${target.id}`);
    await expect(recruiter.getByText(new RegExp(`^Revealed by ${OWNER}, `))).toBeVisible();
    const again = await recruiter.request.post(`/api/physicians/${target.id}/contact`, { headers: CSRF });
    expect(await again.json()).toMatchObject({ counted: false, revealedBy: { name: OWNER } });

    // Shared work: the recruiter shares a list with the team (and keeps one private); the owner sees
    // the shared one, marked with who made it, and adds to it.
    const shareList = async (name: string, shared: boolean) =>
      recruiter.request.post('/api/lists', { headers: CSRF, data: { name, shared, physicianIds: [target.id] } });
    expect((await shareList('Team cardiology', true)).status()).toBe(201);
    expect((await shareList('My own shortlist', false)).status()).toBe(201);
    await page.goto('/lists');
    const sharedRow = page.getByRole('row').filter({ hasText: 'Team cardiology' });
    await expect(sharedRow).toContainText(new RegExp(`Shared with team\\s*· by ${RECRUITER}`));
    await expect(page.getByRole('row').filter({ hasText: 'My own shortlist' })).toHaveCount(0);
    await screenshotBoth(page, 'team-shared-list');
    await recruiter.goto('/lists');
    await expect(recruiter.getByRole('row').filter({ hasText: 'Team cardiology' })).toBeVisible();
    await expect(recruiter.getByRole('row').filter({ hasText: 'My own shortlist' })).toBeVisible();

    // The owner makes them an admin, then removes them: the team's plan is theirs no more.
    await page.goto('/account?tab=team');
    const members = tab.getByRole('list', { name: 'Team members' });
    await expect(members).toContainText(RECRUITER);
    // A monthly cap for the recruiter, and what they used this month beside it.
    await members.getByRole('button', { name: `Monthly reveal cap of ${RECRUITER}` }).click();
    await page.getByRole('dialog').getByLabel('Reveals a month').fill('5');
    await page.getByRole('dialog').getByLabel('Exported contacts a month').fill('40');
    await page.getByRole('dialog').getByRole('button', { name: 'Save cap' }).click();
    await expect(page.getByText(`${RECRUITER} may reveal 5 contacts a month. ${RECRUITER} may export 40 contacts a month.`)).toBeVisible();
    const recruiterRow = members.getByRole('listitem').filter({ hasText: RECRUITER });
    await expect(recruiterRow).toContainText('0 reveals this month of a 5 cap');
    await expect(recruiterRow).toContainText('0 exported contacts of a 40 cap');
    // The usage: the owner's reveal, the recruiter's two list adds, in the table and the CSV.
    const usage = tab.getByRole('region', { name: 'Usage' });
    const usageTable = usage.getByRole('table', { name: 'Usage per member' });
    await expect(usageTable.getByRole('row').filter({ hasText: OWNER }).getByRole('cell').nth(2)).toHaveText('1');
    await expect(usageTable.getByRole('row').filter({ hasText: RECRUITER }).getByRole('cell').nth(4)).toHaveText('2');
    await expect(usage.getByRole('img', { name: /^Reveals and searches per day; the most reveals, 1, on / })).toBeVisible();
    await usageTable.scrollIntoViewIfNeeded();
    await screenshotBoth(page, 'team-usage');
    const csv = await page.request.get(await usage.getByRole('link', { name: 'Download CSV' }).getAttribute('href') ?? '');
    expect(await csv.text()).toContain(RECRUITER);
    await members.getByRole('button', { name: `Make admin: ${RECRUITER}` }).click();
    await expect(page.getByText(`${RECRUITER} is an admin now.`)).toBeVisible();
    await members.getByRole('button', { name: `Remove ${RECRUITER}` }).click();
    await expect(page.getByRole('alertdialog').getByLabel('Give their lists and saved searches to')).toContainText(`${OWNER} (you)`);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Member removed')).toBeVisible();
    await expect(members).not.toContainText(RECRUITER);
    expect(await tierOf(recruiter)).toBe('free');
    // Their lists, the private one too, are the owner's now; the recruiter sees none of them.
    await page.goto('/lists');
    await expect(page.getByRole('row').filter({ hasText: 'Team cardiology' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'My own shortlist' })).toBeVisible();
    await recruiter.goto('/lists');
    await expect(recruiter.getByText('You have no saved lists yet.')).toBeVisible();
  } finally {
    await recruiterContext.close();
  }
});
