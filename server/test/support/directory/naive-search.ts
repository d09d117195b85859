import { US_STATES } from '../../../../contract/directory-options';
import { IMLC_PRINCIPAL_STATES, imlcPrincipalLicences } from '../../../../contract/affiliations';
import { EMAIL_VERIFIED_SQL, MOBILE_VALID_SQL } from '../../../features/verification';
import type { SortDirection, SortKey } from '../../../../contract/directory';
import type { Db } from '../../../db/client';
import { searchTerm, WORD_SPLIT_SQL } from '../../../features/directory/search-index/data/search-words';
import { placeAliases, type SearchCriteria, type SpecialtyTermCriterion } from '../../../features/directory/search-index/query/criteria';
import { EARTH_RADIUS_MILES, zipsInBox } from '../../../features/directory/geo';
import { FOLD_FROM, FOLD_TO, sortKeySql, trimSql } from '../../../features/directory/sort-key';

/*
 * The search rules (docs/rules.md#search, #filters) written as plain SQL in the original's shape: a
 * match across the six text columns, an exact count(*) and LIMIT/OFFSET, with no index able to
 * help. Matching is by word prefix (criteria.ts, 'Word-prefix matching'): each value's words are
 * computed here in SQL with the same fold table and separator class as the index.
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

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
/**
 * A value's words as criteria.ts's searchWords makes them: ' ' before each word, accents folded,
 * lower case, split at WORD_SPLIT_SQL; NULL when it has none.
 */
function wordsSql(expression: string): string {
  const lower = `lower(${expression})`;
  const folded = `CASE WHEN octet_length(${expression}) = char_length(${expression}) THEN ${lower} ELSE translate(${lower}, ${literal(FOLD_FROM)}, ${literal(FOLD_TO)}) END`;
  return `(' ' || nullif(btrim(regexp_replace(${folded}, ${literal(WORD_SPLIT_SQL)}, ' ', 'g'), ' '), ''))`;
}
/** Whether a word of the state's name (3+ letters typed) starts with the term. */
const statesNamed = (term: string) =>
  term.length >= 3
    ? STATES.filter((s) => ` ${s.name}`.includes(` ${term}`)).flatMap((s) => [s.code, s.name])
    : [];

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
  const and: string[] = [];
  // Word-prefix and whole-word tests on one column or on any item of an array column.
  const prefixOf = (column: string, term: string) =>
    `${wordsSql(column)} LIKE ${p(`% ${escapeLike(term)}%`)}`;
  const wholeOf = (column: string, term: string) =>
    `(${wordsSql(column)} || ' ') LIKE ${p(`% ${escapeLike(term)} %`)}`;
  /** A city holding the term as a word prefix, or one of its place spellings as a whole word. */
  const cityOf = (term: string) => [prefixOf('city', term), ...placeAliases(term).map((a) => wholeOf('city', a))].join(' OR ');
  /** A city holding the term, or one of its place spellings, as a whole word. */
  const cityWhole = (term: string) => `(${[term, ...placeAliases(term)].map((a) => wholeOf('city', a)).join(' OR ')})`;
  const anyItem = (column: string, test: (item: string) => string) =>
    `EXISTS (SELECT 1 FROM unnest(${column}) AS item(v) WHERE ${test('item.v')})`;

  /** The state test of a search term (stateMatches, mode 'term'): 3+ letters of a word of the name. */
  const termState = (term: string) => {
    if (term.length < 3) return 'false';
    return `(${prefixOf('state', term)} OR ${norm('state')} = ANY(${p(statesNamed(term).filter((v) => v.length === 2))}))`;
  };
  /** The location filter's state test (stateMatches, mode 'partial'). */
  const partialState = (text: string) =>
    `(${norm('state')} = ANY(${p(exactStateValues(text))}) OR ${termState(searchTerm(text))})`;
  /** A specialty phrase: the specialty or sub-specialty, or its words in the title or a skill. */
  const specialtyExact = (t: SpecialtyTermCriterion) => {
    const names = [...t.specialties, ...t.subSpecialties];
    return `(${norm('specialty')} = ANY(${p(names)}) OR ${norm('sub_specialty')} = ANY(${p(names)}))`;
  };
  /** A phrase held by its own field: the specialties it names, or (naming none) its sub-specialties (ADR 052). */
  const specialtyOwn = (t: SpecialtyTermCriterion) =>
    t.specialties.length
      ? `${norm('specialty')} = ANY(${p(t.specialties)})`
      : `(${norm('specialty')} = ANY(${p(t.subSpecialties)}) OR ${norm('sub_specialty')} = ANY(${p(t.subSpecialties)}))`;
  const specialtyTermSql = (t: SpecialtyTermCriterion) =>
    `(${specialtyExact(t)} OR ${wholeOf('title', t.words)} OR ${anyItem('skills', (item) => wholeOf(item, t.words))})`;

  /** ADR 063: a physician's facilities (and their units' parent hospitals), each as the index's item ('<ccn> <name>'). */
  const facilities = `(SELECT a->>'ccn' AS ccn, a->>'type' AS type FROM jsonb_array_elements(CASE WHEN jsonb_typeof(affiliations) = 'array' THEN affiliations ELSE '[]' END) a
    UNION SELECT a->>'parent', NULL FROM jsonb_array_elements(CASE WHEN jsonb_typeof(affiliations) = 'array' THEN affiliations ELSE '[]' END) a WHERE a->>'parent' IS NOT NULL)`;
  const hospitalTerm = (t: string) =>
    `EXISTS (SELECT 1 FROM ${facilities} f LEFT JOIN hospitals h ON h.ccn = f.ccn WHERE ${prefixOf(`f.ccn || coalesce(' ' || h.name, '')`, t)})`;
  const sixFields = (w: string) =>
    [
      prefixOf('first_name', w),
      prefixOf('last_name', w),
      prefixOf('specialty', w),
      anyItem('skills', (item) => prefixOf(item, w)),
      prefixOf('organization', w),
      prefixOf('title', w),
    ].join(' OR ');
  let specRule = '';
  if (c.words.length === 1) {
    specRule = `(${sixFields(c.words[0])})`;
  } else if (c.words.length > 1) {
    const first = c.words[0];
    const rest = c.words.slice(1).join(' ');
    specRule = `((${prefixOf('first_name', first)} AND ${prefixOf('last_name', rest)}) OR (${prefixOf('first_name', rest)} AND ${prefixOf('last_name', first)}))`;
  }
  if (c.terms.length) {
    // ADR 020: every term matches one of the searched fields (cities and states too).
    const every = c.terms.map((t) => `(${sixFields(t)} OR ${cityOf(t)} OR ${termState(t)} OR ${hospitalTerm(t)})`);
    and.push(`(${specRule} OR (${every.join(' AND ')}))`);
  } else if (specRule) and.push(specRule);
  for (const code of c.queryStates) and.push(`${norm('state')} = ANY(${p(exactStateValues(code))})`);
  for (const t of c.specialtyTerms) and.push(specialtyTermSql(t));
  if (c.specialty.length) {
    and.push(
      '(' +
        c.specialty
          .map((v) =>
            v === 'physician' ? `${norm('specialty')} = 'physician'` : prefixOf('specialty', searchTerm(v)),
          )
          .join(' OR ') +
        ')',
    );
  }
  for (const skill of c.skills) and.push(anyItem('skills', (item) => prefixOf(item, searchTerm(skill))));
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
  if (c.affiliatedWith.length) and.push(`EXISTS (SELECT 1 FROM ${facilities} f WHERE upper(f.ccn) = ANY(${p(c.affiliatedWith)}))`);
  if (c.facilityType.length) and.push(`EXISTS (SELECT 1 FROM ${facilities} f WHERE ${norm('f.type')} = ANY(${p(c.facilityType)}))`);
  if (c.imlcFor) {
    const from = imlcPrincipalLicences(IMLC_PRINCIPAL_STATES, c.imlcFor);
    and.push(`EXISTS (SELECT 1 FROM unnest(license_states) x WHERE upper(${trimSql(blanked('x'))}) = ANY(${p(from)}))`);
  }
  if (c.credential.length) and.push(`${normalized('credential')} = ANY(${p(c.credential)})`);
  // ADR 052: a query of words of no field we hold only matches nothing.
  if (c.unheldOnly) and.push('false');
  // Every credential typed is a part of the stored one ('MD, PHD' holds 'md' and 'phd').
  if (c.queryCredentials.length)
    and.push(`string_to_array(regexp_replace(${normalized('credential')}, '[,;/]+', ',', 'g'), ',') @> ${p(c.queryCredentials)}::text[]`);
  if (c.gender) and.push(`${norm('gender')} = ${p(c.gender.toLowerCase())}`);

  if (c.location?.either)
    and.push(`(${prefixOf('city', searchTerm(c.location.either))} OR ${partialState(c.location.either)})`);
  else if (c.location)
    and.push(prefixOf('city', searchTerm(c.location.city!)), partialState(c.location.state!));

  const partial = (column: string, value: string | null) => {
    if (value) and.push(prefixOf(column, searchTerm(value)));
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

  // ADR 023
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
  // ADR 035
  if (c.inTraining !== null) and.push(`in_training = ${p(c.inTraining)}`);
  if (c.movedSince !== null) and.push(`moved_on >= DATE '1970-01-01' + ${p(c.movedSince)}::int`);
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

  // The id sets the directory service reads (ADR 061, 064, 066): left out, or kept only.
  if (c.excludedIds?.ids.length) and.push(`NOT (id = ANY(${p([...c.excludedIds.ids])}::int[]))`);
  if (c.includedIds) and.push(`id = ANY(${p([...c.includedIds.ids])}::int[])`);

  const where = and.length ? `WHERE ${and.join(' AND ')}` : '';
  const whereParams = [...params];
  const relevance = sort.sortKey === 'relevance';
  const dir = sort.sortDirection === 'desc' && !relevance ? 'DESC' : 'ASC';
  // The index's sort key (sort-key.ts): case and accents folded, code point order, blanks last.
  const key = (column: string) => `${sortKeySql(column, blanked(column))} COLLATE "C" ${dir} NULLS LAST`;
  const nameOrder = `${key('last_name')}, ${key('first_name')}, id ${dir}`;

  /**
   * The relevance tier of a row (ADR 020, ADR 052), the same tiers as the index's relevanceRanker:
   * the class of the specialty phrases (0 every phrase held by its own field, 1 some only through a
   * sub-specialty of another specialty, 2 some only in a title or a skill) times 11, plus the tier
   * inside it: with text words, 0 full name, 1 exact last name, 2 exact first name; 3 the city
   * named whole (every term a whole word of it, as many words as terms; several pieces only); 4 a
   * name starting with the word, 5 other matches of the several-word name rule or a longer city
   * holding every term; every text term a whole word of 6 the specialty, 7 the title,
   * 8 a skill, 9 the organisation; 10 the rest.
   */
  const tierSql = (): string => {
    const exact = (column: string, w: string) => `${wordsSql(column)} = ${p(` ${w}`)}`;
    const starts = (column: string, w: string) => `${wordsSql(column)} LIKE ${p(` ${escapeLike(w)}%`)}`;
    const texts = c.terms.length ? c.terms : c.words;
    const all = (parts: string[]) => (parts.length ? parts.join(' AND ') : 'true');
    const held = all(c.specialtyTerms.map((t) => `coalesce(${specialtyExact(t)}, false)`));
    const own = all(c.specialtyTerms.map((t) => `coalesce(${specialtyOwn(t)}, false)`));
    const phraseClass = c.specialtyTerms.length
      ? `(CASE WHEN NOT (${held}) THEN 22 WHEN ${own} THEN 0 ELSE 11 END)`
      : '0';
    // The whole city named (as many words as terms): 3; a longer city holding every term: 5.
    const cityWords = `(length(${wordsSql('city')}) - length(replace(${wordsSql('city')}, ' ', '')))`;
    const city = c.terms.length ? `WHEN ${all(c.terms.map(cityWhole))} AND ${cityWords} = ${c.terms.length} THEN 3` : '';
    const longerCity = c.terms.length ? `WHEN ${all(c.terms.map(cityWhole))} THEN 5` : '';
    const fields = `WHEN ${all(texts.map((t) => wholeOf('specialty', t)))} THEN 6
      WHEN ${all(texts.map((t) => wholeOf('title', t)))} THEN 7
      WHEN ${all(texts.map((t) => anyItem('skills', (item) => wholeOf(item, t))))} THEN 8
      WHEN ${all(texts.map((t) => wholeOf('organization', t)))} THEN 9
      ELSE 10 END`;
    const inner = (): string => {
      if (c.words.length === 0) return `CASE ${city} ${longerCity} ${fields}`;
      if (c.words.length === 1) {
        const w = c.words[0];
        return `CASE WHEN ${exact('last_name', w)} THEN 1 WHEN ${exact('first_name', w)} THEN 2 ${city}
          WHEN ${starts('last_name', w)} OR ${starts('first_name', w)} THEN 4 ${longerCity} ${fields}`;
      }
      const a = c.words[0];
      const b = c.words.slice(1).join(' ');
      const pairA = `(${prefixOf('first_name', a)} AND ${prefixOf('last_name', b)})`;
      const pairB = `(${prefixOf('first_name', b)} AND ${prefixOf('last_name', a)})`;
      return `CASE
        WHEN (${exact('first_name', a)} AND ${exact('last_name', b)}) OR (${exact('first_name', b)} AND ${exact('last_name', a)}) THEN 0
        WHEN (${pairA} AND ${exact('last_name', b)}) OR (${pairB} AND ${exact('last_name', a)}) THEN 1
        WHEN (${pairA} AND ${exact('first_name', a)}) OR (${pairB} AND ${exact('first_name', b)}) THEN 2
        ${city}
        WHEN (${pairA} AND (${starts('first_name', a)} OR ${starts('last_name', b)})) OR (${pairB} AND (${starts('first_name', b)} OR ${starts('last_name', a)})) THEN 4
        WHEN ${pairA} OR ${pairB} THEN 5
        ${longerCity}
        ${fields}`;
    };
    return `${phraseClass} + (${inner()})`;
  };
  const ranked = relevance && (c.words.length > 0 || c.specialtyTerms.length > 0);
  const orderBy =
    sort.sortKey === 'distance'
      ? `near_zips.miles ${dir}, id ${dir}`
      : sort.sortKey === 'name' || relevance
        ? `${ranked ? `${tierSql()}, ` : ''}${nameOrder}`
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
