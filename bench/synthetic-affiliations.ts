import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { AFFILIATIONS_HEADER, HOSPITALS_HEADER, affiliationLine, hospitalLine } from '../server/test/support/import/fixtures';
import { syntheticNppesKind } from '../server/test/support/import/synthetic-nppes';

/** Hospitals of the synthetic files: 5,400 as CMS lists, numbered per state (two digits, then four). */
export const SYNTHETIC_HOSPITALS = 5_400;
const ccnOf = (k: number) => String(1 + (k % 53)).padStart(2, '0') + String(1 + Math.floor(k / 53)).padStart(4, '0');
const TYPES = ['Hospital', 'Hospital', 'Hospital', 'Hospital', 'Hospital', 'Hospital', 'Nursing home', 'Skilled nursing facility', 'Hospice', 'Dialysis facility'];

/** Hospital_General_Information.csv for the import bench: SYNTHETIC_HOSPITALS rows. */
export async function writeSyntheticHospitalsFile(path: string): Promise<number> {
  const out = createWriteStream(path);
  let text = HOSPITALS_HEADER + '\n';
  for (let k = 0; k < SYNTHETIC_HOSPITALS; k++)
    text += hospitalLine({
      'Facility ID': ccnOf(k),
      'Facility Name': `SYNTHETIC GENERAL HOSPITAL ${k}`,
      'City/Town': 'SPRINGFIELD',
      State: 'IL',
      'ZIP Code': '62701',
      'Hospital Type': 'Acute Care Hospitals',
      'Emergency Services': k % 9 ? 'Yes' : 'No',
    });
  out.end(text);
  await once(out, 'finish');
  return SYNTHETIC_HOSPITALS;
}

/**
 * Facility_Affiliation.csv for the import bench (ADR 063): `rows` records over the NPPES bench
 * file's physicians and the DAC file's new ones (seven in ten records), the rest NPIs the directory
 * does not hold; 1-5 facilities per NPI, their records next to each other, mostly hospitals, a unit
 * now and then, a tenth of the facilities outside the hospitals file. `month` 1 changes one
 * physician in ten (a facility more or fewer): next month's file.
 */
export async function writeSyntheticAffiliationsFile(path: string, options: { rows: number; nppesRows: number; month?: number }): Promise<number> {
  const out = createWriteStream(path, { highWaterMark: 1 << 20 });
  out.write(AFFILIATIONS_HEADER + '\n');
  const known: string[] = [];
  for (let i = 0; i < options.nppesRows; i++) if (syntheticNppesKind(i) === 'physician') known.push(String(1_000_000_000 + i * 7 + 1));
  const dacNew = known.length;
  for (let i = 0; i < dacNew; i++) known.push(String(3_000_000_000 + i));
  let rows = 0;
  let text = '';
  for (let n = 0; rows < options.rows; n++) {
    // Seven records in ten for the directory's physicians (in order, then again), the rest unknown.
    const npi = n % 10 < 7 ? known[Math.floor((n * 7) / 10) % known.length]! : String(5_000_000_000 + n);
    let facilities = 1 + (n % 5);
    if (options.month === 1 && n % 10 === 3) facilities = facilities === 1 ? 2 : facilities - 1;
    for (let f = 0; f < facilities && rows < options.rows; f++) {
      const k = (n * 31 + f * 977) % SYNTHETIC_HOSPITALS;
      const type = TYPES[(n + f) % TYPES.length]!;
      const unit = f === 1 && n % 17 === 0;
      const ccn = type === 'Hospital' ? (unit ? ccnOf(k).slice(0, 2) + 'T' + ccnOf(k).slice(3) : ccnOf(k)) : ccnOf(k).slice(0, 2) + String(5000 + (n % 900));
      text += affiliationLine(npi, 'DOE', 'JANE', unit ? 'Inpatient rehabilitation facility' : type, ccn, unit ? ccnOf(k) : '');
      rows++;
    }
    if (text.length > 1 << 20) {
      if (!out.write(text)) await once(out, 'drain');
      text = '';
    }
  }
  out.end(text);
  await once(out, 'finish');
  return rows;
}
