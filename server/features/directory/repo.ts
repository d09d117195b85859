import {
  RECENT_CHANGES_MAX,
  type FieldSource,
  type PhysicianChange,
  type PhysicianProfile,
  type PhysicianSummary,
} from '../../../contract/directory';
import { EMAIL_VERIFIED_SQL, HAS_SHOWABLE, MOBILE_VALID_SQL } from '../verification';
import type { HospitalAffiliation } from '../../../contract/affiliations';
import type { Db } from '../../db/client';
import { affiliationsOf, facilityNamesJson, sortAffiliations } from './affiliations';
import { preparedStatement } from '../../db/driver';
import {
  FIELD_SEP,
  FLAG_FIELDS,
  INDEX_FIELD_COUNT,
  ITEM_SEP,
  NULL_MARK,
  ROW_SEP,
  SCALAR_FIELDS,
  SET_INDEX,
  SETS_AT,
  type FlagField,
  type ScalarField,
} from './search-index';

/*
 * The directory's SQL. Contact values (emails, phones) are never selected here: the summary and
 * profile queries only ask physician_contacts whether a value exists.
 */

const SCALAR_COLUMNS: Record<ScalarField, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  title: 'title',
  credential: 'credential',
  specialty: 'specialty',
  organization: 'organization',
  organizationSize: 'organization_size',
  organizationRevenue: 'organization_revenue',
  organizationIndustry: 'organization_industry',
  city: 'city',
  state: 'state',
  medicalSchool: 'medical_school',
  hospitalAffiliation: 'hospital_affiliation',
  gender: 'gender',
  subSpecialty: 'sub_specialty',
  secondarySpecialty: 'secondary_specialty',
  source: 'source',
};
const FLAG_COLUMNS: Record<FlagField, string> = {
  boardCertified: 'board_certified',
  acceptingNewPatients: 'accepting_new_patients',
  telehealth: 'telehealth',
  acceptingMedicaid: 'accepting_medicaid',
  // Whether a value exists (never the value): the index rows join physician_contacts as c.
  hasMobile: `(coalesce(c.mobile_phone, '') <> '')`,
  hasPersonalEmail: `(coalesce(c.personal_email, '') <> '')`,
  hasLinkedin: `(coalesce(linkedin_url, '') <> '')`,
  // ADR 032: what the last check found (an email reported wrong by users does not count).
  emailVerified: `(${EMAIL_VERIFIED_SQL('c')})`,
  mobileValid: `(${MOBILE_VALID_SQL('c')})`,
  inTraining: 'in_training',
};
/** Whole milliseconds since 1970 (floor), or the NULL mark. */
const epochMs = (column: string) =>
  `coalesce(floor(extract(epoch from ${column}) * 1000)::bigint::text, E'\\x1d')`;
/** The index rows read each physician with its contact row (for the has-a-value flags). */
const INDEX_FROM = 'physicians LEFT JOIN physician_contacts c ON c.physician_id = physicians.id';

/*
 * The searchable fields of each physician as one string in the index's wire format
 * (search-index/wire-format.ts, FIELD_SEP...): id, npi, SCALAR_FIELDS, graduation year,
 * FLAG_FIELDS, SET_FIELDS.
 * Text goes as stored (blanking the separator characters in SQL triples the cost on PGlite); a
 * batch whose separators do not add up, because some value holds one, is read again with them
 * blanked (`safe`).
 */
const indexLine = (safe: boolean) => {
  const text = (column: string) =>
    safe
      ? `coalesce(translate(${column}, E'\\x1c\\x1d\\x1e\\x1f', '    '), E'\\x1d')`
      : `coalesce(${column}, E'\\x1d')`;
  const flag = (column: string) => `CASE WHEN ${column} THEN '2' WHEN NOT ${column} THEN '1' ELSE '0' END`;
  const items = (expression: string) =>
    safe
      ? `coalesce(translate(${expression}, E'\\x1d\\x1e\\x1f', '   '), '')`
      : `coalesce(${expression}, '')`;
  return `concat_ws(E'\\x1f',
    id::text, ${text('npi')},
    ${SCALAR_FIELDS.map((f) => text(SCALAR_COLUMNS[f])).join(', ')},
    coalesce(graduation_year::text, E'\\x1d'),
    ${FLAG_FIELDS.map((f) => flag(FLAG_COLUMNS[f])).join(', ')},
    ${items(`array_to_string(skills, E'\\x1c')`)},
    ${items(`array_to_string(languages, E'\\x1c')`)},
    ${items(`array_to_string(license_states, E'\\x1c')`)},
    ${items(`CASE WHEN jsonb_typeof(education) = 'array' THEN
      (SELECT string_agg(e->>'degree', E'\\x1c') FROM jsonb_array_elements(education) e) END`)},
    ${items(`array_to_string(facility_ccns, E'\\x1c')`)},
    ${items(`array_to_string(facility_types, E'\\x1c')`)},
    ${text('zip')}, ${epochMs('verified_at')}, ${epochMs('created_at')}, ${epochMs('updated_at')},
    coalesce((moved_on - DATE '1970-01-01')::text, E'\\x1d'))`;
};
const FAST_LINE = indexLine(false);
const SAFE_LINE = indexLine(true);

/** True when `data` holds exactly `rows` lines of `fields` fields. */
function linesWellFormed(data: string, rows: number, fields: number): boolean {
  let seps = 0;
  let lines = 0;
  for (let at = data.indexOf(FIELD_SEP); at !== -1; at = data.indexOf(FIELD_SEP, at + 1)) seps++;
  for (let at = data.indexOf(ROW_SEP); at !== -1; at = data.indexOf(ROW_SEP, at + 1)) lines++;
  return lines === rows - 1 && seps === rows * (fields - 1);
}

/** Where a wire-format row's hospitals field is (its index among the FIELD_SEP-separated fields). */
const HOSPITALS_AT = SETS_AT + SET_INDEX.hospitals;
// eslint-disable-next-line no-control-regex
const SEPARATORS = /[\u001c-\u001f]/g;

/**
 * The names of these hospitals (all of them with no list), separator characters blanked as the
 * safe read blanks them: each index item is '<CCN> <name>' (wire-format.ts, ADR 063). The SQL sends
 * the CCNs (physicians.facility_ccns) and the names are put beside them here: a name looked up per
 * physician in SQL made the read of every row two to seven times slower at 1,500,000.
 */
async function hospitalNames(db: Pick<Db, 'sql'>, ccns?: readonly string[]): Promise<Map<string, string>> {
  const { rows } = ccns
    ? await db.sql.query<{ ccn: string; name: string }>(`SELECT ccn, name FROM hospitals WHERE ccn = ANY($1::text[])`, [ccns])
    : await db.sql.query<{ ccn: string; name: string }>(`SELECT ccn, name FROM hospitals`);
  return new Map(rows.map((r) => [r.ccn, `${r.ccn} ${r.name.replace(SEPARATORS, ' ')}`]));
}

/** The start and end of each row's hospitals field in a batch of wire-format rows. */
function* hospitalFields(batch: string): Generator<[start: number, end: number]> {
  for (let row = 0; row < batch.length; ) {
    const rowEnd = batch.indexOf(ROW_SEP, row);
    const end = rowEnd === -1 ? batch.length : rowEnd;
    let start = row;
    for (let k = 0; k < HOSPITALS_AT && start !== -1; k++) {
      const at = batch.indexOf(FIELD_SEP, start);
      start = at === -1 || at >= end ? -1 : at + 1;
    }
    const fieldEnd = start === -1 ? -1 : batch.indexOf(FIELD_SEP, start);
    if (fieldEnd !== -1 && fieldEnd < end) yield [start, fieldEnd];
    row = end + 1;
  }
}

/** The CCNs a batch's rows name. */
function batchCcns(batch: string): string[] {
  const out = new Set<string>();
  for (const [start, end] of hospitalFields(batch)) {
    const field = batch.slice(start, end);
    if (field === '' || field === NULL_MARK) continue;
    for (const ccn of field.split(ITEM_SEP)) out.add(ccn);
  }
  return [...out];
}

/** The batch with each hospital item named ('240010' -> '240010 Mayo Clinic Hospital Rochester'). */
function withHospitalNames(batch: string, names: Map<string, string>): string {
  if (names.size === 0) return batch;
  let out = '';
  let done = 0;
  for (const [start, end] of hospitalFields(batch)) {
    const field = batch.slice(start, end);
    if (field === '' || field === NULL_MARK) continue;
    out += batch.slice(done, start) + field.split(ITEM_SEP).map((ccn) => names.get(ccn) ?? ccn).join(ITEM_SEP);
    done = end;
  }
  return done === 0 ? batch : out + batch.slice(done);
}

/**
 * Every physician in id order, in batches (keyset paging), each batch one string of rows.
 * Each batch is its own short query, so on PGlite, which answers one query at a time, requests
 * are served between batches.
 */
export async function* readIndexRows(db: Pick<Db, 'sql'>, batchSize = 25_000): AsyncGenerator<string> {
  const read = async (after: number) => {
    const query = (line: string) =>
      db.sql.query<{ n: number; last: number | null; data: string | null }>(
        `SELECT count(*)::int AS n, max(id) AS last, string_agg(line, E'\\x1e' ORDER BY id) AS data
         FROM (SELECT id, ${line} AS line FROM ${INDEX_FROM} WHERE id > $1 ORDER BY id LIMIT $2) batch`,
        [after, batchSize],
      );
    let [batch] = (await query(FAST_LINE)).rows;
    if (batch.n > 0 && !linesWellFormed(batch.data ?? '', batch.n, INDEX_FIELD_COUNT)) [batch] = (await query(SAFE_LINE)).rows;
    return batch;
  };
  const names = await hospitalNames(db);
  let next = read(0);
  for (;;) {
    const batch = await next;
    if (batch.n === 0 || batch.last === null) return;
    // The database prepares the next batch while the caller indexes this one.
    const more = batch.n === batchSize;
    if (more) {
      next = read(batch.last);
      next.catch(() => undefined); // if the caller stops early, the prefetch may fail unobserved
    }
    yield withHospitalNames(batch.data ?? '', names);
    if (!more) return;
  }
}

/** The current rows of these physicians (wire format); removed ones are simply absent. */
export async function readIndexRowsByIds(db: Pick<Db, 'sql'>, ids: readonly number[]): Promise<string> {
  if (ids.length === 0) return '';
  const { rows } = await db.sql.query<{ data: string | null }>(
    `SELECT string_agg(${SAFE_LINE}, E'\\x1e' ORDER BY id) AS data FROM ${INDEX_FROM} WHERE id = ANY($1::int[])`,
    [ids],
  );
  const data = rows[0]?.data ?? '';
  const ccns = batchCcns(data);
  return ccns.length ? withHospitalNames(data, await hospitalNames(db, ccns)) : data;
}

/**
 * The stamp of a read of the index rows that starts now (ADR 038): the database's identity and
 * the database snapshot now, which the change journal is later compared with.
 */
export async function readBuildStamp(db: Pick<Db, 'sql'>): Promise<{ identity: string; snapshot: string; at: number }> {
  const { rows } = await db.sql.query<{ identity: string; snapshot: string }>(
    `SELECT (SELECT id::text FROM directory_identity ORDER BY created_at LIMIT 1) AS identity,
            pg_current_snapshot()::text AS snapshot`,
  );
  return { ...rows[0], at: Date.now() };
}

/** The key the snapshot file is signed with (migration 0049; ADR 049), or null when there is none. */
export async function readSnapshotKey(db: Pick<Db, 'sql'>): Promise<Buffer | null> {
  const { rows } = await db.sql.query<{ key: string }>(
    `SELECT encode(secret, 'hex') AS key FROM server_secrets WHERE name = 'index-snapshot'`,
  );
  return rows[0] ? Buffer.from(rows[0].key, 'hex') : null;
}

/**
 * What changed since a read stamped `stamp` began: the physicians the change journal names for
 * transactions that read could not see (in progress then, or begun later), or `everything` when
 * one of them was too large to name (a bulk import, a TRUNCATE). Null when the stamp is another
 * database's.
 */
export async function readChangesSince(
  db: Pick<Db, 'sql'>,
  stamp: { identity: string; snapshot: string },
): Promise<{ everything: boolean; ids: number[] } | null> {
  const { rows } = await db.sql.query<{ identity: string; everything: boolean | null; ids: number[] | null }>(
    `SELECT (SELECT id::text FROM directory_identity ORDER BY created_at LIMIT 1) AS identity,
            bool_or(physician_id IS NULL) AS everything,
            array_agg(DISTINCT physician_id) FILTER (WHERE physician_id IS NOT NULL) AS ids
     FROM directory_changes WHERE NOT pg_visible_in_snapshot(xid, $1::pg_snapshot)`,
    [stamp.snapshot],
  );
  const row = rows[0];
  if (row.identity !== stamp.identity) return null;
  return { everything: row.everything === true, ids: (row.ids ?? []).map(Number) };
}

/** Deletes change-journal rows older than `before` (in batches other processes skip); returns how many. */
export async function purgeChangeJournal(db: Pick<Db, 'sql'>, before: Date): Promise<number> {
  let purged = 0;
  for (;;) {
    const { rows } = await db.sql.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM directory_changes WHERE id IN (
           SELECT id FROM directory_changes WHERE changed_at < $1 LIMIT 10000 FOR UPDATE SKIP LOCKED)
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [before],
    );
    purged += rows[0].n;
    if (rows[0].n < 10_000) return purged;
  }
}

/** The SQL the index rows are read with: a snapshot file written from other SQL is not used. */
export const INDEX_ROWS_SOURCE = `${INDEX_FROM} ${FAST_LINE} ${SAFE_LINE}`;

export async function countPhysicians(db: Pick<Db, 'sql'>): Promise<number> {
  const { rows } = await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM physicians');
  return rows[0].n;
}

const SUMMARY_COLUMNS = `
  p.id, p.npi, p.first_name, p.middle_name, p.last_name, p.title, p.credential, p.specialty, p.sub_specialty,
  p.organization, p.organization_size, p.organization_revenue, p.organization_industry,
  p.city, p.state, p.skills, p.education, p.linkedin_url, p.verified_at, p.in_training, p.moved_on::text AS moved_on,
  ${facilityNamesJson('p')} AS hospitals,
  ${HAS_SHOWABLE('c', 'personal_email', 'work_email')} AS has_email,
  ${HAS_SHOWABLE('c', 'mobile_phone', 'office_phone')} AS has_phone`;

const PROFILE_COLUMNS = `${SUMMARY_COLUMNS},
  p.secondary_specialty, p.medical_school, p.graduation_year, p.gender, p.languages,
  p.board_certified, p.hospital_affiliation, p.license_states, p.accepting_new_patients,
  p.accepting_medicaid, p.telehealth, coalesce(af.list, '[]') AS hospital_affiliations,
  p.location_source, p.location_source_date::text AS location_source_date,
  CASE WHEN c.office_phone IS NOT NULL THEN c.office_phone_source END AS phone_source,
  CASE WHEN c.office_phone IS NOT NULL THEN c.office_phone_source_date::text END AS phone_source_date`;

type SummaryRecord = {
  id: number;
  npi: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  title: string | null;
  credential: string | null;
  specialty: string | null;
  sub_specialty: string | null;
  organization: string | null;
  organization_size: string | null;
  organization_revenue: string | null;
  organization_industry: string | null;
  city: string | null;
  state: string | null;
  skills: string[] | null;
  education: unknown;
  /** The facilities' names (facilityNamesJson). */
  hospitals: string[] | null;
  linkedin_url: string | null;
  /** A timestamp, or whole milliseconds since 1970. */
  verified_at: Date | string | number | null;
  has_email: boolean;
  has_phone: boolean;
  in_training: boolean;
  moved_on: string | null;
};

type ProfileRecord = SummaryRecord & {
  secondary_specialty: string | null;
  medical_school: string | null;
  graduation_year: number | null;
  gender: string | null;
  languages: string[] | null;
  board_certified: boolean | null;
  hospital_affiliation: string | null;
  license_states: string[] | null;
  accepting_new_patients: boolean | null;
  accepting_medicaid: boolean | null;
  telehealth: boolean | null;
  hospital_affiliations: HospitalAffiliation[] | null;
  location_source: FieldSource['source'] | null;
  location_source_date: string | null;
  phone_source: FieldSource['source'] | null;
  phone_source_date: string | null;
};

const CHANGE_FIELD_NAMES: Record<string, PhysicianChange['field']> = {
  city: 'city',
  state: 'state',
  zip: 'zip',
  organization: 'organization',
  license_states: 'licenseStates',
  hospitals: 'hospitals',
};

const sourceOf = (source: FieldSource['source'] | null, date: string | null): FieldSource | null =>
  source && date ? { source, date } : null;

type ChangeRecord = {
  field: string;
  old_value: string;
  new_value: string | null;
  source: PhysicianChange['source'];
  source_date: string;
};

/**
 * The latest changes imports made to the physician `p` (move signals, ADR 035), newest first, as a
 * JSON array: a column of the profile's own statement, so a profile read is one round trip.
 */
const RECENT_CHANGES_COLUMN = `(SELECT coalesce(json_agg(x ORDER BY x.sort_date DESC, x.id DESC), '[]')
     FROM (SELECT id, source_date AS sort_date, field, old_value, new_value, source, source_date::text AS source_date
           FROM physician_changes WHERE physician_id = p.id
           ORDER BY source_date DESC, id DESC LIMIT ${RECENT_CHANGES_MAX}) x) AS recent_changes`;

function toChanges(records: ChangeRecord[] | null): PhysicianChange[] {
  return (records ?? []).map((r) => ({
    field: CHANGE_FIELD_NAMES[r.field]!,
    oldValue: r.old_value,
    newValue: r.new_value,
    source: r.source,
    date: r.source_date,
  }));
}

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' ? value : value == null ? null : String(value);

/** Education is stored as jsonb entries; anything malformed (e.g. from an import) is skipped. */
function educationOf(value: unknown): PhysicianSummary['education'] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (e): e is Record<string, unknown> =>
        !!e && typeof e === 'object' && typeof (e as { schoolName?: unknown }).schoolName === 'string',
    )
    .map((e) => ({
      schoolName: e.schoolName as string,
      degree: textOrNull(e.degree) ?? '',
      field: textOrNull(e.field),
      startDate: textOrNull(e.startDate),
      endDate: textOrNull(e.endDate),
    }));
}

function toSummary(r: SummaryRecord): PhysicianSummary {
  const location = [r.city, r.state].filter((v) => v && v.trim()).join(', ');
  return {
    id: r.id,
    npi: r.npi,
    firstName: r.first_name,
    middleName: r.middle_name,
    lastName: r.last_name,
    title: r.title,
    credential: r.credential,
    specialty: r.specialty,
    subSpecialty: r.sub_specialty,
    organization: r.organization,
    organizationSize: r.organization_size,
    organizationRevenue: r.organization_revenue,
    organizationIndustry: r.organization_industry,
    city: r.city,
    state: r.state,
    location: location || null,
    skills: r.skills ?? [],
    education: educationOf(r.education),
    linkedinUrl: r.linkedin_url,
    hasEmail: r.has_email,
    hasPhone: r.has_phone,
    verifiedAt: r.verified_at ? new Date(r.verified_at).toISOString() : null,
    inTraining: r.in_training,
    movedOn: r.moved_on,
    hospitals: r.hospitals ?? [],
  };
}

/** The summary's text columns, in the order of a summary line (after the id and the NULL mask). */
const SUMMARY_TEXT_COLUMNS = [
  'npi',
  'first_name',
  'middle_name',
  'last_name',
  'title',
  'credential',
  'specialty',
  'sub_specialty',
  'organization',
  'organization_size',
  'organization_revenue',
  'organization_industry',
  'city',
  'state',
  'linkedin_url',
] as const;
type SummaryTextColumn = (typeof SUMMARY_TEXT_COLUMNS)[number];
/** Where a summary line's parts are (the line split at FIELD_SEP). */
const TEXT_AT = 2;
const VERIFIED_AT = TEXT_AT + SUMMARY_TEXT_COLUMNS.length;
const SUMMARY_LINE_FIELDS = VERIFIED_AT + 6;

/**
 * The page's rows as one text: one line per physician, fields separated by FIELD_SEP (the search
 * index's separators, search-index/wire-format.ts): the id; a mask of the text columns that are
 * NULL (bit i for SUMMARY_TEXT_COLUMNS[i]); those columns ('' for NULL); verified_at in whole
 * milliseconds and moved_on ('' for NULL); in training, has email and has phone ('t' / 'f'); and
 * skills, education and the facilities' names as one JSON array (JSON escapes every separator). Lines are separated by
 * ROW_SEP. The hot query of every search, planned once per connection: making JSON of the 25 wide
 * rows cost the database more than reading them (ADR 045), and splitting this text costs the
 * server less than parsing that JSON. A page whose separators do not add up, because a value holds
 * one, is read again as JSON (SUMMARIES_AS_JSON).
 */
const SUMMARY_LINE = (() => {
  const text = (column: string) => `coalesce(p.${column}, '')`;
  const nullMask = SUMMARY_TEXT_COLUMNS.map((column, i) => `CASE WHEN p.${column} IS NULL THEN ${2 ** i} ELSE 0 END`);
  const yesNo = (condition: string) => `CASE WHEN ${condition} THEN 't' ELSE 'f' END`;
  return `concat_ws(E'\\x1f', p.id::text, (${nullMask.join(' + ')})::text,
    ${SUMMARY_TEXT_COLUMNS.map(text).join(', ')},
    coalesce(floor(extract(epoch from p.verified_at) * 1000)::bigint::text, ''),
    coalesce(p.moved_on::text, ''),
    ${yesNo('p.in_training')},
    ${yesNo(HAS_SHOWABLE('c', 'personal_email', 'work_email'))},
    ${yesNo(HAS_SHOWABLE('c', 'mobile_phone', 'office_phone'))},
    json_build_array(p.skills, p.education, ${facilityNamesJson('p')})::text)`;
})();
const SUMMARIES_BY_IDS = preparedStatement(
  'summaries_by_ids',
  `SELECT count(*)::int AS n, string_agg(${SUMMARY_LINE}, E'\\x1e') AS data
     FROM physicians p LEFT JOIN physician_contacts c ON c.physician_id = p.id
    WHERE p.id = ANY($1::int[])`,
);
/** The same rows as JSON records (SummaryRecord): exact whatever the values hold. */
const SUMMARIES_AS_JSON = `SELECT json_agg(r)::text AS data FROM (
     SELECT ${SUMMARY_COLUMNS} FROM physicians p LEFT JOIN physician_contacts c ON c.physician_id = p.id
     WHERE p.id = ANY($1::int[])) r`;

function summaryRecordOf(line: string): SummaryRecord {
  const f = line.split(FIELD_SEP);
  const nulls = Number(f[1]);
  const texts = {} as Record<SummaryTextColumn, string | null>;
  for (let i = 0; i < SUMMARY_TEXT_COLUMNS.length; i++) {
    texts[SUMMARY_TEXT_COLUMNS[i]] = nulls & (2 ** i) ? null : f[TEXT_AT + i];
  }
  const [skills, education, hospitals] = JSON.parse(f[VERIFIED_AT + 5]) as [string[] | null, unknown, string[] | null];
  return {
    ...texts,
    id: Number(f[0]),
    first_name: texts.first_name ?? '',
    last_name: texts.last_name ?? '',
    verified_at: f[VERIFIED_AT] === '' ? null : Number(f[VERIFIED_AT]),
    moved_on: f[VERIFIED_AT + 1] || null,
    in_training: f[VERIFIED_AT + 2] === 't',
    has_email: f[VERIFIED_AT + 3] === 't',
    has_phone: f[VERIFIED_AT + 4] === 't',
    skills,
    education,
    hospitals,
  };
}

/** Summaries for these ids, in the order given (unknown ids are skipped). */
export async function findSummariesByIds(
  db: Pick<Db, 'sql'>,
  ids: readonly number[],
): Promise<PhysicianSummary[]> {
  if (ids.length === 0) return [];
  const [page] = (await db.sql.query<{ n: number; data: string | null }>(SUMMARIES_BY_IDS, [ids])).rows;
  const byId = new Map<number, SummaryRecord>();
  if (page.n > 0 && linesWellFormed(page.data ?? '', page.n, SUMMARY_LINE_FIELDS)) {
    for (const line of page.data!.split(ROW_SEP)) {
      const record = summaryRecordOf(line);
      byId.set(record.id, record);
    }
  } else if (page.n > 0) {
    const [json] = (await db.sql.query<{ data: string | null }>(SUMMARIES_AS_JSON, [ids])).rows;
    for (const record of JSON.parse(json.data ?? '[]') as SummaryRecord[]) byId.set(record.id, record);
  }
  const out: PhysicianSummary[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row) out.push(toSummary(row));
  }
  return out;
}

/** A profile's row and its recent changes (every profile read; planned once per connection). */
const PROFILE_BY_ID = preparedStatement(
  'profile_by_id',
  `SELECT ${PROFILE_COLUMNS}, ${RECENT_CHANGES_COLUMN} FROM physicians p LEFT JOIN physician_contacts c ON c.physician_id = p.id
     LEFT JOIN ${affiliationsOf('ARRAY[$1::int]')} af ON af.id = p.id WHERE p.id = $1`,
);

export async function findProfile(
  db: Pick<Db, 'sql'>,
  id: number,
  currentYear: number,
): Promise<Omit<PhysicianProfile, 'teamReveal' | 'inAts' | 'lookingStatus'> | null> {
  const { rows } = await db.sql.query<ProfileRecord & { recent_changes: ChangeRecord[] | null }>(PROFILE_BY_ID, [id]);
  const r = rows[0];
  if (!r) return null;
  return {
    ...toSummary(r),
    secondarySpecialty: r.secondary_specialty,
    medicalSchool: r.medical_school,
    graduationYear: r.graduation_year,
    yearsInPractice: r.graduation_year ? Math.max(0, currentYear - r.graduation_year) : null,
    gender: r.gender === 'M' || r.gender === 'F' ? r.gender : null,
    languages: r.languages ?? [],
    boardCertified: r.board_certified,
    hospitalAffiliation: r.hospital_affiliation,
    licenseStates: r.license_states ?? [],
    hospitalAffiliations: sortAffiliations(r.hospital_affiliations),
    acceptingNewPatients: r.accepting_new_patients,
    acceptingMedicaid: r.accepting_medicaid,
    telehealth: r.telehealth,
    sources: {
      location: sourceOf(r.location_source, r.location_source_date),
      phone: sourceOf(r.phone_source, r.phone_source_date),
    },
    recentChanges: toChanges(r.recent_changes),
  };
}
