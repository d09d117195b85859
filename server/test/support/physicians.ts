import type { Db } from '../../db/client';

/**
 * Directory rows for tests: `insertPhysicians(db, rows)` writes partial rows in one statement per
 * chunk and returns their ids in the order given. A field left out takes the column's own default
 * (NULL, an empty array, source 'demo'), so a row holds exactly what its test wrote; only the two
 * required names have defaults here. Tests call the directory's `directoryChanged()` themselves.
 */
export type PhysicianRow = {
  id?: number;
  npi?: string | null;
  firstName?: string;
  middleName?: string | null;
  lastName?: string;
  title?: string | null;
  credential?: string | null;
  specialty?: string | null;
  subSpecialty?: string | null;
  secondarySpecialty?: string | null;
  organization?: string | null;
  organizationSize?: string | null;
  organizationRevenue?: string | null;
  organizationIndustry?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  skills?: string[];
  /** Stored as jsonb (written as JSON, so pass the value, not a JSON string). */
  education?: unknown;
  medicalSchool?: string | null;
  graduationYear?: number | null;
  gender?: 'M' | 'F' | null;
  languages?: string[];
  boardCertified?: boolean | null;
  hospitalAffiliation?: string | null;
  licenseStates?: string[];
  /** CMS facility affiliations, stored as jsonb: [{ ccn, type, parent }] (ADR 063). */
  affiliations?: { ccn: string; type: string; parent: string | null }[] | null;
  acceptingNewPatients?: boolean | null;
  acceptingMedicaid?: boolean | null;
  telehealth?: boolean | null;
  linkedinUrl?: string | null;
  source?: 'demo' | 'nppes' | 'dac' | 'resume';
  inTraining?: boolean;
  /** The day of the last move (ADR 035): 'YYYY-MM-DD'. */
  movedOn?: string | null;
  verifiedAt?: string | Date | null;
  createdAt?: string | Date;
  updatedAt?: string | Date;
};

/** Each field's column and the type its parameter is read as. */
const COLUMNS: Record<keyof PhysicianRow, [column: string, type: string]> = {
  id: ['id', 'int'],
  npi: ['npi', 'text'],
  firstName: ['first_name', 'text'],
  middleName: ['middle_name', 'text'],
  lastName: ['last_name', 'text'],
  title: ['title', 'text'],
  credential: ['credential', 'text'],
  specialty: ['specialty', 'text'],
  subSpecialty: ['sub_specialty', 'text'],
  secondarySpecialty: ['secondary_specialty', 'text'],
  organization: ['organization', 'text'],
  organizationSize: ['organization_size', 'text'],
  organizationRevenue: ['organization_revenue', 'text'],
  organizationIndustry: ['organization_industry', 'text'],
  city: ['city', 'text'],
  state: ['state', 'text'],
  zip: ['zip', 'text'],
  skills: ['skills', 'text[]'],
  education: ['education', 'jsonb'],
  medicalSchool: ['medical_school', 'text'],
  graduationYear: ['graduation_year', 'int'],
  gender: ['gender', 'text'],
  languages: ['languages', 'text[]'],
  boardCertified: ['board_certified', 'boolean'],
  hospitalAffiliation: ['hospital_affiliation', 'text'],
  licenseStates: ['license_states', 'text[]'],
  affiliations: ['affiliations', 'jsonb'],
  acceptingNewPatients: ['accepting_new_patients', 'boolean'],
  acceptingMedicaid: ['accepting_medicaid', 'boolean'],
  telehealth: ['telehealth', 'boolean'],
  linkedinUrl: ['linkedin_url', 'text'],
  source: ['source', 'text'],
  inTraining: ['in_training', 'boolean'],
  movedOn: ['moved_on', 'date'],
  verifiedAt: ['verified_at', 'timestamptz'],
  createdAt: ['created_at', 'timestamptz'],
  updatedAt: ['updated_at', 'timestamptz'],
};

/** Rows per statement: far below PostgreSQL's 65,535 parameters with every column set. */
const CHUNK = 1_000;

let unnamed = 0;

export async function insertPhysicians(db: Pick<Db, 'sql'>, rows: PhysicianRow[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK).map((row) => ({
      ...row,
      firstName: row.firstName ?? 'Test',
      lastName: row.lastName ?? `Physician${row.id ?? ++unnamed}`,
    }));
    const fields = (Object.keys(COLUMNS) as (keyof PhysicianRow)[]).filter((field) =>
      chunk.some((row) => row[field] !== undefined),
    );
    const params: unknown[] = [];
    const values = chunk.map((row) => {
      const cells = fields.map((field) => {
        const value = row[field];
        if (value === undefined) return 'DEFAULT';
        params.push((field === 'education' || field === 'affiliations') && value !== null ? JSON.stringify(value) : value);
        return `$${params.length}::${COLUMNS[field][1]}`;
      });
      return `(${cells.join(', ')})`;
    });
    const { rows: inserted } = await db.sql.query<{ id: number }>(
      `INSERT INTO physicians (${fields.map((field) => COLUMNS[field][0]).join(', ')}) VALUES ${values.join(', ')} RETURNING id`,
      params,
    );
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** A physician row, for a test that inserts one. */
export async function insertPhysician(db: Pick<Db, 'sql'>, row: PhysicianRow = {}): Promise<number> {
  const [id] = await insertPhysicians(db, [row]);
  return id;
}
