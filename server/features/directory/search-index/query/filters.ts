import {
  normalizeCode,
  specialtyMatches,
  type IdSet,
  stateMatches,
  type LocationCriterion,
  type SearchCriteria,
} from './criteria';
import {
  anyOf,
  NEVER,
  rangeClause,
  rowClause,
  type ClauseDraft,
  type ClauseSpec,
  type FacetKey,
  type MadeClause,
} from './clause';
import { nearClause, zipPrefixClause } from './geography';
import { slotOf, type Snapshot } from '../data/snapshot';
import { anchoredAny, scalarTerm, setTerm, wordPrefix } from './terms';
import { searchTerm } from '../data/search-words';
import { queryClauses, textQueryClauses } from './text-query';
import { FLAG_FIELDS, type ScalarField } from '../data/wire-format';
import { IMLC_PRINCIPAL_STATES, imlcPrincipalLicences } from '../../../../../contract/affiliations';

/*
 * The clauses of a search: the text query's, then one table row per filter of the search form,
 * in a fixed order (the clause cache's keys stay the same whatever the request's order).
 */

/** A filter: the clauses it adds to a search (none when it is not set). */
type Filter = {
  /** The facet whose own counts leave this filter out (disjunctive facets); none for the others. */
  facet?: FacetKey;
  clauses: (c: SearchCriteria) => ClauseDraft[];
};

/** One clause for a list of values, any of which may match (none when the list is empty). */
const anyValue = (name: string, values: string[], make: (s: Snapshot) => MadeClause): ClauseDraft[] =>
  values.length ? [{ key: `${name}:${values.join('\u0000')}`, make }] : [];

/** The field equals one of the values (trimmed, lower case). */
const equalsAny = (field: ScalarField, values: string[]): ClauseDraft[] =>
  anyValue(field, values, (s) => {
    const wanted = new Set(values);
    return anyOf([scalarTerm(s, field, (lower) => wanted.has(lower.trim()))]);
  });

/** A word of the field starts with the value (partial: word-prefix matching). */
const holds = (field: ScalarField, value: string | null): ClauseDraft[] =>
  value ? [{ key: `${field}~${value}`, make: (s) => anyOf([scalarTerm(s, field, wordPrefix(value))]) }] : [];

/**
 * The columns that only their own filter reads (no text clause, relevance, sort order or facet
 * count does), by the name a patch gives a changed column (snapshot.ts, withUpdatedRows): the
 * criterion that filters on it and the start of its clauses' keys. A patch that changes only these
 * keeps every cached answer whose criteria leave those filters out (the re-verification job changes
 * verified dates and contact flags a few rows a second).
 */
export type FilterOnlyColumn = { criterion: keyof SearchCriteria; clauseKey: string };
export const FILTER_ONLY_COLUMNS: ReadonlyMap<string, FilterOnlyColumn> = new Map<string, FilterOnlyColumn>([
  ['verifiedAt', { criterion: 'verifiedSince', clauseKey: 'verified>=' }],
  ['createdAt', { criterion: 'addedSince', clauseKey: 'added>=' }],
  ['updatedAt', { criterion: 'changedSince', clauseKey: 'changed>' }],
  ['movedOn', { criterion: 'movedSince', clauseKey: 'moved>=' }],
  ...FLAG_FIELDS.map((field): [string, FilterOnlyColumn] => [`flag:${field}`, { criterion: field, clauseKey: `${field}:` }]),
]);

/** The start of the keys of a filter-only column's clauses (their cache keys follow the table). */
const keyOf = (column: string): string => FILTER_ONLY_COLUMNS.get(column)!.clauseKey;

/** A timestamp column at or after `at` (ms). */
const since = (column: 'verifiedAt' | 'createdAt', at: number | null): ClauseDraft[] =>
  at === null
    ? []
    : [
        {
          key: `${keyOf(column)}${at}`,
          make(s) {
            return rangeClause(s.cols[column], at, Infinity, s.aliveCount / 2);
          },
        },
      ];

/** A marker per id of the set (1: in it), up to its largest id: built once per set and snapshot. */
function markerOf(set: IdSet): { marked: Uint8Array; max: number } {
  let max = 0;
  for (const id of set.ids) if (id > max) max = id;
  const marked = new Uint8Array(max + 1);
  for (const id of set.ids) marked[id] = 1;
  return { marked, max };
}

/** 'city, state' must match both parts; a single part matches city or state. */
function locationClauses(location: LocationCriterion | null): ClauseDraft[] {
  if (!location) return [];
  const { city, state, either } = location;
  if (either)
    return [
      {
        key: `location:${either}`,
        make: (s) =>
          anyOf([
            scalarTerm(s, 'city', wordPrefix(either)),
            scalarTerm(s, 'state', (_l, value) => stateMatches(value.trim(), either, 'partial')),
          ]),
      },
    ];
  return [
    { key: `cityPart:${city}`, make: (s) => anyOf([scalarTerm(s, 'city', wordPrefix(city!))]) },
    {
      key: `statePart:${state}`,
      make: (s) =>
        anyOf([scalarTerm(s, 'state', (_l, value) => stateMatches(value.trim(), state!, 'partial'))]),
    },
  ];
}

/** NPIs are 10 digits: a prefix of k digits is the range [p * 10^(10-k), (p + 1) * 10^(10-k)). */
function npiPrefixClause(prefix: string): ClauseDraft {
  const scale = 10 ** (10 - prefix.length);
  const low = Number(prefix) * scale;
  const high = low + scale;
  return {
    key: `npi:${prefix}`,
    make(s) {
      return rangeClause(s.cols.npi, low, high, s.aliveCount / 10 ** Math.max(0, prefix.length - 1));
    },
  };
}

/** Graduation years within the bounds (a row without a year never matches). */
function yearsClause(min: number | null, max: number | null): ClauseDraft[] {
  if (min === null && max === null) return [];
  const low = min ?? 1;
  const high = max ?? 32766;
  return [
    {
      key: `years:${low}-${high}`,
      make(s) {
        // 0 is no year: never in range.
        return low > high
          ? NEVER
          : rangeClause(s.cols.graduationYear, Math.max(low, 1), high + 1, s.aliveCount / 2);
      },
    },
  ];
}

/** The yes/no filters set (true or false; unknown never matches either). */
const flagClauses = (c: SearchCriteria): ClauseDraft[] =>
  FLAG_FIELDS.flatMap((field, f): ClauseDraft[] => {
    const wanted = c[field];
    if (wanted === null) return [];
    const code = wanted ? 2 : 1;
    return [
      {
        key: `${keyOf(`flag:${field}`)}${code}`,
        make(s) {
          return rangeClause(s.cols.flags[f], code, code + 1, s.aliveCount / 2);
        },
      },
    ];
  });

export const FILTERS: readonly Filter[] = [
  {
    facet: 'specialty',
    clauses: (c) =>
      anyValue('specialty', c.specialty, (s) =>
        anyOf([
          scalarTerm(s, 'specialty', (_l, value) => c.specialty.some((v) => specialtyMatches(value, v))),
        ]),
      ),
  },
  // Every skill must match (each partially, against any of the physician's skills).
  {
    facet: 'skills',
    clauses: (c) =>
      c.skills.map((skill) => ({
        key: `skill:${skill}`,
        make: (s) => anyOf([setTerm(s, 'skills', wordPrefix(skill))]),
      })),
  },
  {
    facet: 'education',
    clauses: (c) =>
      anyValue('education', c.education, (s) => {
        const wanted = new Set(c.education);
        return anyOf([setTerm(s, 'degrees', (lower) => wanted.has(normalizeCode(lower)))]);
      }),
  },
  { facet: 'companySize', clauses: (c) => equalsAny('organizationSize', c.companySize) },
  { facet: 'companyRevenue', clauses: (c) => equalsAny('organizationRevenue', c.companyRevenue) },
  { facet: 'companyIndustry', clauses: (c) => equalsAny('organizationIndustry', c.companyIndustry) },
  {
    facet: 'state',
    clauses: (c) =>
      anyValue('state', c.state, (s) =>
        anyOf([
          scalarTerm(s, 'state', (_l, value) => c.state.some((v) => stateMatches(value.trim(), v, 'exact'))),
        ]),
      ),
  },
  {
    clauses: (c) =>
      anyValue('license', c.licenseState, (s) =>
        anyOf([
          setTerm(s, 'licenseStates', (_l, value) =>
            c.licenseState.some((v) => stateMatches(value.trim(), v, 'exact')),
          ),
        ]),
      ),
  },
  {
    // ADR 063: the facility's CCN is its item's first word.
    facet: 'hospital',
    clauses: (c) =>
      anyValue('affiliated', c.affiliatedWith, (s) => {
        const wanted = new Set(c.affiliatedWith.map((ccn) => ccn.toLowerCase()));
        // The items holding a chosen CCN as a word are the few tested (54,000 facilities at 1,500,000).
        const test = anchoredAny((lower) => wanted.has(lower.slice(0, 6)), [...wanted].map(searchTerm));
        return anyOf([setTerm(s, 'hospitals', test)]);
      }),
  },
  {
    facet: 'facilityType',
    clauses: (c) =>
      anyValue('facilityType', c.facilityType, (s) => {
        const wanted = new Set(c.facilityType);
        return anyOf([setTerm(s, 'facilityTypes', (lower) => wanted.has(lower.trim()))]);
      }),
  },
  {
    // A licence in a compact state that can be the State of Principal Licence, other than the target.
    clauses: (c) => {
      const target = c.imlcFor;
      if (!target) return [];
      const from = new Set(imlcPrincipalLicences(IMLC_PRINCIPAL_STATES, target));
      return [
        {
          key: `imlc:${target}`,
          make: (s) => (from.size ? anyOf([setTerm(s, 'licenseStates', (_l, value) => from.has(value.trim().toUpperCase()))]) : NEVER),
        },
      ];
    },
  },
  {
    facet: 'language',
    clauses: (c) =>
      anyValue('language', c.language, (s) => {
        const wanted = new Set(c.language);
        return anyOf([setTerm(s, 'languages', (lower) => wanted.has(lower.trim()))]);
      }),
  },
  {
    facet: 'credential',
    clauses: (c) =>
      anyValue('credential', c.credential, (s) => {
        const wanted = new Set(c.credential);
        return anyOf([scalarTerm(s, 'credential', (lower) => wanted.has(normalizeCode(lower)))]);
      }),
  },
  {
    facet: 'gender',
    clauses: (c) => {
      if (!c.gender) return [];
      const wanted = c.gender.toLowerCase();
      return [
        {
          key: `gender:${wanted}`,
          make: (s) => anyOf([scalarTerm(s, 'gender', (lower) => lower.trim() === wanted)]),
        },
      ];
    },
  },
  { facet: 'subSpecialty', clauses: (c) => equalsAny('subSpecialty', c.subSpecialty) },
  { facet: 'secondarySpecialty', clauses: (c) => equalsAny('secondarySpecialty', c.secondarySpecialty) },
  { facet: 'source', clauses: (c) => equalsAny('source', c.source) },
  { clauses: (c) => (c.near ? [nearClause(c.near)] : []) },
  { clauses: (c) => (c.zip ? [zipPrefixClause(c.zip)] : []) },
  { clauses: (c) => since('verifiedAt', c.verifiedSince) },
  { clauses: (c) => since('createdAt', c.addedSince) },
  {
    // 'Not yet revealed by my team', 'Not in my ATS': every row but those of the ids.
    clauses: (c) => {
      const excluded = c.excludedIds;
      if (!excluded || excluded.ids.length === 0) return [];
      return [
        {
          key: `notin:${excluded.key}`,
          make(s) {
            const ids = s.cols.ids;
            const { marked, max } = markerOf(excluded);
            return rowClause((i) => ids[i] > max || marked[ids[i]] === 0, s.aliveCount, s.cols.length);
          },
        },
      ];
    },
  },
  {
    // 'Looking now' / 'Open to offers' (ADR 066): only the rows of the ids (none: nobody matches).
    clauses: (c) => {
      const included = c.includedIds;
      if (!included) return [];
      return [
        {
          key: `in:${included.key}`,
          make(s) {
            if (included.ids.length === 0) return NEVER;
            const ids = s.cols.ids;
            const { marked, max } = markerOf(included);
            return {
              ...rowClause((i) => ids[i] <= max && marked[ids[i]] === 1, included.ids.length, s.cols.length),
              // A few thousand physicians at most: each row found by its id (a binary search), not a pass over all.
              gather(bits: Uint32Array) {
                for (const id of included.ids) {
                  const row = slotOf(s, id);
                  if (row >= 0) bits[row >>> 5] |= 1 << (row & 31);
                }
              },
              gatherCost: included.ids.length * Math.log2(s.cols.length + 2),
            };
          },
        },
      ];
    },
  },
  {
    // Strictly after: the alert digest's link lists what changed after its last run.
    clauses: (c) => {
      const at = c.changedSince;
      if (at === null) return [];
      return [
        {
          key: `${keyOf('updatedAt')}${at}`,
          make(s) {
            const values = s.cols.updatedAt;
            return rowClause((i) => values[i] > at, s.aliveCount / 20, s.cols.length);
          },
        },
      ];
    },
  },
  {
    // ADR 035: a move on or after the day (0 = never moved never matches).
    clauses: (c) => {
      const day = c.movedSince;
      if (day === null) return [];
      return [
        {
          key: `${keyOf('movedOn')}${day}`,
          make(s) {
            // 0 (never moved) is before every day.
            return rangeClause(s.cols.movedOn, Math.max(day, 1), Infinity, s.aliveCount / 50);
          },
        },
      ];
    },
  },
  { clauses: (c) => locationClauses(c.location) },
  { clauses: (c) => holds('title', c.title) },
  { clauses: (c) => holds('organization', c.organization) },
  { clauses: (c) => holds('city', c.city) },
  { clauses: (c) => holds('medicalSchool', c.medicalSchool) },
  { clauses: (c) => holds('hospitalAffiliation', c.hospitalAffiliation) },
  { clauses: (c) => (c.npi ? [npiPrefixClause(c.npi)] : []) },
  { facet: 'graduationYear', clauses: (c) => yearsClause(c.graduationYearMin, c.graduationYearMax) },
  { clauses: flagClauses },
];

/** The clauses of a search (all must hold), each named for the clause cache. */
export function buildClauses(s: Snapshot, c: SearchCriteria): ClauseSpec[] {
  const specs: ClauseSpec[] = [];
  for (const text of textQueryClauses(c)) specs.push({ key: text.key, make: () => text.make(s) });
  // What the query's other words named (states, specialties, credentials): no facet leaves them out.
  for (const draft of queryClauses(c)) specs.push({ key: draft.key, make: () => draft.make(s) });
  for (const filter of FILTERS)
    for (const draft of filter.clauses(c))
      specs.push({ key: draft.key, make: () => draft.make(s), facet: filter.facet });
  return specs;
}
