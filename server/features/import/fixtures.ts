import { nppesHeaderLine, nppesLine } from './nppes-layout';

/* Small files in the real layouts for the import tests. */

const individual = (npi: string, extra: Record<string, string>) =>
  nppesLine({
    NPI: npi,
    'Entity Type Code': '1',
    'Provider Enumeration Date': '05/23/2005',
    'Last Update Date': '07/08/2021',
    ...extra,
  });

/** A small file in the real layout: quoted values with commas and quotes, every kind of skip. */
export function sampleNppesFile(options: { oldLayout?: boolean } = {}): string {
  return (
    nppesHeaderLine(options) +
    // 1) A cardiologist (sub-specialty code), commas and an apostrophe in values, two licence states.
    individual('1000000001', {
      'Provider Last Name (Legal Name)': "O'BRIEN",
      'Provider First Name': 'MARY',
      'Provider Middle Name': 'ANN',
      'Provider Credential Text': 'M.D., PH.D.',
      'Provider Business Practice Location Address City Name': 'WINSTON-SALEM',
      'Provider Business Practice Location Address State Name': 'NC',
      'Provider Business Practice Location Address Postal Code': '271570001',
      'Provider Business Practice Location Address Telephone Number': '3367161000',
      'Provider First Line Business Practice Location Address': '1 MEDICAL CENTER BLVD, SUITE "A"',
      [options.oldLayout ? 'Provider Gender Code' : 'Provider Sex Code']: 'F',
      'Healthcare Provider Taxonomy Code_1': '207R00000X',
      'Provider License Number State Code_1': 'VA',
      'Healthcare Provider Primary Taxonomy Switch_1': 'N',
      'Healthcare Provider Taxonomy Code_2': '207RC0000X',
      'Provider License Number State Code_2': 'NC',
      'Healthcare Provider Primary Taxonomy Switch_2': 'Y',
    }) +
    // 2) An organisation.
    nppesLine({
      NPI: '1000000002',
      'Entity Type Code': '2',
      'Provider Organization Name (Legal Business Name)': 'SMITH, JONES & "PARTNERS" LLC',
      'Healthcare Provider Taxonomy Code_1': '207Q00000X',
      'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
    }) +
    // 3) A nurse practitioner.
    individual('1000000003', {
      'Provider Last Name (Legal Name)': 'NURSE',
      'Provider First Name': 'NORA',
      'Healthcare Provider Taxonomy Code_1': '363L00000X',
      'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
    }) +
    // 4) A deactivated NPI (the real file leaves its other fields blank).
    nppesLine({ NPI: '1000000004', 'NPI Deactivation Reason Code': 'DT', 'NPI Deactivation Date': '01/15/2020' }) +
    // 5) A suppressed physician (their owner asked to be removed).
    individual('1000000005', {
      'Provider Last Name (Legal Name)': 'HIDDEN',
      'Provider First Name': 'HARRY',
      'Healthcare Provider Taxonomy Code_1': '207Q00000X',
      'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
    }) +
    // 6) A malformed line (line 7 of the file): cut short, 3 columns of 330.
    '"1000000006","1","TRUNCATED"\n' +
    // 7) A family physician, osteopath, male, licence in two slots of one state.
    individual('1000000007', {
      'Provider Last Name (Legal Name)': 'MCDONALD',
      'Provider First Name': 'JAMES',
      'Provider Credential Text': 'D.O.',
      'Provider Business Practice Location Address City Name': 'AUSTIN',
      'Provider Business Practice Location Address State Name': 'TX',
      'Provider Business Practice Location Address Postal Code': '78701',
      [options.oldLayout ? 'Provider Gender Code' : 'Provider Sex Code']: 'M',
      'Healthcare Provider Taxonomy Code_1': '207Q00000X',
      'Provider License Number State Code_1': 'TX',
      'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
      'Healthcare Provider Taxonomy Code_2': '207QA0505X',
      'Provider License Number State Code_2': 'TX',
      'Healthcare Provider Primary Taxonomy Switch_2': 'N',
    }) +
    // 8) A physician assistant.
    individual('1000000008', {
      'Provider Last Name (Legal Name)': 'PATEL',
      'Provider First Name': 'ASHA',
      'Provider Credential Text': 'PA-C',
      'Healthcare Provider Taxonomy Code_1': '363A00000X',
      'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
    })
  );
}

