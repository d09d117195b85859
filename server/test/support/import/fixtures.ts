import { deflateRawSync } from 'node:zlib';
import { nppesHeaderLine, nppesLine } from '../../../features/import/nppes-layout';

/* Small files in the real layouts for the import tests. */

const individual = (npi: string, extra: Record<string, string>) =>
  nppesLine({
    NPI: npi,
    'Entity Type Code': '1',
    'Provider Enumeration Date': '05/23/2005',
    'Last Update Date': '07/08/2021',
    ...extra,
  });

/** One individual's NPPES record (enumerated 2005-05-23, last updated 2021-07-08 unless `extra` says). */
export const nppesIndividual = individual;

/** A date as NPPES writes it (MM/DD/YYYY). */
export function nppesDate(isoDay: string): string {
  const [y, m, d] = isoDay.split('-');
  return `${m}/${d}/${y}`;
}

/** The Doctors and Clinicians file's header (the current layout). */
export const DAC_HEADER =
  'NPI,Ind_PAC_ID,Ind_enrl_ID,Provider Last Name,Provider First Name,Provider Middle Name,suff,gndr,Cred,Med_sch,Grd_yr,pri_spec,sec_spec_1,sec_spec_2,sec_spec_3,sec_spec_4,sec_spec_all,Telehlth,Facility Name,org_pac_id,num_org_mem,adr_ln_1,adr_ln_2,ln_2_sprs,City/Town,State,ZIP Code,Telephone Number,ind_assgn,grp_assgn,adrs_id';

/** One DAC record (CSV line) with these columns set, the rest empty. */
export function dacLine(v: Record<string, string>): string {
  return (
    DAC_HEADER.split(',')
      .map((name) => {
        const value = v[name] ?? '';
        return /[",\n]/.test(value) ? '"' + value.replaceAll('"', '""') + '"' : value;
      })
      .join(',') + '\n'
  );
}

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


const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A .zip holding the given files (deflated), as the monthly NPPES download is. */
export function zipOf(files: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
    const packed = deflateRawSync(data);
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** CMS Hospital_General_Information.csv's header (its first columns, then some of the measures' that follow). */
export const HOSPITALS_HEADER =
  '"Facility ID","Facility Name","Address","City/Town","State","ZIP Code","County/Parish","Telephone Number","Hospital Type","Hospital Ownership","Emergency Services","Meets criteria for birthing friendly designation","Hospital overall rating","Hospital overall rating footnote","MORT Group Measure Count"';

/** One hospital record, every value quoted as CMS writes them. */
export function hospitalLine(v: Record<string, string>): string {
  return (
    HOSPITALS_HEADER.split(',')
      .map((quoted) => '"' + (v[quoted.slice(1, -1)] ?? '').replaceAll('"', '""') + '"')
      .join(',') + '\n'
  );
}

/** CMS Facility_Affiliation.csv's header. */
export const AFFILIATIONS_HEADER =
  'NPI,Ind_PAC_ID,Provider Last Name,Provider First Name,Provider Middle Name,suff,facility_type,Facility Affiliations Certification Number,Facility Type Certification Number';

/** One affiliation record: NPI, names, facility type, the facility's CCN and its parent's (units). */
export function affiliationLine(npi: string, last: string, first: string, type: string, ccn: string, parent = ''): string {
  return [npi, '1234567890', last, first, '', '', type, ccn, parent].join(',') + '\n';
}
