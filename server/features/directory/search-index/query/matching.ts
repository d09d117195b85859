import { SCALAR_INDEX, type ScalarField } from '../data/wire-format';
import type { Snapshot } from '../data/snapshot';

/** One physician as list matching compares them (docs/decisions/033-list-matching.md). */
export type PhysicianForMatching = {
  id: number;
  npi: string | null;
  firstName: string;
  lastName: string;
  city: string;
  state: string;
  /** The 5-digit ZIP, or null. */
  zip: string | null;
  specialty: string;
  subSpecialty: string;
  secondarySpecialty: string;
  organization: string;
};

export type MatchingQuery = {
  /** Asked once per distinct last name of the directory, not per row. */
  lastNameAccepts: (lastName: string) => boolean;
  npis: ReadonlySet<string>;
};

/**
 * The physicians list matching may compare an uploaded row with: those whose last name
 * `lastNameAccepts` and those whose NPI is in `npis`. One pass over the rows; only the index's own
 * fields (no contact, no middle name).
 */
export function physiciansForMatching(s: Snapshot, query: MatchingQuery): PhysicianForMatching[] {
  const at = (f: ScalarField) => s.cols.scalar[SCALAR_INDEX[f]];
  const text = (f: ScalarField, slot: number) => s.dicts.scalar[SCALAR_INDEX[f]].values[at(f)[slot]];
  const lastNames = s.dicts.scalar[SCALAR_INDEX.lastName].values;
  const wanted = new Uint8Array(lastNames.length);
  for (let code = 1; code < lastNames.length; code++) wanted[code] = query.lastNameAccepts(lastNames[code]) ? 1 : 0;
  const npis = new Set<number>();
  for (const npi of query.npis) if (/^\d{10}$/.test(npi)) npis.add(Number(npi));
  const { length, alive, npi, zip } = s.cols;
  const lastNameCodes = at('lastName');
  const out: PhysicianForMatching[] = [];
  for (let slot = 0; slot < length; slot++) {
    if (!alive[slot]) continue;
    if (!wanted[lastNameCodes[slot]] && !(npis.size && npis.has(npi[slot]))) continue;
    out.push({
      id: s.cols.ids[slot],
      npi: Number.isNaN(npi[slot]) ? null : String(npi[slot]).padStart(10, '0'),
      firstName: text('firstName', slot),
      lastName: text('lastName', slot),
      city: text('city', slot),
      state: text('state', slot),
      zip: zip[slot] > 0 ? String(zip[slot] - 1).padStart(5, '0') : null,
      specialty: text('specialty', slot),
      subSpecialty: text('subSpecialty', slot),
      secondarySpecialty: text('secondarySpecialty', slot),
      organization: text('organization', slot),
    });
  }
  return out;
}
