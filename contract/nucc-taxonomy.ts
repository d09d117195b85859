import { SPECIALTY_TAXONOMY_CODES, type Specialty } from './directory-options';

/**
 * NUCC health care provider taxonomy -> the directory's specialty, for the NPPES import.
 * Physicians are NUCC 207* (allopathic & osteopathic physicians, first part) and 208* (second
 * part); physician assistants (363A*) are imported too because the directory sells them as one
 * of its 18 specialties (docs/decisions/015-public-data-import.md). Everything else (nurse
 * practitioners, dentists, pharmacists...) is not imported.
 *
 * Lookup order: the exact code (a specialty's own code, then the sub-specialties' codes, e.g.
 * 207RI0011X Interventional Cardiology -> Cardiology), then the longest matching prefix (a
 * specialisation maps onto its family), then the physician classification's own name. A prefix
 * never spans two families: 207RC holds Cardiovascular Disease and Critical Care Medicine, and
 * 207RG Gastroenterology and Geriatric Medicine, so those go by exact code, and whatever else
 * they hold falls to 207R, Internal Medicine.
 */

/** Exact codes and code prefixes (NUCC classification / specialisation), longest prefix wins. */
const PREFIXES: readonly (readonly [string, string])[] = [
  // Internal medicine sub-specialties with a directory specialty of their own.
  // 207RC0000X Cardiovascular Disease and 207RG0100X Gastroenterology are exact (SPECIALTY_TAXONOMY_CODES).
  ['207RC0001X', 'Cardiology'], // Clinical Cardiac Electrophysiology
  ['207RI0011X', 'Cardiology'], // Interventional Cardiology
  ['207RA0001X', 'Cardiology'], // Advanced Heart Failure and Transplant Cardiology
  ['207RI0008X', 'Gastroenterology'], // Hepatology
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

/**
 * Sub-specialties: NUCC specialisations (the code's last part) under the directory's specialties,
 * named as NUCC names them. The NPPES import sets a physician's sub-specialty from the primary
 * taxonomy code; the demo generator gives some physicians one of their specialty's (issue 14).
 */
export const SUB_SPECIALTIES: readonly { code: string; specialty: string; name: string }[] = [
  { code: '207QA0505X', specialty: 'Family Medicine', name: 'Adult Medicine' },
  { code: '207QG0300X', specialty: 'Family Medicine', name: 'Geriatric Medicine' },
  { code: '207QS0010X', specialty: 'Family Medicine', name: 'Sports Medicine' },
  { code: '207RE0101X', specialty: 'Internal Medicine', name: 'Endocrinology, Diabetes & Metabolism' },
  { code: '207RI0200X', specialty: 'Internal Medicine', name: 'Infectious Disease' },
  { code: '207RN0300X', specialty: 'Internal Medicine', name: 'Nephrology' },
  { code: '207RR0500X', specialty: 'Internal Medicine', name: 'Rheumatology' },
  { code: '207RG0300X', specialty: 'Internal Medicine', name: 'Geriatric Medicine' },
  { code: '2080N0001X', specialty: 'Pediatrics', name: 'Neonatal-Perinatal Medicine' },
  { code: '2080P0204X', specialty: 'Pediatrics', name: 'Pediatric Cardiology' },
  { code: '2080P0206X', specialty: 'Pediatrics', name: 'Pediatric Gastroenterology' },
  { code: '207RI0011X', specialty: 'Cardiology', name: 'Interventional Cardiology' },
  { code: '207RC0001X', specialty: 'Cardiology', name: 'Clinical Cardiac Electrophysiology' },
  { code: '207RA0001X', specialty: 'Cardiology', name: 'Advanced Heart Failure and Transplant Cardiology' },
  { code: '207VG0400X', specialty: 'OBGYN', name: 'Gynecology' },
  { code: '207VM0101X', specialty: 'OBGYN', name: 'Maternal & Fetal Medicine' },
  { code: '207VE0102X', specialty: 'OBGYN', name: 'Reproductive Endocrinology' },
  { code: '207VX0201X', specialty: 'OBGYN', name: 'Gynecologic Oncology' },
  { code: '207XS0114X', specialty: 'Orthopedic Surgery', name: 'Adult Reconstructive Orthopaedic Surgery' },
  { code: '207XX0004X', specialty: 'Orthopedic Surgery', name: 'Foot and Ankle Surgery' },
  { code: '207XS0106X', specialty: 'Orthopedic Surgery', name: 'Hand Surgery' },
  { code: '207XS0117X', specialty: 'Orthopedic Surgery', name: 'Orthopaedic Surgery of the Spine' },
  { code: '207XX0005X', specialty: 'Orthopedic Surgery', name: 'Sports Medicine' },
  { code: '2084N0402X', specialty: 'Neurology', name: 'Child Neurology' },
  { code: '2084N0600X', specialty: 'Neurology', name: 'Clinical Neurophysiology' },
  { code: '207ND0101X', specialty: 'Dermatology', name: 'MOHS-Micrographic Surgery' },
  { code: '207NP0225X', specialty: 'Dermatology', name: 'Pediatric Dermatology' },
  { code: '207NS0135X', specialty: 'Dermatology', name: 'Dermatopathology' },
  { code: '363AM0700X', specialty: 'Physician Assistant', name: 'Medical' },
  { code: '363AS0400X', specialty: 'Physician Assistant', name: 'Surgical' },
  { code: '207PP0204X', specialty: 'Emergency Medicine', name: 'Pediatric Emergency Medicine' },
  { code: '207PT0002X', specialty: 'Emergency Medicine', name: 'Medical Toxicology' },
  { code: '207PE0004X', specialty: 'Emergency Medicine', name: 'Emergency Medical Services' },
  { code: '2084P0804X', specialty: 'Psychiatry', name: 'Child & Adolescent Psychiatry' },
  { code: '2084P0802X', specialty: 'Psychiatry', name: 'Addiction Psychiatry' },
  { code: '2084P0805X', specialty: 'Psychiatry', name: 'Geriatric Psychiatry' },
  { code: '207LP2900X', specialty: 'Anesthesiology', name: 'Pain Medicine' },
  { code: '207LC0200X', specialty: 'Anesthesiology', name: 'Critical Care Medicine' },
  { code: '207LP3000X', specialty: 'Anesthesiology', name: 'Pediatric Anesthesiology' },
  { code: '2085R0204X', specialty: 'Radiology', name: 'Vascular & Interventional Radiology' },
  { code: '2085N0700X', specialty: 'Radiology', name: 'Neuroradiology' },
  { code: '2085P0229X', specialty: 'Radiology', name: 'Pediatric Radiology' },
  { code: '2086S0129X', specialty: 'General Surgery', name: 'Vascular Surgery' },
  { code: '2086S0102X', specialty: 'General Surgery', name: 'Surgical Critical Care' },
  { code: '2086S0127X', specialty: 'General Surgery', name: 'Trauma Surgery' },
  { code: '207RH0003X', specialty: 'Oncology', name: 'Hematology & Oncology' },
  { code: '2086X0206X', specialty: 'Oncology', name: 'Surgical Oncology' },
  { code: '2085R0001X', specialty: 'Oncology', name: 'Radiation Oncology' },
  { code: '207RI0008X', specialty: 'Gastroenterology', name: 'Hepatology' },
  { code: '2088P0231X', specialty: 'Urology', name: 'Pediatric Urology' },
  { code: '2088F0040X', specialty: 'Urology', name: 'Female Pelvic Medicine and Reconstructive Surgery' },
];
const SUB_SPECIALTY_BY_CODE = new Map(SUB_SPECIALTIES.map((s) => [s.code, s.name]));

/** The sub-specialty of a NUCC code (its specialisation's name), or null. */
export function subSpecialtyForTaxonomy(code: string): string | null {
  return SUB_SPECIALTY_BY_CODE.get(code.trim().toUpperCase()) ?? null;
}
