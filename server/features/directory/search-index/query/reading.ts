import { US_STATES } from '../../../../../contract/directory-options';
import {
  LONGEST_TERM_WORDS,
  resolveSpecialtyTerm,
  vocabularyWords,
  type SpecialtyTarget,
} from '../../../../../contract/recruiter-vocabulary';
import { LONGEST_UNHELD_WORDS, resolveUnheldTerm, type UnheldEntry } from '../../../../../contract/unheld-words';
import { zipsOfCity } from '../../geo';

/*
 * What the words of a search box mean before any of them is matched as text
 * (docs/decisions/020-search-relevance.md, 'Reading the query'):
 * - a 10-digit number is an NPI;
 * - 'MD', 'DO' and 'PhD' are credentials ('MD PhD': both); 'Dr', 'Dr.' and 'Doctor' before
 *   other words are a title of address, not a word to find;
 * - 'resident', 'fellow', 'trainee' (and their plurals) and 'in training' mean the in-training
 *   status;
 * - a state: the text after a comma when it is a state ('Boston, MA', 'austin, texas'), a
 *   code or a one-word name right after a city of that state ('Boston MA', 'austin texas'), or
 *   a state name of two words or more anywhere ('new york', 'north carolina'). A code anywhere
 *   else is text, so 'md cardiology' is not Maryland and 'in' is not Indiana;
 * - the recruiter vocabulary's phrases (contract/recruiter-vocabulary.ts): a specialty or
 *   sub-specialty, never text;
 * - words that name no field the directory holds (contract/unheld-words.ts: 'CRNA', 'locum'):
 *   taken out of the search, and the answer says why (ADR 052). Where a phrase of each table
 *   starts at the same word, the longer one is taken ('anesthesiologist assistant' is not an
 *   anesthesiologist); of two as long, the vocabulary's;
 * - the rest is text, matched against the searched fields.
 */

export type QueryReading = {
  /** The text words left (lower case), for the spec's rule: one word six fields, several names. */
  words: string[];
  /**
   * The text terms of the several-word rule (ADR 020): the words left, when the query had two
   * pieces or more (a piece: a word, a phrase, a state, a word of no field we hold), so 'urology phoenix' looks for 'phoenix'
   * in cities too. Empty for a one-piece query.
   */
  terms: string[];
  /** State codes (lower case) the physician's state must be, all of them. */
  states: string[];
  /** Specialty phrases: each must hold (specialty or sub-specialty, exactly). */
  specialties: SpecialtyTarget[];
  /** The words of each specialty phrase as typed ('ob/gyn', 'family practice'). */
  specialtyText: string[];
  /** A 10-digit NPI typed in the box. */
  npi: string | null;
  /** Credentials typed in the box (normalised: 'md', 'do', 'phd'): a physician holds every one. */
  credentials: string[];
  /** The query asked for residents and fellows ('resident', 'in training'). */
  inTraining: boolean;
  /**
   * Words that name no field the directory holds, with their entry (never searched): the text
   * read, and where it is among the query's tokens (white-space and comma separated, `from` to
   * `to` excluded), so a caller can quote the words as typed.
   */
  unheld: { text: string; from: number; to: number; entry: UnheldEntry }[];
};

const CODES = new Set(US_STATES.map((s) => s.code.toLowerCase()));
const CODE_BY_NAME = new Map<string, string>(
  US_STATES.map((s) => [s.name.toLowerCase(), s.code.toLowerCase()]),
);
const CREDENTIALS = new Set(['md', 'do', 'phd']);
/** A title of address before a name ('Dr Eller'): never a word to find. */
const HONORIFICS = new Set(['dr', 'doctor']);
/** Words for residents and fellows (the in-training status); 'in training' is read as a pair. */
const TRAINING_WORDS = new Set(['resident', 'residents', 'fellow', 'fellows', 'trainee', 'trainees']);
/** The longest US state name in words ('district of columbia') and city name tried before a code. */
const STATE_NAME_WORDS = 3;
const CITY_WORDS = 3;

type Token = { text: string; segment: number; used: boolean };

/** A state's code (lower case) for a code or a full name, else null. */
function stateOf(text: string): string | null {
  const value = text.trim().replace(/\s+/g, ' ');
  if (CODES.has(value)) return value;
  return CODE_BY_NAME.get(value) ?? null;
}

/**
 * Reads a cleaned query (lower case, trimmed). `filters` are the search's own NPI and credential
 * filters: a word that contradicts them stays text (and so matches nothing), rather than
 * widening the filter.
 */
export function readQuery(
  query: string | null,
  filters: { npi?: string | null; credentials?: readonly string[]; inTraining?: boolean | null } = {},
): QueryReading {
  const reading: QueryReading = {
    words: [],
    terms: [],
    states: [],
    specialties: [],
    specialtyText: [],
    npi: null,
    credentials: [],
    inTraining: false,
    unheld: [],
  };
  if (!query) return reading;
  const segments = query.split(',');
  const tokens: Token[] = segments.flatMap((segment, index) =>
    segment
      .split(/\s+/)
      .filter(Boolean)
      .map((text) => ({ text, segment: index, used: false })),
  );
  const addState = (code: string) => {
    if (!reading.states.includes(code)) reading.states.push(code);
  };
  let pieces = 0;

  // A state after a comma: the whole segment ('Boston, MA', 'salt lake city, utah').
  for (let s = 1; s < segments.length; s++) {
    const code = stateOf(segments[s]);
    if (!code) continue;
    for (const token of tokens) if (token.segment === s) token.used = true;
    addState(code);
    pieces++;
  }
  // A state name of two words or more, anywhere ('new york', 'north carolina').
  for (let i = 0; i < tokens.length; i++) {
    for (let k = STATE_NAME_WORDS; k >= 2; k--) {
      const run = tokens.slice(i, i + k);
      if (run.length < k || run.some((t) => t.used || t.segment !== run[0].segment)) continue;
      const code = CODE_BY_NAME.get(run.map((t) => t.text).join(' '));
      if (!code) continue;
      for (const t of run) t.used = true;
      addState(code);
      pieces++;
      break;
    }
  }
  // A code or a one-word name right after a city of that state ('Boston MA', 'austin texas');
  // elsewhere 'virginia' may be a first name and 'in' a word.
  for (let i = 1; i < tokens.length; i++) {
    const token = tokens[i];
    const code = token.used ? null : stateOf(token.text);
    if (!code) continue;
    for (let k = 1; k <= Math.min(CITY_WORDS, i); k++) {
      const city = tokens.slice(i - k, i);
      if (city.some((t) => t.used || t.segment !== token.segment)) break;
      if (zipsOfCity(city.map((t) => t.text).join(' '), code.toUpperCase()).length === 0) continue;
      token.used = true;
      addState(code);
      pieces++;
      break;
    }
  }
  for (const token of tokens) {
    if (token.used) continue;
    if (/^\d{10}$/.test(token.text)) {
      // An NPI, unless another one or the NPI filter already says otherwise (then nothing matches).
      const filter = filters.npi ?? '';
      if ((reading.npi === null || reading.npi === token.text) && token.text.startsWith(filter)) {
        reading.npi = token.text;
        token.used = true;
        pieces++;
      }
      continue;
    }
    const code = token.text.replace(/\./g, '');
    // The in-training status, unless the search's own filter says otherwise (then it stays text).
    const pair = code === 'in' && tokens[tokens.indexOf(token) + 1]?.text === 'training' && !tokens[tokens.indexOf(token) + 1]!.used;
    if ((TRAINING_WORDS.has(code) || pair) && filters.inTraining !== false) {
      token.used = true;
      if (pair) tokens[tokens.indexOf(token) + 1]!.used = true;
      if (!reading.inTraining) pieces++;
      reading.inTraining = true;
      continue;
    }
    if (CREDENTIALS.has(code)) {
      const filter = filters.credentials ?? [];
      if (filter.length === 0 || filter.includes(code)) {
        if (!reading.credentials.includes(code)) reading.credentials.push(code);
        token.used = true;
        pieces++;
      }
    }
  }
  // 'Dr' and 'Doctor' address a physician: left out when other words remain to find.
  const honorifics = tokens.filter((t) => !t.used && HONORIFICS.has(t.text.replace(/\./g, '')));
  if (honorifics.length && tokens.some((t) => !t.used && !honorifics.includes(t))) for (const t of honorifics) t.used = true;
  // The vocabulary's phrases and the words of no field we hold, within runs of words nothing else took.
  for (let i = 0; i < tokens.length;) {
    if (tokens[i].used) {
      i++;
      continue;
    }
    let end = i;
    while (end < tokens.length && !tokens[end].used) end++;
    const run = tokens.slice(i, end);
    for (const phrase of findPhrases(run.map((t) => t.text))) {
      for (let k = phrase.start; k < phrase.end; k++) run[k].used = true;
      const text = run
        .slice(phrase.start, phrase.end)
        .map((t) => t.text)
        .join(' ');
      if ('unheld' in phrase) {
        // A piece like any other: 'CRNA boston' is two pieces, so 'boston' may be a city.
        reading.unheld.push({ text, from: i + phrase.start, to: i + phrase.end, entry: phrase.unheld });
        pieces++;
        continue;
      }
      reading.specialties.push(phrase.target);
      reading.specialtyText.push(text);
      pieces++;
    }
    i = end;
  }
  // Text: words holding a letter or a digit ('&' or '-' alone match nothing and mean nothing).
  const text = tokens.filter((t) => !t.used && /[\p{L}\p{N}]/u.test(t.text)).map((t) => t.text);
  pieces += text.length;
  reading.words = text;
  reading.terms = pieces >= 2 ? text : [];
  return reading;
}

type Phrase = { start: number; end: number } & ({ target: SpecialtyTarget } | { unheld: UnheldEntry });

/**
 * The specialty phrases and the phrases of no field we hold among a run of tokens, longest first
 * from the left (of two as long, the vocabulary's), on whole tokens.
 */
function findPhrases(tokens: readonly string[]): Phrase[] {
  const found: Phrase[] = [];
  const longest = Math.max(LONGEST_TERM_WORDS, LONGEST_UNHELD_WORDS);
  let i = 0;
  while (i < tokens.length) {
    let match: Phrase | null = null;
    let words = 0;
    for (let end = i + 1; end <= tokens.length; end++) {
      words += vocabularyWords(tokens[end - 1]).length;
      if (words > longest) break;
      const text = tokens.slice(i, end).join(' ');
      const target = words <= LONGEST_TERM_WORDS ? resolveSpecialtyTerm(text) : null;
      if (target) {
        match = { start: i, end, target };
        continue;
      }
      const unheld = words <= LONGEST_UNHELD_WORDS ? resolveUnheldTerm(text) : null;
      if (unheld) match = { start: i, end, unheld };
    }
    if (match) {
      found.push(match);
      i = match.end;
    } else i += 1;
  }
  return found;
}
