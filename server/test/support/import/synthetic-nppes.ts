import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { NPPES_HEADER, nppesHeaderLine } from '../../../features/import/nppes-layout';

/*
 * A deterministic synthetic NPPES data file in the real 330-column layout, for the import bench
 * (1,000,000 rows) and the kill -9 test. The mix follows the real file: about a fifth
 * organisations, a few percent deactivated NPIs, a quarter physicians (NUCC 207*, 208*, and
 * physician assistants 363A*), the rest other clinicians (nurses, dentists, therapists...). Rows
 * carry names, both addresses, phones, dates, up to three taxonomy and licence slots and an other
 * identifier, so a line is about as long as a real one (~1 KB).
 */

const col = new Map(NPPES_HEADER.map((name, i) => [name, i]));
const at = (name: string) => {
  const i = col.get(name);
  if (i === undefined) throw new Error(`No NPPES column "${name}"`);
  return i;
};
const C = {
  npi: at('NPI'),
  entity: at('Entity Type Code'),
  org: at('Provider Organization Name (Legal Business Name)'),
  last: at('Provider Last Name (Legal Name)'),
  first: at('Provider First Name'),
  middle: at('Provider Middle Name'),
  credential: at('Provider Credential Text'),
  mail1: at('Provider First Line Business Mailing Address'),
  mailCity: at('Provider Business Mailing Address City Name'),
  mailState: at('Provider Business Mailing Address State Name'),
  mailZip: at('Provider Business Mailing Address Postal Code'),
  mailCountry: at('Provider Business Mailing Address Country Code (If outside U.S.)'),
  mailPhone: at('Provider Business Mailing Address Telephone Number'),
  practice1: at('Provider First Line Business Practice Location Address'),
  city: at('Provider Business Practice Location Address City Name'),
  state: at('Provider Business Practice Location Address State Name'),
  zip: at('Provider Business Practice Location Address Postal Code'),
  country: at('Provider Business Practice Location Address Country Code (If outside U.S.)'),
  phone: at('Provider Business Practice Location Address Telephone Number'),
  enumerated: at('Provider Enumeration Date'),
  updated: at('Last Update Date'),
  deactivationReason: at('NPI Deactivation Reason Code'),
  deactivated: at('NPI Deactivation Date'),
  sex: at('Provider Sex Code'),
  soleProprietor: at('Is Sole Proprietor'),
  certification: at('Certification Date'),
  slot: (n: number) => ({
    taxonomy: at(`Healthcare Provider Taxonomy Code_${n}`),
    licence: at(`Provider License Number_${n}`),
    licenceState: at(`Provider License Number State Code_${n}`),
    primary: at(`Healthcare Provider Primary Taxonomy Switch_${n}`),
  }),
  otherId: at('Other Provider Identifier_1'),
  otherIdType: at('Other Provider Identifier Type Code_1'),
  otherIdState: at('Other Provider Identifier State_1'),
};
const SLOTS = [1, 2, 3].map(C.slot);

const LAST = ['SMITH', 'JOHNSON', "O'BRIEN", 'WILLIAMS', 'GARCIA', 'NGUYEN', 'PATEL', 'KIM', 'MARTINEZ', 'DAVIS', 'LOPEZ', 'CHEN', 'MUELLER', 'ROSSI', 'COHEN', 'OKAFOR'];
const FIRST = ['MARY', 'JAMES', 'PRIYA', 'WEI', 'JOSE', 'SARAH', 'MICHAEL', 'AISHA', 'DAVID', 'ELENA', 'JOHN', 'FATIMA', 'ROBERT', 'LINDA'];
const CITIES: [string, string, string][] = [
  ['NEW YORK', 'NY', '10016'], ['HOUSTON', 'TX', '77030'], ['BOSTON', 'MA', '02115'], ['CHICAGO', 'IL', '60611'],
  ['LOS ANGELES', 'CA', '90048'], ['WINSTON-SALEM', 'NC', '27157'], ['DENVER', 'CO', '80218'], ['SEATTLE', 'WA', '98104'],
  ['MIAMI', 'FL', '33136'], ['PHOENIX', 'AZ', '85006'], ['ATLANTA', 'GA', '30322'], ['PORTLAND', 'OR', '97239'],
];
const PHYSICIAN_TAXONOMIES = ['207R00000X', '207RC0000X', '207Q00000X', '208D00000X', '207P00000X', '2084P0800X', '208600000X', '207X00000X', '207V00000X', '363A00000X', '207RX0202X', '208000000X', '207W00000X'];
const OTHER_TAXONOMIES = ['363L00000X', '163W00000X', '122300000X', '225100000X', '152W00000X', '183500000X', '225X00000X', '367500000X'];
const ORG_TAXONOMIES = ['282N00000X', '261QP2300X', '332B00000X', '207Q00000X'];

/** mulberry32: a small seeded PRNG, so the same seed writes the same file. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const quote = (v: string) => (v.includes('"') ? v.replaceAll('"', '""') : v);
const date = (r: () => number, from: number) =>
  `${String(1 + Math.floor(r() * 12)).padStart(2, '0')}/${String(1 + Math.floor(r() * 28)).padStart(2, '0')}/${from + Math.floor(r() * 18)}`;

export type SyntheticNppesKind = 'physician' | 'organisation' | 'other' | 'deactivated';

/** The kind of row `index` gets (a fixed pattern, so tests know the exact counts). */
export function syntheticNppesKind(index: number): SyntheticNppesKind {
  const k = index % 100;
  if (k < 20) return 'organisation';
  if (k < 23) return 'deactivated';
  if (k < 48) return 'physician';
  return 'other';
}

/** Data line `index` (0-based) of the file with this seed. */
export function syntheticNppesLine(index: number, seed = 1): string {
  const r = random(seed * 1_000_003 + index);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;
  const f = new Array<string>(NPPES_HEADER.length).fill('');
  const kind = syntheticNppesKind(index);
  f[C.npi] = String(1_000_000_000 + index * 7 + (seed % 7));
  if (kind === 'deactivated') {
    f[C.deactivationReason] = 'DT';
    f[C.deactivated] = date(r, 2008);
    return '"' + f.join('","') + '"\n';
  }
  const [city, state, zip] = pick(CITIES);
  f[C.mail1] = `${100 + Math.floor(r() * 9000)} ${pick(['MAIN', 'OAK', 'MEDICAL CENTER', 'HOSPITAL'])} ${pick(['ST', 'AVE', 'BLVD, SUITE "B"'])}`;
  f[C.mailCity] = city;
  f[C.mailState] = state;
  f[C.mailZip] = zip + String(1000 + Math.floor(r() * 9000));
  f[C.mailCountry] = 'US';
  f[C.mailPhone] = String(2000000000 + Math.floor(r() * 7999999999));
  f[C.practice1] = f[C.mail1];
  f[C.city] = city;
  f[C.state] = state;
  f[C.zip] = f[C.mailZip];
  f[C.country] = 'US';
  f[C.phone] = f[C.mailPhone];
  f[C.enumerated] = date(r, 2005);
  f[C.updated] = date(r, 2010);
  f[C.certification] = f[C.updated];
  if (kind === 'organisation') {
    f[C.entity] = '2';
    f[C.org] = `${pick(LAST)}, ${pick(LAST)} & ASSOCIATES ${pick(['LLC', 'PC', 'PLLC', 'INC'])}`;
    const slot = SLOTS[0]!;
    f[slot.taxonomy] = pick(ORG_TAXONOMIES);
    f[slot.primary] = 'Y';
    return '"' + f.map(quote).join('","') + '"\n';
  }
  f[C.entity] = '1';
  f[C.last] = pick(LAST);
  f[C.first] = pick(FIRST);
  if (r() < 0.4) f[C.middle] = pick(FIRST);
  f[C.sex] = r() < 0.5 ? 'F' : 'M';
  f[C.soleProprietor] = r() < 0.2 ? 'Y' : 'N';
  const taxonomies = kind === 'physician' ? PHYSICIAN_TAXONOMIES : OTHER_TAXONOMIES;
  f[C.credential] = kind === 'physician' ? pick(['M.D.', 'MD', 'D.O.', 'M.D., PH.D.', 'PA-C']) : pick(['RN', 'NP', 'DDS', 'PT', '']);
  const slots = 1 + Math.floor(r() * 3);
  const primary = Math.floor(r() * slots);
  for (let s = 0; s < slots; s++) {
    const slot = SLOTS[s]!;
    f[slot.taxonomy] = pick(taxonomies);
    f[slot.licence] = `${String.fromCharCode(65 + Math.floor(r() * 26))}${100000 + Math.floor(r() * 899999)}`;
    f[slot.licenceState] = s === 0 ? state : pick(CITIES)[1];
    f[slot.primary] = s === primary ? 'Y' : 'N';
  }
  f[C.otherId] = String(100000 + Math.floor(r() * 899999));
  f[C.otherIdType] = '05';
  f[C.otherIdState] = state;
  return '"' + f.map(quote).join('","') + '"\n';
}

/** Writes the header and `rows` data lines to `path`, streaming (never the whole file in memory). */
export async function writeSyntheticNppesFile(path: string, options: { rows: number; seed?: number }): Promise<void> {
  const out = createWriteStream(path, { highWaterMark: 1 << 20 });
  out.write(nppesHeaderLine());
  const CHUNK = 500;
  for (let start = 0; start < options.rows; start += CHUNK) {
    let text = '';
    for (let i = start; i < Math.min(options.rows, start + CHUNK); i++) text += syntheticNppesLine(i, options.seed);
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
