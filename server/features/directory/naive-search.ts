import { US_STATES } from '../../../contract/directory-options';
import { EMAIL_VERIFIED_SQL, MOBILE_VALID_SQL } from '../verification';
import type { SortDirection, SortKey } from '../../../contract/directory';
import type { Db } from '../../db/client';
import { WORD_BREAK_SQL, type SearchCriteria } from './criteria';
import { EARTH_RADIUS_MILES, zipsInBox } from './geo';
import { sortKeySql, trimSql } from './sort-key';

/*
 * The search rules of document 2, section 5 written as plain SQL in the original's shape: ILIKE
 * across the six text columns, an exact count(*) and LIMIT/OFFSET, with no index able to help.
 * Not used by the app: the benchmark measures it as the baseline, and the tests and the
 * benchmark use it as an independent oracle for the in-memory index's totals.
 */

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => '\\' + ch);

/*
 * Text as the index sees it: its wire format blanks the separator characters U+001C-U+001F
 * inside values (a value holding one counts as having a space there), and its equality tests
 * trim as JavaScript does (any Unicode white space, not only spaces).
 */
const blanked = (column: string) => `translate(${column}, E'\\x1c\\x1d\\x1e\\x1f', '    ')`;
/** The value compared by the equality filters: blanked, trimmed, lower case. */
const norm = (column: string) => `lower(${trimSql(blanked(column))})`;

const STATES = US_STATES.map((s) => ({ code: s.code.toLowerCase(), name: s.name.toLowerCase() }));

/** Stored state values (lower case) that the state filter accepts for `wanted`. */
function exactStateValues(wanted: string): string[] {
  const out = new Set([wanted]);
  for (const s of STATES) {
    if (s.code !== wanted && s.name !== wanted) continue;
    out.add(s.code);
    out.add(s.name);
  }
  return [...out];
}

export function naiveSearchSql(
  c: SearchCriteria,
  sort: { sortKey: SortKey; sortDirection: SortDirection; offset: number; limit: number },
): { where: string; params: unknown[]; pageParams: unknown[]; countSql: string; pageSql: string } {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const like = (value: string) => p(`%${escapeLike(value)}%`);
  const and: string[] = [];
  const skillsText = `array_to_string(skills, E'\\x1f')`;

  const partialState = (text: string) => {
    const values = exactStateValues(text);
    if (text.length >= 3) for (const s of STATES) if (s.name.includes(text)) values.push(s.code, s.name);
    const parts = [`${norm('state')} = ANY(${p(values)})`];
    if (text.length >= 3) parts.push(`${blanked('state')} ILIKE ${like(text)}`);
    return `(${parts.join(' OR ')})`;
  };

  let specRule = '';
  if (c.words.length === 1) {
    // A word holds no white space or control character, so the raw columns match as blanked ones.
    const w = like(c.words[0]);
    specRule = `(first_name ILIKE ${w} OR last_name ILIKE ${w} OR specialty ILIKE ${w} OR ${skillsText} ILIKE ${w} OR organization ILIKE ${w} OR title ILIKE ${w})`;
  } else if (c.words.length > 1) {
    const first = like(c.words[0]);
    const rest = like(c.words.slice(1).join(' '));
    specRule = `((${blanked('first_name')} ILIKE ${first} AND ${blanked('last_name')} ILIKE ${rest}) OR (${blanked('first_name')} ILIKE ${rest} AND ${blanked('last_name')} ILIKE ${first}))`;
  }
  if (c.terms.length) {
    // ADR 020: every term matches one of the searched fields; a state after the comma, the state.
    const every = c.terms.map((term) => {
      const t = like(term);
      return `(first_name ILIKE ${t} OR last_name ILIKE ${t} OR specialty ILIKE ${t} OR ${skillsText} ILIKE ${t} OR organization ILIKE ${t} OR title ILIKE ${t} OR city ILIKE ${t} OR ${partialState(term)})`;
    });
    if (c.stateTerm) every.push(`${norm('state')} = ANY(${p(exactStateValues(c.stateTerm))})`);
    and.push(`(${specRule} OR (${every.join(' AND ')}))`);
  } else if (specRule) and.push(specRule);
  if (c.specialty.length) {
    and.push(
      '(' +
        c.specialty
          .map((v) =>
            v === 'physician'
              ? `${norm('specialty')} = 'physician'`
              : `${blanked('specialty')} ILIKE ${like(v)}`,
          )
          .join(' OR ') +
        ')',
    );
  }
  // Items joined as the index reads them: U+001C between items, the other separators blanked.
  const skillItems = `translate(array_to_string(skills, E'\\x1c'), E'\\x1d\\x1e\\x1f', '   ')`;
  for (const skill of c.skills) and.push(`${skillItems} ILIKE ${like(skill)}`);
  const normalized = (expr: string) => `regexp_replace(lower(${blanked(expr)}), '[.\\s]', '', 'g')`;
  if (c.education.length) {
    and.push(
      `(jsonb_typeof(education) = 'array' AND EXISTS (SELECT 1 FROM jsonb_array_elements(education) e WHERE ${normalized(`e->>'degree'`)} = ANY(${p(c.education)})))`,
    );
  }
  const anyEqual = (column: string, values: string[]) => {
    if (values.length) and.push(`${norm(column)} = ANY(${p(values)})`);
  };
  anyEqual('organization_size', c.companySize);
  anyEqual('organization_revenue', c.companyRevenue);
  anyEqual('organization_industry', c.companyIndustry);
  if (c.state.length) anyEqual('state', c.state.flatMap(exactStateValues));
  if (c.licenseState.length) {
    and.push(
      `EXISTS (SELECT 1 FROM unnest(license_states) x WHERE ${norm('x')} = ANY(${p(c.licenseState.flatMap(exactStateValues))}))`,
    );
  }
  if (c.language.length)
    and.push(`EXISTS (SELECT 1 FROM unnest(languages) x WHERE ${norm('x')} = ANY(${p(c.language)}))`);
  if (c.credential.length) and.push(`${normalized('credential')} = ANY(${p(c.credential)})`);
  if (c.gender) and.push(`${norm('gender')} = ${p(c.gender.toLowerCase())}`);

  if (c.location?.either)
    and.push(`(${blanked('city')} ILIKE ${like(c.location.either)} OR ${partialState(c.location.either)})`);
  else if (c.location)
    and.push(`${blanked('city')} ILIKE ${like(c.location.city!)}`, partialState(c.location.state!));

  const partial = (column: string, value: string | null) => {
    if (value) and.push(`${blanked(column)} ILIKE ${like(value)}`);
  };
  partial('title', c.title);
  partial('organization', c.organization);
  partial('city', c.city);
  partial('medical_school', c.medicalSchool);
  partial('hospital_affiliation', c.hospitalAffiliation);
  // Only a 10-digit NPI is one (the index keeps no other value).
  if (c.npi) and.push(`npi LIKE ${p(escapeLike(c.npi) + '%')} AND npi ~ '^[0-9]{10}$'`);
  if (c.graduationYearMin !== null) and.push(`graduation_year >= ${p(c.graduationYearMin)}`);
  if (c.graduationYearMax !== null) and.push(`graduation_year <= ${p(c.graduationYearMax)}`);
  if (c.boardCertified !== null) and.push(`board_certified = ${p(c.boardCertified)}`);
  if (c.acceptingNewPatients !== null) and.push(`accepting_new_patients = ${p(c.acceptingNewPatients)}`);
  if (c.telehealth !== null) and.push(`telehealth = ${p(c.telehealth)}`);

  // issue 14 (ADR 023)
  anyEqual('sub_specialty', c.subSpecialty);
  anyEqual('secondary_specialty', c.secondarySpecialty);
  anyEqual('source', c.source);
  if (c.acceptingMedicaid !== null) and.push(`accepting_medicaid = ${p(c.acceptingMedicaid)}`);
  const contact = (column: string, wanted: boolean | null) => {
    if (wanted === null) return;
    const exists = `EXISTS (SELECT 1 FROM physician_contacts c WHERE c.physician_id = physicians.id AND coalesce(c.${column}, '') <> '')`;
    and.push(wanted ? exists : `NOT ${exists}`);
  };
  contact('mobile_phone', c.hasMobile);
  contact('personal_email', c.hasPersonalEmail);
  const checked = (sql: string, wanted: boolean | null) => {
    if (wanted === null) return;
    const exists = `EXISTS (SELECT 1 FROM physician_contacts c WHERE c.physician_id = physicians.id AND (${sql}))`;
    and.push(wanted ? exists : `NOT ${exists}`);
  };
  checked(EMAIL_VERIFIED_SQL('c'), c.emailVerified);
  checked(MOBILE_VALID_SQL('c'), c.mobileValid);
  if (c.hasLinkedin !== null) and.push(`(coalesce(linkedin_url, '') <> '') = ${p(c.hasLinkedin)}`);
  if (c.verifiedSince !== null)
    and.push(`verified_at >= ${p(new Date(c.verifiedSince).toISOString())}::timestamptz`);
  if (c.addedSince !== null)
    and.push(`created_at >= ${p(new Date(c.addedSince).toISOString())}::timestamptz`);
  // Whole milliseconds, as the index keeps them.
  if (c.changedSince !== null)
    and.push(`floor(extract(epoch from updated_at) * 1000) > ${p(c.changedSince)}`);
  // The physician's ZIP: the first five characters of the trimmed value, when they are digits.
  const zip5 = `left(${trimSql(blanked('physicians.zip'))}, 5)`;
  if (c.zip) and.push(`${zip5} ~ '^[0-9]{5}$' AND ${zip5} LIKE ${p(c.zip + '%')}`);
  let nearRows = '';
  if (c.near) {
    // The centroids of the ZIPs in the radius's bounding box, and each one's great-circle
    // distance (haversine, R = 3958.8 mi) computed here in SQL.
    const box = zipsInBox(c.near, c.near.miles);
    const lat = p(c.near.lat);
    const lon = p(c.near.lon);
    const hav = `power(sin(radians(z.lat - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(z.lat)) * power(sin(radians(z.lon - ${lon}) / 2), 2)`;
    nearRows = `(SELECT z.zip5, 2 * ${EARTH_RADIUS_MILES} * asin(least(1, sqrt(${hav}))) AS miles
      FROM unnest(${p(box.zips)}::text[], ${p(box.lat)}::float8[], ${p(box.lon)}::float8[]) AS z(zip5, lat, lon))`;
    and.push(`${zip5} IN (SELECT n.zip5 FROM ${nearRows} n WHERE n.miles <= ${p(c.near.miles)})`);
  }

  const where = and.length ? `WHERE ${and.join(' AND ')}` : '';
  const whereParams = [...params];
  const relevance = sort.sortKey === 'relevance';
  const dir = sort.sortDirection === 'desc' && !relevance ? 'DESC' : 'ASC';
  // The index's sort key (sort-key.ts): case and accents folded, code point order, blanks last.
  const key = (column: string) => `${sortKeySql(column, blanked(column))} COLLATE "C" ${dir} NULLS LAST`;
  const nameOrder = `${key('last_name')}, ${key('first_name')}, id ${dir}`;
  const orderBy =
    sort.sortKey === 'distance'
      ? `near_zips.miles ${dir}, id ${dir}`
      : sort.sortKey === 'name' || relevance
        ? `${relevance && c.words.length ? `${relevanceTierSql(c, p)}, ` : ''}${nameOrder}`
        : `${key(sort.sortKey === 'specialty' ? 'specialty' : 'city')}, id ${dir}`;
  return {
    where,
    /** The parameters of `where` (and countSql); pageSql's are `pageParams`. */
    params: whereParams,
    pageParams: params,
    countSql: `SELECT count(*)::int AS total FROM physicians ${where}`,
    // The distance order joins each row to its ZIP's distance (computed in SQL above).
    pageSql: `SELECT id FROM physicians${sort.sortKey === 'distance' ? ` JOIN ${nearRows} near_zips ON near_zips.zip5 = ${zip5}` : ''} ${where} ORDER BY ${orderBy} LIMIT ${sort.limit} OFFSET ${sort.offset}`,
  };
}

/**
 * The relevance tier of a row (ADR 020), the same tiers as the index's relevanceRanker: 0 full
 * name, 1 exact last name, 2 exact first name, 3 name prefix, 4 other matches of the several-word
 * name rule, 5 every term a whole word of specialty or title, 6 any other match.
 */
function relevanceTierSql(c: SearchCriteria, p: (value: unknown) => string): string {
  const exactOf = (column: string, w: string) => `${norm(column)} = ${p(w)}`;
  const prefixOf = (column: string, w: string) => `${norm(column)} LIKE ${p(escapeLike(w) + '%')}`;
  const partialOf = (column: string, w: string) => `${blanked(column)} ILIKE ${p(`%${escapeLike(w)}%`)}`;
  const wordsOf = (column: string) =>
    `regexp_split_to_array(lower(${blanked(column)}), ${p(WORD_BREAK_SQL)})`;
  const wholeTerms = c.terms.length ? c.terms : c.words;
  const whole = wholeTerms
    .map((w) => `(${p(w)} = ANY(${wordsOf('specialty')}) OR ${p(w)} = ANY(${wordsOf('title')}))`)
    .join(' AND ');
  const allWhole = `coalesce(${whole}, false)`;
  if (c.words.length === 1) {
    const w = c.words[0];
    return `CASE WHEN ${exactOf('last_name', w)} THEN 1 WHEN ${exactOf('first_name', w)} THEN 2
      WHEN ${prefixOf('last_name', w)} OR ${prefixOf('first_name', w)} THEN 3 WHEN ${allWhole} THEN 5 ELSE 6 END`;
  }
  const a = c.words[0];
  const b = c.words.slice(1).join(' ');
  const pairA = `(${partialOf('first_name', a)} AND ${partialOf('last_name', b)})`;
  const pairB = `(${partialOf('first_name', b)} AND ${partialOf('last_name', a)})`;
  return `CASE
    WHEN (${exactOf('first_name', a)} AND ${exactOf('last_name', b)}) OR (${exactOf('first_name', b)} AND ${exactOf('last_name', a)}) THEN 0
    WHEN (${pairA} AND ${exactOf('last_name', b)}) OR (${pairB} AND ${exactOf('last_name', a)}) THEN 1
    WHEN (${pairA} AND ${exactOf('first_name', a)}) OR (${pairB} AND ${exactOf('first_name', b)}) THEN 2
    WHEN (${pairA} AND (${prefixOf('first_name', a)} OR ${prefixOf('last_name', b)})) OR (${pairB} AND (${prefixOf('first_name', b)} OR ${prefixOf('last_name', a)})) THEN 3
    WHEN ${pairA} OR ${pairB} THEN 4
    WHEN ${allWhole} THEN 5 ELSE 6 END`;
}

/** Runs the naive shape: an exact count, then one page of ids. */
export async function naiveSearch(
  db: Pick<Db, 'sql'>,
  criteria: SearchCriteria,
  sort: { sortKey: SortKey; sortDirection: SortDirection; offset: number; limit: number },
): Promise<{ total: number; ids: number[] }> {
  const sql = naiveSearchSql(criteria, sort);
  const { rows: counted } = await db.sql.query<{ total: number }>(sql.countSql, sql.params);
  const { rows } = await db.sql.query<{ id: number }>(sql.pageSql, sql.pageParams);
  return { total: counted[0].total, ids: rows.map((r) => r.id) };
}
