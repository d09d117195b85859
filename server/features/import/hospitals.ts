import { CCN_PATTERN } from '../../../contract/affiliations';
import type { Db } from '../../db/client';
import { headerColumns } from './header';
import { clean, copyText, phone, stateCode, titleCase, zip5, type Repairs } from './text';
import type { BatchResult, ImportKind, MapContext, RowOutcome } from './types';

/** One hospital of CMS's Hospital_General_Information.csv (ADR 063). */
export type HospitalRow = {
  ccn: string;
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  county: string | null;
  phone: string | null;
  hospitalType: string | null;
  ownership: string | null;
  emergencyServices: boolean | null;
};

/**
 * A CMS Certification Number as the files write it: six digits or capitals. A spreadsheet that
 * read it as a number dropped its leading zeros ('010001' -> '10001', '10001.0'): those get them
 * back and are counted. Anything else -> null.
 */
export function ccnText(value: string | undefined, repairs?: Repairs): string | null {
  const v = clean(value)?.toUpperCase().replace(/^"|"$/g, '');
  if (!v) return null;
  if (CCN_PATTERN.test(v)) return v;
  const digits = /^(\d{1,5})(?:\.0+)?$/.exec(v);
  if (digits && digits[1].length >= 4) {
    if (repairs) repairs.codes++;
    return digits[1].padStart(6, '0');
  }
  return null;
}

export function hospitalMapper(header: string[], context: MapContext): (record: string[]) => RowOutcome<HospitalRow> {
  const { repairs } = context;
  const { column, optional } = headerColumns(header, 'Not a Hospital General Information file');
  const c = {
    ccn: column('Facility ID', 'Provider ID'),
    name: column('Facility Name', 'Hospital Name'),
    address: optional('Address'),
    city: column('City/Town', 'City'),
    state: column('State'),
    zip: optional('ZIP Code'),
    county: optional('County/Parish', 'County Name'),
    phone: optional('Telephone Number', 'Phone Number'),
    type: optional('Hospital Type'),
    ownership: optional('Hospital Ownership'),
    emergency: optional('Emergency Services'),
  };
  const at = (r: string[], i: number | undefined) => (i === undefined ? undefined : r[i]);
  return (r) => {
    const ccn = ccnText(r[c.ccn], repairs);
    if (!ccn) return { kind: 'malformed', reason: `Facility ID "${clean(r[c.ccn]) ?? ''}" is not a CMS Certification Number (6 characters)` };
    const name = titleCase(r[c.name]);
    if (!name) return { kind: 'malformed', reason: `Facility ${ccn} has no name` };
    const emergency = clean(at(r, c.emergency))?.toLowerCase();
    return {
      kind: 'row',
      npi: ccn,
      row: {
        ccn,
        name,
        address: titleCase(at(r, c.address)),
        city: titleCase(r[c.city]),
        state: stateCode(r[c.state]),
        zip: zip5(at(r, c.zip), repairs),
        county: titleCase(at(r, c.county)),
        phone: phone(at(r, c.phone), repairs),
        hospitalType: clean(at(r, c.type)),
        ownership: clean(at(r, c.ownership)),
        emergencyServices: emergency === 'yes' ? true : emergency === 'no' ? false : null,
      },
    };
  };
}

/** Two records of one CCN in a batch: the later one (a file lists each once). */
function foldHospitals(rows: HospitalRow[]): HospitalRow[] {
  return [...new Map(rows.map((row) => [row.ccn, row])).values()];
}

const COLUMNS = ['ccn', 'name', 'address', 'city', 'state', 'zip', 'county', 'phone', 'hospital_type', 'ownership', 'emergency_services'] as const;

function line(h: HospitalRow): string {
  return (
    [h.ccn, h.name, h.address, h.city, h.state, h.zip, h.county, h.phone, h.hospitalType, h.ownership, h.emergencyServices]
      .map(copyText)
      .join(',') + '\n'
  );
}

/**
 * Upserts the hospitals; a changed name, city or state is what the directory shows of the
 * physicians affiliated with it, so a batch that changed one tells every server to read the
 * directory again at its next start (a journal row for everything, ADR 038).
 */
export async function writeHospitalBatch(tx: Db, rows: HospitalRow[]): Promise<BatchResult> {
  if (!rows.length) return { inserted: 0, updated: 0, removed: 0, written: 0 };
  await tx.sql.exec(
    `CREATE TEMP TABLE import_hospital_staging (
      ccn text PRIMARY KEY, name text, address text, city text, state text, zip text, county text, phone text,
      hospital_type text, ownership text, emergency_services boolean
    ) ON COMMIT DROP`,
  );
  await tx.sql.copyFrom('import_hospital_staging', COLUMNS, rows.map(line).join(''));
  const rest = COLUMNS.filter((col) => col !== 'ccn');
  // What physicians' rows show of a hospital (its name, place and type): changed, or a CCN named for the first time.
  const shown = await tx.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM import_hospital_staging s LEFT JOIN hospitals h USING (ccn)
     WHERE h.ccn IS NULL OR (h.name, h.city, h.state, h.hospital_type) IS DISTINCT FROM (s.name, s.city, s.state, s.hospital_type)`,
  );
  // xmax = 0: the row was inserted (not updated) by this statement.
  const written = await tx.sql.query<{ inserted: boolean }>(
    `INSERT INTO hospitals AS h (${COLUMNS.join(', ')})
     SELECT ${COLUMNS.join(', ')} FROM import_hospital_staging
     ON CONFLICT (ccn) DO UPDATE SET ${rest.map((col) => `${col} = EXCLUDED.${col}`).join(', ')}, updated_at = now()
       WHERE (${rest.map((col) => `h.${col}`).join(', ')}) IS DISTINCT FROM (${rest.map((col) => `EXCLUDED.${col}`).join(', ')})
     RETURNING (h.xmax = 0) AS inserted`,
  );
  const inserted = written.rows.filter((r) => r.inserted).length;
  if (shown.rows[0]!.n > 0) await tx.sql.query(`INSERT INTO directory_changes (physician_id) VALUES (NULL)`);
  return { inserted, updated: written.rows.length - inserted, removed: 0, written: rows.length };
}

export const HOSPITALS: ImportKind<HospitalRow> = {
  kind: 'hospitals',
  datedByFile: false,
  physicians: false,
  filePattern: /^Hospital_General_Information.*\.csv$/i,
  // Every record starts with the CCN, quoted or not (a spreadsheet may have shortened it).
  recordStart: /^\uFEFF?"?[0-9A-Z]{4,6}(?:\.0)?"?,/,
  mapper: hospitalMapper,
  fold: foldHospitals,
  writeBatch: (tx, rows) => writeHospitalBatch(tx, rows),
};
