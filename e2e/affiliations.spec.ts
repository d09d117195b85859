import { AFFILIATIONS_HEADER, HOSPITALS_HEADER, affiliationLine, hospitalLine, nppesIndividual } from '../server/test/support/import/fixtures';
import { nppesHeaderLine } from '../server/features/import/nppes-layout';
import { expect, pickOption, screenshotBoth, signIn, test, uploadImport } from './fixtures';

/*
 * Hospital affiliations and licences in the browser (docs/decisions/063-hospital-affiliations-and-licences.md):
 * an NPPES record, a hospitals file and an affiliations file uploaded on the admin import; the
 * physician found with 'Affiliated with' (typed in the type-ahead) and 'Likely IMLC-eligible for',
 * then the profile's 'Hospital affiliations' and the compact badge.
 */

// Unique per run: the e2e server's directory lives as long as the run.
const SUFFIX = String(Date.now()).slice(-6);
const NPI = `12${SUFFIX}03`;
const CCN = `459${SUFFIX.slice(-3)}`;
const UNIT = `45T${SUFFIX.slice(-3)}`;
// A nursing home the hospitals file does not hold (never the hospital's or the unit's number).
const NURSING_HOME = `455${SUFFIX.slice(-3)}`;
const HOSPITAL = `Quarryvale Heart Hospital ${SUFFIX}`;

test('a physician found by the hospital they work in and a compact licence; the profile lists the hospitals', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@example.com');
  await uploadImport(
    page.request,
    'nppes',
    `npidata_pfile_${SUFFIX}_h.csv`,
    nppesHeaderLine() +
      nppesIndividual(NPI, {
        'Provider Last Name (Legal Name)': 'ABERNATHY-SOLIS',
        'Provider First Name': 'RENATA',
        'Provider Credential Text': 'MD',
        'Provider Business Practice Location Address City Name': 'HOUSTON',
        'Provider Business Practice Location Address State Name': 'TX',
        'Provider Business Practice Location Address Postal Code': '770300000',
        'Healthcare Provider Taxonomy Code_1': '207RC0000X',
        'Provider License Number State Code_1': 'OK',
        'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
      }),
  );
  await uploadImport(
    page.request,
    'hospitals',
    `Hospital_General_Information_${SUFFIX}.csv`,
    HOSPITALS_HEADER +
      '\n' +
      hospitalLine({
        'Facility ID': CCN,
        'Facility Name': HOSPITAL.toUpperCase(),
        'City/Town': 'HOUSTON',
        State: 'TX',
        'ZIP Code': '77030',
        'Hospital Type': 'Acute Care Hospitals',
        'Emergency Services': 'Yes',
      }),
  );
  await uploadImport(
    page.request,
    'affiliations',
    `Facility_Affiliation_${SUFFIX}.csv`,
    AFFILIATIONS_HEADER +
      '\n' +
      affiliationLine(NPI, 'ABERNATHY-SOLIS', 'RENATA', 'Hospital', CCN) +
      affiliationLine(NPI, 'ABERNATHY-SOLIS', 'RENATA', 'Inpatient rehabilitation facility', UNIT, CCN) +
      affiliationLine(NPI, 'ABERNATHY-SOLIS', 'RENATA', 'Nursing home', NURSING_HOME),
  );

  await page.context().clearCookies();
  await signIn(page, 'premium@example.com');
  await page.goto('/search?query=abernathy-solis');
  const cards = page.getByRole('list', { name: 'Physicians' }).getByRole('article');
  await expect(cards).toHaveCount(1);
  // The type-ahead: words of the hospital's name, its place and its live count.
  await page.getByRole('searchbox', { name: 'Search hospitals' }).fill(`quarryvale heart ${SUFFIX}`);
  const option = page.getByRole('checkbox', { name: new RegExp(`${HOSPITAL} · Houston, TX`) });
  await expect(option).toBeVisible();
  await expect(page.getByRole('group', { name: 'Affiliated with' })).toContainText('1');
  await option.click();
  await expect(page).toHaveURL(new RegExp(`affiliatedWith=${CCN}`));
  await expect(option).toBeChecked();
  // Only the facilities whose names hold the words typed (the unit and the nursing home have no name).
  await expect(page.getByRole('group', { name: 'Affiliated with' }).getByRole('checkbox')).toHaveCount(1);
  await expect(cards.filter({ hasText: 'Abernathy-Solis' })).toHaveCount(1);
  // The chip says the hospital's name, not its number; the card its hospitals (the first by name, the others counted).
  await expect(page.getByRole('button', { name: `Remove filter Affiliated with: ${HOSPITAL}` })).toBeVisible();
  await expect(cards.first()).toContainText(HOSPITAL);
  await expect(cards.first()).toContainText('+2');
  await expect(cards.first().getByText(`more: CCN ${UNIT}; CCN ${NURSING_HOME}`)).toBeAttached();
  await pickOption(page, 'Likely IMLC-eligible for', 'Texas (TX)');
  await expect(page).toHaveURL(/imlcEligibleFor=TX/);
  await expect(cards.filter({ hasText: 'Abernathy-Solis' })).toHaveCount(1);
  await expect(page.getByText('board certification and discipline not checked').first()).toBeVisible();
  await screenshotBoth(page, 'search-affiliated-with');

  await page.getByRole('link', { name: /Renata Abernathy-Solis/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Renata Abernathy-Solis/ })).toBeVisible();
  const hospitals = page.getByRole('region', { name: 'Hospital affiliations' });
  await expect(hospitals.getByRole('listitem')).toHaveCount(3);
  await expect(hospitals.getByRole('listitem').first()).toContainText(HOSPITAL);
  await expect(hospitals.getByRole('listitem').first()).toContainText('Houston, TX · Acute Care Hospitals');
  await expect(hospitals).toContainText(`A unit of ${HOSPITAL}`);
  await expect(hospitals).toContainText(`CCN ${NURSING_HOME}`);
  const practice = page.getByRole('region', { name: 'Credentials and Practice' });
  await expect(practice.getByText('Likely IMLC-eligible')).toBeVisible();
  await expect(practice).toContainText('Licensed in OK: holds a licence in a compact state; board certification and discipline not checked.');
  await screenshotBoth(page, 'profile-hospital-affiliations');
});
