import type { ContactField, ContactStatus } from '../../../contract/contacts';
import type { VerificationStatus } from '../../../contract/verification';

/*
 * The one rule for which contact values leave the directory (ADR 032): the reveal, the export and
 * the enriched match file all choose through shownContact, from values read by contactValuesOf
 * (repo.ts), so a value verification found invalid leaves by none of them. The reveal hands out
 * one email and one phone (the pair's choice); the export and the enriched file also give each
 * phone in its own column (Mobile, Work Phone, ADR 053): `leaving`, by the same test.
 */

/** What the choice between two values looks at. */
export type ValueStanding = { status: ContactStatus; verification: { status: VerificationStatus } };

/**
 * How much a value is to be trusted: reported wrong 0; self-reported or risky 1; not checked or
 * no conclusive answer 2; checked valid 3. (Invalid values are never shown at all.)
 */
function trustOf(value: ValueStanding): number {
  if (value.status === 'reported') return 0;
  if (value.status === 'self_reported' || value.verification.status === 'risky') return 1;
  return value.verification.status === 'valid' ? 3 : 2;
}

/** Whether a present value may leave at all: not when verification found it invalid (ADR 032). */
function mayLeave(value: ValueStanding | undefined): value is ValueStanding {
  return value !== undefined && value.verification.status !== 'invalid';
}

/**
 * Which of two values is shown: the first (personal email, mobile) when present, unless the
 * second is present and more to be trusted (ADR 022: a reported value stays visible, marked,
 * when there is nothing better). A value that failed verification is never shown (ADR 032): it
 * counts as absent.
 */
function shownValue(
  values: Partial<Record<ContactField, ValueStanding>>,
  first: ContactField,
  second: ContactField,
): ContactField | null {
  const a = mayLeave(values[first]) ? values[first] : undefined;
  const b = mayLeave(values[second]) ? values[second] : undefined;
  if (a && !(b && trustOf(b) > trustOf(a))) return first;
  return b ? second : null;
}

/** A value that leaves, with the field it came from. */
export type ShownValue<V extends ValueStanding> = V & { field: ContactField };

/**
 * The email and the phone of a physician that may leave (each null when none may: the reveal's
 * pair), every value that may leave by its field (`leaving`: the export's and the enriched file's
 * Mobile and Work Phone columns), and the fields withheld because verification found them invalid.
 * `values` holds the present values only (contactValuesOf leaves empty ones out).
 */
export function shownContact<V extends ValueStanding>(
  values: Partial<Record<ContactField, V>>,
): {
  email: ShownValue<V> | null;
  phone: ShownValue<V> | null;
  leaving: Partial<Record<ContactField, ShownValue<V>>>;
  withheld: ContactField[];
} {
  const shown = (field: ContactField | null) => (field === null ? null : { ...values[field]!, field });
  const fields = Object.keys(values) as ContactField[];
  return {
    email: shown(shownValue(values, 'personal_email', 'work_email')),
    phone: shown(shownValue(values, 'mobile_phone', 'office_phone')),
    leaving: Object.fromEntries(fields.filter((field) => mayLeave(values[field])).map((field) => [field, shown(field)])),
    withheld: fields.filter((field) => !mayLeave(values[field])),
  };
}
