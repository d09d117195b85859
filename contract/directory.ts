import { z } from 'zod';
import { PAGE_SIZE } from './limits';
import { isCalendarDay } from './dates';
import { TeamReveal } from './contacts';
import { CCN_PATTERN, FACILITY_TYPES, HospitalAffiliation, IMLC_CAVEAT, IMLC_ISSUING_STATES } from './affiliations';

/**
 * The directory API. The same keys name the filters in the page URL and in the API query string
 * (docs/rules.md#results), so the search page passes its URL straight through.
 */

/**
 * 'relevance' (the default with a query: docs/decisions/020-search-relevance.md) ranks by match
 * tier, then by name; it has no direction. Without a query it is the name order.
 */
/**
 * 'distance' (nearest first; only with a radius: `near`) orders by the great-circle distance of
 * the physician's ZIP from the centre, then id (ADR 023).
 */
export const SORT_KEYS = ['relevance', 'name', 'specialty', 'location', 'distance'] as const;
export const SortKey = z.enum(SORT_KEYS);
export type SortKey = z.infer<typeof SortKey>;
export const SortDirection = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof SortDirection>;

/** Multi-value filters: comma-joined in the URL. */
export const LIST_FILTER_KEYS = [
  'specialty',
  'skills',
  'education',
  'companySize',
  'companyRevenue',
  'companyIndustry',
  // beyond the original: the "37 searchable parameters" made real
  'state',
  'licenseState',
  'language',
  'credential',
  // hospital affiliations from CMS (ADR 063): CCNs, and facility types
  'affiliatedWith',
  'facilityType',
  // radius search and its companions (ADR 023)
  'subSpecialty',
  'secondarySpecialty',
  'source',
] as const;
/** Free-text filters (partial, case-insensitive). */
export const TEXT_FILTER_KEYS = [
  'location',
  'title',
  'organization',
  'city',
  'medicalSchool',
  'hospitalAffiliation',
  'npi',
] as const;
export const RANGE_FILTER_KEYS = [
  'graduationYearMin',
  'graduationYearMax',
  'yearsInPracticeMin',
  'yearsInPracticeMax',
] as const;
export const FLAG_FILTER_KEYS = [
  'boardCertified',
  'acceptingNewPatients',
  'telehealth',
  'acceptingMedicaid',
  'hasMobile',
  'hasPersonalEmail',
  'hasLinkedin',
  // ADR 032: a physician with an email whose last check found it valid; a mobile found valid.
  'emailVerified',
  'mobileValid',
  // ADR 035: residents and fellows (NUCC 390200000X with an MD or DO credential).
  'inTraining',
] as const;
/** Radius search: within `radius` miles of `near` (a ZIP or 'City, ST'); `zip`: a ZIP or its first digits. */
export const GEO_FILTER_KEYS = ['near', 'radius', 'zip'] as const;
/** movedWithinDays: a change of the practice location within the last N days (ADR 035). */
/** imlcEligibleFor: 'Likely IMLC-eligible for <state>' (ADR 063). */
/** looking: what physicians said in the preference centre, for callers who may email them (ADR 066). */
export const OTHER_FILTER_KEYS = ['gender', 'verifiedWithinMonths', 'addedSince', 'movedWithinDays', 'imlcEligibleFor', 'looking'] as const;
/**
 * Query parameters that shape the view rather than the search: the sidebar offers none of them
 * and saved searches keep none ('changedSince' is the alert digest's link: physicians added or
 * changed after that instant, docs/decisions/024-new-match-alerts.md; 'spelling=exact' searches
 * the query as typed, without reading a misspelt word as the word it resembles).
 */
export const VIEW_KEYS = ['query', 'spelling', 'page', 'sortKey', 'sortDirection', 'changedSince'] as const;
/**
 * Filters on the caller's (or their team's) own work, not on the directory's data: 'notRevealedByTeam=true'
 * leaves out the contacts a teammate (or the caller) revealed in the last 30 days (docs/decisions/061-teams.md;
 * ignored outside a team); 'notInAts=true' leaves out the physicians the connected Bullhorn holds
 * (docs/decisions/064-ats-integrations.md). Not among the searchable parameters (FILTER_KEYS).
 */
export const TEAM_FILTER_KEYS = ['notRevealedByTeam', 'notInAts'] as const;
export type TeamFilterKey = (typeof TEAM_FILTER_KEYS)[number];
/** Every query parameter that filters (the pricing page's "45 searchable parameters"). */
export const FILTER_KEYS = [
  ...LIST_FILTER_KEYS,
  ...TEXT_FILTER_KEYS,
  ...GEO_FILTER_KEYS,
  ...RANGE_FILTER_KEYS,
  ...FLAG_FILTER_KEYS,
  ...OTHER_FILTER_KEYS,
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const MAX_TEXT = 200;
const text = (name: string) =>
  z
    .string()
    .max(MAX_TEXT, `${name} must be at most ${MAX_TEXT} characters`)
    .transform((v) => v.trim())
    .optional();
const list = (name: string) =>
  z
    .string()
    .max(2000, `${name} is too long`)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(MAX_TEXT)).max(50, `${name} has too many values (at most 50)`))
    .optional();

/**
 * The text query's bounds (ADR 027): its cost grows with its words (each one is matched against
 * every searched field), and 10 words of 20 characters cover any real search.
 */
export const QUERY_MAX_CHARS = MAX_TEXT;
export const QUERY_MAX_WORDS = 10;
// Words as the search splits them: at white space (and control characters, which it reads as
// spaces), and again at commas for the several-word rule; the larger count is the one bounded.
// eslint-disable-next-line no-control-regex
const SPACES = /[\s\u0000-\u001f\u007f]+/;
// eslint-disable-next-line no-control-regex
const SPACES_AND_COMMAS = /[\s,\u0000-\u001f\u007f]+/;
/** How many words the search reads in a text query. */
export function queryWordCount(query: string): number {
  const count = (pattern: RegExp) => query.split(pattern).filter(Boolean).length;
  return Math.max(count(SPACES), count(SPACES_AND_COMMAS));
}
/** A text query of the directory search (the search, its facets, saved searches, lists). */
export const SearchQueryText = z
  .string()
  .max(QUERY_MAX_CHARS, `query must be at most ${QUERY_MAX_CHARS} characters`)
  .refine((v) => queryWordCount(v) <= QUERY_MAX_WORDS, `query must be at most ${QUERY_MAX_WORDS} words`)
  .transform((v) => v.trim())
  .describe(
    `Words searched for: at most ${QUERY_MAX_CHARS} characters and ${QUERY_MAX_WORDS} words (split at white space and commas); more is a 400 naming query`,
  )
  .optional();
const year = (name: string) =>
  z
    .string()
    .regex(/^\d{1,4}$/, `${name} must be a whole number`)
    .transform(Number)
    .optional();
/** The radii of 'Within N miles of' (miles). */
export const RADIUS_OPTIONS = ['10', '25', '50', '100', '250'] as const;
/** The radius of `near` without `radius`, and the sidebar's default (ADR 023). */
export const DEFAULT_RADIUS = '25' satisfies (typeof RADIUS_OPTIONS)[number];
/** 'Verified in the last N months'. */
export const VERIFIED_WITHIN_OPTIONS = ['3', '6', '12', '24'] as const;
/** 'Moved in the last N days' (a change of the practice city, state or ZIP, ADR 035). */
export const MOVED_WITHIN_OPTIONS = ['30', '90', '180', '365'] as const;
/** Cards and table rows say 'Moved' for a move in the last this many days. */
export const MOVED_BADGE_DAYS = 90;

/**
 * Whether a move on `movedOn` (YYYY-MM-DD, the source's date) is within the last `days` days of
 * `now` (UTC days), as the movedWithinDays filter counts them.
 */
export function movedWithin(movedOn: string | null, days: number, now: Date): boolean {
  if (!movedOn) return false;
  const today = Math.floor(now.getTime() / 86_400_000);
  return Math.floor(Date.parse(`${movedOn}T00:00:00Z`) / 86_400_000) >= today - days;
}

/**
 * 'Looking now' (`now`), or 'Looking now' or 'Open to offers' (`open`): the physicians the cards mark
 * so (ADR 066). Only for callers who may email physicians (outreach:send); ignored for others.
 */
export const LOOKING_OPTIONS = ['now', 'open'] as const;

/** Where a record came from (physicians.source). */
export const SOURCE_OPTIONS = ['demo', 'nppes', 'dac', 'resume'] as const;
const flag = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((v) => v === 'true')
    .optional();

/**
 * The typing token (ADR 051): every search and facets answer carries one in this header, and the
 * page sends the newest back with its next call, so the keys of one typed query are paid from the
 * typing allowance, not each as a new search. Opaque to the page.
 */
export const SEARCH_TYPING_HEADER = 'x-search-typing';
/** The request headers of the search and its facets. */
export const SearchTypingHeaders = z.object({
  [SEARCH_TYPING_HEADER]: z
    .string()
    .max(1000, `${SEARCH_TYPING_HEADER} must be at most 1000 characters`)
    .optional()
    .describe('The typing token of the previous answer (optional): a call that continues its typed query is not charged as a new search'),
});
/** The response header that carries the answer's typing token. */
export const SearchTypingResponseHeaders = z.object({
  [SEARCH_TYPING_HEADER]: z.string().describe('This answer’s typing token: send it with the next search or facets call'),
});

/** GET /api/physicians query string (all values are strings, as in the page URL). */
export const SearchPhysiciansQuery = z.object({
  query: SearchQueryText,
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'page must be a whole number of at least 1')
    .transform(Number)
    .optional(),
  sortKey: z.enum(SORT_KEYS, { error: `sortKey must be one of ${SORT_KEYS.join(', ')}` }).optional(),
  sortDirection: z.enum(['asc', 'desc'], { error: 'sortDirection must be asc or desc' }).optional(),
  spelling: z
    .enum(['exact'], { error: 'spelling must be exact' })
    .describe(
      "'exact': search the query as typed. Without it, a query that finds nothing because of a misspelt word (5+ letters, one edit from a word the directory holds) is searched corrected, and correctedQuery says so",
    )
    .optional(),
  specialty: list('specialty'),
  skills: list('skills'),
  education: list('education'),
  companySize: list('companySize'),
  companyRevenue: list('companyRevenue'),
  companyIndustry: list('companyIndustry'),
  state: list('state'),
  licenseState: list('licenseState'),
  affiliatedWith: list('affiliatedWith')
    .refine((v) => !v || v.every((ccn) => CCN_PATTERN.test(ccn.toUpperCase())), 'affiliatedWith must be CMS Certification Numbers (6 letters or digits each)')
    .describe('Hospitals and other facilities by CMS Certification Number (GET /api/directory/hospitals finds them by name): any of them'),
  facilityType: list('facilityType').describe(`Any of the physician’s CMS facility affiliations is of one of these types: ${FACILITY_TYPES.join(', ')}`),
  imlcEligibleFor: z
    .enum(IMLC_ISSUING_STATES as [string, ...string[]], {
      error: `imlcEligibleFor must be a state that issues licences through the Interstate Medical Licensure Compact: ${IMLC_ISSUING_STATES.join(', ')}`,
    })
    .describe(`Likely IMLC-eligible for this state: ${IMLC_CAVEAT} (a licence in another compact state that can be the State of Principal Licence)`)
    .optional(),
  language: list('language'),
  credential: list('credential'),
  location: text('location'),
  title: text('title'),
  organization: text('organization'),
  city: text('city'),
  medicalSchool: text('medicalSchool'),
  hospitalAffiliation: text('hospitalAffiliation'),
  npi: z
    .string()
    .regex(/^\d{1,10}$/, 'npi must be up to 10 digits')
    .optional(),
  gender: z.enum(['M', 'F'], { error: 'gender must be M or F' }).optional(),
  graduationYearMin: year('graduationYearMin'),
  graduationYearMax: year('graduationYearMax'),
  yearsInPracticeMin: year('yearsInPracticeMin'),
  yearsInPracticeMax: year('yearsInPracticeMax'),
  boardCertified: flag('boardCertified'),
  acceptingNewPatients: flag('acceptingNewPatients'),
  telehealth: flag('telehealth'),
  subSpecialty: list('subSpecialty'),
  secondarySpecialty: list('secondarySpecialty'),
  source: list('source'),
  near: text('near'),
  radius: z
    .enum(RADIUS_OPTIONS, { error: `radius must be one of ${RADIUS_OPTIONS.join(', ')} (miles)` })
    .transform(Number)
    .optional(),
  zip: z
    .string()
    .regex(/^\d{1,5}$/, 'zip must be a ZIP code or its first digits (1 to 5 digits)')
    .optional(),
  acceptingMedicaid: flag('acceptingMedicaid'),
  hasMobile: flag('hasMobile'),
  hasPersonalEmail: flag('hasPersonalEmail'),
  hasLinkedin: flag('hasLinkedin'),
  emailVerified: flag('emailVerified'),
  mobileValid: flag('mobileValid'),
  inTraining: flag('inTraining').describe('true: residents and fellows only; false: none of them'),
  movedWithinDays: z
    .enum(MOVED_WITHIN_OPTIONS, {
      error: `movedWithinDays must be one of ${MOVED_WITHIN_OPTIONS.join(', ')}`,
    })
    .transform(Number)
    .describe("Physicians whose practice city, state or ZIP, or whose hospital affiliations (CMS), changed in the last N days (the source's date)")
    .optional(),
  verifiedWithinMonths: z
    .enum(VERIFIED_WITHIN_OPTIONS, {
      error: `verifiedWithinMonths must be one of ${VERIFIED_WITHIN_OPTIONS.join(', ')}`,
    })
    .transform(Number)
    .optional(),
  looking: z
    .enum(LOOKING_OPTIONS, { error: `looking must be one of ${LOOKING_OPTIONS.join(', ')}` })
    .describe(
      "'now': only physicians who said 'Looking now' in the preference centre; 'open': 'Looking now' or 'Open to offers' (callers who may email physicians; ignored for others)",
    )
    .optional(),
  notRevealedByTeam: flag('notRevealedByTeam').describe(
    'true: leave out the physicians whose contact the caller’s team revealed in the last 30 days (members of a team only)',
  ),
  notInAts: flag('notInAts').describe('true: leave out the physicians the caller’s connected ATS (Bullhorn) already holds'),
  changedSince: z
    .string()
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(v) && !Number.isNaN(Date.parse(v)),
      'changedSince must be a UTC date and time (YYYY-MM-DDTHH:MM:SS.sssZ)',
    )
    .optional(),
  addedSince: z
    .string()
    .refine(
      isCalendarDay,
      'addedSince must be a date (YYYY-MM-DD)',
    )
    .optional(),
});
/** The parsed search: what the service receives. */
export type SearchPhysiciansRequest = z.output<typeof SearchPhysiciansQuery>;
export type SearchPhysiciansQueryInput = z.input<typeof SearchPhysiciansQuery>;

export const EducationEntrySchema = z.object({
  schoolName: z.string(),
  degree: z.string(),
  field: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});

/** A result card. Never carries an email or a phone number: those come only from the reveal call. */
export const PhysicianSummary = z.object({
  id: z.number().int(),
  npi: z.string().nullable(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  title: z.string().nullable(),
  credential: z.string().nullable(),
  specialty: z.string().nullable(),
  /** The NUCC sub-specialty under the specialty ('Otolaryngology' under General Surgery), or null (ADR 052). */
  subSpecialty: z.string().nullable(),
  organization: z.string().nullable(),
  organizationSize: z.string().nullable(),
  organizationRevenue: z.string().nullable(),
  organizationIndustry: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  location: z.string().nullable(),
  skills: z.array(z.string()),
  education: z.array(EducationEntrySchema),
  linkedinUrl: z.string().nullable(),
  /** Whether a reveal would return an email / a phone (the values themselves are not sent). */
  hasEmail: z.boolean(),
  hasPhone: z.boolean(),
  /** When the contact details were last verified (ISO), or null: 'Verified {month year}'. */
  verifiedAt: z.string().nullable(),
  /** A resident or fellow: 'In training'. */
  inTraining: z.boolean(),
  /** The latest move (a change of the practice city, state or ZIP), YYYY-MM-DD, or null. */
  movedOn: z.string().nullable(),
  /**
   * The CMS facilities the physician is affiliated with, by name ('CCN <n>' for one the hospitals
   * file does not hold): hospitals first (ADR 063). The profile's hospitalAffiliations has the details.
   */
  hospitals: z.array(z.string()),
});
export type PhysicianSummary = z.infer<typeof PhysicianSummary>;

/** Where a value came from and that source's date for it (freshest wins, ADR 035). */
export const FIELD_SOURCES = ['nppes', 'dac', 'resume'] as const;
export const FieldSource = z.object({ source: z.enum(FIELD_SOURCES), date: z.string() });
export type FieldSource = z.infer<typeof FieldSource>;

export const CHANGE_FIELDS = ['city', 'state', 'zip', 'organization', 'licenseStates', 'hospitals'] as const;
/** One change an import made (a move signal, ADR 035). */
export const PhysicianChange = z.object({
  field: z.enum(CHANGE_FIELDS),
  oldValue: z.string(),
  newValue: z.string().nullable(),
  source: z.enum(['nppes', 'dac', 'affiliations']),
  /** The source's date for the new value (YYYY-MM-DD). */
  date: z.string(),
});
export type PhysicianChange = z.infer<typeof PhysicianChange>;
/** The profile lists this many of the latest changes. */
export const RECENT_CHANGES_MAX = 20;

/** What a word of no field the directory holds is (ADR 052): another clinician, or a kind of job. */
export const UNHELD_KINDS = ['clinician', 'job'] as const;
export type UnheldKind = (typeof UNHELD_KINDS)[number];
/**
 * Words of the query that name no field the directory holds ('CRNA', 'locum'): left out of the
 * search, and said so (contract/unheld-words.ts).
 */
export const UnheldWord = z.object({
  text: z.string().describe('The words as typed'),
  kind: z.enum(UNHELD_KINDS),
  message: z
    .string()
    .describe("What the page says: 'CRNAs are nurse anesthetists, not physicians: PhysicianDirect lists physicians and physician assistants.'"),
  instead: z.string().nullable().describe('A specialty phrase the directory does hold, offered instead (null: none)'),
});
export type UnheldWord = z.infer<typeof UnheldWord>;

export const SearchPhysiciansResponse = z.object({
  results: z.array(PhysicianSummary),
  /** The exact number of matches, also for free and anonymous callers (for the upsell box). */
  total: z.number().int(),
  /**
   * The page answered: the one asked for, or the last page when asked past it (free and
   * anonymous callers: always 1). The web page puts it in its URL.
   */
  page: z.number().int(),
  pageSize: z.literal(PAGE_SIZE),
  pageCount: z.number().int(),
  /** 20 for free and anonymous callers: only the first 20 rows of any search are returned. */
  visibleLimit: z.number().int().nullable(),
  /**
   * The query searched instead of the one typed, when that one found nothing because of a
   * misspelt word ('cardiolgy' -> 'cardiology'); null otherwise. The page says "Showing results
   * for ..." and links to the typed spelling (spelling=exact).
   */
  correctedQuery: z.string().nullable(),
  /**
   * What the results matched, for highlighting: `words` are the query's text words (lower case,
   * accents folded) that start a word of a matching field; `specialties` the specialties and
   * sub-specialties its specialty words named ('urologist' -> Urology), lower case.
   */
  highlight: z.object({ words: z.array(z.string()), specialties: z.array(z.string()) }),
  /**
   * The query's words that name no field the directory holds, each with what the page says of
   * it: left out of the search ('emergency medicine locum' searches 'emergency medicine'); a
   * query of such words only finds nobody (ADR 052).
   */
  unheldWords: z.array(UnheldWord),
  /**
   * The page's physicians a teammate revealed in the last 30 days: 'Revealed by <name>, <date>',
   * and revealing them again costs the caller nothing (docs/decisions/061-teams.md). Empty outside a team.
   */
  teamReveals: z.array(TeamReveal),
  /** The page's physicians the caller's connected ATS already holds ('In your ATS', ADR 064). */
  inAts: z.array(z.number().int()),
  /** The page's physicians who said 'Looking now' or 'Open to offers' (ADR 066; for callers who may email them). */
  looking: z.array(z.object({ physicianId: z.number().int(), status: z.enum(['looking', 'open']) })),
});
export type SearchPhysiciansResponse = z.infer<typeof SearchPhysiciansResponse>;

/** GET /api/physicians/{id} */
export const PhysicianProfile = PhysicianSummary.extend({
  secondarySpecialty: z.string().nullable(),
  medicalSchool: z.string().nullable(),
  graduationYear: z.number().int().nullable(),
  yearsInPractice: z.number().int().nullable(),
  gender: z.enum(['M', 'F']).nullable(),
  languages: z.array(z.string()),
  boardCertified: z.boolean().nullable(),
  hospitalAffiliation: z.string().nullable(),
  licenseStates: z.array(z.string()),
  /** CMS facility affiliations (ADR 063): hospitals first, then by name. */
  hospitalAffiliations: z.array(HospitalAffiliation),
  acceptingNewPatients: z.boolean().nullable(),
  acceptingMedicaid: z.boolean().nullable(),
  telehealth: z.boolean().nullable(),
  /** The source and date of the practice location and of the office phone (null: not known). */
  sources: z.object({ location: FieldSource.nullable(), phone: FieldSource.nullable() }),
  /** The latest changes imports made (newest first, at most RECENT_CHANGES_MAX). */
  recentChanges: z.array(PhysicianChange),
  /**
   * A teammate revealed this contact in the last 30 days: 'Revealed by <name>, <date>', free for
   * the caller (docs/decisions/061-teams.md). Null outside a team or when nobody did.
   */
  teamReveal: TeamReveal.nullable(),
  /** The caller's connected ATS already holds this physician ('In your ATS', ADR 064). */
  inAts: z.boolean(),
  /** What the physician said in the preference centre (ADR 066): 'Looking now', 'Open to offers'; null when nothing or not looking. */
  lookingStatus: z.enum(['looking', 'open']).nullable(),
});
export type PhysicianProfile = z.infer<typeof PhysicianProfile>;

/** GET /api/specialties: merged case-insensitively, sorted by count descending. */
export const SpecialtyCount = z.object({ specialty: z.string(), count: z.number().int() });
export type SpecialtyCount = z.infer<typeof SpecialtyCount>;
export const SpecialtyCountsResponse = z.object({ specialties: z.array(SpecialtyCount) });
export type SpecialtyCountsResponse = z.infer<typeof SpecialtyCountsResponse>;

/**
 * GET /api/directory/facets (same query string as the search): the options behind each filter,
 * every value found in the directory, counted over the current search with that filter's own
 * selection left out (disjunctive), most common first.
 */
export const FacetValue = z.object({ value: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof FacetValue>;
/** A sub-specialty under one specialty (as the specialty facet labels it), counted (ADR 052). */
export const SubSpecialtyFacetValue = FacetValue.extend({ specialty: z.string() });
export type SubSpecialtyFacetValue = z.infer<typeof SubSpecialtyFacetValue>;
export const FacetsResponse = z.object({
  specialty: z.array(FacetValue),
  state: z.array(FacetValue),
  companySize: z.array(FacetValue),
  companyRevenue: z.array(FacetValue),
  companyIndustry: z.array(FacetValue),
  education: z.array(FacetValue),
  skills: z.array(FacetValue),
  language: z.array(FacetValue),
  credential: z.array(FacetValue),
  gender: z.array(FacetValue),
  subSpecialty: z.array(FacetValue),
  /**
   * The sub-specialties under each specialty, counted as the sub-specialty filter's options are
   * (its own selection left out): one entry per specialty and sub-specialty the directory holds,
   * so 'Sports Medicine' under Family Medicine and under Orthopedic Surgery count apart. The
   * specialty filter lists them nested (ADR 052); ticking one sets `subSpecialty`.
   */
  subSpecialtyBySpecialty: z.array(SubSpecialtyFacetValue),
  secondarySpecialty: z.array(FacetValue),
  source: z.array(FacetValue),
  /** The facility types of the physicians' CMS affiliations (ADR 063). */
  facilityType: z.array(FacetValue),
  graduationYear: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }),
});
export type FacetsResponse = z.infer<typeof FacetsResponse>;

/** The spec's sample counts, the web app's fallback when the counts call returns nothing. */
export const SAMPLE_SPECIALTY_COUNTS: SpecialtyCount[] = [
  { specialty: 'Family Medicine', count: 125 },
  { specialty: 'Internal Medicine', count: 98 },
  { specialty: 'Pediatrics', count: 82 },
  { specialty: 'Cardiology', count: 75 },
  { specialty: 'OBGYN', count: 65 },
  { specialty: 'Orthopedic Surgery', count: 56 },
  { specialty: 'Physician Assistant', count: 48 },
  { specialty: 'Neurology', count: 43 },
  { specialty: 'Dermatology', count: 38 },
];

/** Title case, except 'OBGYN' kept upper-case (docs/rules.md#filters). */
export function formatSpecialty(value: string): string {
  if (value.trim().toLowerCase() === 'obgyn') return 'OBGYN';
  return value
    .trim()
    .toLowerCase()
    .replace(/(^|[\s\-/&(])([a-z])/g, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/**
 * GET /api/physicians/select-all (premium and admin): the ids of up to 500 matches of the whole
 * search (query, every filter, sort; `page` is ignored), in its order, and how many matched.
 */
export const SelectAllPhysiciansResponse = z.object({
  ids: z.array(z.number().int()),
  total: z.number().int(),
  /** The Select All maximum (500): 'Selected N physicians (maximum limit)' when ids reach it. */
  limit: z.number().int(),
});
export type SelectAllPhysiciansResponse = z.infer<typeof SelectAllPhysiciansResponse>;
