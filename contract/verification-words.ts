import type { ContactStatus } from './contacts';
import type { ContactVerification, VerificationMethod, VerificationStatus } from './verification';

/*
 * The one vocabulary of a contact value's check (docs/decisions/053-one-verification-vocabulary.md):
 * the cards, the results table, the profile, a revealed value, the CSV, Excel and PDF exports, the
 * profile PDF and the enriched match file all say it with verificationWords, in these words only.
 * Reviewed by hand; the tests beside this file hold every string.
 */

/** What the last check found, as one or two words a recruiter reads. */
const STATUS_WORD: Record<VerificationStatus, string> = {
  valid: 'Verified valid',
  risky: 'Risky',
  // The check got no conclusive answer (a DNS or provider timeout): never counted as valid.
  unknown: 'Inconclusive',
  // Never leaves (ADR 032); the operators' pages still name it.
  invalid: 'Invalid',
};

/** The words of a finding alone ('Verified valid'), for a heading or a count of values. */
export function findingWords(status: VerificationStatus): string {
  return STATUS_WORD[status];
}

const NOT_CHECKED = 'Not yet checked';
const REPORTED = 'Reported wrong';
const SELF_REPORTED = 'Self-reported';

/** Who checked, after 'by': 'by ZeroBounce'. */
const METHOD_WORDS: Record<VerificationMethod, string> = {
  builtin: 'our built-in checks',
  zerobounce: 'ZeroBounce',
  twilio: 'Twilio Lookup',
  operator: 'our team',
};

// Written out rather than Intl: ICU spells September 'Sep' or 'Sept' depending on its version.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '12 Nov 2026': the day of a check (UTC), the same in every file and on every page. */
export function checkDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

export type VerificationWords = {
  /** Short, where room is scarce (beside a revealed value, the PDF table): 'Verified valid · 65 %'. */
  label: string;
  /** With the day (the CSV, Excel and enriched files, the profile PDF, a card): 'Verified valid, 12 Nov 2026 · 65 % confidence'. */
  sentence: string;
  /** The sentence and who checked, for a tooltip and screen readers: '..., by ZeroBounce'. */
  description: string;
  /** The day of the check ('12 Nov 2026'), for a column headed by its finding; null before a check. */
  day: string | null;
  /** How the value stands, for colour: a valid check, a risky one, no answer or none yet, invalid, reported wrong. */
  tone: 'valid' | 'risky' | 'unknown' | 'invalid' | 'reported';
};

/**
 * The words for what the last check of a value found, and how it stands (ADR 022: reported wrong
 * by users, or self-reported by the physician). A check without a date (never made, or made
 * before ADR 032 without a method) is 'Not yet checked'.
 *
 *   valid 65, 12 Nov 2026 -> 'Verified valid · 65 %' / 'Verified valid, 12 Nov 2026 · 65 % confidence'
 *   risky 35               -> 'Risky · 35 %'          / 'Risky, 12 Nov 2026 · 35 % confidence'
 *   unknown 50             -> 'Inconclusive · 50 %'   / 'Inconclusive, 12 Nov 2026 · 50 % confidence'
 *   never checked          -> 'Not yet checked'
 *   reported               -> 'Reported wrong'        / 'Reported wrong · Verified valid, 12 Nov 2026 · 90 % confidence'
 *   self-reported          -> 'Self-reported · Not yet checked'
 */
export function verificationWords(check: ContactVerification, standing?: ContactStatus | null): VerificationWords {
  let label = NOT_CHECKED;
  let sentence = NOT_CHECKED;
  if (check.checkedAt) {
    const word = STATUS_WORD[check.status];
    const day = checkDay(check.checkedAt);
    label = check.confidence === null ? word : `${word} · ${check.confidence} %`;
    sentence = `${word}, ${day}${check.confidence === null ? '' : ` · ${check.confidence} % confidence`}`;
  }
  let tone: VerificationWords['tone'] = !check.checkedAt ? 'unknown' : check.status;
  if (standing === 'reported') {
    label = REPORTED;
    sentence = `${REPORTED} · ${sentence}`;
    tone = 'reported';
  } else if (standing === 'self_reported') {
    label = `${SELF_REPORTED} · ${label}`;
    sentence = `${SELF_REPORTED} · ${sentence}`;
  }
  const by = check.checkedAt && check.method ? `, by ${METHOD_WORDS[check.method]}` : '';
  return { label, sentence, description: `${sentence}${by}`, day: check.checkedAt ? checkDay(check.checkedAt) : null, tone };
}

/**
 * A physician's latest valid check (physicians.verified_at: the card's line, the results table,
 * the profile), in the same words as a value's: 'Verified valid, 12 Nov 2026'; null without one.
 */
export function latestValidCheckWords(verifiedAt: string | null | undefined): VerificationWords | null {
  if (!verifiedAt || Number.isNaN(new Date(verifiedAt).getTime())) return null;
  return verificationWords({ status: 'valid', confidence: null, checkedAt: verifiedAt, method: null });
}
