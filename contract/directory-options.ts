import { z } from 'zod';

/** Filter options and reference lists of the directory (the spec's lists; docs/rules.md#filters). */

export const COMPANY_SIZE_BUCKETS = [
  '1 to 19',
  '20 to 99',
  '100 to 499',
  '500 to 999',
  '1000 to 4999',
  '5000+',
] as const;
export type CompanySize = (typeof COMPANY_SIZE_BUCKETS)[number];

export const REVENUE_BUCKETS = [
  '<$1M',
  '$1M to <$10M',
  '$10M to <$50M',
  '$50M to <$100M',
  '$100M to <$1B',
  '$1B+',
] as const;
export type CompanyRevenue = (typeof REVENUE_BUCKETS)[number];

export const INDUSTRY_OPTIONS = [
  'Healthcare',
  'Hospital & Health Care',
  'Medical Practice',
  'Pharmaceuticals',
  'Biotechnology',
  'Medical Devices',
  'Research',
  'Higher Education',
] as const;
export type CompanyIndustry = (typeof INDUSTRY_OPTIONS)[number];

export const EDUCATION_OPTIONS = ['MD', 'PhD', 'MBA', 'MS', 'BS'] as const;

export const SKILL_OPTIONS = [
  'Communication',
  'Leadership',
  'Research',
  'Patient Care',
  'Teaching',
  'Clinical Research',
  'Surgery',
  'Public Speaking',
  'Medical Education',
  'Healthcare Management',
] as const;

/** The 18 specialties the marketing pages promise, as displayed (title case, 'OBGYN' upper case). */
export const SPECIALTIES = [
  'Family Medicine',
  'Internal Medicine',
  'Pediatrics',
  'Cardiology',
  'OBGYN',
  'Orthopedic Surgery',
  'Neurology',
  'Dermatology',
  'Physician Assistant',
  'Emergency Medicine',
  'Psychiatry',
  'Anesthesiology',
  'Radiology',
  'General Surgery',
  'Oncology',
  'Gastroenterology',
  'Pulmonology',
  'Urology',
] as const;
export type Specialty = (typeof SPECIALTIES)[number];

/**
 * The NUCC taxonomy code that maps onto each specialty when importing NPPES rows (primary
 * taxonomy). Subspecialty codes (e.g. interventional cardiology) are the importer's concern.
 */
export const SPECIALTY_TAXONOMY_CODES: Record<Specialty, string> = {
  'Family Medicine': '207Q00000X',
  'Internal Medicine': '207R00000X',
  Pediatrics: '208000000X',
  Cardiology: '207RC0000X',
  OBGYN: '207V00000X',
  'Orthopedic Surgery': '207X00000X',
  Neurology: '2084N0400X',
  Dermatology: '207N00000X',
  'Physician Assistant': '363A00000X',
  'Emergency Medicine': '207P00000X',
  Psychiatry: '2084P0800X',
  Anesthesiology: '207L00000X',
  Radiology: '2085R0202X',
  'General Surgery': '208600000X',
  Oncology: '207RX0202X',
  Gastroenterology: '207RG0100X',
  Pulmonology: '207RP1001X',
  Urology: '208800000X',
};

export const US_STATES = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;
export type UsStateCode = (typeof US_STATES)[number]['code'];

/** Languages a physician may list; English first, then roughly by how often US clinicians speak them. */
export const LANGUAGES = [
  'English',
  'Spanish',
  'Chinese (Mandarin)',
  'Cantonese',
  'Hindi',
  'Vietnamese',
  'Tagalog',
  'Arabic',
  'French',
  'Korean',
  'Russian',
  'Portuguese',
  'Urdu',
  'Gujarati',
  'Punjabi',
  'Bengali',
  'Tamil',
  'Telugu',
  'Farsi',
  'Hebrew',
  'Haitian Creole',
  'German',
  'Italian',
  'Polish',
  'Greek',
  'Japanese',
  'American Sign Language',
] as const;
export type Language = (typeof LANGUAGES)[number];

const yearString = z.string().regex(/^\d{4}$/, 'Use a four-digit year');

/** One education entry of a physician's profile; dates are years ('YYYY'). */
export const EducationEntry = z.object({
  schoolName: z.string().min(1),
  degree: z.string().min(1),
  field: z.string().nullable(),
  startDate: yearString.nullable(),
  endDate: yearString.nullable(),
});
export type EducationEntry = z.infer<typeof EducationEntry>;
