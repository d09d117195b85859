import { SPECIALTIES } from '../../../../contract/directory-options';
import type { Db } from '../../../db/client';
import { generatePhysicians, npiForId, type GeneratedPhysician } from '../../../db/seed/generator';
import { insertPhysicians } from '../physicians';
import { NICKNAME_GROUPS } from '../../../features/matches/nicknames';

/*
 * A messy recruiter's list derived from the test directory (the demo generator's first `count`
 * physicians, plus a few physicians this module inserts: hyphenated and accented names, and
 * namesakes). Each row knows the physician it is (or null) and its kind, so a test can measure
 * precision and recall per kind. Used by matches.test.ts only (the browser test uploads its own file).
 */

export const FIXTURE_COLUMNS = ['Kind', 'Ref', 'NPI', 'Full Name', 'First Name', 'Last Name', 'City', 'State', 'Zip', 'Specialty', 'Organization'];

export type FixtureRow = {
  kind: string;
  /** The physician the row is; null when they are not in the directory. */
  expected: number | null;
  /** The row cannot be told apart from a namesake: 'ambiguous' is the right answer. */
  ambiguousByDesign?: boolean;
  cells: string[];
};

const INSERTED_BASE = 900_000;

const ACCENTED: Array<[string, string]> = [
  ['José', 'Núñez'],
  ['María', 'Peña'],
  ['Zoë', 'Müller'],
  ['François', 'Lefèvre'],
  ['Íñigo', 'Muñoz'],
  ['Søren', 'Ødegaard'],
  ['Chloé', 'Bérubé'],
  ['Renée', 'Côté'],
  ['Andrés', 'Gómez-Ibáñez'],
  ['Łukasz', 'Wiśniewski'],
  ['Dagný', 'Þórsdóttir'.replace('Þ', 'Th')],
  ['Mónica', 'Sáenz'],
];
const plain = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/Ø/g, 'O')
    .replace(/ø/g, 'o')
    .replace(/Ł/g, 'L')
    .replace(/ł/g, 'l');

function row(kind: string, expected: number | null, fields: Partial<Record<(typeof FIXTURE_COLUMNS)[number], string>>, extra: Partial<FixtureRow> = {}): FixtureRow {
  return { kind, expected, ...extra, cells: FIXTURE_COLUMNS.map((column) => (column === 'Kind' ? kind : column === 'Ref' ? String(expected ?? '') : (fields[column] ?? ''))) };
}

/** Swaps two letters in the middle of a word ('Springfield' -> 'Sprnigfield'). */
function typo(word: string): string {
  const i = Math.max(1, Math.floor(word.length / 2) - 1);
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

/**
 * Loads nothing: expects the first `count` demo physicians in the database already; inserts the
 * extra physicians and deletes the 'suppressed' ones (as a removal does), then returns the rows.
 * The caller refreshes the index afterwards.
 */
export async function buildMessyFixture(db: Db, count: number): Promise<FixtureRow[]> {
  const demo = [...generatePhysicians({ count })];
  const nameKey = (p: { firstName: string; lastName: string }) => `${p.firstName}|${p.lastName}`.toLowerCase();
  const perName = new Map<string, number>();
  for (const p of demo) perName.set(nameKey(p), (perName.get(nameKey(p)) ?? 0) + 1);
  // Physicians whose name is theirs alone in the directory, in a fixed scattered order.
  const unique = demo.filter((p) => perName.get(nameKey(p)) === 1 && !p.lastName.includes('-'));
  let cursor = 0;
  const take = (accept: (p: GeneratedPhysician) => boolean = () => true): GeneratedPhysician => {
    for (let tries = 0; tries < unique.length * 2; tries++) {
      const p = unique[(cursor++ * 7) % unique.length];
      if (accept(p)) return p;
    }
    throw new Error('fixture: no physician left for this kind; load a larger directory');
  };
  const used = new Set<number>();
  const fresh = (accept?: (p: GeneratedPhysician) => boolean) => {
    const p = take((q) => !used.has(q.id) && (accept?.(q) ?? true));
    used.add(p.id);
    return p;
  };
  const rows: FixtureRow[] = [];
  const N = 15;

  for (let i = 0; i < N; i++) {
    const p = fresh();
    rows.push(row('exact', p.id, { 'First Name': p.firstName, 'Last Name': p.lastName, City: p.city, State: p.state }));
  }
  const nicknameOf = (first: string) => NICKNAME_GROUPS.find((g) => g[0] === first.toLowerCase())?.[1];
  for (let i = 0; i < N; i++) {
    const p = fresh((q) => !!nicknameOf(q.firstName));
    const nick = nicknameOf(p.firstName)!;
    rows.push(row('nickname', p.id, { 'First Name': nick[0].toUpperCase() + nick.slice(1), 'Last Name': p.lastName, City: p.city, State: p.state }));
  }
  for (let i = 0; i < N; i++) {
    const p = fresh();
    rows.push(row('initial', p.id, { 'First Name': `${p.firstName[0]}.`, 'Last Name': p.lastName, City: p.city, State: p.state, Zip: p.zip }));
  }
  const suffixes = ['Jr.', 'III', 'Sr', 'II'];
  for (let i = 0; i < N; i++) {
    const p = fresh();
    rows.push(row('suffix', p.id, { 'First Name': p.firstName, 'Last Name': `${p.lastName} ${suffixes[i % 4]}`, State: p.state, City: p.city, Specialty: p.specialty }));
  }
  for (let i = 0; i < N; i++) {
    const p = fresh();
    const name = i % 3 === 0 ? `DR. ${p.firstName.toUpperCase()} ${p.lastName.toUpperCase()}` : i % 3 === 1 ? `Dr ${p.firstName} ${p.lastName}` : `Doctor ${p.firstName} ${p.middleName ? `${p.middleName[0]}. ` : ''}${p.lastName}`;
    rows.push(row('dr-prefix', p.id, { 'Full Name': name, City: p.city, State: p.state }));
  }
  for (let i = 0; i < N; i++) {
    const p = fresh();
    const fields =
      i % 3 === 0
        ? { 'Full Name': `${p.firstName} ${p.lastName}, MD` }
        : i % 3 === 1
          ? { 'Full Name': `${p.lastName}, ${p.firstName} M.D., FACC` }
          : { 'First Name': p.firstName, 'Last Name': `${p.lastName} MD` };
    rows.push(row('md-suffix', p.id, { ...fields, State: p.state, Zip: p.zip }));
  }
  for (let i = 0; i < N; i++) {
    const p = fresh((q) => q.city.length >= 6);
    rows.push(row('city-typo', p.id, { 'First Name': p.firstName, 'Last Name': p.lastName, City: typo(p.city), State: p.state }));
  }
  for (let i = 0; i < N; i++) {
    const p = fresh();
    const wrong = SPECIALTIES.find((s) => s !== p.specialty && s !== p.secondarySpecialty && s.length > i % 5)!;
    rows.push(row('wrong-specialty', p.id, { 'First Name': p.firstName, 'Last Name': p.lastName, City: p.city, State: p.state, Specialty: wrong }));
  }
  for (let i = 0; i < N; i++) {
    const p = fresh();
    const good = p.npi;
    const bad = good.slice(0, 9) + String((Number(good[9]) + 3) % 10);
    rows.push(row('bad-npi', p.id, { NPI: bad, 'First Name': p.firstName, 'Last Name': p.lastName, State: p.state }));
  }
  for (let i = 0; i < N; i++) {
    const p = fresh();
    // The NPI decides: the name is misspelt and the place missing.
    rows.push(row('npi', p.id, { NPI: p.npi, 'Full Name': `Dr. ${p.firstName} ${typo(p.lastName)}` }));
  }

  // Inserted physicians: hyphenated last names, accented names, namesakes.
  let nextId = INSERTED_BASE + 1;
  const inserts: Array<{ id: number; first: string; last: string; city: string; state: string; zip: string; specialty: string }> = [];
  for (let i = 0; i < N; i++) {
    const a = fresh();
    const b = fresh((q) => q.lastName !== a.lastName);
    const place = fresh((q) => q.state !== a.state && q.state !== b.state);
    const id = nextId++;
    inserts.push({ id, first: a.firstName, last: `${a.lastName}-${b.lastName}`, city: place.city, state: place.state, zip: place.zip, specialty: a.specialty });
    const last = i % 2 === 0 ? `${a.lastName} ${b.lastName}` : `${a.lastName}-${b.lastName}`;
    rows.push(row('hyphen', id, { 'First Name': a.firstName, 'Last Name': i % 3 === 2 ? b.lastName : last, City: place.city, State: place.state }));
  }
  for (const [first, last] of ACCENTED) {
    const place = fresh();
    const id = nextId++;
    inserts.push({ id, first, last, city: place.city, state: place.state, zip: place.zip, specialty: place.specialty });
    rows.push(row('accents', id, { 'Full Name': `Dr. ${plain(first)} ${plain(last).toUpperCase()}`, City: place.city, State: place.state }));
  }
  for (let i = 0; i < N; i++) {
    const p = fresh();
    const elsewhere = fresh((q) => q.state === p.state && q.city !== p.city);
    const twin = nextId++;
    inserts.push({ id: twin, first: p.firstName, last: p.lastName, city: elsewhere.city, state: p.state, zip: elsewhere.zip, specialty: elsewhere.specialty });
    rows.push(row('namesake-place', p.id, { 'First Name': p.firstName, 'Last Name': p.lastName, City: p.city, State: p.state }));
    rows.push(row('namesake-none', p.id, { 'Full Name': `${p.firstName} ${p.lastName}`, State: p.state }, { ambiguousByDesign: true }));
  }
  await insertPhysicians(
    db,
    inserts.map((x) => ({
      id: x.id,
      npi: npiForId(x.id),
      firstName: x.first,
      lastName: x.last,
      city: x.city,
      state: x.state,
      zip: x.zip,
      specialty: x.specialty,
    })),
  );

  // Not in the directory: real-looking names no physician has, and physicians removed from it.
  for (let i = 0; i < N; i++) {
    const a = fresh();
    const b = fresh();
    let last = b.lastName;
    if (perName.has(nameKey({ firstName: a.firstName, lastName: last }))) last = `${last}ova`;
    rows.push(row('absent', null, { 'First Name': a.firstName, 'Last Name': last, City: a.city, State: a.state }));
  }
  const removed: number[] = [];
  for (let i = 0; i < 5; i++) {
    const p = fresh();
    removed.push(p.id);
    rows.push(row('suppressed', null, { NPI: p.npi, 'First Name': p.firstName, 'Last Name': p.lastName, City: p.city, State: p.state }));
  }
  await db.sql.query('DELETE FROM physicians WHERE id = ANY($1::int[])', [removed]);
  return rows;
}

/** The fixture as a CSV file (RFC 4180 quoting). */
export function fixtureCsv(rows: readonly FixtureRow[]): string {
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return [FIXTURE_COLUMNS, ...rows.map((r) => r.cells)].map((line) => line.map(quote).join(',')).join('\r\n') + '\r\n';
}
