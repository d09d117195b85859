import type { PhysicianProfile, PhysicianSummary } from '../../../contract/directory';
import type { Db } from '../../db/client';
import type { IndexRow } from './search-index';

/*
 * The directory's SQL. Contact values (emails, phones) are never selected here: the summary and
 * profile queries only ask physician_contacts whether a value exists.
 */

const SEP = '\u001f';

/** The searchable fields of each physician, as the in-memory index reads them. */
const INDEX_SELECT = `
  SELECT id, npi, first_name, last_name, title, credential, specialty, organization,
    organization_size, organization_revenue, organization_industry, city, state, medical_school,
    hospital_affiliation, gender, graduation_year, board_certified, accepting_new_patients, telehealth,
    array_to_string(skills, E'\\x1f') AS skills,
    array_to_string(languages, E'\\x1f') AS languages,
    array_to_string(license_states, E'\\x1f') AS license_states,
    CASE WHEN jsonb_typeof(education) = 'array' THEN
      (SELECT string_agg(e->>'degree', E'\\x1f') FROM jsonb_array_elements(education) e)
    END AS degrees
  FROM physicians`;

const split = (value: unknown): string[] => (typeof value === 'string' && value !== '' ? value.split(SEP) : []);

function toIndexRow(r: unknown[]): IndexRow {
  return {
    id: r[0] as number,
    npi: r[1] as string | null,
    firstName: r[2] as string,
    lastName: r[3] as string,
    title: r[4] as string | null,
    credential: r[5] as string | null,
    specialty: r[6] as string | null,
    organization: r[7] as string | null,
    organizationSize: r[8] as string | null,
    organizationRevenue: r[9] as string | null,
    organizationIndustry: r[10] as string | null,
    city: r[11] as string | null,
    state: r[12] as string | null,
    medicalSchool: r[13] as string | null,
    hospitalAffiliation: r[14] as string | null,
    gender: r[15] as string | null,
    graduationYear: r[16] as number | null,
    boardCertified: r[17] as boolean | null,
    acceptingNewPatients: r[18] as boolean | null,
    telehealth: r[19] as boolean | null,
    skills: split(r[20]),
    languages: split(r[21]),
    licenseStates: split(r[22]),
    degrees: split(r[23]),
  };
}

/**
 * Every physician in id order, in batches (keyset paging). Each batch is its own short query, so
 * on PGlite, which answers one query at a time, requests are served between batches.
 */
export async function* readIndexRows(db: Pick<Db, 'sql'>, batchSize = 25_000): AsyncGenerator<IndexRow[]> {
  let after = 0;
  for (;;) {
    const rows = await db.sql.queryArrays(`${INDEX_SELECT} WHERE id > $1 ORDER BY id LIMIT $2`, [after, batchSize]);
    if (rows.length === 0) return;
    yield rows.map(toIndexRow);
    after = rows[rows.length - 1][0] as number;
    if (rows.length < batchSize) return;
  }
}

export async function readIndexRowsByIds(db: Pick<Db, 'sql'>, ids: readonly number[]): Promise<IndexRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.sql.queryArrays(`${INDEX_SELECT} WHERE id = ANY($1::int[]) ORDER BY id`, [ids]);
  return rows.map(toIndexRow);
}

export async function countPhysicians(db: Pick<Db, 'sql'>): Promise<number> {
  const { rows } = await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM physicians');
  return rows[0].n;
}

const SUMMARY_COLUMNS = `
  p.id, p.npi, p.first_name, p.middle_name, p.last_name, p.title, p.credential, p.specialty,
  p.organization, p.organization_size, p.organization_revenue, p.organization_industry,
  p.city, p.state, p.skills, p.education, p.linkedin_url,
  (coalesce(c.personal_email, '') <> '' OR coalesce(c.work_email, '') <> '') AS has_email,
  (coalesce(c.mobile_phone, '') <> '' OR coalesce(c.office_phone, '') <> '') AS has_phone`;

const PROFILE_COLUMNS = `${SUMMARY_COLUMNS},
  p.secondary_specialty, p.medical_school, p.graduation_year, p.gender, p.languages, p.board_certified,
  p.hospital_affiliation, p.license_states, p.accepting_new_patients, p.telehealth, p.verified_at`;

type SummaryRecord = {
  id: number;
  npi: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  title: string | null;
  credential: string | null;
  specialty: string | null;
  organization: string | null;
  organization_size: string | null;
  organization_revenue: string | null;
  organization_industry: string | null;
  city: string | null;
  state: string | null;
  skills: string[] | null;
  education: unknown;
  linkedin_url: string | null;
  has_email: boolean;
  has_phone: boolean;
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
  telehealth: boolean | null;
  verified_at: Date | null;
};

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : value == null ? null : String(value));

/** Education is stored as jsonb entries; anything malformed (e.g. from an import) is skipped. */
function educationOf(value: unknown): PhysicianSummary['education'] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((e): e is Record<string, unknown> => !!e && typeof e === 'object' && typeof (e as { schoolName?: unknown }).schoolName === 'string')
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
  };
}

/** Summaries for these ids, in the order given (unknown ids are skipped). */
export async function findSummariesByIds(db: Pick<Db, 'sql'>, ids: readonly number[]): Promise<PhysicianSummary[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.sql.query<SummaryRecord>(
    `SELECT ${SUMMARY_COLUMNS} FROM physicians p LEFT JOIN physician_contacts c ON c.physician_id = p.id
     WHERE p.id = ANY($1::int[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: PhysicianSummary[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row) out.push(toSummary(row));
  }
  return out;
}

export async function findProfile(db: Pick<Db, 'sql'>, id: number, currentYear: number): Promise<PhysicianProfile | null> {
  const { rows } = await db.sql.query<ProfileRecord>(
    `SELECT ${PROFILE_COLUMNS} FROM physicians p LEFT JOIN physician_contacts c ON c.physician_id = p.id WHERE p.id = $1`,
    [id],
  );
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
    acceptingNewPatients: r.accepting_new_patients,
    telehealth: r.telehealth,
    verifiedAt: r.verified_at ? new Date(r.verified_at).toISOString() : null,
  };
}
