import { COMPANY_SIZE_BUCKETS } from '../../../contract/directory-options';
import { dacSpecialty } from '../../../contract/nucc-taxonomy';
import type { Db } from '../../db/client';
import { firstFieldNpi, leadingNpi } from './groups';
import { headerColumns } from './header';
import { hasLocation, LOCATION_COLUMNS, locationWins, officePhoneReplaces, officePhoneWrite } from './freshness';
import { clean, copyText, credentialText, integerText, phone, stateCode, titleCase, zip5 } from './text';
import type { BatchContext, BatchResult, ImportKind, MapContext, RowOutcome } from './types';

/** One DAC record's useful fields; many records of one NPI fold into one (first non-blank wins). */
export type DacRow = {
  npi: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  gender: 'M' | 'F' | null;
  credential: string | null;
  medicalSchool: string | null;
  graduationYear: number | null;
  /** One of the 18, 'Other' for a value neither table holds, null for other clinicians. */
  specialty: string | null;
  subSpecialty: string | null;
  secondarySpecialty: string | null;
  organization: string | null;
  organizationSize: string | null;
  telehealth: boolean | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** The practice's telephone number (formatted like NPPES's), or null. */
  officePhone: string | null;
};

/** Group members -> the directory's company size buckets. */
export function sizeBucket(members: number): (typeof COMPANY_SIZE_BUCKETS)[number] {
  if (members < 20) return '1 to 19';
  if (members < 100) return '20 to 99';
  if (members < 500) return '100 to 499';
  if (members < 1000) return '500 to 999';
  if (members < 5000) return '1000 to 4999';
  return '5000+';
}

/** What DAC writes for a school it does not know: not a school. */
const NOT_A_SCHOOL = new Set(['OTHER', 'UNKNOWN', 'NONE', 'N/A', 'NA']);

export function dacMapper(header: string[], context: MapContext): (record: string[]) => RowOutcome<DacRow> {
  const { repairs, notes } = context;
  /** A specialty value in the directory's language; an unknown one is kept (as 'Other') and counted. */
  const specialtyOf = (value: string | undefined): { specialty: string | null; subSpecialty: string | null } => {
    const mapped = dacSpecialty(value ?? '');
    if (mapped === null || mapped === 'notPhysician') return { specialty: null, subSpecialty: null };
    if (mapped === 'unknown') {
      notes.unknownSpecialty++;
      return { specialty: 'Other', subSpecialty: titleCase(value) };
    }
    return mapped;
  };
  const { column, optional } = headerColumns(header, 'Not a Doctors and Clinicians file');
  const c = {
    npi: column('NPI'),
    last: column('Provider Last Name', 'lst_nm'),
    first: column('Provider First Name', 'frst_nm'),
    middle: column('Provider Middle Name', 'mid_nm'),
    gender: column('gndr'),
    credential: column('Cred'),
    school: column('Med_sch'),
    year: column('Grd_yr'),
    primary: column('pri_spec'),
    secondary: column('sec_spec_1'),
    telehealth: optional('Telehlth'),
    facility: column('Facility Name', 'org_nm'),
    members: column('num_org_mem'),
    city: column('City/Town', 'cty'),
    state: column('State', 'st'),
    zip: column('ZIP Code', 'zip'),
    phone: optional('Telephone Number', 'phn_numbr'),
  };
  return (r) => {
    const npi = integerText(r[c.npi]?.trim() ?? '', repairs);
    if (!/^\d{10}$/.test(npi)) return { kind: 'malformed', reason: `NPI "${npi}" is not 10 digits` };
    const year = Number(clean(r[c.year]));
    const members = Number(clean(r[c.members]));
    const gender = r[c.gender]?.trim().toUpperCase();
    const telehealth = c.telehealth === undefined ? '' : r[c.telehealth]?.trim().toUpperCase();
    const school = titleCase(r[c.school]);
    const primary = specialtyOf(r[c.primary]);
    const secondary = clean(r[c.secondary]) ? specialtyOf(r[c.secondary]) : null;
    return {
      kind: 'row',
      npi,
      row: {
        npi,
        firstName: titleCase(r[c.first]),
        middleName: titleCase(r[c.middle]),
        lastName: titleCase(r[c.last]),
        gender: gender === 'M' || gender === 'F' ? gender : null,
        credential: credentialText(r[c.credential]),
        medicalSchool: school && !NOT_A_SCHOOL.has(school.toUpperCase()) ? school : null,
        graduationYear: Number.isInteger(year) && year > 1900 && year < 2100 ? year : null,
        specialty: primary.specialty,
        subSpecialty: primary.subSpecialty,
        // The finest name of the secondary specialty, in the same language.
        secondarySpecialty: secondary ? (secondary.subSpecialty ?? secondary.specialty) : null,
        organization: titleCase(r[c.facility]),
        organizationSize: Number.isInteger(members) && members > 0 ? sizeBucket(members) : null,
        telehealth: telehealth === 'Y' ? true : null,
        city: titleCase(r[c.city]),
        state: stateCode(r[c.state]),
        zip: zip5(r[c.zip], repairs),
        officePhone: c.phone === undefined ? null : phone(r[c.phone], repairs),
      },
    };
  };
}

/** How a practice location ranks (lower first): with an address, with a phone, the larger group. */
function locationRank(row: DacRow): [number, number, number] {
  const size = row.organizationSize === null ? -1 : COMPANY_SIZE_BUCKETS.indexOf(row.organizationSize as (typeof COMPANY_SIZE_BUCKETS)[number]);
  return [row.city && row.state && row.zip ? 0 : 1, row.officePhone ? 0 : 1, -size];
}

/** How a specialty ranks: one of the directory's (not 'Other'), the finer (a sub-specialty), with a secondary. */
function specialtyRank(row: DacRow): [number, number, number] {
  return [row.specialty === null ? 2 : row.specialty === 'Other' ? 1 : 0, row.subSpecialty ? 0 : 1, row.secondarySpecialty ? 0 : 1];
}

/** Compares ranks, then the values themselves, so that a tie always goes the same way. */
function before(a: (number | string | null)[], b: (number | string | null)[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    if (x !== y) return x < y;
  }
  return false;
}

const LOCATION_FIELDS = ['city', 'state', 'zip', 'officePhone', 'organization', 'organizationSize'] as const;
const SPECIALTY_FIELDS = ['specialty', 'subSpecialty', 'secondarySpecialty'] as const;
const IDENTITY_FIELDS = ['firstName', 'middleName', 'lastName', 'gender', 'credential', 'medicalSchool', 'graduationYear'] as const;

/**
 * Two records of one NPI -> one (ADR 056). The practice location, its phone and its group come
 * together from one record (with an address, with a phone, the larger group, then the smallest
 * ZIP, city, group name, phone); specialty, sub-specialty and secondary specialty together from
 * one record (one of the directory's specialties, the finer, with a secondary, then the smallest
 * names); each of the
 * person's own fields (name, credential, school, year) is the smallest value given; telehealth
 * when any record offers it. Every choice is a smallest by a fixed order, so the result is the
 * same whatever order the records come in, and merging is associative: rows held back across a
 * whole file fold one at a time into the same row a single batch would give.
 */
export function mergeDac(a: DacRow, b: DacRow): DacRow {
  const merged = { ...a };
  const aPlace = [...locationRank(a), a.zip, a.city, a.organization, a.officePhone];
  const bPlace = [...locationRank(b), b.zip, b.city, b.organization, b.officePhone];
  if (before(bPlace, aPlace)) for (const key of LOCATION_FIELDS) (merged as Record<string, unknown>)[key] = b[key];
  const aField = [...specialtyRank(a), a.specialty, a.subSpecialty, a.secondarySpecialty];
  const bField = [...specialtyRank(b), b.specialty, b.subSpecialty, b.secondarySpecialty];
  if (before(bField, aField)) for (const key of SPECIALTY_FIELDS) (merged as Record<string, unknown>)[key] = b[key];
  for (const key of IDENTITY_FIELDS) {
    const x = a[key];
    const y = b[key];
    if (x === null || (y !== null && y < x)) (merged as Record<string, unknown>)[key] = y;
  }
  merged.telehealth = a.telehealth || b.telehealth ? true : null;
  return merged;
}

/** Many rows of one NPI (one per enrolment x group x address) -> one each (mergeDac). */
export function foldDac(rows: DacRow[]): DacRow[] {
  const byNpi = new Map<string, DacRow>();
  for (const row of rows) {
    const seen = byNpi.get(row.npi);
    byNpi.set(row.npi, seen ? mergeDac(seen, row) : row);
  }
  return [...byNpi.values()];
}

const STAGING_COLUMNS = [
  'npi',
  'first_name',
  'middle_name',
  'last_name',
  'gender',
  'credential',
  'medical_school',
  'graduation_year',
  'specialty',
  'sub_specialty',
  'secondary_specialty',
  'organization',
  'organization_size',
  'telehealth',
  'city',
  'state',
  'zip',
  'office_phone',
] as const;

function stagingLine(d: DacRow): string {
  return [
    copyText(d.npi),
    copyText(d.firstName),
    copyText(d.middleName),
    copyText(d.lastName),
    copyText(d.gender),
    copyText(d.credential),
    copyText(d.medicalSchool),
    copyText(d.graduationYear),
    copyText(d.specialty),
    copyText(d.subSpecialty),
    copyText(d.secondarySpecialty),
    copyText(d.organization),
    copyText(d.organizationSize),
    copyText(d.telehealth),
    copyText(d.city),
    copyText(d.state),
    copyText(d.zip),
    copyText(d.officePhone) + '\n',
  ].join(',');
}

// DAC's own fields replace older DAC values (a blank never erases one).
const MERGED: [column: string, value: string][] = [
  ['medical_school', 'COALESCE(s.medical_school, p.medical_school)'],
  ['graduation_year', 'COALESCE(s.graduation_year, p.graduation_year)'],
  ['secondary_specialty', 'COALESCE(s.secondary_specialty, p.secondary_specialty)'],
  ['organization', 'COALESCE(s.organization, p.organization)'],
  ['organization_size', 'COALESCE(s.organization_size, p.organization_size)'],
  ['telehealth', 'COALESCE(s.telehealth, p.telehealth)'],
  ['gender', 'COALESCE(p.gender, s.gender)'],
];
/** The practice location: DAC's when it is the freshest (freshness.ts), dated by the file ($1). */
const WINS = locationWins('dac', 's', '$1::date', 'p');
const LOCATION: [column: string, value: string][] = [
  ...LOCATION_COLUMNS.map((col): [string, string] => [col, `CASE WHEN ${WINS} THEN s.${col} ELSE p.${col} END`]),
  ['location_source', `CASE WHEN ${WINS} THEN 'dac' ELSE p.location_source END`],
  ['location_source_date', `CASE WHEN ${WINS} THEN $1::date ELSE p.location_source_date END`],
];
/** What the directory shows of a physician (a change of these is an update; of the rest, bookkeeping). */
const CONTENT = [...MERGED, ...LOCATION.slice(0, LOCATION_COLUMNS.length)];
const UPDATED = [...MERGED, ...LOCATION];

// A new record takes every staged field; the NPI is written separately (it is the conflict key),
// the phone goes to physician_contacts.
const INSERTED = STAGING_COLUMNS.filter((column) => column !== 'npi' && column !== 'office_phone');

const differs = (pairs: [string, string][]) =>
  `(${pairs.map(([col]) => 'p.' + col).join(', ')}) IS DISTINCT FROM (${pairs.map(([, value]) => value).join(', ')})`;

/**
 * Merges onto known NPIs; an unknown NPI of a physician specialty (with a name) creates the record.
 * The file's date (context.fileDate) dates its locations and phones for freshest-wins; a change
 * of the location or the organisation is recorded by the physicians' change trigger (migration 0032).
 */
export async function writeDacBatch(tx: Db, rows: DacRow[], context: BatchContext): Promise<BatchResult> {
  if (!rows.length) return { inserted: 0, updated: 0, removed: 0, written: 0 };
  const fileDate = context.fileDate ?? new Date().toISOString().slice(0, 10);
  await tx.sql.exec(
    `CREATE TEMP TABLE import_dac_staging (
      npi text PRIMARY KEY, first_name text, middle_name text, last_name text, gender text, credential text,
      medical_school text, graduation_year integer, specialty text, sub_specialty text, secondary_specialty text, organization text,
      organization_size text, telehealth boolean, city text, state text, zip text, office_phone text
    ) ON COMMIT DROP`,
  );
  await tx.sql.copyFrom('import_dac_staging', STAGING_COLUMNS, rows.map(stagingLine).join(''));
  // updated_at moves only when what the directory shows changed (a newer file confirming the same
  // address only re-dates it): the new-match alerts look at updated_at. `changed` reads it back.
  const updated = await tx.sql.query<{ npi: string; changed: boolean }>(
    `UPDATE physicians p SET ${UPDATED.map(([col, value]) => `${col} = ${value}`).join(', ')},
       dac_refreshed_at = now(),
       updated_at = CASE WHEN ${differs(CONTENT)} THEN now() ELSE p.updated_at END
     FROM import_dac_staging s
     WHERE p.npi = s.npi AND p.source IN ('nppes', 'dac') AND ${differs(UPDATED)}
     RETURNING p.npi, p.updated_at = now() AS changed`,
    [fileDate],
  );
  const notPhysician = await tx.sql.query<{ npi: string }>(
    `SELECT s.npi FROM import_dac_staging s
     WHERE NOT (s.specialty IS NOT NULL AND s.first_name IS NOT NULL AND s.last_name IS NOT NULL)
       AND NOT EXISTS (SELECT 1 FROM physicians p WHERE p.npi = s.npi)`,
  );
  const inserted = await tx.sql.query<{ npi: string }>(
    `INSERT INTO physicians (${INSERTED.join(', ')}, location_source, location_source_date, npi, source, dac_refreshed_at)
     SELECT ${INSERTED.map((col) => 's.' + col).join(', ')},
       CASE WHEN ${hasLocation('s')} THEN 'dac' END, CASE WHEN ${hasLocation('s')} THEN $1::date END,
       s.npi, 'dac', now() FROM import_dac_staging s
     WHERE s.specialty IS NOT NULL AND s.first_name IS NOT NULL AND s.last_name IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM physicians p WHERE p.npi = s.npi)
     ON CONFLICT (npi) DO NOTHING
     RETURNING npi`,
    [fileDate],
  );
  // The phone: DAC's when it is the freshest. `old` reads the values before this statement
  // writes, so only a new number counts as a change.
  const incoming = { phone: 'EXCLUDED.office_phone', date: 'EXCLUDED.office_phone_source_date' };
  const phones = await tx.sql.query<{ npi: string }>(
    `WITH target AS (
       SELECT p.id, p.npi, s.office_phone FROM import_dac_staging s JOIN physicians p ON p.npi = s.npi
       WHERE p.source IN ('nppes', 'dac') AND s.office_phone IS NOT NULL
     ), old AS (
       SELECT c.physician_id, c.office_phone FROM physician_contacts c JOIN target ON target.id = c.physician_id
     ), written AS (
       INSERT INTO physician_contacts AS c (physician_id, office_phone, office_phone_source, office_phone_source_date)
       SELECT id, office_phone, 'dac', $1::date FROM target
       ON CONFLICT (physician_id) DO UPDATE SET ${officePhoneWrite('dac', incoming, 'c')}
       WHERE ${officePhoneReplaces('dac', incoming, 'c')}
       RETURNING c.physician_id, c.office_phone
     )
     SELECT target.npi FROM written JOIN target ON target.id = written.physician_id
       LEFT JOIN old ON old.physician_id = written.physician_id
     WHERE old.office_phone IS DISTINCT FROM written.office_phone`,
    [fileDate],
  );
  const fresh = new Set(inserted.rows.map((r) => r.npi));
  const changed = new Set(updated.rows.filter((r) => r.changed).map((r) => r.npi));
  for (const r of phones.rows) if (!fresh.has(r.npi)) changed.add(r.npi);
  return {
    inserted: fresh.size,
    updated: changed.size,
    removed: 0,
    written: rows.length,
    notPhysician: notPhysician.rows.length,
  };
}

export const DAC: ImportKind<DacRow> = {
  kind: 'dac',
  physicians: true,
  // Its records have no date: the file's (ADR 035).
  datedByFile: true,
  filePattern: /^DAC_NationalDownloadableFile.*\.csv$/i,
  // Every record starts with the NPI, quoted or not.
  recordStart: /^"?\d{10}(?:\.0)?"?,/,
  mapper: dacMapper,
  fold: foldDac,
  // One fold per NPI per file: its records far apart are found first and held back (ADR 056).
  grouped: { npiOfLine: leadingNpi, npiOfRecord: firstFieldNpi, merge: mergeDac, npiOf: (row) => row.npi },
  writeBatch: (tx, rows, _deactivated, context) => writeDacBatch(tx, rows, context),
};
