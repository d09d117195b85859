import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchPhysiciansQuery } from '../../../contract/directory';
import { createTestContext, type TestAgent } from '../../test/harness';
import { resolveSort, toCriteria } from '../directory';
import { naiveSearch } from '../../test/support/directory/naive-search';
import { ALERT_SETTLE_MS, runAlertDigests } from '../saved-searches';
import { maintenanceDeps } from '../../jobs';
import { DAC } from './dac';
import { DAC_HEADER, dacLine, nppesDate, nppesIndividual } from '../../test/support/import/fixtures';
import { nppesHeaderLine } from './nppes-layout';
import { NPPES } from './nppes';
import { runImport } from './service';
import type { ImportKind } from './types';

/*
 * Move signals and freshest-wins (docs/decisions/035-freshest-source-and-move-signals.md), end to
 * end on small files in the real layouts: an NPPES extract, then a later extract of the same NPIs
 * where one physician moved; the change events, the 'Moved in the last N days' filter (index and
 * reference SQL), the profile's Recent changes and field sources, the saved-search alert of the
 * city moved into, the 'In training' filter; then Doctors and Clinicians files older and newer
 * than the NPPES records.
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());
const dir = mkdtempSync(join(tmpdir(), 'moves-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DAY = 86_400_000;
/** The UTC day `n` days before today (YYYY-MM-DD). */
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const FIRST = daysAgo(200);
const SECOND = daysAgo(10);

const CARDIOLOGIST = '1100000001';
const FAMILY = '1100000002';
const RESIDENT = '1100000003';

/** The extract: the cardiologist in Houston (first) or Dallas (second); the others never move. */
function extract(moved: boolean): string {
  const practice = (city: string, state: string, zip: string, phone: string) => ({
    'Provider Business Practice Location Address City Name': city,
    'Provider Business Practice Location Address State Name': state,
    'Provider Business Practice Location Address Postal Code': zip,
    'Provider Business Practice Location Address Telephone Number': phone,
  });
  return (
    nppesHeaderLine() +
    nppesIndividual(CARDIOLOGIST, {
      'Provider Last Name (Legal Name)': 'QUINTERO',
      'Provider First Name': 'MARISOL',
      'Provider Credential Text': 'MD',
      'Last Update Date': nppesDate(moved ? SECOND : FIRST),
      ...(moved ? practice('DALLAS', 'TX', '752010000', '2145550100') : practice('HOUSTON', 'TX', '770300000', '7135550100')),
      'Healthcare Provider Taxonomy Code_1': '207RC0000X',
      'Provider License Number State Code_1': 'TX',
      'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
      ...(moved ? { 'Healthcare Provider Taxonomy Code_2': '207RC0000X', 'Provider License Number State Code_2': 'OK' } : {}),
    }) +
    nppesIndividual(FAMILY, {
      'Provider Last Name (Legal Name)': 'ABERNATHY',
      'Provider First Name': 'OWEN',
      'Provider Credential Text': 'DO',
      'Last Update Date': nppesDate(FIRST),
      ...practice('BOSTON', 'MA', '02115', '6175550100'),
      'Healthcare Provider Taxonomy Code_1': '207Q00000X',
      'Provider License Number State Code_1': 'MA',
      'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
    }) +
    // A resident: NUCC 390200000X with an MD credential ('In training').
    nppesIndividual(RESIDENT, {
      'Provider Last Name (Legal Name)': 'OKONKWO',
      'Provider First Name': 'CHIDI',
      'Provider Credential Text': 'M.D.',
      'Last Update Date': nppesDate(FIRST),
      ...practice('CHICAGO', 'IL', '60611', ''),
      'Healthcare Provider Taxonomy Code_1': '390200000X',
      'Provider License Number State Code_1': 'IL',
      'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
    })
  );
}

let premium: { agent: TestAgent; user: { id: string; email: string } };
const idOf = new Map<string, number>();

async function importFile<Row>(
  name: string,
  text: string,
  kind: ImportKind<Row> = NPPES as unknown as ImportKind<Row>,
  options: { fileDate?: string } = {},
) {
  const file = join(dir, name);
  writeFileSync(file, text);
  // The import ends with one notification; in tests the directory is told directly, as the upload does.
  const summary = await runImport(ctx.db, kind, file, options);
  await ctx.deps.services.directory.directoryChanged();
  return summary;
}

async function changes() {
  const { rows } = await ctx.db.sql.query(
    `SELECT p.npi, ch.field, ch.old_value, ch.new_value, ch.source, ch.source_date::text AS date
     FROM physician_changes ch JOIN physicians p ON p.id = ch.physician_id ORDER BY ch.id`,
  );
  return rows;
}

async function found(params: string): Promise<string[]> {
  const res = await premium.agent.get(`/api/physicians?${params}`);
  expect(res.status, res.text).toBe(200);
  return res.body.results.map((r: { npi: string }) => r.npi);
}

/** The index and the reference SQL agree on a search (the random oracle draws these filters too). */
async function sameAsReferenceSql(input: Record<string, string>) {
  const request = SearchPhysiciansQuery.parse(input);
  const criteria = toCriteria(request);
  const sort = { ...resolveSort(request, criteria), offset: 0, limit: 100 };
  expect(ctx.deps.services.directory.index.search(criteria, sort)).toEqual(await naiveSearch(ctx.db, criteria, sort));
}

beforeAll(async () => {
  premium = await ctx.signedInAgent({ tier: 'premium' });
});

describe('the move between two extracts', () => {
  it('a first extract records no change and nobody moved; the resident is in training', async () => {
    const summary = await importFile('npidata_pfile_first.csv', extract(false));
    expect(summary).toMatchObject({ inserted: 3, updated: 0, skipped: { malformed: 0 }, fileDate: null });
    const { rows } = await ctx.db.sql.query<{ npi: string; id: number }>('SELECT npi, id FROM physicians');
    for (const r of rows) idOf.set(r.npi, r.id);
    expect(await changes()).toEqual([]);
    expect(await found('movedWithinDays=365')).toEqual([]);
    expect(await found('inTraining=true')).toEqual([RESIDENT]);
    expect((await found('inTraining=false')).sort()).toEqual([CARDIOLOGIST, FAMILY]);
    await sameAsReferenceSql({ inTraining: 'true' });
    const search = await premium.agent.get('/api/physicians?inTraining=true');
    expect(search.body.results[0]).toMatchObject({ inTraining: true, movedOn: null });
  });

  it('the second extract writes one event per changed field, the filter and the profile show the move, the alert finds it', async () => {
    // A saved search for Dallas cardiologists, with a daily alert, made before the move.
    const saved = await premium.agent.post('/api/saved-searches', { name: 'Dallas cardiology', params: { city: 'Dallas', specialty: 'Cardiology' } });
    expect(saved.status).toBe(201);
    const alert = await premium.agent.request('PATCH', `/api/saved-searches/${saved.body.id}`, { body: { alert: 'daily' } });
    expect(alert.status).toBe(200);
    await ctx.db.sql.query(`UPDATE saved_searches SET alert_checked_at = alert_checked_at - interval '2 days'`);

    const summary = await importFile('npidata_pfile_second.csv', extract(true));
    expect(summary).toMatchObject({ inserted: 0, updated: 1, unchanged: 2 });
    expect(await changes()).toEqual([
      { npi: CARDIOLOGIST, field: 'city', old_value: 'Houston', new_value: 'Dallas', source: 'nppes', date: SECOND },
      { npi: CARDIOLOGIST, field: 'zip', old_value: '77030', new_value: '75201', source: 'nppes', date: SECOND },
      { npi: CARDIOLOGIST, field: 'license_states', old_value: 'TX', new_value: 'OK, TX', source: 'nppes', date: SECOND },
    ]);
    const { rows } = await ctx.db.sql.query(`SELECT npi, moved_on::text AS moved_on FROM physicians ORDER BY npi`);
    expect(rows).toEqual([
      { npi: CARDIOLOGIST, moved_on: SECOND },
      { npi: FAMILY, moved_on: null },
      { npi: RESIDENT, moved_on: null },
    ]);

    // The filter, in the index and in the reference SQL.
    expect(await found('movedWithinDays=30')).toEqual([CARDIOLOGIST]);
    expect(await found('movedWithinDays=365&city=Dallas')).toEqual([CARDIOLOGIST]);
    expect(await found('movedWithinDays=30&state=MA')).toEqual([]);
    for (const days of ['30', '90', '180', '365']) await sameAsReferenceSql({ movedWithinDays: days });
    const bad = await premium.agent.get('/api/physicians?movedWithinDays=7');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.movedWithinDays).toBe('movedWithinDays must be one of 30, 90, 180, 365');
    const card = (await premium.agent.get('/api/physicians?movedWithinDays=30')).body.results[0];
    expect(card).toMatchObject({ city: 'Dallas', movedOn: SECOND, inTraining: false });

    // The profile: Recent changes (newest first, in the order written) and where each field came from.
    const profile = await premium.agent.get(`/api/physicians/${idOf.get(CARDIOLOGIST)}`);
    expect(profile.status).toBe(200);
    expect(profile.body.recentChanges).toEqual([
      { field: 'licenseStates', oldValue: 'TX', newValue: 'OK, TX', source: 'nppes', date: SECOND },
      { field: 'zip', oldValue: '77030', newValue: '75201', source: 'nppes', date: SECOND },
      { field: 'city', oldValue: 'Houston', newValue: 'Dallas', source: 'nppes', date: SECOND },
    ]);
    expect(profile.body.sources).toEqual({ location: { source: 'nppes', date: SECOND }, phone: { source: 'nppes', date: SECOND } });
    const unmoved = await premium.agent.get(`/api/physicians/${idOf.get(FAMILY)}`);
    expect(unmoved.body.recentChanges).toEqual([]);
    expect(unmoved.body.sources).toEqual({ location: { source: 'nppes', date: FIRST }, phone: { source: 'nppes', date: FIRST } });
    // No phone on file: no phone source.
    const resident = await premium.agent.get(`/api/physicians/${idOf.get(RESIDENT)}`);
    expect(resident.body).toMatchObject({ inTraining: true, sources: { location: { source: 'nppes', date: FIRST }, phone: null } });

    // The saved search's next alert: the physician who moved into Dallas.
    const run = await runAlertDigests(maintenanceDeps(ctx.deps), new Date(Date.now() + ALERT_SETTLE_MS + 1000));
    expect(run).toMatchObject({ digests: 1, newMatches: 1 });
    const { rows: mail } = await ctx.db.sql.query<{ subject: string; text_body: string }>(
      'SELECT subject, text_body FROM email_outbox WHERE to_address = $1',
      [premium.user.email],
    );
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe('1 new physician matches "Dallas cardiology"');
    expect(mail[0].text_body).toContain('Marisol Quintero, MD: Cardiology, Dallas, TX');
  });

  it('importing the same extract again changes nothing and records nothing', async () => {
    const before = await changes();
    const summary = await importFile('npidata_pfile_second_again.csv', extract(true));
    expect(summary).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    expect(await changes()).toEqual(before);
  });
});

describe('freshest source wins: NPPES against Doctors and Clinicians', () => {
  const dacFile = () =>
    DAC_HEADER +
    '\n' +
    dacLine({
      NPI: CARDIOLOGIST,
      'Provider Last Name': 'QUINTERO',
      'Provider First Name': 'MARISOL',
      pri_spec: 'CARDIOVASCULAR DISEASE (CARDIOLOGY)',
      'Facility Name': 'LONE STAR HEART',
      'City/Town': 'AUSTIN',
      State: 'TX',
      'ZIP Code': '787010000',
      'Telephone Number': '5125550100',
    }) +
    // The same address as NPPES's, spelt another way: a newer date, but no move.
    dacLine({
      NPI: FAMILY,
      'Provider Last Name': 'ABERNATHY',
      'Provider First Name': 'OWEN',
      pri_spec: 'FAMILY PRACTICE',
      'City/Town': 'BOSTON ',
      State: 'MA',
      'ZIP Code': '02115',
    });

  async function place(npi: string) {
    const { rows } = await ctx.db.sql.query(
      `SELECT p.city, p.state, p.zip, p.location_source, p.location_source_date::text AS location_date,
         c.office_phone, c.office_phone_source, c.office_phone_source_date::text AS phone_date
       FROM physicians p LEFT JOIN physician_contacts c ON c.physician_id = p.id WHERE p.npi = $1`,
      [npi],
    );
    return rows[0];
  }

  it('an older DAC file leaves the NPPES address and phone; its organisation is new, not a change', async () => {
    const before = await changes();
    const summary = await importFile('DAC_NationalDownloadableFile_old.csv', dacFile(), DAC, { fileDate: daysAgo(100) });
    expect(summary.fileDate).toEqual({ date: daysAgo(100), from: 'option' });
    expect(await place(CARDIOLOGIST)).toEqual({
      city: 'Dallas',
      state: 'TX',
      zip: '75201',
      location_source: 'nppes',
      location_date: SECOND,
      office_phone: '(214) 555-0100',
      office_phone_source: 'nppes',
      phone_date: SECOND,
    });
    // The organisation was empty: filled, not changed.
    expect(await changes()).toEqual(before);
  });

  it('a newer DAC file replaces them (a move, recorded as DAC), and an older NPPES record then leaves them', async () => {
    const before = await changes();
    const today = daysAgo(0);
    const summary = await importFile('DAC_NationalDownloadableFile_new.csv', dacFile(), DAC, { fileDate: today });
    expect(summary).toMatchObject({ updated: 1, unchanged: 1 });
    expect(await place(CARDIOLOGIST)).toEqual({
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      location_source: 'dac',
      location_date: today,
      office_phone: '(512) 555-0100',
      office_phone_source: 'dac',
      phone_date: today,
    });
    // Boston re-dated by DAC, with no move: 'BOSTON ' is 'Boston'.
    expect(await place(FAMILY)).toMatchObject({ city: 'Boston', location_source: 'dac', location_date: today });
    expect((await changes()).slice(before.length)).toEqual([
      { npi: CARDIOLOGIST, field: 'city', old_value: 'Dallas', new_value: 'Austin', source: 'dac', date: today },
      { npi: CARDIOLOGIST, field: 'zip', old_value: '75201', new_value: '78701', source: 'dac', date: today },
    ]);
    const profile = await premium.agent.get(`/api/physicians/${idOf.get(CARDIOLOGIST)}`);
    expect(profile.body.sources).toEqual({ location: { source: 'dac', date: today }, phone: { source: 'dac', date: today } });
    expect(profile.body.recentChanges[0]).toEqual({ field: 'zip', oldValue: '75201', newValue: '78701', source: 'dac', date: today });
    expect(await found('movedWithinDays=30&city=Austin')).toEqual([CARDIOLOGIST]);

    // The NPPES record (dated SECOND) is older than the DAC file: Austin stays, nothing recorded.
    const after = await changes();
    await importFile('npidata_pfile_second_later.csv', extract(true));
    expect(await place(CARDIOLOGIST)).toMatchObject({ city: 'Austin', location_source: 'dac', office_phone_source: 'dac' });
    expect(await changes()).toEqual(after);
  });

  it("a DAC file without a date is dated by its modification day, and the summary says so", async () => {
    const file = join(dir, 'DAC_NationalDownloadableFile_dated.csv');
    writeFileSync(file, dacFile());
    const modified = new Date(`${daysAgo(400)}T12:00:00Z`);
    utimesSync(file, modified, modified);
    const summary = await runImport(ctx.db, DAC, file);
    expect(summary.fileDate).toEqual({ date: daysAgo(400), from: 'modified' });
    // 400 days old: older than every value on file, so nothing moves.
    expect(summary).toMatchObject({ updated: 0 });
  });
});
