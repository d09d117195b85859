/**
 * The NPPES data file's 330-column header, in order (CMS "NPPES Data Dissemination" readme), and a
 * writer of rows in its layout (every value double-quoted). Tests and the bench build files with it.
 */
const MAILING = 'Provider Business Mailing Address';
const PRACTICE = 'Provider Business Practice Location Address';

export const NPPES_HEADER: readonly string[] = [
  'NPI',
  'Entity Type Code',
  'Replacement NPI',
  'Employer Identification Number (EIN)',
  'Provider Organization Name (Legal Business Name)',
  'Provider Last Name (Legal Name)',
  'Provider First Name',
  'Provider Middle Name',
  'Provider Name Prefix Text',
  'Provider Name Suffix Text',
  'Provider Credential Text',
  'Provider Other Organization Name',
  'Provider Other Organization Name Type Code',
  'Provider Other Last Name',
  'Provider Other First Name',
  'Provider Other Middle Name',
  'Provider Other Name Prefix Text',
  'Provider Other Name Suffix Text',
  'Provider Other Credential Text',
  'Provider Other Last Name Type Code',
  'Provider First Line Business Mailing Address',
  'Provider Second Line Business Mailing Address',
  `${MAILING} City Name`,
  `${MAILING} State Name`,
  `${MAILING} Postal Code`,
  `${MAILING} Country Code (If outside U.S.)`,
  `${MAILING} Telephone Number`,
  `${MAILING} Fax Number`,
  'Provider First Line Business Practice Location Address',
  'Provider Second Line Business Practice Location Address',
  `${PRACTICE} City Name`,
  `${PRACTICE} State Name`,
  `${PRACTICE} Postal Code`,
  `${PRACTICE} Country Code (If outside U.S.)`,
  `${PRACTICE} Telephone Number`,
  `${PRACTICE} Fax Number`,
  'Provider Enumeration Date',
  'Last Update Date',
  'NPI Deactivation Reason Code',
  'NPI Deactivation Date',
  'NPI Reactivation Date',
  'Provider Sex Code',
  'Authorized Official Last Name',
  'Authorized Official First Name',
  'Authorized Official Middle Name',
  'Authorized Official Title or Position',
  'Authorized Official Telephone Number',
  ...Array.from({ length: 15 }, (_, i) => [
    `Healthcare Provider Taxonomy Code_${i + 1}`,
    `Provider License Number_${i + 1}`,
    `Provider License Number State Code_${i + 1}`,
    `Healthcare Provider Primary Taxonomy Switch_${i + 1}`,
  ]).flat(),
  ...Array.from({ length: 50 }, (_, i) => [
    `Other Provider Identifier_${i + 1}`,
    `Other Provider Identifier Type Code_${i + 1}`,
    `Other Provider Identifier State_${i + 1}`,
    `Other Provider Identifier Issuer_${i + 1}`,
  ]).flat(),
  'Is Sole Proprietor',
  'Is Organization Subpart',
  'Parent Organization LBN',
  'Parent Organization TIN',
  'Authorized Official Name Prefix Text',
  'Authorized Official Name Suffix Text',
  'Authorized Official Credential Text',
  ...Array.from({ length: 15 }, (_, i) => `Healthcare Provider Taxonomy Group_${i + 1}`),
  'Certification Date',
];

const POSITION = new Map(NPPES_HEADER.map((name, i) => [name, i]));

function quote(value: string): string {
  return '"' + value.replaceAll('"', '""') + '"';
}

/** The header line; `oldLayout` names column 41 'Provider Gender Code' as files before 2024 did. */
export function nppesHeaderLine(options: { oldLayout?: boolean } = {}): string {
  const header = [...NPPES_HEADER];
  if (options.oldLayout) header[41] = 'Provider Gender Code';
  return header.map(quote).join(',') + '\n';
}

/** One data line: the named columns set, the other 330 - n quoted empty. */
export function nppesLine(values: Record<string, string>): string {
  const fields = new Array<string>(NPPES_HEADER.length).fill('');
  for (const [name, value] of Object.entries(values)) {
    const i = name === 'Provider Gender Code' ? 41 : POSITION.get(name);
    if (i === undefined) throw new Error(`No NPPES column "${name}"`);
    fields[i] = value;
  }
  return fields.map(quote).join(',') + '\n';
}
