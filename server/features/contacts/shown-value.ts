import type { ContactField, ContactStatus } from '../../../contract/contacts';
import type { VerificationStatus } from '../../../contract/verification';

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

/**
 * Which of two values the reveal and the export show: the first (personal email, mobile) when
 * present, unless the second is present and more to be trusted (ADR 022: a reported value stays
 * visible, marked, when there is nothing better). A value that failed verification is never
 * shown (ADR 032): it counts as absent.
 */
export function shownValue(
  values: Partial<Record<ContactField, ValueStanding>>,
  first: ContactField,
  second: ContactField,
): ContactField | null {
  const usable = (field: ContactField) => {
    const value = values[field];
    return value && value.verification.status !== 'invalid' ? value : undefined;
  };
  const a = usable(first);
  const b = usable(second);
  if (a && !(b && trustOf(b) > trustOf(a))) return first;
  return b ? second : null;
}
