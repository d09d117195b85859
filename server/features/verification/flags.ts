/*
 * The search filters 'Email verified' and 'Mobile valid' (ADR 032), as SQL over a
 * physician_contacts row aliased `alias`: the search index's flag columns and the naive search
 * (the oracle it is tested against) use the same text.
 */

/** An email (personal or work) whose last check found it valid and that users have not reported wrong. */
export const EMAIL_VERIFIED_SQL = (alias: string) =>
  `(${['personal_email', 'work_email']
    .map((f) => `(coalesce(${alias}.${f}, '') <> '' AND ${alias}.${f}_verification = 'valid' AND ${alias}.${f}_status <> 'reported')`)
    .join(' OR ')})`;

/** A mobile phone whose last check found it valid (and not reported wrong). */
export const MOBILE_VALID_SQL = (alias: string) =>
  `(coalesce(${alias}.mobile_phone, '') <> '' AND ${alias}.mobile_phone_verification = 'valid' AND ${alias}.mobile_phone_status <> 'reported')`;

/**
 * Whether a reveal would show a value of the pair: one present that did not fail verification
 * (cards and the profile draw the Email / Phone buttons from it; ADR 032).
 */
export const HAS_SHOWABLE = (alias: string, first: string, second: string) =>
  `(${[first, second].map((f) => `(coalesce(${alias}.${f}, '') <> '' AND ${alias}.${f}_verification <> 'invalid')`).join(' OR ')})`;
