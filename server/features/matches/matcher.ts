import { MATCH_MAX_CANDIDATES, type MatchCandidate, type MatchField, type MatchOutcome } from '../../../contract/matches';
import { cityKey, haversineMiles, stateCode, zipTable, type PhysicianForMatching } from '../directory';
import { nicknamesAgree } from './nicknames';
import { specialtyAgrees, specialtyKey, specialtyNames } from './specialty-terms';

/*
 * The list matcher (docs/decisions/033-list-matching.md): pure functions from one uploaded row
 * and the physicians sharing its last name to an outcome with its evidence. No database, no
 * index: the service hands it the physicians (DirectoryIndex.physiciansForMatching).
 */

/**
 * Every weight and threshold of the matcher, in points (a score is points / 100, at most 1).
 * A row is 'matched' when its best physician reaches MATCHED and leads the next by MARGIN;
 * otherwise 'ambiguous' when some physician reaches CANDIDATE (up to 5 listed); else 'none'.
 */
export const MATCH_THRESHOLDS = {
  MATCHED: 65,
  MARGIN: 15,
  CANDIDATE: 40,
} as const;

export const MATCH_WEIGHTS = {
  lastName: 30,
  lastNamePart: 22,
  firstName: 30,
  nickname: 26,
  firstNameTypo: 18,
  initial: 12,
  firstNameDiffers: -30,
  middleInitial: 5,
  middleInitialDiffers: -8,
  state: 15,
  stateDiffers: -25,
  city: 12,
  cityTypo: 10,
  cityDiffers: -12,
  zip: 8,
  zipNear: 6,
  zipFar: -6,
  specialty: 8,
  specialtyDiffers: -4,
  organization: 6,
} as const;

/** Miles between ZIP centroids that still count as the same place, and beyond which they differ. */
const ZIP_NEAR_MILES = 15;
const ZIP_FAR_MILES = 60;

/** One uploaded row: the mapped cells by field. */
export type UploadedRow = Partial<Record<MatchField, string>>;

const TITLES = new Set(['dr', 'doctor', 'prof', 'professor', 'mr', 'mrs', 'ms', 'miss', 'mx']);
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv']);
const CREDENTIALS = new Set([
  'md', 'do', 'phd', 'mph', 'mba', 'ms', 'msc', 'mbbs', 'facs', 'facc', 'facp', 'faap', 'facog', 'facep', 'fccp',
  'frcpc', 'ma', 'dds', 'dmd', 'np', 'pa', 'pac', 'rn', 'aprn', 'crna', 'dnp', 'bsn', 'fnp', 'od', 'dpm', 'mhs',
]);
/** Name particles that are not a last name on their own ('de' of 'De La Cruz'). */
const PARTICLES = new Set(['de', 'la', 'del', 'della', 'van', 'von', 'der', 'den', 'da', 'di', 'du', 'le', 'st', 'el', 'al', 'bin', 'ben', 'dos', 'das']);

/** Letters Unicode does not decompose to a plain one. */
const FOLD_EXTRA: Record<string, string> = { ß: 'ss', ø: 'o', ł: 'l', đ: 'd', ħ: 'h', ı: 'i' };

/** Lower case, accents gone ('Núñez' -> 'nunez'), apostrophes dropped ("O'Brien" -> 'obrien'). */
export function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[ßøłđħı]/g, (c) => FOLD_EXTRA[c])
    .trim();
}

/**
 * `fn` remembered per argument: the directory repeats its values (a few thousand first names,
 * cities and organisations), so a job folds each once. Forgets everything past `max` entries.
 */
function remembered<T>(fn: (value: string) => T, max = 200_000): (value: string) => T {
  const seen = new Map<string, T>();
  return (value) => {
    let result = seen.get(value);
    if (result === undefined) {
      if (seen.size >= max) seen.clear();
      result = fn(value);
      seen.set(value, result);
    }
    return result;
  };
}

/**
 * Dotted abbreviations as one word ('m.d.' -> 'md', 'ph.d.' -> 'phd', 'd.o' -> 'do'): otherwise
 * their letters would be read as words of the name, 'M.D.' as a first initial.
 */
function undotted(folded: string): string {
  return folded.replace(/\b(?:[a-z]{1,2}\.\s?){1,3}[a-z]{1,2}\b\.?/g, (match) => {
    const letters = match.replace(/[^a-z]/g, '');
    return CREDENTIALS.has(letters) || SUFFIXES.has(letters) ? letters : match;
  });
}

/** Words of a folded value: letters only, split at anything else (hyphens, dots, commas). */
function words(folded: string): string[] {
  return undotted(folded).split(/[^a-z]+/).filter(Boolean);
}

/** Drops credentials and suffixes from the end while more than `keep` words remain. */
function dropTrailing(list: string[], keep: number): string[] {
  const out = [...list];
  while (out.length > keep && (CREDENTIALS.has(out[out.length - 1]) || SUFFIXES.has(out[out.length - 1]))) out.pop();
  return out;
}

/**
 * The keys a last name is found under: its letters joined ('garcia-lopez' -> 'garcialopez') and
 * each part but particles ('garcia', 'lopez'), suffixes and credentials dropped.
 */
export function lastNameKeys(lastName: string): string[] {
  const parts = dropTrailing(words(fold(lastName)), 1);
  if (parts.length === 0) return [];
  const keys = new Set([parts.join('')]);
  for (const part of parts) if (part.length >= 2 && !PARTICLES.has(part)) keys.add(part);
  return [...keys];
}

/** True for a 10-digit NPI whose last digit is its Luhn check digit (prefix 80840). */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  let sum = 24;
  for (let i = 0; i < 9; i++) {
    const digit = npi.charCodeAt(8 - i) - 48;
    if (i % 2 === 0) sum += digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    else sum += digit;
  }
  return (10 - (sum % 10)) % 10 === npi.charCodeAt(9) - 48;
}

/** A row read for matching: folded names, keys, the place and the specialty named. */
export type RowQuery = {
  /** A valid NPI, or null (absent or a bad check digit: then the name decides). */
  npi: string | null;
  npiRejected: boolean;
  /** The 10 digits the row gave as its NPI (valid or not): a physician with another NPI disagrees. */
  npiGiven: string | null;
  first: string | null;
  /** The first name was only an initial ('J.'). */
  firstIsInitial: boolean;
  middleInitial: string | null;
  lastKeys: string[];
  lastWhole: string | null;
  state: string | null;
  city: string | null;
  zip: number | null;
  specialties: string[];
  organization: Set<string>;
};

const ORGANIZATION_NOISE = new Set(['the', 'of', 'and', 'at', 'for', 'inc', 'llc', 'pc', 'pa', 'group', 'medical', 'center', 'health', 'hospital', 'clinic', 'associates', 'healthcare', 'physicians']);

function organizationWords(value: string | undefined): Set<string> {
  return new Set(words(fold(value ?? '')).filter((w) => w.length >= 3 && !ORGANIZATION_NOISE.has(w)));
}

/** Splits a full name cell: 'Dr. Robert J. Smith Jr., MD', 'Smith, Robert J', 'Smith MD'. */
export function splitFullName(cell: string): { first: string | null; middle: string | null; last: string | null } {
  const folded = undotted(fold(cell).replace(/\([^)]*\)/g, ' '));
  const [head, ...rest] = folded.split(',');
  const tail = rest.map((part) => words(part)).filter((part) => part.some((w) => !CREDENTIALS.has(w) && !SUFFIXES.has(w)));
  let tokens: string[];
  if (tail.length > 0 && words(head).length >= 1) {
    // 'Smith, Robert J' (last name first), or 'Smith Jr., Robert'.
    tokens = [...tail[0], ...dropTrailing(words(head), 1)];
  } else {
    tokens = words(head);
  }
  while (tokens.length > 1 && TITLES.has(tokens[0])) tokens.shift();
  tokens = dropTrailing(tokens, 2);
  if (tokens.length === 0) return { first: null, middle: null, last: null };
  if (tokens.length === 1) return { first: null, middle: null, last: tokens[0] };
  // A particle before the last word belongs to the last name ('Maria de la Cruz').
  let lastStart = tokens.length - 1;
  while (lastStart > 1 && PARTICLES.has(tokens[lastStart - 1])) lastStart--;
  return {
    first: tokens[0],
    middle: lastStart > 1 ? tokens[1] : null,
    last: tokens.slice(lastStart).join(' '),
  };
}

/** Reads one uploaded row: names from their own columns, else from the full name. */
export function readRow(row: UploadedRow): RowQuery {
  const npiDigits = (row.npi ?? '').replace(/\D/g, '');
  const npiValid = npiDigits.length === 10 && isValidNpi(npiDigits);
  const full = row.fullName ? splitFullName(row.fullName) : { first: null, middle: null, last: null };
  const lastCell = row.lastName?.trim() ? row.lastName : full.last;
  let firstWords = row.firstName?.trim() ? words(fold(row.firstName.replace(/\([^)]*\)/g, ' '))) : [];
  while (firstWords.length > 1 && TITLES.has(firstWords[0])) firstWords.shift();
  if (firstWords.length === 1 && TITLES.has(firstWords[0])) firstWords = [];
  const first = firstWords[0] ?? full.first;
  const middleSource = row.middleName?.trim() ? words(fold(row.middleName))[0] : (firstWords[1] ?? full.middle);
  const lastKeys = lastCell ? lastNameKeys(lastCell) : [];
  const zipDigits = (row.zip ?? '').replace(/\D/g, '');
  // A spreadsheet drops a ZIP's leading zero ('2134' for 02134).
  const zip = zipDigits.length === 4 ? Number(zipDigits) : zipDigits.length >= 5 ? Number(zipDigits.slice(0, 5)) : null;
  const state = row.state?.trim() ? stateCode(row.state.trim()).toUpperCase() : null;
  const city = row.city?.trim() ? cityKey(fold(row.city), '') : null;
  return {
    npi: npiValid ? npiDigits : null,
    npiRejected: npiDigits.length > 0 && !npiValid,
    npiGiven: npiDigits.length === 10 ? npiDigits : null,
    first: first ?? null,
    firstIsInitial: !!first && first.length === 1,
    middleInitial: middleSource ? middleSource[0] : null,
    lastKeys,
    lastWhole: lastKeys[0] ?? null,
    state: state && /^[A-Z]{2}$/.test(state) ? state : null,
    city: city && city !== '|' ? city : null,
    zip: zip !== null && Number.isFinite(zip) ? zip : null,
    specialties: row.specialty ? specialtyNames(row.specialty) : [],
    organization: organizationWords(row.organization),
  };
}

/** A physician prepared once for many comparisons (folded names, keys, place). */
export type PreparedPhysician = {
  physician: PhysicianForMatching;
  middleInitial: string | null;
  first: string;
  lastKeys: string[];
  city: string | null;
  state: string;
  zip: number | null;
  specialties: string[];
  organization: Set<string>;
};

const firstWordOf = remembered((value: string) => words(fold(value))[0] ?? '');
/** lastNameKeys, remembered (the index asks once per distinct last name, the matcher per physician). */
export const rememberedLastNameKeys = remembered(lastNameKeys);
const cityOf = remembered((value: string) => (value ? cityKey(fold(value), '') : null));
const stateOf = remembered((value: string) => (value ? stateCode(value).toUpperCase() : ''));
const specialtyOf = remembered(specialtyKey);
const organizationOf = remembered((value: string) => organizationWords(value));

export function preparePhysician(physician: PhysicianForMatching, middleName: string | null = null): PreparedPhysician {
  return {
    physician,
    middleInitial: middleName ? (words(fold(middleName))[0]?.[0] ?? null) : null,
    first: firstWordOf(physician.firstName),
    lastKeys: rememberedLastNameKeys(physician.lastName),
    city: cityOf(physician.city),
    state: stateOf(physician.state),
    zip: physician.zip ? Number(physician.zip) : null,
    specialties: [physician.specialty, physician.subSpecialty, physician.secondarySpecialty].filter(Boolean).map(specialtyOf),
    organization: organizationOf(physician.organization),
  };
}

/** Edit distance of two short strings, stopping early past `max` (returns max + 1). */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, current[j]);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length];
}

/**
 * One letter mistyped or two swapped, the length kept ('Jonh', 'Micheal'): an added or dropped
 * letter is not a typo here, as it often makes another name ('Robert', 'Roberta').
 */
function isTypo(a: string, b: string): boolean {
  // One letter more or fewer inside the name ('mathew', 'matthew'), in names long enough not to
  // be another name; a letter added at the end makes another name ('robert', 'roberta').
  if (Math.abs(a.length - b.length) === 1) {
    const [shorter, longer] = a.length < b.length ? [a, b] : [b, a];
    return shorter.length >= 4 && longer.slice(0, -1) !== shorter && editDistance(a, b, 1) === 1;
  }
  if (a.length !== b.length) return false;
  const diff: number[] = [];
  for (let i = 0; i < a.length && diff.length <= 2; i++) if (a[i] !== b[i]) diff.push(i);
  if (diff.length === 1) return true;
  return diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]];
}

export type Scored = { prepared: PreparedPhysician; points: number; agrees: string[]; differs: string[] };

/** The most points the place, specialty and organization can add (for scorePhysician's early exit). */
const MOST_FROM_THE_REST = MATCH_WEIGHTS.city + MATCH_WEIGHTS.zip + MATCH_WEIGHTS.specialty + MATCH_WEIGHTS.organization;

/**
 * The points of one physician for one row, with the fields that agree and differ. With a
 * `floor`: null as soon as the names and the state show the physician cannot reach it (most
 * namesakes of a common last name have another first name or live elsewhere).
 */
export function scorePhysician(query: RowQuery, p: PreparedPhysician, floor = -Infinity): Scored | null {
  const w = MATCH_WEIGHTS;
  const agrees: string[] = [];
  const differs: string[] = [];
  let points = 0;
  if (query.lastWhole && p.lastKeys[0] === query.lastWhole) {
    points += w.lastName;
    agrees.push('last name');
  } else if (query.lastKeys.some((key) => p.lastKeys.includes(key))) {
    points += w.lastNamePart;
    agrees.push('part of the last name');
  }
  if (query.first && p.first) {
    const a = query.first;
    const b = p.first;
    if (a === b) {
      points += w.firstName;
      agrees.push('first name');
    } else if (query.firstIsInitial || b.length === 1) {
      if (a[0] === b[0]) {
        points += w.initial;
        agrees.push('initial');
      } else {
        points += w.firstNameDiffers;
        differs.push('initial');
      }
    } else if (nicknamesAgree(a, b)) {
      points += w.nickname;
      agrees.push('nickname');
    } else if (a.length >= 4 && isTypo(a, b)) {
      points += w.firstNameTypo;
      agrees.push('first name (one letter off)');
    } else {
      points += w.firstNameDiffers;
      differs.push('first name');
    }
  }
  if (query.middleInitial && p.middleInitial) {
    if (query.middleInitial === p.middleInitial) {
      points += w.middleInitial;
      agrees.push('middle initial');
    } else {
      points += w.middleInitialDiffers;
      differs.push('middle initial');
    }
  }
  if (query.state && p.state) {
    if (query.state === p.state) {
      points += w.state;
      agrees.push('state');
    } else {
      points += w.stateDiffers;
      differs.push('state');
    }
  }
  if (points + MOST_FROM_THE_REST < floor) return null;
  if (query.city && p.city) {
    if (query.city === p.city) {
      points += w.city;
      agrees.push('city');
    } else if (Math.min(query.city.length, p.city.length) >= 6 && editDistance(query.city, p.city, 2) <= 2) {
      points += w.cityTypo;
      agrees.push('city (misspelt)');
    } else if (editDistance(query.city, p.city, 1) <= 1) {
      points += w.cityTypo;
      agrees.push('city (misspelt)');
    } else {
      points += w.cityDiffers;
      differs.push('city');
    }
  }
  if (query.zip !== null && p.zip !== null) {
    if (query.zip === p.zip) {
      points += w.zip;
      agrees.push('ZIP');
    } else {
      const table = zipTable();
      const miles = haversineMiles(table.lat[query.zip], table.lon[query.zip], table.lat[p.zip], table.lon[p.zip]);
      if (miles <= ZIP_NEAR_MILES) {
        points += w.zipNear;
        agrees.push('ZIP (nearby)');
      } else if (miles > ZIP_FAR_MILES) {
        points += w.zipFar;
        differs.push('ZIP');
      }
    }
  }
  if (query.specialties.length && p.specialties.length) {
    if (specialtyAgrees(query.specialties, p.specialties)) {
      points += w.specialty;
      agrees.push('specialty');
    } else {
      points += w.specialtyDiffers;
      differs.push('specialty');
    }
  }
  if (query.organization.size && [...p.organization].some((word) => query.organization.has(word))) {
    points += w.organization;
    agrees.push('organization');
  }
  // The row names another NPI (a mistyped one, or another physician's): whatever the name says,
  // the user decides (never 'matched' on its own).
  if (query.npiGiven && p.physician.npi && p.physician.npi !== query.npiGiven) {
    differs.push('NPI');
    points = Math.min(points, MATCH_THRESHOLDS.MATCHED - 1);
  }
  return { prepared: p, points, agrees, differs };
}

export type RowMatch = {
  outcome: MatchOutcome;
  physicianId: number | null;
  score: number | null;
  candidates: MatchCandidate[];
};

const toScore = (points: number) => Math.round(Math.min(100, Math.max(0, points))) / 100;

function candidateOf(s: Scored): MatchCandidate {
  const p = s.prepared.physician;
  return {
    physicianId: p.id,
    name: `${p.firstName} ${p.lastName}`.trim(),
    specialty: p.specialty || null,
    city: p.city || null,
    state: p.state || null,
    score: toScore(s.points),
    agrees: s.agrees,
    differs: s.differs,
  };
}

/**
 * The outcome of one row. `byNpi`: the physician holding the row's valid NPI, if any (an exact
 * match whatever the name says). `namesakes`: the physicians sharing a last-name key with it.
 */
export function matchRow(query: RowQuery, byNpi: PreparedPhysician | null, namesakes: readonly PreparedPhysician[]): RowMatch {
  if (byNpi) {
    const scored = scorePhysician(query, byNpi)!;
    const candidate = { ...candidateOf(scored), score: 1, agrees: ['NPI', ...scored.agrees] };
    return { outcome: 'matched', physicianId: byNpi.physician.id, score: 1, candidates: [candidate] };
  }
  if (!query.lastKeys.length) return { outcome: 'none', physicianId: null, score: null, candidates: [] };
  // Physicians skipped by the floor score under CANDIDATE: they are never listed, and a best one
  // reaching MATCHED leads them by more than MARGIN, so skipping them changes no outcome.
  const scored = namesakes
    .flatMap((p) => scorePhysician(query, p, MATCH_THRESHOLDS.CANDIDATE) ?? [])
    .sort((a, b) => b.points - a.points || a.prepared.physician.id - b.prepared.physician.id);
  const best = scored[0];
  if (!best || best.points < MATCH_THRESHOLDS.CANDIDATE) return { outcome: 'none', physicianId: null, score: null, candidates: [] };
  const listed = scored.filter((s) => s.points >= MATCH_THRESHOLDS.CANDIDATE).slice(0, MATCH_MAX_CANDIDATES).map(candidateOf);
  const runnerUp = scored[1]?.points ?? -Infinity;
  if (best.points >= MATCH_THRESHOLDS.MATCHED && best.points - runnerUp >= MATCH_THRESHOLDS.MARGIN) {
    return { outcome: 'matched', physicianId: best.prepared.physician.id, score: toScore(best.points), candidates: listed };
  }
  return { outcome: 'ambiguous', physicianId: null, score: toScore(best.points), candidates: listed };
}

/** The uploaded row in a few words for the review table: 'Robert Smith · Boston, MA · Cardiology'. */
export function rowLabel(row: UploadedRow): string {
  const name = row.fullName?.trim() || [row.firstName, row.middleName, row.lastName].map((v) => v?.trim()).filter(Boolean).join(' ');
  const place = [row.city?.trim(), row.state?.trim()].filter(Boolean).join(', ') || row.zip?.trim();
  const who = name || (row.npi?.trim() ? `NPI ${row.npi.trim()}` : '') || row.email?.trim() || row.phone?.trim() || '';
  const parts = [who, place, row.specialty?.trim()].filter(Boolean);
  return (parts.join(' · ') || '(empty row)').slice(0, 200);
}

/**
 * Matches a slice of rows against `physicians` (every physician sharing a last-name key or an
 * NPI with one of the rows, as the index returned them). `middleNames`: the middle names of
 * those physicians, when some row gives a middle initial (the index holds none).
 */
export function matchSlice(
  queries: readonly RowQuery[],
  physicians: readonly PhysicianForMatching[],
  middleNames: ReadonlyMap<number, string> = new Map(),
): RowMatch[] {
  return matchWithPool(queries, physicianPool(physicians, middleNames));
}

/**
 * Physicians prepared once, found by last-name key then first name (folded first word), and by
 * NPI. A row with a first name is compared only with the physicians whose first name could be
 * the same person's (same, nickname, typo, initial): a common surname has thousands of
 * physicians but a few hundred first names, so a row costs its surname's first names, not its
 * surname's physicians.
 */
export type PhysicianPool = {
  byKey: Map<string, Map<string, PreparedPhysician[]>>;
  byNpi: Map<string, PreparedPhysician>;
  /** Made by the first near-miss look-up (keysByVariant). */
  byVariant?: Map<string, string[]>;
};

export function emptyPool(): PhysicianPool {
  return { byKey: new Map(), byNpi: new Map() };
}

/** Adds physicians to a pool (the worker adds them in chunks, yielding between). */
export function addToPool(
  pool: PhysicianPool,
  physicians: readonly PhysicianForMatching[],
  middleNames: ReadonlyMap<number, string> = new Map(),
): PhysicianPool {
  pool.byVariant = undefined;
  for (const physician of physicians) {
    const prepared = preparePhysician(physician, middleNames.get(physician.id) ?? null);
    if (physician.npi) pool.byNpi.set(physician.npi, prepared);
    for (const key of prepared.lastKeys) {
      let byFirst = pool.byKey.get(key);
      if (!byFirst) pool.byKey.set(key, (byFirst = new Map()));
      const list = byFirst.get(prepared.first);
      if (list) list.push(prepared);
      else byFirst.set(prepared.first, [prepared]);
    }
  }
  return pool;
}

export function physicianPool(
  physicians: readonly PhysicianForMatching[],
  middleNames: ReadonlyMap<number, string> = new Map(),
): PhysicianPool {
  return addToPool(emptyPool(), physicians, middleNames);
}

/** Whether two folded first names could be one person's (the first-name rows of the weights). */
function firstNamesCompatible(query: RowQuery, first: string): boolean {
  const a = query.first;
  if (!a || !first) return true;
  if (a === first) return true;
  if (query.firstIsInitial || first.length === 1) return a[0] === first[0];
  return nicknamesAgree(a, first) || (a.length >= 4 && isTypo(a, first));
}

/** Whether the pool holds a physician under one of the row's last-name keys whose first name fits. */
export function hasNamesake(query: RowQuery, pool: PhysicianPool): boolean {
  for (const key of query.lastKeys) {
    for (const first of pool.byKey.get(key)?.keys() ?? []) if (firstNamesCompatible(query, first)) return true;
  }
  return false;
}

export function matchWithPool(queries: readonly RowQuery[], pool: PhysicianPool): RowMatch[] {
  return queries.map((query) => {
    const exact = query.npi ? (pool.byNpi.get(query.npi) ?? null) : null;
    if (exact || query.lastKeys.length === 0) return matchRow(query, exact, []);
    const namesakes: PreparedPhysician[] = [];
    for (const key of query.lastKeys) {
      for (const [first, list] of pool.byKey.get(key) ?? []) if (firstNamesCompatible(query, first)) namesakes.push(...list);
    }
    // A physician under two of the row's keys ('garcia' and 'garcialopez') is listed once.
    const match = matchRow(query, exact, query.lastKeys.length === 1 ? namesakes : [...new Set(namesakes)]);
    return match.outcome === 'none' ? { ...match, candidates: nearMisses(query, pool) } : match;
  });
}

/** Each word with one letter taken out, and the word itself (keys one edit apart share one). */
export function deletionVariants(word: string): string[] {
  const out = [word];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/** The pool's last-name keys by their deletion variants (made once per pool, for near misses). */
function keysByVariant(pool: PhysicianPool): Map<string, string[]> {
  if (pool.byVariant) return pool.byVariant;
  const byVariant = new Map<string, string[]>();
  for (const key of pool.byKey.keys()) {
    if (key.length < 4) continue;
    for (const variant of deletionVariants(key)) {
      const keys = byVariant.get(variant);
      if (keys) keys.push(key);
      else byVariant.set(variant, [key]);
    }
  }
  return (pool.byVariant = byVariant);
}

/**
 * The physicians a row without a match may still be (ADR 033, near misses), for the user to pick
 * from: the same last name, or one letter off (of 4 letters or more), and a first name that is the
 * same, a nickname, one letter off, or only the same initial. At most MATCH_MAX_CANDIDATES, best
 * first; the outcome stays 'none' until the user picks one.
 */
export function nearMisses(query: RowQuery, pool: PhysicianPool): MatchCandidate[] {
  const whole = query.lastWhole;
  if (!whole || !query.first) return [];
  const keys = new Set<string>(query.lastKeys);
  if (whole.length >= 4) {
    const byVariant = keysByVariant(pool);
    for (const variant of deletionVariants(whole)) {
      for (const key of byVariant.get(variant) ?? []) if (editDistance(key, whole, 1) <= 1) keys.add(key);
    }
  }
  const seen = new Set<number>();
  const scored: Scored[] = [];
  for (const key of keys) {
    const oneOff = !query.lastKeys.includes(key);
    for (const [first, list] of pool.byKey.get(key) ?? []) {
      if (!first || first[0] !== query.first[0]) continue;
      for (const p of list) {
        if (seen.has(p.physician.id)) continue;
        seen.add(p.physician.id);
        const s = scorePhysician(query, p)!;
        if (oneOff) {
          s.points += MATCH_WEIGHTS.lastNamePart;
          s.agrees.unshift('last name (one letter off)');
        }
        if (!s.agrees.some((a) => a.startsWith('first name') || a === 'nickname' || a === 'initial')) {
          // Only the initial is the same ('Mandy' for 'Maria'): half an initial's points instead of
          // the penalty of another name (the first name still shows as differing).
          s.points += MATCH_WEIGHTS.initial / 2 - MATCH_WEIGHTS.firstNameDiffers;
          s.agrees.push('first initial');
        }
        scored.push(s);
      }
    }
  }
  return scored
    .sort((a, b) => b.points - a.points || a.prepared.physician.id - b.prepared.physician.id)
    .slice(0, MATCH_MAX_CANDIDATES)
    .map(candidateOf);
}
