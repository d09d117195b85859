import { US_STATES } from '../../../../../contract/directory-options';
import {
  DEFAULT_RADIUS,
  type SearchPhysiciansRequest,
  type SortDirection,
  type UnheldWord,
  type SortKey,
} from '../../../../../contract/directory';
import { fieldError } from '../../../../lib/errors';
import { resolveNear } from '../../geo';
import { unheldMessage } from '../../../../../contract/unheld-words';
import { hasWordPrefix, searchTerm, searchWords } from '../data/search-words';
import { readQuery, type QueryReading } from './reading';

/**
 * A search reduced to what matching needs (docs/rules.md#search): lower-cased, trimmed, empty
 * values dropped. The in-memory index and the reference SQL
 * (server/test/support/directory/naive-search.ts) both read this,
 * and its JSON is the key of the result cache.
 */
export type SearchCriteria = {
  /**
   * The text words of the query (searchWords form: accents folded, lower case, inner separators
   * one space), after reading.ts took out NPIs, credentials, states and specialty phrases.
   * One word: six fields; several: first and last name.
   */
  words: string[];
  /**
   * The multi-word rule (ADR 020): when the query has two pieces or more, every text term also
   * matches one of the searched fields. Empty for a one-piece query.
   */
  terms: string[];
  /** States the query names ('Boston, MA', 'Boston MA', 'new york'), as codes: each must hold. */
  queryStates: string[];
  /** Specialty phrases of the query (the recruiter vocabulary): each must hold. */
  specialtyTerms: SpecialtyTermCriterion[];
  /** Credentials typed in the query ('md', 'do'): the physician's is one of them. */
  queryCredentials: string[];
  /**
   * The query named only what the directory does not hold ('CRNA', 'locum': reading.ts,
   * ADR 052): nothing matches. (Such words beside others are left out, and match nothing alone.)
   */
  unheldOnly: boolean;
  specialty: string[];
  skills: string[];
  education: string[];
  companySize: string[];
  companyRevenue: string[];
  companyIndustry: string[];
  state: string[];
  licenseState: string[];
  /** 'Affiliated with' (ADR 063): CMS Certification Numbers (upper case), any of them. */
  affiliatedWith: string[];
  /** 'Facility type': any of the physician's facilities is of one of these types (lower case). */
  facilityType: string[];
  /**
   * 'Likely IMLC-eligible for <state>': a licence in another compact state that can be the State
   * of Principal Licence (contract/affiliations.ts); the target state's code, or null.
   */
  imlcFor: string | null;
  language: string[];
  credential: string[];
  location: LocationCriterion | null;
  title: string | null;
  organization: string | null;
  city: string | null;
  medicalSchool: string | null;
  hospitalAffiliation: string | null;
  npi: string | null;
  gender: 'M' | 'F' | null;
  /** Graduation year bounds, with the years-in-practice bounds folded in (inclusive). */
  graduationYearMin: number | null;
  graduationYearMax: number | null;
  boardCertified: boolean | null;
  acceptingNewPatients: boolean | null;
  telehealth: boolean | null;
  // ADR 023
  subSpecialty: string[];
  secondarySpecialty: string[];
  source: string[];
  /** Within `miles` of the centre (degrees): the centre of `near`, resolved from the ZIP table. */
  near: NearCriterion | null;
  /** A ZIP or its first digits (matches the first five digits of the physician's ZIP). */
  zip: string | null;
  acceptingMedicaid: boolean | null;
  hasMobile: boolean | null;
  hasPersonalEmail: boolean | null;
  emailVerified: boolean | null;
  mobileValid: boolean | null;
  hasLinkedin: boolean | null;
  /** Residents and fellows (ADR 035). */
  inTraining: boolean | null;
  /** verified_at at or after this instant (ms): UTC midnight, N calendar months before today. */
  verifiedSince: number | null;
  /** created_at at or after this instant (ms): UTC midnight of the date given. */
  addedSince: number | null;
  /** updated_at after this instant (ms): the alert digest's link (added or changed since). */
  changedSince: number | null;
  /** moved_on on or after this day (days since 1970, UTC): today minus movedWithinDays (ADR 035). */
  movedSince: number | null;
  /**
   * Physicians left out by id: 'Not yet revealed by my team' (docs/decisions/061-teams.md), the
   * contacts the caller's team revealed in the last 30 days, and 'Not in my ATS' (ADR 064). Set by
   * the directory service, which reads them; toCriteria leaves it null.
   */
  excludedIds?: IdSet | null;
  /**
   * Only these physicians: 'Looking now' / 'Open to offers' (docs/decisions/066-outreach.md), what
   * physicians said in the preference centre. Set by the directory service, which reads them for
   * callers who may email physicians; toCriteria leaves it null (an empty set matches nobody).
   */
  includedIds?: IdSet | null;
};

/**
 * A set of physician ids (to leave out, or to keep only), named by a digest of its ids: the
 * criteria's JSON (the result caches' key) holds the digest, not the ids.
 */
export class IdSet {
  readonly key: string;
  constructor(readonly ids: Int32Array) {
    ids.sort();
    // FNV-1a over the sorted ids, and their count: equal sets give equal keys.
    let h = 0x811c9dc5;
    for (const id of ids) {
      h ^= id;
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    this.key = `${ids.length}:${h.toString(36)}`;
  }
  toJSON(): string {
    return this.key;
  }
}

/**
 * A specialty phrase: the physician's specialty or sub-specialty is one of these (lower case), or
 * the phrase's words (searchWords form) are whole words of the title or of a skill ('hospitalist'
 * finds the title 'Hospitalist' too); relevance puts the specialty matches first.
 */
export type SpecialtyTermCriterion = { specialties: string[]; subSpecialties: string[]; words: string };

export type NearCriterion = { lat: number; lon: number; miles: number };
/** The radius used when `near` comes without one (the sidebar's default). */
export const DEFAULT_RADIUS_MILES = Number(DEFAULT_RADIUS);

/** 'city, state' must match both parts; a single part matches city or state. */
export type LocationCriterion = { city: string | null; state: string | null; either: string | null };

// Control characters cannot match anything in the data and would collide with the index's
// field separators; they are dropped like surrounding whitespace.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

function clean(value: string | undefined | null): string | null {
  if (value == null) return null;
  const trimmed = value.replace(CONTROL, ' ').trim().toLowerCase();
  return trimmed ? trimmed : null;
}

function cleanList(values: readonly string[] | undefined): string[] {
  if (!values) return [];
  const out = new Set<string>();
  for (const value of values) {
    const cleaned = clean(value);
    if (cleaned) out.add(cleaned);
  }
  return [...out].sort();
}

/** Degrees and credentials compare without dots and spaces: 'M.D.' is 'md', 'Ph.D.' is 'phd'. */
export function normalizeCode(value: string): string {
  return value.toLowerCase().replace(/[.\s]/g, '');
}

/** A stored credential's parts, normalised ('M.D., Ph.D.' -> ['md', 'phd']). */
export function credentialParts(value: string): string[] {
  return normalizeCode(value).split(/[,;/]+/).filter(Boolean);
}

/** Whether a stored credential holds every credential typed in the box ('md phd': an MD, PhD). */
export function holdsCredentials(value: string, wanted: readonly string[]): boolean {
  const parts = credentialParts(value);
  return wanted.every((code) => parts.includes(code));
}

export function parseLocation(value: string | null): LocationCriterion | null {
  if (!value) return null;
  const comma = value.indexOf(',');
  if (comma === -1) return { city: null, state: null, either: value };
  const city = value.slice(0, comma).trim() || null;
  const state = value.slice(comma + 1).trim() || null;
  if (city && state) return { city, state, either: null };
  if (city || state) return { city: null, state: null, either: city ?? state };
  return null;
}

/**
 * The centre and radius of a search: an unknown ZIP or city is a 400 naming `near`, a radius
 * without `near` one naming `radius`.
 */
export function nearCriterion(
  request: Pick<SearchPhysiciansRequest, 'near' | 'radius'>,
): NearCriterion | null {
  const near = clean(request.near);
  if (!near) {
    if (request.radius != null) throw fieldError('radius', 'radius needs near (a ZIP code or a City, ST)');
    return null;
  }
  const centre = resolveNear(near, stateCode);
  if (!centre) {
    throw fieldError(
      'near',
      /^\d/.test(near)
        ? `near: unknown ZIP code '${near}'`
        : /,/.test(near)
          ? `near: unknown city '${request.near!.trim()}'`
          : "near must be a ZIP code or a city and state ('City, ST')",
    );
  }
  return { lat: centre.lat, lon: centre.lon, miles: request.radius ?? DEFAULT_RADIUS_MILES };
}

const DAY_MS = 86_400_000;

/** UTC midnight `months` calendar months before `now` (ms). */
export function monthsAgo(months: number, now: Date): number {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1);
  const d = new Date(day);
  // The same day of the month, or the month's last day when it is shorter.
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), Math.min(now.getUTCDate(), last));
}

/** Years in practice = current year - graduation year, so its bounds become graduation-year bounds. */
export function toCriteria(
  request: SearchPhysiciansRequest,
  currentYear = new Date().getUTCFullYear(),
  now = new Date(),
): SearchCriteria {
  const query = clean(request.query);
  const lows = [
    request.graduationYearMin,
    request.yearsInPracticeMax != null ? currentYear - request.yearsInPracticeMax : undefined,
  ];
  const highs = [
    request.graduationYearMax,
    request.yearsInPracticeMin != null ? currentYear - request.yearsInPracticeMin : undefined,
  ];
  const low = lows.filter((v): v is number => v != null);
  const high = highs.filter((v): v is number => v != null);
  const credential = cleanList(request.credential).map(normalizeCode);
  const reading = readQuery(query, { npi: request.npi, credentials: credential, inTraining: request.inTraining });
  return {
    words: reading.words.map(searchTerm).filter(Boolean),
    terms: reading.terms.map(searchTerm).filter(Boolean),
    queryStates: reading.states,
    specialtyTerms: reading.specialties.map((target, k) => ({
      specialties: target.specialties.map((v) => v.toLowerCase()),
      subSpecialties: target.subSpecialties.map((v) => v.toLowerCase()),
      words: searchTerm(reading.specialtyText[k]),
    })),
    queryCredentials: reading.credentials,
    unheldOnly: namesOnlyUnheld(reading),
    specialty: cleanList(request.specialty),
    skills: cleanList(request.skills),
    education: cleanList(request.education).map(normalizeCode),
    companySize: cleanList(request.companySize),
    companyRevenue: cleanList(request.companyRevenue),
    companyIndustry: cleanList(request.companyIndustry),
    state: cleanList(request.state),
    licenseState: cleanList(request.licenseState),
    affiliatedWith: cleanList(request.affiliatedWith).map((v) => v.toUpperCase()),
    facilityType: cleanList(request.facilityType).map((v) => v.toLowerCase()),
    imlcFor: request.imlcEligibleFor ?? null,
    language: cleanList(request.language),
    credential,
    location: parseLocation(clean(request.location)),
    title: clean(request.title),
    organization: clean(request.organization),
    city: clean(request.city),
    medicalSchool: clean(request.medicalSchool),
    hospitalAffiliation: clean(request.hospitalAffiliation),
    npi: reading.npi ?? request.npi ?? null,
    gender: request.gender ?? null,
    graduationYearMin: low.length ? Math.max(...low) : null,
    graduationYearMax: high.length ? Math.min(...high) : null,
    boardCertified: request.boardCertified ?? null,
    acceptingNewPatients: request.acceptingNewPatients ?? null,
    telehealth: request.telehealth ?? null,
    subSpecialty: cleanList(request.subSpecialty),
    secondarySpecialty: cleanList(request.secondarySpecialty),
    source: cleanList(request.source),
    near: nearCriterion(request),
    zip: request.zip ?? null,
    acceptingMedicaid: request.acceptingMedicaid ?? null,
    hasMobile: request.hasMobile ?? null,
    hasPersonalEmail: request.hasPersonalEmail ?? null,
    hasLinkedin: request.hasLinkedin ?? null,
    emailVerified: request.emailVerified ?? null,
    mobileValid: request.mobileValid ?? null,
    inTraining: request.inTraining ?? (reading.inTraining ? true : null),
    verifiedSince: request.verifiedWithinMonths != null ? monthsAgo(request.verifiedWithinMonths, now) : null,
    addedSince: request.addedSince ? Date.parse(`${request.addedSince}T00:00:00Z`) : null,
    changedSince: request.changedSince ? Date.parse(request.changedSince) : null,
    movedSince:
      request.movedWithinDays != null ? Math.floor(now.getTime() / DAY_MS) - request.movedWithinDays : null,
  };
}

/** Whether a query named words of no field we hold and nothing else the search could look for. */
function namesOnlyUnheld(reading: QueryReading): boolean {
  return (
    reading.unheld.length > 0 &&
    reading.words.length === 0 &&
    reading.specialties.length === 0 &&
    reading.states.length === 0 &&
    reading.npi === null &&
    reading.credentials.length === 0
  );
}

/**
 * The words of a search's query that name no field the directory holds, as typed, each with what
 * the page says of it (SearchPhysiciansResponse.unheldWords).
 */
export function unheldWordsOf(request: Pick<SearchPhysiciansRequest, 'query' | 'npi' | 'credential'>): UnheldWord[] {
  const query = clean(request.query);
  if (!query) return [];
  const reading = readQuery(query, { npi: request.npi, credentials: cleanList(request.credential).map(normalizeCode) });
  // The query's tokens as typed (the reader's split of the same text, before lower-casing).
  const typed = request.query!.replace(CONTROL, ' ').trim().split(',').flatMap((segment) => segment.split(/\s+/).filter(Boolean));
  return reading.unheld.map(({ from, to, entry }) => {
    const text = typed.slice(from, to).join(' ');
    return {
    text,
    kind: entry.kind,
    message: unheldMessage(entry, text),
    instead: entry.instead,
    };
  });
}

/**
 * The sort a search uses: the one asked for, else relevance with a query and name without.
 * Relevance has no direction (best first, ties by name ascending); without a query it is the
 * name order ascending.
 */
export function resolveSort(
  request: Pick<SearchPhysiciansRequest, 'sortKey' | 'sortDirection'>,
  criteria: Pick<SearchCriteria, 'words' | 'specialtyTerms' | 'near'>,
): { sortKey: SortKey; sortDirection: SortDirection } {
  if (request.sortKey === 'distance' && !criteria.near)
    throw fieldError('sortKey', 'sortKey distance needs near (a ZIP code or a City, ST)');
  // With a radius and no query the nearest come first (ADR 023); a query keeps relevance.
  const sortKey =
    request.sortKey ??
    (criteria.words.length || criteria.specialtyTerms.length
      ? 'relevance'
      : criteria.near
        ? 'distance'
        : 'name');
  return { sortKey, sortDirection: sortKey === 'relevance' ? 'asc' : (request.sortDirection ?? 'asc') };
}

/** The short and long spellings of a place's words (migration 0050's physician_place_key). */
const PLACE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  st: ['saint'],
  saint: ['st'],
  ste: ['sainte'],
  sainte: ['ste'],
  ft: ['fort'],
  fort: ['ft'],
  mt: ['mount'],
  mount: ['mt'],
};

/**
 * The other spellings of a search term in a city's name (ADR 020): 'st' is also the whole word
 * 'saint' ('st louis' finds SAINT LOUIS), 'fort' also 'ft' (FT WAYNE), and so on; [] for others.
 */
export function placeAliases(term: string): readonly string[] {
  return PLACE_ALIASES[term] ?? [];
}


const STATE_NAME_BY_CODE = new Map<string, string>(
  US_STATES.map((s) => [s.code.toLowerCase(), s.name.toLowerCase()]),
);
const STATE_CODE_BY_NAME = new Map<string, string>(
  US_STATES.map((s) => [s.name.toLowerCase(), s.code.toLowerCase()]),
);

/**
 * Whether a stored state value (a code such as 'TX', or a name) is what `wanted` names.
 * exact: the state filter (a code or a full name). partial: the location filter, where 'tex'
 * also finds Texas (a word of the name starting with 3+ letters; shorter text only as a whole
 * code). term: a word of the query's several-word rule, which is a state only by 3+ letters of
 * its name (a two-letter code there is text: 'md cardiology' is not Maryland).
 */
export function stateMatches(stored: string, wanted: string, mode: 'exact' | 'partial' | 'term'): boolean {
  const value = stored.toLowerCase();
  if (mode !== 'term') {
    if (value === wanted) return true;
    const storedName = STATE_NAME_BY_CODE.get(value) ?? value;
    const wantedName = STATE_NAME_BY_CODE.get(wanted) ?? wanted;
    if (storedName === wantedName) return true;
    if (STATE_CODE_BY_NAME.get(wanted) === value) return true;
    if (mode === 'exact') return false;
  }
  const term = searchTerm(wanted);
  if (term.length < 3) return false;
  const name = STATE_NAME_BY_CODE.get(value);
  return hasWordPrefix(searchWords(stored), term) || (name !== undefined && hasWordPrefix(' ' + name, term));
}

/** A state's code when `value` is a US state code or name (any case), else `value` itself. */
export function stateCode(value: string): string {
  const lower = value.toLowerCase();
  if (STATE_NAME_BY_CODE.has(lower)) return lower.toUpperCase();
  return STATE_CODE_BY_NAME.get(lower)?.toUpperCase() ?? value;
}

/**
 * The specialty filter: 'physician' (any case) is an exact term, other values match by word
 * prefix ('Urology' is not Neurology). `stored` is the value as stored.
 */
export function specialtyMatches(stored: string, wanted: string): boolean {
  return wanted === 'physician'
    ? stored.toLowerCase().trim() === 'physician'
    : hasWordPrefix(searchWords(stored), searchTerm(wanted));
}

/** True when the criteria filter nothing (the whole directory matches). */
export function isEmptyCriteria(c: SearchCriteria): boolean {
  return JSON.stringify(c) === EMPTY_KEY;
}
const EMPTY_KEY = JSON.stringify(toCriteria({}));
