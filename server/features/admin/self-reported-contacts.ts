import type { ContactComparison } from '../../../contract/admin';

/*
 * What a resume approval does to the contacts of the physician it matches (ADR 030): a submitted
 * email or phone never replaces a value on file. It is already on file; or it goes into an empty
 * place of its kind (personal then work email, mobile then office phone); or, when both places
 * are taken, it is kept beside them (self_reported_email / self_reported_phone). Whatever it
 * adds is marked 'self_reported': the physician said so, we did not verify it.
 */

/** The contact row as stored (null: the physician has none yet). */
export type StoredContacts = {
  personal_email: string | null;
  work_email: string | null;
  mobile_phone: string | null;
  office_phone: string | null;
  self_reported_email: string | null;
  self_reported_phone: string | null;
};

export type SlotColumn = 'personal_email' | 'work_email' | 'mobile_phone' | 'office_phone';
export type BesideColumn = 'self_reported_email' | 'self_reported_phone';

export type ContactPlan = ContactComparison & {
  /** Where the submitted value is written (null when it is already on file). */
  column: SlotColumn | BesideColumn | null;
};

const KINDS = {
  email: { slots: ['personal_email', 'work_email'], beside: 'self_reported_email' },
  phone: { slots: ['mobile_phone', 'office_phone'], beside: 'self_reported_phone' },
} as const satisfies Record<string, { slots: readonly SlotColumn[]; beside: BesideColumn }>;

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** Emails compare without case; phones by their last 10 digits (a +1 or punctuation is the same number). */
function sameValue(kind: 'email' | 'phone', a: string, b: string): boolean {
  if (kind === 'email') return a.trim().toLowerCase() === b.trim().toLowerCase();
  const digits = (v: string) => v.replace(/\D/g, '').slice(-10);
  return digits(a) === digits(b);
}

export function planContact(kind: 'email' | 'phone', stored: StoredContacts | null, submitted: string): ContactPlan {
  const { slots, beside } = KINDS[kind];
  const onFile = slots.map((slot) => stored?.[slot]).filter(present);
  const selfReported = stored?.[beside];
  if ([...onFile, ...(present(selfReported) ? [selfReported] : [])].some((v) => sameValue(kind, v, submitted))) {
    return { submitted, onFile, outcome: 'on_file', column: null };
  }
  const empty = slots.find((slot) => !present(stored?.[slot]));
  if (empty) return { submitted, onFile, outcome: 'added', column: empty };
  return { submitted, onFile, outcome: 'beside', column: beside };
}
