import { SPECIALTY_TAXONOMY_CODES, type Specialty } from './directory-options';

/**
 * NUCC health care provider taxonomy -> the directory's specialty, for the NPPES import.
 * Physicians are NUCC 207* (allopathic & osteopathic physicians, first part) and 208* (second
 * part); physician assistants (363A*) are imported too because the directory sells them as one
 * of its 18 specialties (docs/decisions/015-public-data-import.md). Everything else (nurse
 * practitioners, dentists, pharmacists...) is not imported.
 *
 * Lookup order: the exact code, then the longest matching prefix (a sub-specialty maps onto its
 * family, e.g. 207RC0000X Cardiovascular Disease and 207RI0011X Interventional Cardiology ->
 * Cardiology), then the physician classification's own name.
 */

/** Exact codes and code prefixes (NUCC classification / specialisation), longest prefix wins. */
const PREFIXES: readonly (readonly [string, string])[] = [
  // Internal medicine sub-specialties with a directory specialty of their own.
  ['207RC', 'Cardiology'], // 207RC0000X Cardiovascular Disease, 207RC0001X Clinical Cardiac Electrophysiology
  ['207RI0011X', 'Cardiology'], // Interventional Cardiology
  ['207RA0001X', 'Cardiology'], // Advanced Heart Failure and Transplant Cardiology
  ['207RG', 'Gastroenterology'],
  ['207RP', 'Pulmonology'], // 207RP1001X Pulmonary Disease
  ['207RX', 'Oncology'], // 207RX0202X Medical Oncology
  ['207RH0003X', 'Oncology'], // Hematology & Oncology
  ['2086X0206X', 'Oncology'], // Surgical Oncology
  ['2085R0001X', 'Oncology'], // Radiation Oncology
  ['2080P0207X', 'Oncology'], // Pediatric Hematology-Oncology
  ['207V', 'OBGYN'],
  ['207X', 'Orthopedic Surgery'],
  ['2084N', 'Neurology'], // 2084N0400X Neurology and its N... specialisations
  ['2084P', 'Psychiatry'], // 2084P0800X Psychiatry, child & adolescent, addiction...
  ['207N', 'Dermatology'],
  ['207P', 'Emergency Medicine'],
  ['207L', 'Anesthesiology'],
  ['2085', 'Radiology'],
  ['2086', 'General Surgery'],
  ['2088', 'Urology'],
  ['207Q', 'Family Medicine'],
  ['207R', 'Internal Medicine'],
  ['2080', 'Pediatrics'],
  ['363A', 'Physician Assistant'],
  // Physician classifications without one of the 18 specialties: their NUCC name.
  ['207K', 'Allergy & Immunology'],
  ['207S', 'Medical Genetics'],
  ['207T', 'Neurological Surgery'],
  ['207U', 'Nuclear Medicine'],
  ['207W', 'Ophthalmology'],
  ['207Y', 'Otolaryngology'],
  ['207Z', 'Pathology'],
  ['2081', 'Physical Medicine & Rehabilitation'],
  ['2082', 'Plastic Surgery'],
  ['2083', 'Preventive Medicine'],
  ['2084', 'Psychiatry & Neurology'],
  ['2087', 'Thoracic Surgery'],
  ['208C', 'Colon & Rectal Surgery'],
  ['208D', 'General Practice'],
  ['208G', 'Thoracic Surgery'],
  ['208M', 'Hospitalist'],
  ['208U', 'Clinical Pharmacology'],
  ['208V', 'Pain Medicine'],
];

const SORTED = [...PREFIXES].sort((a, b) => b[0].length - a[0].length);
const EXACT = new Map<string, string>(
  (Object.entries(SPECIALTY_TAXONOMY_CODES) as [Specialty, string][]).map(([specialty, code]) => [code, specialty]),
);

/** Whether a taxonomy code is one the directory imports (physician or physician assistant). */
export function isDirectoryTaxonomy(code: string): boolean {
  return /^(207|208)[0-9A-Z]{7}$/.test(code) || /^363A[0-9A-Z]{6}$/.test(code);
}

/** The directory specialty for an importable taxonomy code, or null for any other code. */
export function specialtyForTaxonomy(code: string): string | null {
  const upper = code.trim().toUpperCase();
  if (!isDirectoryTaxonomy(upper)) return null;
  const exact = EXACT.get(upper);
  if (exact) return exact;
  for (const [prefix, specialty] of SORTED) if (upper.startsWith(prefix)) return specialty;
  return 'Other Physician';
}

/**
 * Doctors and Clinicians `pri_spec` / `sec_spec_*` (Medicare specialty names, capitals) -> the
 * directory's specialty, for physician and physician assistant specialties only; null for the
 * others (nurse practitioner, physical therapist, chiropractic...), which the DAC import does not
 * create records for.
 */
const DAC_SPECIALTIES: Record<string, string> = {
  'FAMILY PRACTICE': 'Family Medicine',
  'FAMILY MEDICINE': 'Family Medicine',
  'GENERAL PRACTICE': 'General Practice',
  'INTERNAL MEDICINE': 'Internal Medicine',
  'PEDIATRIC MEDICINE': 'Pediatrics',
  PEDIATRICS: 'Pediatrics',
  'CARDIOVASCULAR DISEASE (CARDIOLOGY)': 'Cardiology',
  CARDIOLOGY: 'Cardiology',
  'INTERVENTIONAL CARDIOLOGY': 'Cardiology',
  'CARDIAC ELECTROPHYSIOLOGY': 'Cardiology',
  'ADVANCED HEART FAILURE AND TRANSPLANT CARDIOLOGY': 'Cardiology',
  'OBSTETRICS/GYNECOLOGY': 'OBGYN',
  'ORTHOPEDIC SURGERY': 'Orthopedic Surgery',
  NEUROLOGY: 'Neurology',
  DERMATOLOGY: 'Dermatology',
  'PHYSICIAN ASSISTANT': 'Physician Assistant',
  'EMERGENCY MEDICINE': 'Emergency Medicine',
  PSYCHIATRY: 'Psychiatry',
  'GERIATRIC PSYCHIATRY': 'Psychiatry',
  ANESTHESIOLOGY: 'Anesthesiology',
  'DIAGNOSTIC RADIOLOGY': 'Radiology',
  'INTERVENTIONAL RADIOLOGY': 'Radiology',
  'GENERAL SURGERY': 'General Surgery',
  'MEDICAL ONCOLOGY': 'Oncology',
  'HEMATOLOGY/ONCOLOGY': 'Oncology',
  'RADIATION ONCOLOGY': 'Oncology',
  'SURGICAL ONCOLOGY': 'Oncology',
  'GYNECOLOGICAL ONCOLOGY': 'Oncology',
  GASTROENTEROLOGY: 'Gastroenterology',
  'PULMONARY DISEASE': 'Pulmonology',
  UROLOGY: 'Urology',
  'ALLERGY/IMMUNOLOGY': 'Allergy & Immunology',
  ENDOCRINOLOGY: 'Endocrinology',
  NEPHROLOGY: 'Nephrology',
  RHEUMATOLOGY: 'Rheumatology',
  HEMATOLOGY: 'Hematology',
  'INFECTIOUS DISEASE': 'Infectious Disease',
  'GERIATRIC MEDICINE': 'Geriatric Medicine',
  'CRITICAL CARE (INTENSIVISTS)': 'Critical Care',
  'HOSPITALIST': 'Hospitalist',
  OPHTHALMOLOGY: 'Ophthalmology',
  OTOLARYNGOLOGY: 'Otolaryngology',
  PATHOLOGY: 'Pathology',
  'PHYSICAL MEDICINE AND REHABILITATION': 'Physical Medicine & Rehabilitation',
  'PLASTIC AND RECONSTRUCTIVE SURGERY': 'Plastic Surgery',
  'PREVENTIVE MEDICINE': 'Preventive Medicine',
  NEUROSURGERY: 'Neurological Surgery',
  'THORACIC SURGERY': 'Thoracic Surgery',
  'CARDIAC SURGERY': 'Thoracic Surgery',
  'VASCULAR SURGERY': 'Vascular Surgery',
  'COLORECTAL SURGERY (PROCTOLOGY)': 'Colon & Rectal Surgery',
  'NUCLEAR MEDICINE': 'Nuclear Medicine',
  'PAIN MANAGEMENT': 'Pain Medicine',
  'INTERVENTIONAL PAIN MANAGEMENT': 'Pain Medicine',
  'SLEEP MEDICINE': 'Sleep Medicine',
  'SPORTS MEDICINE': 'Sports Medicine',
  'HOSPICE/PALLIATIVE CARE': 'Hospice & Palliative Medicine',
  'ADDICTION MEDICINE': 'Addiction Medicine',
  'MEDICAL GENETICS AND GENOMICS': 'Medical Genetics',
  'OSTEOPATHIC MANIPULATIVE MEDICINE': 'Osteopathic Manipulative Medicine',
};

export function dacSpecialty(value: string): string | null {
  return DAC_SPECIALTIES[value.trim().toUpperCase()] ?? null;
}
