import { z } from 'zod';

/*
 * Where physicians practise and where they may practise (docs/decisions/063-hospital-affiliations-and-licences.md):
 * facility affiliations from CMS's Facility_Affiliation.csv, hospitals from its
 * Hospital_General_Information.csv, and the Interstate Medical Licensure Compact's member states.
 */

/** The facility types of Facility_Affiliation.csv, as the directory writes them. */
export const FACILITY_TYPES = [
  'Hospital',
  'Long-term care hospital',
  'Inpatient rehabilitation facility',
  'Skilled nursing facility',
  'Nursing home',
  'Home health agency',
  'Hospice',
  'Dialysis facility',
] as const;

/** A CMS Certification Number: six digits or capital letters (leading zeros are part of it). */
export const CCN_PATTERN = /^[0-9A-Z]{6}$/;

/** A facility the affiliation names: the hospitals file's details, or only its CCN when that file does not hold it. */
export const Facility = z.object({
  ccn: z.string(),
  /** Null: the hospitals file does not hold this CCN (a nursing home, a hospice, a newer hospital): shown as 'CCN <ccn>'. */
  name: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** The hospitals file's Hospital Type ('Acute Care Hospitals', 'Critical Access Hospitals', ...). */
  hospitalType: z.string().nullable(),
});
export type Facility = z.infer<typeof Facility>;

/** One affiliation of a physician (CMS Facility_Affiliation.csv). */
export const HospitalAffiliation = Facility.extend({
  facilityType: z.string().describe('Hospital, Long-term care hospital, Nursing home, ... (the file’s facility_type)'),
  /** The hospital a unit belongs to (the file's Facility Type Certification Number), or null. */
  parent: Facility.nullable(),
});
export type HospitalAffiliation = z.infer<typeof HospitalAffiliation>;

/** How the name of a facility reads: its name, or its number when the hospitals file does not hold it. */
export function facilityLabel(f: Pick<Facility, 'ccn' | 'name'>): string {
  return f.name ?? `CCN ${f.ccn}`;
}

/** 'Rochester, MN', or null. */
function placeOf(f: Pick<Facility, 'city' | 'state'>): string | null {
  return [f.city, f.state].filter(Boolean).join(', ') || null;
}

/**
 * One affiliation in a line (exports, cards): 'Mayo Clinic Hospital Rochester (Rochester, MN)';
 * 'CCN 245123 (Nursing home)'; a unit: 'CCN 24T010 (Inpatient rehabilitation facility, in Mayo
 * Clinic Hospital Rochester)'.
 */
export function affiliationText(a: HospitalAffiliation): string {
  const notes = [
    a.facilityType === 'Hospital' ? null : a.facilityType,
    a.parent ? `in ${facilityLabel(a.parent)}` : null,
    placeOf(a),
  ].filter(Boolean);
  return notes.length ? `${facilityLabel(a)} (${notes.join(', ')})` : facilityLabel(a);
}

/** GET /api/directory/hospitals: the type-ahead of the 'Affiliated with' filter. */
export const HospitalOptionsQuery = z.object({
  q: z
    .string()
    .max(100, 'q must be at most 100 characters')
    .transform((v) => v.trim())
    .optional()
    .describe('Words of the hospital’s name (each the start of a word), or a CCN; empty: the most common'),
});
export const HospitalOption = Facility.extend({
  /** Physicians of the current search (its own 'Affiliated with' left out) affiliated with it. */
  count: z.number().int(),
});
export type HospitalOption = z.infer<typeof HospitalOption>;
export const HospitalOptionsResponse = z.object({ hospitals: z.array(HospitalOption) });
export type HospitalOptionsResponse = z.infer<typeof HospitalOptionsResponse>;

/*
 * The Interstate Medical Licensure Compact. 'principal': a member state that can act as the State
 * of Principal Licence (a physician licensed there may apply for expedited licences in the other
 * members); 'member': a member that issues licences through the compact but cannot act as one;
 * 'enacted': the law passed, the compact not yet working there.
 */
export const IMLC_STATUSES = ['principal', 'member', 'enacted'] as const;
export const IMLC_SOURCE = 'https://imlcc.com/participating-states/';
/** When the table below was last checked against the source (operators re-check it: ADR 063). */
export const IMLC_CHECKED_ON = '2026-11-29';
export const ImlcState = z.object({ state: z.string(), status: z.enum(IMLC_STATUSES), checkedOn: z.string(), source: z.string() });
export type ImlcState = z.infer<typeof ImlcState>;

const principal = [
  'AL', 'AZ', 'CO', 'DC', 'DE', 'GA', 'GU', 'IA', 'ID', 'IL', 'KS', 'KY', 'LA', 'MD', 'ME', 'MI', 'MN', 'MS',
  'MT', 'ND', 'NE', 'NH', 'NJ', 'NV', 'OH', 'OK', 'PA', 'SD', 'TN', 'TX', 'UT', 'VT', 'WA', 'WI', 'WV', 'WY',
];
const enacted = ['CT', 'IN', 'MO', 'NC', 'RI', 'SC', 'VA'];

/** The compact's states and their status (data: re-checked against IMLC_SOURCE, ADR 063). */
export const IMLC_STATES: readonly ImlcState[] = [
  ...principal.map((state) => ({ state, status: 'principal' as const, checkedOn: IMLC_CHECKED_ON, source: IMLC_SOURCE })),
  ...enacted.map((state) => ({ state, status: 'enacted' as const, checkedOn: IMLC_CHECKED_ON, source: IMLC_SOURCE })),
].sort((a, b) => (a.state < b.state ? -1 : 1));

/** States whose licence can be a State of Principal Licence. */
export const IMLC_PRINCIPAL_STATES: readonly string[] = IMLC_STATES.filter((s) => s.status === 'principal').map((s) => s.state);
/** States that issue licences through the compact (an IMLC-eligible filter's targets). */
export const IMLC_ISSUING_STATES: readonly string[] = IMLC_STATES.filter((s) => s.status !== 'enacted').map((s) => s.state);

/** What the filter, the badge, the pricing page and the API documentation say was and was not checked. */
export const IMLC_CAVEAT = 'holds a licence in a compact state; board certification and discipline not checked';

/**
 * The compact states among a physician's licence states that could be their State of Principal
 * Licence for an expedited licence in `target` (not `target` itself): empty when none, or when
 * `target` does not issue licences through the compact.
 */
export function imlcPrincipalLicences(licenseStates: readonly string[], target: string): string[] {
  const to = target.toUpperCase();
  if (!IMLC_ISSUING_STATES.includes(to)) return [];
  return licenseStates.map((s) => s.toUpperCase()).filter((s) => s !== to && IMLC_PRINCIPAL_STATES.includes(s));
}

/** The compact states among a physician's licence states (any target): the profile's badge. */
export function imlcPrincipalStatesHeld(licenseStates: readonly string[]): string[] {
  return licenseStates.map((s) => s.toUpperCase()).filter((s) => IMLC_PRINCIPAL_STATES.includes(s));
}
