import { FACILITY_TYPES, type HospitalAffiliation } from '../../../contract/affiliations';
import type { Db } from '../../db/client';

/*
 * A physician's CMS facility affiliations as the profile and the exports read them (ADR 063):
 * physicians.affiliations joined with the hospitals table for each facility and its parent.
 */

/**
 * The SQL of a derived table (id, list) of the physicians `ids` (an SQL int[] expression) that have
 * affiliations: `list`, a JSON array of them, each with its hospital's and its parent's details. One
 * join with the hospitals for the whole statement: a subquery per physician made the planner hash
 * the hospitals again for every row (35 ms of an export of 500 at 1,500,000 physicians).
 */
export const affiliationsOf = (ids: string) => `(
  SELECT x.id, json_agg(json_build_object(
    'ccn', x.a->>'ccn', 'facilityType', x.a->>'type', 'name', h.name, 'city', h.city, 'state', h.state, 'hospitalType', h.hospital_type,
    'parent', CASE WHEN x.a->>'parent' IS NULL THEN NULL ELSE json_build_object(
      'ccn', x.a->>'parent', 'name', ph.name, 'city', ph.city, 'state', ph.state, 'hospitalType', ph.hospital_type) END)) AS list
  FROM (SELECT p.id, a FROM physicians p
          CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(p.affiliations) = 'array' THEN p.affiliations ELSE '[]' END) a
         WHERE p.id = ANY(${ids})) x
  LEFT JOIN hospitals h ON h.ccn = x.a->>'ccn'
  LEFT JOIN hospitals ph ON ph.ccn = x.a->>'parent'
  GROUP BY x.id)`;

/**
 * The SQL of a JSON array of `alias`'s facilities' names as the search's cards show them (the
 * hospital's name, or 'CCN <n>' for one the hospitals file does not hold), in sortAffiliations'
 * order: hospitals first (FACILITY_TYPES order), named before numbered, by name. Each name is
 * looked up by its key (a scalar subquery: a join made the planner hash the hospitals for every
 * row of the page, 4 ms a page of 25 at 1,500,000 against 1.2 without the names; this, 1.3).
 */
export const facilityNamesJson = (alias: string) => `(
  SELECT coalesce(json_agg(coalesce(f.name, 'CCN ' || f.ccn) ORDER BY f.rank, f.name IS NULL, f.name, f.ccn), '[]')
  FROM (SELECT a->>'ccn' AS ccn,
               coalesce(array_position(ARRAY[${FACILITY_TYPES.map((t) => `'${t}'`).join(', ')}]::text[], a->>'type'), ${FACILITY_TYPES.length + 1}) AS rank,
               (SELECT h.name FROM hospitals h WHERE h.ccn = a->>'ccn') AS name
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${alias}.affiliations) = 'array' THEN ${alias}.affiliations ELSE '[]' END) a) f)`;

const typeRank = (type: string) => {
  const at = (FACILITY_TYPES as readonly string[]).indexOf(type);
  return at === -1 ? FACILITY_TYPES.length : at;
};

/** Hospitals first (the types in FACILITY_TYPES order), then named before numbered, by name, by CCN. */
export function sortAffiliations(list: HospitalAffiliation[] | null | undefined): HospitalAffiliation[] {
  return [...(list ?? [])].sort(
    (a, b) =>
      typeRank(a.facilityType) - typeRank(b.facilityType) ||
      (a.name === null ? 1 : 0) - (b.name === null ? 1 : 0) ||
      (a.name ?? '').localeCompare(b.name ?? '') ||
      a.ccn.localeCompare(b.ccn),
  );
}

/** The place and type of these hospitals (CCN -> details; unknown CCNs absent). */
export async function findHospitals(
  db: Pick<Db, 'sql'>,
  ccns: readonly string[],
): Promise<Map<string, { city: string | null; state: string | null; hospitalType: string | null }>> {
  if (!ccns.length) return new Map();
  const { rows } = await db.sql.query<{ ccn: string; city: string | null; state: string | null; hospital_type: string | null }>(
    `SELECT ccn, city, state, hospital_type FROM hospitals WHERE ccn = ANY($1::text[])`,
    [ccns],
  );
  return new Map(rows.map((r) => [r.ccn, { city: r.city, state: r.state, hospitalType: r.hospital_type }]));
}
