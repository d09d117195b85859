import { FACILITY_TYPES } from '../../../contract/affiliations';
import type { Db } from '../../db/client';
import { firstFieldNpi, leadingNpi } from './groups';
import { headerColumns } from './header';
import { ccnText } from './hospitals';
import { clean, copyText, integerText } from './text';
import type { BatchContext, BatchResult, FinishContext, ImportKind, MapContext, RowOutcome } from './types';

/** One facility a physician is affiliated with (Facility_Affiliation.csv, ADR 063). */
export type Affiliation = { ccn: string; type: string; parent: string | null };
/** A physician's affiliations in one file (many records of one NPI fold into one). */
export type AffiliationRow = { npi: string; affiliations: Affiliation[] };

const TYPES = new Map(FACILITY_TYPES.map((t) => [t.toLowerCase(), t]));

/** The file's facility_type as the directory writes it (an unknown one kept, in sentence case). */
export function facilityType(value: string | undefined): string | null {
  const v = clean(value)?.replace(/\s+/g, ' ');
  if (!v) return null;
  return TYPES.get(v.toLowerCase()) ?? v.charAt(0).toUpperCase() + v.slice(1).toLowerCase();
}

export function affiliationMapper(header: string[], context: MapContext): (record: string[]) => RowOutcome<AffiliationRow> {
  const { repairs } = context;
  const { column } = headerColumns(header, 'Not a Facility Affiliation file');
  const c = {
    npi: column('NPI'),
    type: column('facility_type', 'Facility Type'),
    ccn: column('Facility Affiliations Certification Number', 'facility_afl_ccn'),
    parent: column('Facility Type Certification Number', 'parent_ccn'),
  };
  return (r) => {
    const npi = integerText(r[c.npi]?.trim() ?? '', repairs);
    if (!/^\d{10}$/.test(npi)) return { kind: 'malformed', reason: `NPI "${npi}" is not 10 digits` };
    const ccn = ccnText(r[c.ccn], repairs);
    if (!ccn) return { kind: 'malformed', reason: `Facility Affiliations Certification Number "${clean(r[c.ccn]) ?? ''}" is not a CMS Certification Number (6 characters)` };
    const type = facilityType(r[c.type]);
    if (!type) return { kind: 'malformed', reason: `facility_type is empty for NPI ${npi}` };
    const parentText = clean(r[c.parent]);
    const parent = parentText ? ccnText(parentText, repairs) : null;
    if (parentText && !parent) return { kind: 'malformed', reason: `Facility Type Certification Number "${parentText}" is not a CMS Certification Number (6 characters)` };
    return { kind: 'row', npi, row: { npi, affiliations: [{ ccn, type, parent: parent === ccn ? null : parent }] } };
  };
}

const order = (a: Affiliation, b: Affiliation) =>
  a.ccn < b.ccn ? -1 : a.ccn > b.ccn ? 1 : a.type < b.type ? -1 : a.type > b.type ? 1 : (a.parent ?? '') < (b.parent ?? '') ? -1 : 1;

/**
 * Two rows of one NPI -> one: their affiliations, one per CCN (the first by CCN, type, parent),
 * sorted by CCN. The same whatever order the records come in (ADR 056).
 */
export function mergeAffiliations(a: AffiliationRow, b: AffiliationRow): AffiliationRow {
  const all = [...a.affiliations, ...b.affiliations].sort(order);
  const out: Affiliation[] = [];
  for (const x of all) if (out[out.length - 1]?.ccn !== x.ccn) out.push(x);
  return { npi: a.npi, affiliations: out };
}

function foldAffiliations(rows: AffiliationRow[]): AffiliationRow[] {
  const byNpi = new Map<string, AffiliationRow>();
  for (const row of rows) {
    const seen = byNpi.get(row.npi);
    byNpi.set(row.npi, seen ? mergeAffiliations(seen, row) : mergeAffiliations(row, { npi: row.npi, affiliations: [] }));
  }
  return [...byNpi.values()];
}

/**
 * Replaces the affiliations of the batch's physicians (a physician's row changes only when its
 * facilities do: the change trigger records a new or ended one, migration 0061); NPIs the directory
 * does not hold are counted, not stored. Every NPI of the batch is remembered for the run, so the
 * end of a whole file can end the affiliations of physicians it no longer names (finishAffiliations).
 */
export async function writeAffiliationBatch(tx: Db, rows: AffiliationRow[], context: BatchContext): Promise<BatchResult> {
  if (!rows.length) return { inserted: 0, updated: 0, removed: 0, written: 0 };
  await tx.sql.exec(`CREATE TEMP TABLE import_affiliation_staging (npi text PRIMARY KEY, affiliations jsonb) ON COMMIT DROP`);
  await tx.sql.copyFrom(
    'import_affiliation_staging',
    ['npi', 'affiliations'],
    rows.map((r) => `${copyText(r.npi)},${copyText(JSON.stringify(r.affiliations))}\n`).join(''),
  );
  if (context.runId !== null) {
    await tx.sql.query(
      `INSERT INTO import_seen_npis (run_id, npi) SELECT $1, npi FROM import_affiliation_staging ON CONFLICT DO NOTHING`,
      [context.runId],
    );
  }
  const unknown = await tx.sql.query<{ absent: number; unnamed: number }>(
    `SELECT (SELECT count(*)::int FROM import_affiliation_staging s WHERE NOT EXISTS (SELECT 1 FROM physicians p WHERE p.npi = s.npi)) AS absent,
            (SELECT count(*)::int FROM import_affiliation_staging s, jsonb_array_elements(s.affiliations) a
             WHERE NOT EXISTS (SELECT 1 FROM hospitals h WHERE h.ccn = a->>'ccn')) AS unnamed`,
  );
  const updated = await tx.sql.query<{ id: number }>(
    `UPDATE physicians p SET affiliations = s.affiliations, updated_at = now()
     FROM import_affiliation_staging s
     WHERE p.npi = s.npi AND p.affiliations IS DISTINCT FROM s.affiliations
     RETURNING p.id`,
  );
  return {
    inserted: 0,
    updated: updated.rows.length,
    removed: 0,
    written: rows.length,
    notPhysician: unknown.rows[0]!.absent,
    unknownFacilities: unknown.rows[0]!.unnamed,
  };
}

/**
 * The end of a whole file: the physicians with affiliations it did not name have none now (each
 * an ended affiliation the change trigger records). Returns how many. A file not read whole ends
 * nothing. Either way the run's list of NPIs goes.
 */
export async function finishAffiliations(tx: Db, context: FinishContext): Promise<number> {
  if (!context.whole) {
    await tx.sql.query(`DELETE FROM import_seen_npis WHERE run_id = $1`, [context.runId]);
    return 0;
  }
  const ended = await tx.sql.query<{ id: number }>(
    `UPDATE physicians p SET affiliations = '[]'::jsonb, updated_at = now()
     WHERE jsonb_typeof(p.affiliations) = 'array' AND jsonb_array_length(p.affiliations) > 0
       AND NOT EXISTS (SELECT 1 FROM import_seen_npis s WHERE s.run_id = $1 AND s.npi = p.npi)
     RETURNING p.id`,
    [context.runId],
  );
  await tx.sql.query(`DELETE FROM import_seen_npis WHERE run_id = $1`, [context.runId]);
  return ended.rows.length;
}

export const AFFILIATIONS: ImportKind<AffiliationRow> = {
  kind: 'affiliations',
  // Its records carry no date: the file's dates the changes it makes.
  datedByFile: true,
  physicians: true,
  filePattern: /^Facility_Affiliation.*\.csv$/i,
  recordStart: /^\uFEFF?"?\d{10}(?:\.0)?"?,/,
  mapper: affiliationMapper,
  fold: foldAffiliations,
  grouped: { npiOfLine: leadingNpi, npiOfRecord: firstFieldNpi, merge: mergeAffiliations, npiOf: (row) => row.npi },
  writeBatch: (tx, rows, _deactivated, context) => writeAffiliationBatch(tx, rows, context),
  finish: finishAffiliations,
};
