import { DAC_NOT_PHYSICIAN, DAC_SPECIALTY_MAP } from './dac-specialty-map';
import type { Specialty } from './directory-options';
import { CLASSIFICATION_GENERAL_CODES, TAXONOMY_MAP } from './taxonomy-map';

/**
 * NUCC health care provider taxonomy and Doctors and Clinicians specialties -> the directory's
 * one specialty language: one of the 18 specialties we sell and a sub-specialty named as NUCC
 * names it. Both come from mapping tables that people review (contract/taxonomy-map.ts,
 * contract/dac-specialty-map.ts), never from code prefixes
 * (docs/decisions/029-import-resync-and-specialty-language.md).
 *
 * Physicians are every code of NUCC's 'Allopathic & Osteopathic Physicians' grouping (202C, 202K,
 * 204C-204R, 207*, 208*, 209800000X); physician assistants (363A*) are imported too because the
 * directory sells them as one of its 18 specialties (docs/decisions/015-public-data-import.md).
 */

/** Residents and fellows: 'Student in an Organized Health Care Education/Training Program'. */
export const TRAINING_TAXONOMY = '390200000X';

const PHYSICIAN_CODE = /^(?:202C|202K|204[CDEFR]|207[0-9A-Z]|208[0-9A-Z]|2098)[0-9A-Z]{6}$/;

/** Whether a code is a physician's (the NUCC grouping) or a physician assistant's. */
export function isDirectoryTaxonomy(code: string): boolean {
  return PHYSICIAN_CODE.test(code) || /^363A[0-9A-Z]{6}$/.test(code);
}

export type SpecialtyMapping = { specialty: Specialty; subSpecialty: string | null };

const BY_CODE = new Map<string, SpecialtyMapping>(
  TAXONOMY_MAP.map(([code, specialty, subSpecialty]) => [code, { specialty, subSpecialty }]),
);

/** A classification's general code (its own, or the one contract/taxonomy-map.ts names). */
export function classificationGeneralCode(code: string): string {
  const classification = code.slice(0, 4);
  return CLASSIFICATION_GENERAL_CODES[classification] ?? `${classification}00000X`;
}

/**
 * The specialty and sub-specialty of a physician or physician assistant code; `listed` is false
 * for a code the table does not hold yet (a later NUCC version), which is filed as its
 * classification's general code (rule 3 of contract/taxonomy-map.ts). Null for any other code,
 * and for a code of a classification the table does not know.
 */
export function taxonomySpecialty(code: string): (SpecialtyMapping & { listed: boolean }) | null {
  const upper = code.trim().toUpperCase();
  const mapped = BY_CODE.get(upper);
  if (mapped) return { ...mapped, listed: true };
  if (!isDirectoryTaxonomy(upper)) return null;
  const general = BY_CODE.get(classificationGeneralCode(upper));
  return general ? { ...general, listed: false } : null;
}

/** A DAC value compared on its letters and digits: both punctuation styles are one key. */
export function dacKey(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim();
}

const DAC_BY_KEY = new Map<string, SpecialtyMapping>(
  DAC_SPECIALTY_MAP.map(([value, specialty, subSpecialty]) => [dacKey(value), { specialty, subSpecialty }]),
);
const DAC_NOT_PHYSICIAN_KEYS = new Set(DAC_NOT_PHYSICIAN.map(dacKey));

/**
 * A Doctors and Clinicians specialty value: its mapping, 'notPhysician' for other clinicians,
 * 'unknown' for a value neither table holds (the import keeps it as 'Other' and counts it), or
 * null for a blank.
 */
export function dacSpecialty(value: string): SpecialtyMapping | 'notPhysician' | 'unknown' | null {
  const key = dacKey(value);
  if (!key) return null;
  return DAC_BY_KEY.get(key) ?? (DAC_NOT_PHYSICIAN_KEYS.has(key) ? 'notPhysician' : 'unknown');
}

/**
 * The sub-specialties the demo generator hands out (in the shares of
 * server/db/seed/sub-specialty-shares.ts), and so the ones the filter panel lists under their
 * specialty before any search has counted them: each the same specialty and NUCC name as its row
 * in contract/taxonomy-map.ts (a test checks). The import sets any sub-specialty of the table.
 */
// One row a line, as reviewers read it.
// prettier-ignore
export const SUB_SPECIALTIES: readonly { code: string; specialty: Specialty; name: string }[] = [
  { code: '2083P0901X', specialty: 'Family Medicine', name: 'Public Health & General Preventive Medicine' },
  { code: '207QS0010X', specialty: 'Family Medicine', name: 'Sports Medicine' },
  { code: '208M00000X', specialty: 'Internal Medicine', name: 'Hospitalist' },
  { code: '207RC0200X', specialty: 'Internal Medicine', name: 'Critical Care Medicine' },
  { code: '207ZP0102X', specialty: 'Internal Medicine', name: 'Anatomic Pathology & Clinical Pathology' },
  { code: '207RN0300X', specialty: 'Internal Medicine', name: 'Nephrology' },
  { code: '207RI0200X', specialty: 'Internal Medicine', name: 'Infectious Disease' },
  { code: '207RE0101X', specialty: 'Internal Medicine', name: 'Endocrinology, Diabetes & Metabolism' },
  { code: '207RR0500X', specialty: 'Internal Medicine', name: 'Rheumatology' },
  { code: '207RG0300X', specialty: 'Internal Medicine', name: 'Geriatric Medicine' },
  { code: '207K00000X', specialty: 'Internal Medicine', name: 'Allergy & Immunology' },
  { code: '2080N0001X', specialty: 'Pediatrics', name: 'Neonatal-Perinatal Medicine' },
  { code: '2080P0207X', specialty: 'Pediatrics', name: 'Pediatric Hematology-Oncology' },
  { code: '2080P0202X', specialty: 'Pediatrics', name: 'Pediatric Cardiology' },
  { code: '2080P0203X', specialty: 'Pediatrics', name: 'Pediatric Critical Care Medicine' },
  { code: '2080P0206X', specialty: 'Pediatrics', name: 'Pediatric Gastroenterology' },
  { code: '207RI0011X', specialty: 'Cardiology', name: 'Interventional Cardiology' },
  { code: '207RC0001X', specialty: 'Cardiology', name: 'Clinical Cardiac Electrophysiology' },
  { code: '207RA0001X', specialty: 'Cardiology', name: 'Advanced Heart Failure and Transplant Cardiology' },
  { code: '207VM0101X', specialty: 'OBGYN', name: 'Maternal & Fetal Medicine' },
  { code: '207VE0102X', specialty: 'OBGYN', name: 'Reproductive Endocrinology' },
  { code: '207VX0201X', specialty: 'OBGYN', name: 'Gynecologic Oncology' },
  { code: '207VF0040X', specialty: 'OBGYN', name: 'Female Pelvic Medicine and Reconstructive Surgery' },
  { code: '207XX0005X', specialty: 'Orthopedic Surgery', name: 'Sports Medicine' },
  { code: '207XS0106X', specialty: 'Orthopedic Surgery', name: 'Hand Surgery' },
  { code: '207XS0117X', specialty: 'Orthopedic Surgery', name: 'Orthopaedic Surgery of the Spine' },
  { code: '207XS0114X', specialty: 'Orthopedic Surgery', name: 'Adult Reconstructive Orthopaedic Surgery' },
  { code: '207XX0004X', specialty: 'Orthopedic Surgery', name: 'Foot and Ankle Surgery' },
  { code: '207XP3100X', specialty: 'Orthopedic Surgery', name: 'Pediatric Orthopaedic Surgery' },
  { code: '208100000X', specialty: 'Neurology', name: 'Physical Medicine & Rehabilitation' },
  { code: '2084N0402X', specialty: 'Neurology', name: 'Neurology with Special Qualifications in Child Neurology' },
  { code: '2084N0600X', specialty: 'Neurology', name: 'Clinical Neurophysiology' },
  { code: '2084V0102X', specialty: 'Neurology', name: 'Vascular Neurology' },
  { code: '207ND0101X', specialty: 'Dermatology', name: 'MOHS-Micrographic Surgery' },
  { code: '207NP0225X', specialty: 'Dermatology', name: 'Pediatric Dermatology' },
  { code: '207ND0900X', specialty: 'Dermatology', name: 'Dermatopathology' },
  { code: '363AM0700X', specialty: 'Physician Assistant', name: 'Medical' },
  { code: '363AS0400X', specialty: 'Physician Assistant', name: 'Surgical' },
  { code: '207PP0204X', specialty: 'Emergency Medicine', name: 'Pediatric Emergency Medicine' },
  { code: '207PT0002X', specialty: 'Emergency Medicine', name: 'Medical Toxicology' },
  { code: '207PE0004X', specialty: 'Emergency Medicine', name: 'Emergency Medical Services' },
  { code: '2084P0804X', specialty: 'Psychiatry', name: 'Child & Adolescent Psychiatry' },
  { code: '2084P0802X', specialty: 'Psychiatry', name: 'Addiction Psychiatry' },
  { code: '2084P0805X', specialty: 'Psychiatry', name: 'Geriatric Psychiatry' },
  { code: '207LP2900X', specialty: 'Anesthesiology', name: 'Pain Medicine' },
  { code: '207LP3000X', specialty: 'Anesthesiology', name: 'Pediatric Anesthesiology' },
  { code: '207LC0200X', specialty: 'Anesthesiology', name: 'Critical Care Medicine' },
  { code: '2085N0700X', specialty: 'Radiology', name: 'Neuroradiology' },
  { code: '2085R0204X', specialty: 'Radiology', name: 'Vascular & Interventional Radiology' },
  { code: '2085P0229X', specialty: 'Radiology', name: 'Pediatric Radiology' },
  { code: '207U00000X', specialty: 'Radiology', name: 'Nuclear Medicine' },
  { code: '207W00000X', specialty: 'General Surgery', name: 'Ophthalmology' },
  { code: '207Y00000X', specialty: 'General Surgery', name: 'Otolaryngology' },
  { code: '208200000X', specialty: 'General Surgery', name: 'Plastic Surgery' },
  { code: '207T00000X', specialty: 'General Surgery', name: 'Neurological Surgery' },
  { code: '208G00000X', specialty: 'General Surgery', name: 'Thoracic Surgery (Cardiothoracic Vascular Surgery)' },
  { code: '2086S0129X', specialty: 'General Surgery', name: 'Vascular Surgery' },
  { code: '208C00000X', specialty: 'General Surgery', name: 'Colon & Rectal Surgery' },
  { code: '2086S0102X', specialty: 'General Surgery', name: 'Surgical Critical Care' },
  { code: '2086S0127X', specialty: 'General Surgery', name: 'Trauma Surgery' },
  { code: '207RH0003X', specialty: 'Oncology', name: 'Hematology & Oncology' },
  { code: '2085R0001X', specialty: 'Oncology', name: 'Radiation Oncology' },
  { code: '2086X0206X', specialty: 'Oncology', name: 'Surgical Oncology' },
  { code: '207RI0008X', specialty: 'Gastroenterology', name: 'Hepatology' },
  { code: '2088P0231X', specialty: 'Urology', name: 'Pediatric Urology' },
  { code: '2088F0040X', specialty: 'Urology', name: 'Female Pelvic Medicine and Reconstructive Surgery' },
];
