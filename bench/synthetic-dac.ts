import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { DAC_HEADER, dacLine } from '../server/test/support/import/fixtures';
import { syntheticNppesKind } from '../server/test/support/import/synthetic-nppes';

const SPECIALTIES = ['INTERNAL MEDICINE', 'CARDIOVASCULAR DISEASE (CARDIOLOGY)', 'FAMILY PRACTICE', 'NEPHROLOGY', 'PSYCHIATRY', 'ANESTHESIOLOGY'];
const PLACES = [
  ['SAINT LOUIS', 'MO', '631101234'],
  ['BOSTON', 'MA', '02114'],
  ['PHOENIX', 'AZ', '85004'],
  ['DENVER', 'CO', '802021000'],
];
const GROUPS = [
  ['BJC MEDICAL GROUP', '1200'],
  ['SMALL CLINIC', '12'],
  ['', ''],
];

/**
 * A DAC file in the real layout for the import bench (ADR 056): the NPPES bench file's physicians
 * (seed 1) and as many again unknown to it, 1 to 4 records each (one per group and address, next
 * to each other, as most of a real extract is), and one NPI in 1,000 with one more record at the
 * end of the file, far from its others (as a real extract has some).
 */
export async function writeSyntheticDacFile(path: string, options: { nppesRows: number }): Promise<number> {
  const out = createWriteStream(path, { highWaterMark: 1 << 20 });
  out.write(DAC_HEADER + '\n');
  let rows = 0;
  const apart: string[] = [];
  let text = '';
  const npis: string[] = [];
  for (let i = 0; i < options.nppesRows; i++) if (syntheticNppesKind(i) === 'physician') npis.push(String(1_000_000_000 + i * 7 + 1));
  const known = npis.length;
  for (let i = 0; i < known; i++) npis.push(String(3_000_000_000 + i));
  for (const [n, npi] of npis.entries()) {
    const records = 1 + (n % 4);
    for (let r = 0; r < records; r++) {
      const [city, state, zip] = PLACES[(n + r) % PLACES.length]!;
      const [group, members] = GROUPS[(n + r) % GROUPS.length]!;
      const line = dacLine({
        NPI: npi,
        'Provider Last Name': 'DOE',
        'Provider First Name': 'JANE',
        gndr: n % 2 ? 'F' : 'M',
        Cred: 'MD',
        Med_sch: 'WASHINGTON UNIVERSITY SCHOOL OF MEDICINE',
        Grd_yr: String(1980 + (n % 40)),
        pri_spec: SPECIALTIES[(n + r) % SPECIALTIES.length]!,
        'Facility Name': group!,
        num_org_mem: members!,
        'City/Town': city!,
        State: state!,
        'ZIP Code': zip!,
        'Telephone Number': String(3145550000 + (n % 9999)),
      });
      if (r === records - 1 && n % 1000 === 999) apart.push(line);
      else text += line;
      rows++;
    }
    if (text.length > 1 << 20) {
      if (!out.write(text)) await once(out, 'drain');
      text = '';
    }
  }
  out.write(text + apart.join(''));
  out.end();
  await once(out, 'finish');
  return rows;
}
