import type { SearchPhysiciansRequest } from '../../../../contract/directory';
import { toCriteria, type SearchCriteria } from '../../../features/directory/search-index/query/criteria';
import { ColumnsBuilder } from '../../../features/directory/search-index/data/columns';
import { newDictionaries } from '../../../features/directory/search-index/data/dictionary';
import { DirectoryIndex } from '../../../features/directory/search-index';
import { finalize, type Snapshot } from '../../../features/directory/search-index/data/snapshot';
import { INITIALS_RULE } from '../../../features/directory/search-index/query/initials';
import {
  FIELD_SEP,
  FLAG_FIELDS,
  ITEM_SEP,
  NULL_MARK,
  ROW_SEP,
  SCALAR_FIELDS,
  SET_FIELDS,
  type FlagField,
  type ScalarField,
  type SetField,
} from '../../../features/directory/search-index/data/wire-format';

/*
 * Test support for the index's unit tests: small synthetic physicians in the wire format, and
 * snapshots or indexes built from them, with no database.
 */

export type TestPhysician = { id: number } & Partial<Record<ScalarField, string | null>> &
  Partial<Record<SetField, string[] | null>> &
  Partial<Record<FlagField, boolean | null>> & {
    npi?: string | null;
    graduationYear?: number | null;
    zip?: string | null;
    verifiedAt?: number | null;
    createdAt?: number | null;
    updatedAt?: number | null;
    /** The latest move, days since 1970. */
    movedOn?: number | null;
  };

const text = (value: string | number | null | undefined) => (value == null ? NULL_MARK : String(value));

/** One physician as repo.ts sends it. */
export function wireRow(p: TestPhysician): string {
  return [
    String(p.id),
    text(p.npi),
    ...SCALAR_FIELDS.map((f) => text(p[f])),
    text(p.graduationYear),
    ...FLAG_FIELDS.map((f) => (p[f] == null ? '0' : p[f] ? '2' : '1')),
    ...SET_FIELDS.map((f) => (p[f] == null ? NULL_MARK : p[f]!.join(ITEM_SEP))),
    text(p.zip),
    text(p.verifiedAt),
    text(p.createdAt),
    text(p.updatedAt),
    text(p.movedOn),
  ].join(FIELD_SEP);
}

export const wireBatch = (physicians: readonly TestPhysician[]) => physicians.map(wireRow).join(ROW_SEP);

/** A snapshot of these physicians (in the order given: slots follow it). */
export function snapshotOf(physicians: readonly TestPhysician[], version = 1): Snapshot {
  const dicts = newDictionaries();
  const builder = new ColumnsBuilder(dicts, physicians.length);
  builder.addBatch(wireBatch(physicians));
  return finalize(builder.columns(), dicts, version, INITIALS_RULE);
}

/** An index of these physicians, built as the service builds it (batches of `batch` rows). */
export async function indexOf(physicians: readonly TestPhysician[], batch = 2): Promise<DirectoryIndex> {
  async function* batches() {
    for (let i = 0; i < physicians.length; i += batch) yield wireBatch(physicians.slice(i, i + batch));
  }
  return DirectoryIndex.build(batches(), physicians.length);
}

/** The criteria of a search request, as the service makes them. */
export const criteria = (request: Partial<SearchPhysiciansRequest>): SearchCriteria =>
  toCriteria(request as SearchPhysiciansRequest, 2026, new Date('2026-06-15T00:00:00Z'));

/** The ids of the rows of a bitset (slots mapped to ids). */
export function idsOf(s: Snapshot, bits: Uint32Array): number[] {
  const ids: number[] = [];
  for (let row = 0; row < s.cols.length; row++)
    if ((bits[row >>> 5] >>> (row & 31)) & 1) ids.push(s.cols.ids[row]);
  return ids;
}

/** A small directory with something for every filter: names, specialties, sets, flags, ZIPs. */
export const PEOPLE: TestPhysician[] = [
  {
    id: 1,
    npi: '1234567890',
    firstName: 'John',
    lastName: 'Smith',
    title: 'Medical Director',
    credential: 'M.D.',
    specialty: 'Cardiology',
    organization: 'Boston Heart',
    organizationSize: '5000+',
    city: 'Boston',
    state: 'MA',
    gender: 'M',
    skills: ['Leadership', 'Research'],
    languages: ['English', 'Spanish'],
    licenseStates: ['MA', 'NY'],
    degrees: ['MD', 'MBA'],
    graduationYear: 1990,
    boardCertified: true,
    inTraining: false,
    zip: '02115',
    verifiedAt: Date.UTC(2026, 0, 10),
    createdAt: Date.UTC(2020, 0, 1),
    updatedAt: Date.UTC(2026, 5, 1),
  },
  {
    id: 2,
    npi: '1234500000',
    firstName: 'Jane',
    lastName: 'Doe',
    title: 'Physician',
    credential: 'DO',
    specialty: 'Pediatrics',
    organization: 'Houston Kids',
    organizationSize: '1 to 10',
    city: 'Houston',
    state: 'Texas',
    gender: 'F',
    skills: ['Research'],
    languages: ['English'],
    degrees: ['DO'],
    graduationYear: 2010,
    boardCertified: false,
    inTraining: true,
    zip: '77030',
    createdAt: Date.UTC(2025, 0, 1),
    updatedAt: Date.UTC(2025, 0, 1),
    movedOn: Date.UTC(2026, 5, 1) / 86_400_000,
  },
  {
    id: 3,
    firstName: 'Smith',
    lastName: 'Johnson',
    title: 'Interventional Cardiologist',
    specialty: 'interventional cardiology',
    organization: 'Cardio Group',
    city: 'Cambridge',
    state: 'MA',
    gender: 'M',
    skills: ['Cardiac Imaging'],
    languages: ['French'],
    graduationYear: 2001,
    zip: '02139',
    updatedAt: Date.UTC(2026, 4, 1),
    movedOn: Date.UTC(2026, 0, 10) / 86_400_000,
  },
  {
    id: 4,
    firstName: 'Álvaro',
    lastName: 'álvarez',
    specialty: 'CARDIOLOGY',
    city: 'Austin',
    state: 'TX',
    skills: ['leadership'],
    graduationYear: null,
  },
  { id: 5, firstName: 'Zoe', lastName: null, specialty: null, city: null },
];
