import { CSRF, expect, pickOption, screenshotBoth, signIn, test } from './fixtures';

/*
 * Outreach (ADR 066), first part: an Annual recruiter emails a list (who will receive it is said
 * before sending; the message previewed with a recipient's merge fields), a recipient opens the
 * email's unsubscribe link and stops every recruiter's email, and the recruiter's Outreach tab says
 * what became of the email. The shared server has no SMTP: mail lands in the development mailbox.
 */

test('email a list, unsubscribe from the email, see the outcome', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'premium@example.com');
  // Three physicians whose email was checked valid.
  const found = await page.request.get('/api/physicians?verifiedWithinMonths=12&specialty=Cardiology');
  const physicians = ((await found.json()) as { results: Array<{ id: number; lastName: string }> }).results.slice(0, 3);
  expect(physicians).toHaveLength(3);
  const subject = `Cardiology opening ${Date.now()}`;
  const created = await page.request.post('/api/lists', { headers: CSRF, data: { name: `Outreach ${Date.now()}`, physicianIds: physicians.map((p) => p.id) } });
  expect(created.status()).toBe(201);
  const listId = ((await created.json()) as { list: { id: string } }).list.id;

  await page.goto(`/lists/${listId}`);
  await page.getByRole('button', { name: 'Email list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email physicians' });
  await expect(dialog.getByRole('status')).toContainText(/\d of 3 will receive it\./);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Enter a subject.')).toBeVisible();
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill('Dear Dr. ');
  await dialog.getByRole('group', { name: 'Insert a merge field' }).getByRole('button', { name: 'Last name' }).click();
  await dialog.getByLabel('Message').press('End');
  await dialog.getByLabel('Message').pressSequentially(', a {{specialty}} role paying {{payRange}}.');
  await dialog.getByLabel('Pay range (optional)').fill('$450k-$520k');
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText(/Dear Dr\. \S+, a Cardiology role paying \$450k-\$520k\./);
  await screenshotBoth(page, 'outreach-compose');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Email sent')).toBeVisible();

  const mailbox = (await (await page.request.get('/api/dev/mailbox')).json()) as { messages: Array<{ to: string; subject: string; text: string }> };
  const mails = mailbox.messages.filter((m) => m.subject === subject);
  expect(mails[0].text).toMatch(/Dear Dr\. \S+, a Cardiology role paying \$450k-\$520k\./);
  expect(mails[0].text).toContain('wrote to you through PhysicianDirect');
  expect(mails.length).toBe(3);
  const preferencesLink = /Choose how often recruiters may write to you: (\S+)/.exec(mails[0].text)![1];
  const unsubscribeLink = /Unsubscribe from recruiter emails: (\S+)/.exec(mails[1].text)![1];

  // The mail worker sends within a second or two; then the message counts as who contacted them.
  const preferencesApi = preferencesLink.replace('/my-preferences', '/api/outreach/preferences');
  await expect
    .poll(async () => ((await (await page.request.get(preferencesApi)).json()) as { contactedBy: unknown[] }).contactedBy.length, { timeout: 20_000 })
    .toBe(1);

  // One recipient, signed out in a browser of their own, opens the preference centre from the message.
  const recipient = await page.context().browser()!.newContext();
  const inbox = await recipient.newPage();
  await inbox.goto(preferencesLink);
  await expect(inbox.getByRole('heading', { name: 'Your recruiter email preferences' })).toBeVisible();
  const name = /For (.+?)\. Recruiters/.exec((await inbox.getByText(/^For .+\. Recruiters/).textContent()) ?? '')![1];
  await inbox.getByRole('radio', { name: 'Open to offers' }).check();
  await inbox.getByRole('radio', { name: '1', exact: true }).check();
  await expect(inbox.getByRole('region', { name: 'Who contacted you through PhysicianDirect' }).getByRole('listitem')).toHaveCount(1);
  await screenshotBoth(inbox, 'outreach-preferences');
  await inbox.getByRole('button', { name: 'Save preferences' }).click();
  await expect(inbox.getByText('Preferences saved')).toBeVisible();

  // Another unsubscribes from every recruiter.
  await inbox.goto(unsubscribeLink);
  await expect(inbox.getByRole('heading', { name: 'Unsubscribe from recruiter emails' })).toBeVisible();
  await screenshotBoth(inbox, 'outreach-unsubscribe');
  await inbox.getByRole('button', { name: 'Stop all recruiter emails' }).click();
  await expect(inbox.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
  await expect(inbox.getByRole('status')).toContainText('will get no more recruiter emails through PhysicianDirect, from anyone');
  await recipient.close();

  // The recruiter sees the badge on the first one's profile.
  const chosen = physicians.find((p) => name.endsWith(p.lastName))!;
  await page.goto(`/physician/${chosen.id}`);
  await expect(page.getByText('Open to offers')).toBeVisible();
  await screenshotBoth(page, 'outreach-profile-badge');

  await page.goto('/account?tab=outreach');
  const sent = page.getByRole('list', { name: 'Emails sent' }).getByRole('listitem').filter({ hasText: subject });
  await expect(sent).toContainText(/\d+ waiting|\d+ sent/);
  await screenshotBoth(page, 'outreach-campaigns');
  await page.goto(`/lists/${listId}`);
  await page.getByRole('button', { name: 'Email list' }).click();
  // The same list again: the one at their own limit (1 a month) and the one who unsubscribed are skipped.
  await expect(page.getByRole('dialog', { name: 'Email physicians' }).getByRole('status')).toContainText(
    /^1 of 3 will receive it\. 1 of 3 have reached their contact limit until [A-Z][a-z]{2} \d{1,2}, \d{4}\./,
  );
  await screenshotBoth(page, 'outreach-limit');

  // The operators see the sender with its rates, and can stop it (and let it send again).
  const operator = await page.context().browser()!.newContext();
  const adminPage = await operator.newPage();
  await signIn(adminPage, 'admin@example.com');
  await adminPage.goto('/admin-dashboard');
  const senders = adminPage.getByRole('region', { name: 'Outreach senders (last 30 days)' });
  const row = senders.getByRole('row').filter({ hasText: 'premium' }).first();
  await expect(row).toContainText(/\d+ \(\d+\.\d %\)/);
  await row.getByRole('button', { name: /^Suspend / }).click();
  await expect(row.getByText('Suspended')).toBeVisible();
  await senders.scrollIntoViewIfNeeded();
  await screenshotBoth(adminPage, 'outreach-senders');
  await row.getByRole('button', { name: /^Restore / }).click();
  await expect(row.getByText('Suspended')).toHaveCount(0);
  await operator.close();
});

/*
 * The search's side of outreach (ADR 066): physicians who said 'Looking now' or 'Open to offers' in
 * the preference centre (from a first email's link), the recruiter's filter that keeps them, and
 * 'Email Selected' on the search page's selection (the toolbar at 1280 px, the Actions menu on a phone).
 */
test("filter by 'Open to offers' and email a search selection", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'premium@example.com');
  const search = 'specialty=Dermatology&emailVerified=true';
  const found = await page.request.get(`/api/physicians?${search}&sortKey=name`);
  const physicians = ((await found.json()) as { results: Array<{ id: number; firstName: string; lastName: string }> }).results.slice(0, 3);
  expect(physicians).toHaveLength(3);
  expect(new Set(physicians.map((p) => p.lastName)).size).toBe(3);

  // A first email; each physician then says, from its link, what they are looking for.
  const first = `Dermatology opening ${Date.now()}`;
  const sent = await page.request.post('/api/outreach/campaigns', {
    headers: CSRF,
    data: { source: 'selection', physicianIds: physicians.map((p) => p.id), subject: first, body: 'Dear Dr. {{lastName}},\n\nA role near you.' },
  });
  expect(sent.status()).toBe(201);
  const said = ['looking', 'open', 'not_looking'] as const;
  const mailbox = (await (await page.request.get('/api/dev/mailbox')).json()) as { messages: Array<{ subject: string; text: string }> };
  const mails = mailbox.messages.filter((m) => m.subject === first);
  expect(mails).toHaveLength(3);
  for (const mail of mails) {
    const lastName = /Dear Dr\. (.+?),/.exec(mail.text)![1];
    const status = said[physicians.findIndex((p) => p.lastName === lastName)];
    const link = new URL(/Choose how often recruiters may write to you: (\S+)/.exec(mail.text)![1]);
    const saved = await page.request.put(`/api/outreach/preferences${link.search}`, {
      headers: CSRF,
      data: { status, monthlyMax: 4, locations: [], specialties: [] },
    });
    expect(saved.status()).toBe(200);
  }
  const [looking, open, notLooking] = physicians;

  // The recruiter keeps those looking now or open to offers: a choice of 'Contact & record', a chip, the URL.
  await page.goto(`/search?${search}`);
  // The section is open already: 'Email verified valid' is one of its filters.
  await expect(page.getByRole('button', { name: /^Contact & record/ })).toHaveAttribute('aria-expanded', 'true');
  await pickOption(page, 'Looking for a new role', 'Looking now or open to offers');
  await expect(page).toHaveURL(/[?&]looking=open(&|$)/);
  await expect(page.getByRole('button', { name: 'Remove filter Looking now or open to offers' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Physicians' }).getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: looking.lastName })).toContainText('Looking now');
  await expect(cards.filter({ hasText: open.lastName })).toContainText('Open to offers');
  await expect(cards.filter({ hasText: notLooking.lastName })).toHaveCount(0);
  await screenshotBoth(page, 'outreach-looking-filter');

  // Select the page and email the selection from the toolbar.
  await page.getByRole('button', { name: 'Select Page' }).click();
  await expect(page.getByRole('tab', { name: /^Selected/ })).toContainText('2');
  await page.getByRole('button', { name: 'Email Selected (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email physicians' });
  await expect(dialog).toContainText('2 selected physicians');
  await expect(dialog.getByRole('status')).toContainText(/2 of 2 will receive it\./);
  const subject = `Dermatology, now hiring ${Date.now()}`;
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill('Dear Dr. {{lastName}}, you said you are open to a new role.');
  await expect(dialog.getByRole('region', { name: 'Preview' })).toContainText(/Dear Dr\. \S+, you said/);
  await screenshotBoth(page, 'outreach-email-selection');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Email sent')).toBeVisible();
  const after = (await (await page.request.get('/api/dev/mailbox')).json()) as { messages: Array<{ subject: string; text: string }> };
  const second = after.messages.filter((m) => m.subject === subject).map((m) => /Dear Dr\. (.+?),/.exec(m.text)![1]);
  expect(second.sort()).toEqual([looking.lastName, open.lastName].sort());

  // On a phone the same action is in the Actions menu; the filter's chip stays.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('button', { name: 'Remove filter Looking now or open to offers' })).toBeVisible();
  await page.getByRole('button', { name: /^Actions/ }).click();
  const menu = page.getByRole('menu', { name: /Actions/ });
  await expect(menu.getByRole('menuitem', { name: 'Email Selected (2)' })).toBeVisible();
  // The picture once the menu has finished opening (its fade and zoom).
  await menu.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  await page.screenshot({ path: 'e2e/screenshots/outreach-email-selection-menu-mobile.png' });
  await menu.getByRole('menuitem', { name: 'Email Selected (2)' }).click();
  await expect(dialog.getByRole('status')).toContainText(/of 2 will receive it\./);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  // The filter in the phone's filter sheet.
  await page.getByRole('button', { name: /^Filters/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  const choice = sheet.getByRole('combobox', { name: 'Looking for a new role' });
  await expect(choice).toContainText('Looking now or open to offers');
  await choice.scrollIntoViewIfNeeded();
  await sheet.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  await page.screenshot({ path: 'e2e/screenshots/outreach-looking-filter-sheet-mobile.png' });
  await sheet.getByRole('button', { name: 'Show 2 results' }).click();
  await expect(sheet).toHaveCount(0);
});
