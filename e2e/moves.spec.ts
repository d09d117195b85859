import { nppesDate, nppesIndividual } from '../server/test/support/import/fixtures';
import { nppesHeaderLine } from '../server/features/import/nppes-layout';
import { confirmResume, CSRF, expect, pickOption, screenshotBoth, signIn, test, uploadImport } from './fixtures';

/*
 * Move signals, field sources, 'In training' and 'Other' resumes in the browser
 * (docs/decisions/035-freshest-source-and-move-signals.md): two NPPES extracts uploaded on the
 * admin import, a physician who moved between them found with the Moved filter, badged, with
 * Recent changes on the profile; and an 'Other' resume approved under one of the 18.
 */

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const FIRST = daysAgo(220);
const SECOND = daysAgo(12);
// Unique per run: the e2e server's directory lives as long as the run.
const SUFFIX = String(Date.now()).slice(-6);
const MOVER = `11${SUFFIX}01`;
const RESIDENT = `11${SUFFIX}02`;

function extract(moved: boolean): string {
  return (
    nppesHeaderLine() +
    nppesIndividual(MOVER, {
      'Provider Last Name (Legal Name)': 'QUINTERO-VALE',
      'Provider First Name': 'MARISOL',
      'Provider Credential Text': 'MD',
      'Last Update Date': nppesDate(moved ? SECOND : FIRST),
      'Provider Business Practice Location Address City Name': moved ? 'DALLAS' : 'HOUSTON',
      'Provider Business Practice Location Address State Name': 'TX',
      'Provider Business Practice Location Address Postal Code': moved ? '752010000' : '770300000',
      'Provider Business Practice Location Address Telephone Number': moved ? '2145550100' : '7135550100',
      'Healthcare Provider Taxonomy Code_1': '207RC0000X',
      'Provider License Number State Code_1': 'TX',
      'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
      ...(moved ? { 'Healthcare Provider Taxonomy Code_2': '207RC0000X', 'Provider License Number State Code_2': 'OK' } : {}),
    }) +
    nppesIndividual(RESIDENT, {
      'Provider Last Name (Legal Name)': 'OKONKWO-REYES',
      'Provider First Name': 'CHIDI',
      'Provider Credential Text': 'M.D.',
      'Last Update Date': nppesDate(FIRST),
      'Provider Business Practice Location Address City Name': 'CHICAGO',
      'Provider Business Practice Location Address State Name': 'IL',
      'Provider Business Practice Location Address Postal Code': '60611',
      'Healthcare Provider Taxonomy Code_1': '390200000X',
      'Provider License Number State Code_1': 'IL',
      'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
    })
  );
}

test('a physician who moved between two NPPES extracts: the Moved filter and badge, Recent changes and sources on the profile', async ({ page }) => {
  // Two uploads, each imported in the server before the searches.
  test.setTimeout(120_000);
  await signIn(page, 'admin@example.com');
  await uploadImport(page.request, 'nppes', `npidata_pfile_${SUFFIX}_a.csv`, extract(false));
  await uploadImport(page.request, 'nppes', `npidata_pfile_${SUFFIX}_b.csv`, extract(true));

  // The filter, chosen in the panel: 'More filters' > Moved.
  await page.goto('/search?query=quintero-vale');
  const cards = page.getByRole('list', { name: 'Physicians' }).getByRole('article');
  await expect(cards).toHaveCount(1);
  await page.getByRole('button', { name: /^More filters/ }).click();
  await pickOption(page, 'Moved', 'In the last 30 days');
  await expect(page).toHaveURL(/movedWithinDays=30/);
  await expect(page.getByRole('button', { name: /Moved in the last 30 days/ })).toBeVisible();
  const card = cards.filter({ hasText: 'Quintero-Vale' });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Dallas, TX');
  await expect(card.getByText('Moved', { exact: true })).toBeVisible();
  await screenshotBoth(page, 'search-moved-filter');

  // The residents: 'In training' on the card (the demo directory has its own residents: the name
  // finds this one among them).
  await page.goto('/search?inTraining=true&query=okonkwo-reyes');
  const resident = page.getByRole('list', { name: 'Physicians' }).getByRole('article').filter({ hasText: 'Okonkwo-Reyes' });
  await expect(resident.getByText('In training', { exact: true })).toBeVisible();

  // The profile: Recent changes and where the location and phone came from.
  await page.goto('/search?query=quintero-vale&movedWithinDays=30');
  await page.getByRole('link', { name: /Marisol Quintero-Vale/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Marisol Quintero-Vale/ })).toBeVisible();
  const changes = page.getByRole('region', { name: 'Recent changes' });
  await expect(changes.getByRole('listitem')).toHaveText([
    `Licensed in: TX → OK, TX NPPES, updated ${SECOND}`,
    `ZIP: 77030 → 75201 NPPES, updated ${SECOND}`,
    `City: Houston → Dallas NPPES, updated ${SECOND}`,
  ].map((text) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ NPPES/, '\\s*NPPES'))));
  const practice = page.getByRole('region', { name: 'Credentials and Practice' });
  await expect(practice).toContainText(`Practice Location Source`);
  await expect(practice).toContainText(`NPPES, updated ${SECOND}`);
  await expect(page.getByText('Moved', { exact: true })).toBeVisible();
  await screenshotBoth(page, 'profile-recent-changes');
});

test("an 'Other' resume is approved under one of the 18; the Specialties page keeps 18", async ({ page }) => {
  const email = `other-${SUFFIX}@example.com`;
  const submitted = await page.request.post('/api/submissions', {
    headers: CSRF,
    data: {
      firstName: 'Nadia',
      lastName: `Deepwater${SUFFIX}`,
      title: 'Hyperbaric Physician',
      companyName: 'Gulf Wound Center',
      specialty: 'Other',
      otherSpecialty: 'Hyperbaric Medicine',
      email,
      phone: '(813) 555-0199',
      location: 'Tampa, FL',
      education: [],
      skills: ['Wound Care'],
    },
  });
  expect(submitted.status()).toBe(201);
  await confirmResume(page.request, email);

  await signIn(page, 'admin@example.com');
  await page.goto('/resume-approval');
  const row = page.getByRole('table', { name: 'Pending submissions' }).getByRole('row').filter({ hasText: `Deepwater${SUFFIX}` });
  await expect(row).toContainText('Other: Hyperbaric Medicine');
  const choice = row.getByRole('combobox', { name: `Specialty for Nadia Deepwater${SUFFIX}` });
  // The nearest of the 18 is offered first; the operator may pick another.
  await expect(choice).toContainText('Emergency Medicine');
  await screenshotBoth(page, 'resume-approval-other');
  // On a phone the choice sits under the name, and Approve stays inside the table's box.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(row.getByRole('combobox', { name: `Specialty for Nadia Deepwater${SUFFIX}` })).toBeVisible();
  const approveBox = await row.getByRole('button', { name: `Approve Nadia Deepwater${SUFFIX}` }).boundingBox();
  const tableBox = await page.getByRole('table', { name: 'Pending submissions' }).locator('xpath=..').boundingBox();
  expect(approveBox!.x + approveBox!.width).toBeLessThanOrEqual(tableBox!.x + tableBox!.width);
  await page.setViewportSize({ width: 1280, height: 720 });
  await row.getByRole('button', { name: `Approve Nadia Deepwater${SUFFIX}` }).click();
  await expect(page.getByText('Resume Approved')).toBeVisible();

  await page.goto(`/search?query=Deepwater${SUFFIX}`);
  const card = page.getByRole('list', { name: 'Physicians' }).getByRole('article');
  await expect(card).toContainText('Emergency Medicine');

  await page.goto('/specialties');
  await expect(page.getByRole('link', { name: /Emergency Medicine/ }).first()).toBeVisible();
  await expect(page.getByText('Hyperbaric Medicine')).toHaveCount(0);
});
