import { FLAG_FILTER_KEYS } from '../../../../../contract/directory';

/*
 * The fields the index holds and the wire format its rows come in (repo.ts builds it in SQL).
 */

export const SCALAR_FIELDS = [
  'firstName',
  'lastName',
  'title',
  'credential',
  'specialty',
  'organization',
  'organizationSize',
  'organizationRevenue',
  'organizationIndustry',
  'city',
  'state',
  'medicalSchool',
  'hospitalAffiliation',
  'gender',
  'subSpecialty',
  'secondarySpecialty',
  'source',
] as const;
export type ScalarField = (typeof SCALAR_FIELDS)[number];
/**
 * hospitals: a physician's CMS facilities (and the hospitals their units belong to), each item
 * the CCN and the hospital's name ('240010 Mayo Clinic Hospital Rochester'; the CCN alone when the
 * hospitals file does not hold it); facilityTypes: their facility types (ADR 063).
 */
export const SET_FIELDS = ['skills', 'languages', 'licenseStates', 'degrees', 'hospitals', 'facilityTypes'] as const;
export type SetField = (typeof SET_FIELDS)[number];
/**
 * The yes/no filters, one per flag field (the contract's list: the three `has...` flags are
 * computed from physician_contacts and linkedin_url at load, never the values).
 */
export const FLAG_FIELDS = FLAG_FILTER_KEYS;
export type FlagField = (typeof FLAG_FIELDS)[number];

/** A field's position in SCALAR_FIELDS (its column and dictionary). */
export const SCALAR_INDEX = Object.fromEntries(SCALAR_FIELDS.map((f, i) => [f, i])) as Record<
  ScalarField,
  number
>;
/** A field's position in SET_FIELDS. */
export const SET_INDEX = Object.fromEntries(SET_FIELDS.map((f, i) => [f, i])) as Record<SetField, number>;

/**
 * The wire format of index rows: one string per physician, fields separated by U+001F in this
 * order: id, npi, the SCALAR_FIELDS, graduation year, the FLAG_FIELDS ('2' true, '1' false, '0'
 * unknown), the SET_FIELDS (items separated by U+001C), the ZIP (as stored), verified_at,
 * created_at and updated_at (whole milliseconds since 1970), and moved_on (whole days since
 * 1970, ADR 035). U+001D alone is NULL. Rows are
 * separated by U+001E. One string per batch keeps the transfer from the database (and, on
 * PGlite, from its worker thread) cheap.
 */
export const FIELD_SEP = '\u001f';
export const ROW_SEP = '\u001e';
export const NULL_MARK = '\u001d';
export const ITEM_SEP = '\u001c';
/** Where each part of a row starts (index into the row split at FIELD_SEP). */
export const SCALAR_AT = 2;
export const YEAR_AT = SCALAR_AT + SCALAR_FIELDS.length;
export const FLAGS_AT = YEAR_AT + 1;
export const SETS_AT = FLAGS_AT + FLAG_FIELDS.length;
export const ZIP_AT = SETS_AT + SET_FIELDS.length;
export const VERIFIED_AT = ZIP_AT + 1;
export const CREATED_AT = ZIP_AT + 2;
export const UPDATED_AT = ZIP_AT + 3;
export const MOVED_ON = ZIP_AT + 4;
export const INDEX_FIELD_COUNT = MOVED_ON + 1;

/** The id of a wire-format row. */
export function rowId(line: string): number {
  return Number(line.slice(0, line.indexOf(FIELD_SEP)));
}
