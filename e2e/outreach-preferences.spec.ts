import { CSRF, expect, forgiveFailedRequests, screenshotBoth, signIn, test } from './fixtures';

/*
 * Outreach (ADR 066), second part: a physician who kept no recruiter email asks the preference
 * centre for a link, opens it from the mailbox (it works once), and changes a preference; the
 * spent link says so and offers a new one. A spam complaint from the feedback loop shows on the
 * operators' senders with its rate. The shared server has no SMTP: mail lands in the development
 * mailbox; its complaints token is set by scripts/e2e-server.mjs.
 */

const COMPLAINTS_TOKEN = 'e2e-complaints-token-0123456789';
type Mailbox = { messages: Array<{ to: string; subject: string; text: string }> };

test('a physician asks for a link by email, opens it once and changes a preference; a complaint reaches the operators', async ({ page, request, browser, consoleErrors }) => {
  test.setTimeout(120_000);
  // A recruiter (API only) finds a physician whose email was checked valid, reveals it and writes to them.
  expect((await request.post('/api/auth/login', { headers: CSRF, data: { email: 'premium@example.com', password: 'demo-password' } })).ok()).toBe(true);
  const found = await request.get('/api/physicians?emailVerified=true&specialty=Pediatrics');
  const [physician] = ((await found.json()) as { results: Array<{ id: number; firstName: string; lastName: string }> }).results;
  expect(physician).toBeTruthy();
  const revealed = await request.post(`/api/physicians/${physician.id}/contact`, { headers: CSRF });
  const email = ((await revealed.json()) as { email: string }).email;
  expect(email).toContain('@');
  const subject = `Pediatrics opening ${Date.now()}`;
  const sent = await request.post('/api/outreach/campaigns', {
    headers: CSRF,
    data: { source: 'selection', physicianIds: [physician.id], subject, body: 'Dear Dr. {{lastName}}, a role near {{city}}.' },
  });
  expect(sent.status()).toBe(201);
  const campaignId = ((await sent.json()) as { id: string }).id;
  await expect.poll(async () => ((await (await request.get(`/api/outreach/campaigns/${campaignId}`)).json()) as { sent: number }).sent, { timeout: 20_000 }).toBe(1);

  // The physician, signed out, finds the page in the footer and asks there.
  await page.goto('/about');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Recruiter Email Preferences' }).click();
  await expect(page).toHaveURL(/\/my-preferences$/);
  await expect(page.getByRole('heading', { name: 'Your recruiter email preferences' })).toBeVisible();
  const ask = page.getByRole('form', { name: 'Email me a link' });
  await ask.getByRole('button', { name: 'Email me a link' }).click();
  await expect(ask.getByText('Please enter a valid email address.')).toBeVisible();
  await ask.getByLabel('Your email address').fill(email.toUpperCase());
  await screenshotBoth(page, 'outreach-preferences-ask');
  await ask.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('If the directory holds this address, a link is on its way.');
  await screenshotBoth(page, 'outreach-preferences-link-sent');

  // The link, from the mailbox as the physician receives it.
  const mailbox = (await (await request.get('/api/dev/mailbox')).json()) as Mailbox;
  const mail = mailbox.messages.find((m) => m.to === email && m.subject === 'Your recruiter email preferences at PhysicianDirect')!;
  expect(mail.text).toContain('This link works once, within 24 hours.');
  const link = /Open my preferences: (\S+)/.exec(mail.text)![1];
  expect(link).toMatch(/\/my-preferences\?token=[\w-]{43}$/);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Your recruiter email preferences' })).toBeVisible();
  await expect(page.getByText(`For ${physician.firstName} ${physician.lastName}.`, { exact: false })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Who contacted you through PhysicianDirect' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('radio', { name: 'Looking now' }).check();
  await page.getByRole('radio', { name: '2', exact: true }).check();
  await page.getByLabel('Locations that interest you').fill('Denver, CO');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Preferences saved')).toBeVisible();
  await screenshotBoth(page, 'outreach-preferences-from-link');
  // A reload within the hour keeps the page (this tab kept its credential); the link itself is spent.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Looking now' })).toBeChecked();
  await expect(page.getByLabel('Locations that interest you')).toHaveValue('Denver, CO');
  expect(((await (await request.get(`/api/physicians/${physician.id}`)).json()) as { lookingStatus: string }).lookingStatus).toBe('looking');

  // The same link in another browser: used, said plainly, with the form to ask again.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(link);
  await expect(second.getByRole('heading', { name: 'This link was already used' })).toBeVisible();
  await expect(second.getByRole('alert')).toHaveText('This link was already used: each link opens your preferences once. Ask for a new one below.');
  await expect(second.getByRole('form', { name: 'Email me a link' })).toBeVisible();
  await screenshotBoth(second, 'outreach-preferences-link-used');
  await other.close();
  forgiveFailedRequests(consoleErrors, [400]);

  // The provider's feedback loop reports that the recruiter's email was marked as spam.
  const outreachMail = mailbox.messages.find((m) => m.to === email && m.subject.startsWith('Pediatrics opening'))!;
  const messageId = /[?&]m=([0-9a-f-]{36})/.exec(outreachMail.text)![1];
  const complaint = await request.post('/api/outreach/complaints', { headers: { authorization: `Bearer ${COMPLAINTS_TOKEN}` }, data: { messageId } });
  expect(await complaint.json()).toMatchObject({ outcome: 'recorded', messageId });

  const operator = await browser.newContext();
  const adminPage = await operator.newPage();
  await signIn(adminPage, 'admin@example.com');
  await adminPage.goto('/admin-dashboard');
  const senders = adminPage.getByRole('region', { name: 'Outreach senders (last 30 days)' });
  await expect(senders.getByRole('columnheader', { name: 'Spam complaints' })).toBeVisible();
  const row = senders.getByRole('row').filter({ hasText: 'premium' }).first();
  // At least 1 of the sender's emails (over 0.3 %): the cell and the status say so.
  await expect(row.getByRole('cell').nth(4)).toContainText(/^\d+ \(\d+\.\d\d %\) over 0\.3 % marked as spam$/);
  await expect(row.getByText('Look at this')).toBeVisible();
  await senders.scrollIntoViewIfNeeded();
  await screenshotBoth(adminPage, 'outreach-senders-complaints');
  await operator.close();
});
