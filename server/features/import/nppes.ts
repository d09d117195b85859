import { TRAINING_TAXONOMY, taxonomySpecialty } from '../../../contract/nucc-taxonomy';
import type { Db } from '../../db/client';
import { clean, copyText, copyTextArray, credentialText, integerText, isoDate, isOtherClinicianCredential, isPhysicianCredential, phone, stateCode, titleCase, zip5 } from './text';
import { hasLocation, LOCATION_COLUMNS, locationWins, officePhoneReplaces, officePhoneWrite } from './freshness';
import { type BatchResult, type Deactivation, type ImportKind, type ImportNotes, type MapContext, type RowOutcome, UNLISTED_CODES_KEPT } from './types';

/** One NPPES physician as the batch writes it. */
export type NppesRow = {
  npi: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  credential: string | null;
  /** One of the 18 (contract/taxonomy-map.ts); null for a resident with no physician code yet. */
  specialty: string | null;
  /** NUCC's name of the specialisation (contract/taxonomy-map.ts), or null. */
  subSpecialty: string | null;
  /** A resident or fellow: NUCC 390200000X with an MD or DO credential. */
  inTraining: boolean;
  city: string | null;
  state: string | null;
  zip: string | null;
  gender: 'M' | 'F' | null;
  licenseStates: string[];
  enumerationDate: string | null;
  npiLastUpdated: string | null;
  officePhone: string | null;
};

function column(index: Map<string, number>, ...names: string[]): number {
  for (const name of names) {
    const i = index.get(name);
    if (i !== undefined) return i;
  }
  throw new Error(`Not an NPPES file: no column "${names[0]}" in the header`);
}

/** The deactivation date of an NPI that is deactivated (not reactivated since), else null. */
function deactivatedOn(deactivation: string | undefined, reactivation: string | undefined, context: MapContext): string | null {
  const off = isoDate(deactivation, context.repairs);
  if (!off) return null;
  const on = isoDate(reactivation, context.repairs);
  return !on || on < off ? off : null;
}

/** Counts a record whose physician code the table does not hold yet, by code (the first codes seen). */
function noteUnlisted(notes: ImportNotes, code: string): void {
  notes.unlistedTaxonomy++;
  const codes = notes.unlistedCodes;
  if (codes[code] !== undefined) codes[code]++;
  else if (Object.keys(codes).length < UNLISTED_CODES_KEPT) codes[code] = 1;
}

/** Builds the record -> outcome mapping for a file's header (column positions found by name). */
export function nppesMapper(header: string[], context: MapContext): (record: string[]) => RowOutcome<NppesRow> {
  const { repairs, notes } = context;
  const index = new Map(header.map((name, i) => [name.trim(), i]));
  const c = {
    npi: column(index, 'NPI'),
    entity: column(index, 'Entity Type Code'),
    last: column(index, 'Provider Last Name (Legal Name)'),
    first: column(index, 'Provider First Name'),
    middle: column(index, 'Provider Middle Name'),
    credential: column(index, 'Provider Credential Text'),
    city: column(index, 'Provider Business Practice Location Address City Name'),
    state: column(index, 'Provider Business Practice Location Address State Name'),
    zip: column(index, 'Provider Business Practice Location Address Postal Code'),
    phone: column(index, 'Provider Business Practice Location Address Telephone Number'),
    enumerated: column(index, 'Provider Enumeration Date'),
    updated: column(index, 'Last Update Date'),
    deactivated: column(index, 'NPI Deactivation Date'),
    reactivated: column(index, 'NPI Reactivation Date'),
    sex: column(index, 'Provider Sex Code', 'Provider Gender Code'),
  };
  const slots = Array.from({ length: 15 }, (_, i) => ({
    taxonomy: column(index, `Healthcare Provider Taxonomy Code_${i + 1}`),
    licenceState: column(index, `Provider License Number State Code_${i + 1}`),
    primary: column(index, `Healthcare Provider Primary Taxonomy Switch_${i + 1}`),
  }));

  return (r) => {
    const npi = integerText(r[c.npi]?.trim() ?? '', repairs);
    if (!/^\d{10}$/.test(npi)) return { kind: 'malformed', reason: `NPI "${npi}" is not 10 digits` };
    // Deactivated NPIs come with most other fields blank (entity type included): check them first.
    const off = deactivatedOn(r[c.deactivated], r[c.reactivated], context);
    if (off) return { kind: 'deactivated', npi, on: off };
    const entity = integerText(r[c.entity]?.trim() ?? '', repairs);
    if (entity === '2') return { kind: 'skip', reason: 'organisation' };
    if (entity !== '1') return { kind: 'malformed', reason: `Entity Type Code "${entity}" is neither 1 nor 2` };
    let primary: string | null = null;
    let first: string | null = null;
    for (const slot of slots) {
      const raw = r[slot.taxonomy];
      if (!raw) continue; // most of the 15 slots are empty
      const code = clean(raw)?.toUpperCase() ?? null;
      if (code && !first) first = code;
      if (code && !primary && r[slot.primary]?.trim().toUpperCase() === 'Y') primary = code;
    }
    const taxonomy = primary ?? first;
    if (!taxonomy) return { kind: 'skip', reason: 'notPhysician' };
    // Three rows in four are not physicians: decided from the taxonomy (and, for those, the
    // credential) before any other field is looked at.
    let mapped = taxonomySpecialty(taxonomy);
    let mappedCode = taxonomy;
    let inTraining = false;
    let credential: string | null | undefined;
    if (mapped) {
      // A physician's code with a dentist's or a nurse practitioner's credential and no MD or DO
      // (a DDS oral surgeon's 204E00000X) is not a physician.
      if (mapped.specialty !== 'Physician Assistant') {
        credential = credentialText(r[c.credential]);
        if (isOtherClinicianCredential(credential)) return { kind: 'skip', reason: 'credentialNotPhysician' };
      }
    } else {
      const raw = r[c.credential];
      // Most of these rows are other clinicians (RN, NP, DDS...): only an M-D or D-O needs a closer look.
      if (!raw || !/[MD]\W*[DO]/i.test(raw)) return { kind: 'skip', reason: 'notPhysician' };
      credential = credentialText(raw);
      if (!isPhysicianCredential(credential)) return { kind: 'skip', reason: 'notPhysician' };
      // An MD or DO whose primary code is another's (a resident's, a student's, a 174400000X
      // specialist's): the first physician code of the other slots, if any.
      for (const slot of slots) {
        const code = clean(r[slot.taxonomy])?.toUpperCase();
        const other = code ? taxonomySpecialty(code) : null;
        if (other) {
          mapped = other;
          mappedCode = code!;
          break;
        }
      }
      inTraining = taxonomy === TRAINING_TAXONOMY;
      if (!mapped && !inTraining) return { kind: 'skip', reason: 'credentialWithoutPhysicianCode' };
    }
    const licenceStates: string[] = [];
    for (const slot of slots) {
      const state = stateCode(r[slot.licenceState]);
      if (state && !licenceStates.includes(state)) licenceStates.push(state);
    }
    const firstName = titleCase(r[c.first]);
    const lastName = titleCase(r[c.last]);
    if (!firstName || !lastName) return { kind: 'malformed', reason: 'first or last name missing' };
    const sex = r[c.sex]?.trim().toUpperCase();
    if (inTraining) notes.inTraining++;
    if (mapped && !mapped.listed) noteUnlisted(notes, mappedCode);
    return {
      kind: 'row',
      npi,
      row: {
        npi,
        firstName,
        middleName: titleCase(r[c.middle]),
        lastName,
        credential: credential === undefined ? credentialText(r[c.credential]) : credential,
        specialty: mapped?.specialty ?? null,
        subSpecialty: mapped?.subSpecialty ?? null,
        inTraining,
        city: titleCase(r[c.city]),
        state: stateCode(r[c.state]),
        zip: zip5(r[c.zip], repairs),
        gender: sex === 'M' || sex === 'F' ? sex : null,
        licenseStates: licenceStates.sort(),
        enumerationDate: isoDate(r[c.enumerated], repairs),
        npiLastUpdated: isoDate(r[c.updated], repairs),
        officePhone: phone(r[c.phone], repairs),
      },
    };
  };
}

const STAGING_COLUMNS = [
  'npi',
  'first_name',
  'middle_name',
  'last_name',
  'credential',
  'specialty',
  'sub_specialty',
  'in_training',
  'city',
  'state',
  'zip',
  'gender',
  'license_states',
  'enumeration_date',
  'npi_last_updated',
  'office_phone',
] as const;

function stagingLine(p: NppesRow): string {
  return [
    copyText(p.npi),
    copyText(p.firstName),
    copyText(p.middleName),
    copyText(p.lastName),
    copyText(p.credential),
    copyText(p.specialty),
    copyText(p.subSpecialty),
    copyText(p.inTraining),
    copyText(p.city),
    copyText(p.state),
    copyText(p.zip),
    copyText(p.gender),
    copyTextArray(p.licenseStates),
    copyText(p.enumerationDate),
    copyText(p.npiLastUpdated),
    copyText(p.officePhone) + '\n',
  ].join(',');
}

// The public fields NPPES owns. Records of our own (resume submissions, the demo) are never
// touched: the WHERE of the upsert leaves them as they are. The practice location is NPPES's only
// while it is the freshest (freshness.ts).
const OWNED = [
  'first_name',
  'middle_name',
  'last_name',
  'credential',
  'specialty',
  'sub_specialty',
  'in_training',
  'gender',
  'license_states',
  'enumeration_date',
  'npi_last_updated',
];
/** The date NPPES gives the record's location and phone: its last update, else its enumeration. */
const RECORD_DATE = (alias: string) => `coalesce(${alias}.npi_last_updated, ${alias}.enumeration_date)`;
const INSERTED = [...OWNED, ...LOCATION_COLUMNS, 'location_source', 'location_source_date'];
const INSERTED_VALUES = [
  ...OWNED.map((col) => 's.' + col),
  ...LOCATION_COLUMNS.map((col) => 's.' + col),
  `CASE WHEN ${hasLocation('s')} THEN 'nppes' END`,
  `CASE WHEN ${hasLocation('s')} THEN ${RECORD_DATE('s')} END`,
];
/** Each column of an existing record and its new value (the location only when NPPES's is the freshest). */
const WINS = locationWins('nppes', 'EXCLUDED', 'EXCLUDED.location_source_date', 'p');
const UPDATED: [column: string, value: string][] = [
  ...OWNED.map((col): [string, string] => [col, `EXCLUDED.${col}`]),
  ...[...LOCATION_COLUMNS, 'location_source', 'location_source_date'].map((col): [string, string] => [
    col,
    `CASE WHEN ${WINS} THEN EXCLUDED.${col} ELSE p.${col} END`,
  ]),
];

/**
 * Writes one batch (inside the caller's transaction): staging COPY, one upsert, contacts, removals.
 * A change of the practice location, the organisation or the licence states is recorded by the
 * physicians' change trigger (migration 0032) as the upsert writes it.
 *
 * Files only move forward: a record older than the directory's (an earlier Last Update Date than
 * the stored one; for an NPI removed as deactivated, not after its deactivation, migration 0051)
 * changes nothing, and a deactivation older than the stored record removes nothing.
 */
export async function writeNppesBatch(tx: Db, rows: NppesRow[], deactivated: Deactivation[]): Promise<BatchResult> {
  let inserted = 0;
  let olderThanStored = 0;
  const changed = new Set<string>();
  if (rows.length) {
    await tx.sql.exec(
      `CREATE TEMP TABLE import_nppes_staging (
        npi text PRIMARY KEY, first_name text, middle_name text, last_name text, credential text, specialty text,
        sub_specialty text, in_training boolean, city text, state text, zip text, gender text, license_states text[], enumeration_date date,
        npi_last_updated date, office_phone text
      ) ON COMMIT DROP`,
    );
    await tx.sql.copyFrom('import_nppes_staging', STAGING_COLUMNS, rows.map(stagingLine).join(''));
    const older = await tx.sql.query(
      `DELETE FROM import_nppes_staging s
       WHERE EXISTS (SELECT 1 FROM physicians p WHERE p.npi = s.npi AND p.source IN ('nppes', 'dac') AND s.npi_last_updated < p.npi_last_updated)
          OR (EXISTS (SELECT 1 FROM deactivated_npis d WHERE d.npi = s.npi AND ${RECORD_DATE('s')} <= d.deactivated_on)
              AND NOT EXISTS (SELECT 1 FROM physicians p WHERE p.npi = s.npi))
       RETURNING s.npi`,
    );
    olderThanStored = older.rows.length;
    const upserted = await tx.sql.query<{ npi: string; inserted: boolean }>(
      `INSERT INTO physicians AS p (${INSERTED.join(', ')}, npi, source, nppes_refreshed_at)
       SELECT ${INSERTED_VALUES.join(', ')}, s.npi, 'nppes', now() FROM import_nppes_staging s
       ON CONFLICT (npi) DO UPDATE SET ${UPDATED.map(([col, value]) => `${col} = ${value}`).join(', ')},
         nppes_refreshed_at = now(), updated_at = now()
       WHERE p.source IN ('nppes', 'dac')
         AND (${UPDATED.map(([col]) => 'p.' + col).join(', ')}) IS DISTINCT FROM (${UPDATED.map(([, value]) => value).join(', ')})
       RETURNING p.npi, (p.xmax = 0) AS inserted`,
    );
    for (const r of upserted.rows) {
      if (r.inserted) inserted++;
      else changed.add(r.npi);
    }
    // The practice phone is a business number: office_phone, apart from verified emails and mobiles.
    const incoming = { phone: 'EXCLUDED.office_phone', date: 'EXCLUDED.office_phone_source_date' };
    const phones = await tx.sql.query<{ npi: string }>(
      `WITH target AS (
         SELECT p.id, p.npi, s.office_phone, ${RECORD_DATE('s')} AS dated
         FROM import_nppes_staging s JOIN physicians p ON p.npi = s.npi
         WHERE p.source IN ('nppes', 'dac') AND s.office_phone IS NOT NULL
       ), written AS (
         INSERT INTO physician_contacts AS c (physician_id, office_phone, office_phone_source, office_phone_source_date)
         SELECT id, office_phone, 'nppes', dated FROM target
         ON CONFLICT (physician_id) DO UPDATE SET ${officePhoneWrite('nppes', incoming, 'c')}
         WHERE ${officePhoneReplaces('nppes', incoming, 'c')}
         RETURNING c.physician_id
       )
       SELECT target.npi FROM written JOIN target ON target.id = written.physician_id`,
    );
    const insertedNpis = new Set(upserted.rows.filter((r) => r.inserted).map((r) => r.npi));
    for (const r of phones.rows) if (!insertedNpis.has(r.npi)) changed.add(r.npi);
  }
  let removed = 0;
  if (deactivated.length) {
    // One date per NPI (a weekly delta may repeat one): the latest.
    const latest = new Map<string, string>();
    for (const { npi, on } of deactivated) {
      const seen = latest.get(npi);
      if (!seen || on > seen) latest.set(npi, on);
    }
    const npis = [...latest.keys()];
    const dates = [...latest.values()];
    const gone = await tx.sql.query(
      `DELETE FROM physicians p USING unnest($1::text[], $2::date[]) AS d(npi, deactivated_on)
       WHERE p.npi = d.npi AND p.source IN ('nppes', 'dac')
         AND (p.npi_last_updated IS NULL OR p.npi_last_updated <= d.deactivated_on)
       RETURNING p.id`,
      [npis, dates],
    );
    removed = gone.rows.length;
    await tx.sql.query(
      `INSERT INTO deactivated_npis AS k (npi, deactivated_on)
       SELECT npi, deactivated_on FROM unnest($1::text[], $2::date[]) AS d(npi, deactivated_on)
       ON CONFLICT (npi) DO UPDATE SET deactivated_on = EXCLUDED.deactivated_on, recorded_at = now()
       WHERE EXCLUDED.deactivated_on > k.deactivated_on`,
      [npis, dates],
    );
  }
  return { inserted, updated: changed.size, removed, written: rows.length, olderThanStored };
}

export const NPPES: ImportKind<NppesRow> = {
  kind: 'nppes',
  physicians: true,
  // Each record has its Last Update Date.
  datedByFile: false,
  filePattern: /^npidata_pfile.*\.csv$/i,
  // Every NPPES record starts with its quoted NPI (a spreadsheet-saved file may drop the quotes).
  recordStart: /^"?\d{10}(?:\.0)?"?,/,
  mapper: nppesMapper,
  // A weekly delta may repeat an NPI: the last row wins.
  fold: (rows) => [...new Map(rows.map((r) => [r.npi, r])).values()],
  writeBatch: writeNppesBatch,
};
