import { describe, expect, it } from 'vitest';
import { npiForId } from '../../db/seed/generator';
import type { PhysicianForMatching } from '../directory';
import { isValidNpi, lastNameKeys, MATCH_THRESHOLDS, matchSlice, readRow, rowLabel, splitFullName } from './matcher';
import { guessMapping } from './spreadsheet';
import { specialtyAgrees, specialtyNames } from './specialty-terms';

/* The matcher alone: no database, no index (physicians are plain objects here). */

let nextId = 1;
function physician(fields: Partial<PhysicianForMatching>): PhysicianForMatching {
  const id = nextId++;
  return {
    id,
    npi: npiForId(id),
    firstName: 'Robert',
    lastName: 'Smith',
    city: 'Boston',
    state: 'MA',
    zip: '02115',
    specialty: 'Cardiology',
    subSpecialty: '',
    secondarySpecialty: '',
    organization: 'Beacon Heart Associates',
    ...fields,
  };
}

describe('names', () => {
  it('splits full names with titles, credentials, suffixes and last-name-first commas', () => {
    expect(splitFullName('Dr. Robert J. Smith Jr., MD')).toEqual({ first: 'robert', middle: 'j', last: 'smith' });
    expect(splitFullName('Smith, Robert J')).toEqual({ first: 'robert', middle: 'j', last: 'smith' });
    expect(splitFullName('María de la Cruz, MD, FACC')).toEqual({ first: 'maria', middle: null, last: 'de la cruz' });
    expect(splitFullName('Robert Smith MD')).toEqual({ first: 'robert', middle: null, last: 'smith' });
  });

  it('finds a last name under its joined letters and its parts, accents and suffixes gone', () => {
    expect(lastNameKeys('García-López')).toEqual(['garcialopez', 'garcia', 'lopez']);
    expect(lastNameKeys("O'Brien III")).toEqual(['obrien']);
    expect(lastNameKeys('Smith MD')).toEqual(['smith']);
    // A surname that is also a credential stays when it is the whole name.
    expect(lastNameKeys('Do')).toEqual(['do']);
    expect(lastNameKeys('de la Cruz')).toEqual(['delacruz', 'cruz']);
  });

  it('checks the NPI check digit', () => {
    const good = npiForId(42);
    expect(isValidNpi(good)).toBe(true);
    const bad = good.slice(0, 9) + String((Number(good[9]) + 1) % 10);
    expect(isValidNpi(bad)).toBe(false);
    expect(readRow({ npi: bad, lastName: 'Smith' })).toMatchObject({ npi: null, npiRejected: true });
  });
});

describe('matchSlice', () => {
  const robert = physician({});
  const roberta = physician({ firstName: 'Roberta', city: 'Worcester', zip: '01608', specialty: 'Pediatrics' });
  const texan = physician({ state: 'TX', city: 'Houston', zip: '77030' });
  const all = [robert, roberta, texan];

  it('an NPI with a good check digit matches exactly, whatever the name', () => {
    const [m] = matchSlice([readRow({ npi: robert.npi!, lastName: 'Nobody' })], all);
    expect(m).toMatchObject({ outcome: 'matched', physicianId: robert.id, score: 1 });
    expect(m.candidates[0].agrees[0]).toBe('NPI');
  });

  it('a nickname, a city and a state match, with the evidence', () => {
    const [m] = matchSlice([readRow({ firstName: 'Bob', lastName: 'Smith', city: 'Boston', state: 'Massachusetts' })], all);
    expect(m.outcome).toBe('matched');
    expect(m.physicianId).toBe(robert.id);
    expect(m.candidates[0].agrees).toEqual(expect.arrayContaining(['last name', 'nickname', 'state', 'city']));
    expect(m.score).toBeGreaterThanOrEqual(MATCH_THRESHOLDS.MATCHED / 100);
  });

  it('two physicians with one name in one state are ambiguous without a place to tell them apart', () => {
    const twin = physician({ city: 'Springfield', zip: '01103' });
    const [m] = matchSlice([readRow({ fullName: 'Dr. Robert Smith', state: 'MA' })], [...all, twin]);
    expect(m.outcome).toBe('ambiguous');
    expect(m.candidates.map((c) => c.physicianId).sort()).toEqual([robert.id, twin.id].sort());
    const [byCity] = matchSlice([readRow({ fullName: 'Dr. Robert Smith', state: 'MA', city: 'Springfeild' })], [...all, twin]);
    expect(byCity).toMatchObject({ outcome: 'matched', physicianId: twin.id });
  });

  it('a different first name in the same place is no match', () => {
    const [m] = matchSlice([readRow({ firstName: 'Jennifer', lastName: 'Smith', state: 'TX', city: 'Dallas' })], all);
    expect(m.outcome).toBe('none');
    expect(m.physicianId).toBeNull();
  });

  it('a row without a last name, a full name or an NPI matches nothing', () => {
    expect(matchSlice([readRow({ firstName: 'Robert', state: 'MA' })], all)[0].outcome).toBe('none');
  });
});

describe("what a recruiter's list really holds (the 2026-11-28 review)", () => {
  const scott = physician({ firstName: 'Scott', lastName: 'Allen', city: 'Denver', state: 'CO', zip: '80202' });
  const maria = physician({ firstName: 'Maria', lastName: 'Allen', city: 'Denver', state: 'CO', zip: '80202' });
  const michael = physician({ firstName: 'Michael', lastName: 'Allen', city: 'Tampa', state: 'FL', zip: '33602' });
  const christopher = physician({ firstName: 'Christopher', lastName: 'Anderson', city: 'Austin', state: 'TX', zip: '78701' });
  const matthew = physician({ firstName: 'Matthew', lastName: 'Alvarez', city: 'Miami', state: 'FL', zip: '33101' });
  const gregory = physician({ firstName: 'Gregory', lastName: 'Adams', city: 'Reno', state: 'NV', zip: '89501' });
  const people = [scott, maria, michael, christopher, matthew, gregory];

  it('never reads a credential or a suffix as an initial: M.D., MD, D.O., Ph.D., Jr.', () => {
    const names = ['Scott J. Allen, M.D.', 'Scott J. Allen M.D.', 'Allen, Scott J., M.D.', 'Dr. Scott Allen, Ph.D.', 'Scott Allen D.O.', 'Scott Allen, Jr., MD'];
    for (const name of names) {
      expect(splitFullName(name), name).toMatchObject({ first: 'scott', last: 'allen' });
      const [m] = matchSlice([readRow({ fullName: name, state: 'CO' })], people);
      expect(m, name).toMatchObject({ outcome: 'matched', physicianId: scott.id });
    }
  });

  it('a row without a match lists its near misses: the same initial, a last name one letter off', () => {
    const [mandy] = matchSlice([readRow({ firstName: 'Mandy', lastName: 'Allen' })], people);
    expect(mandy.outcome).toBe('none');
    expect(mandy.candidates.map((c) => c.physicianId).sort()).toEqual([maria.id, michael.id].sort());
    expect(mandy.candidates[0].agrees).toEqual(expect.arrayContaining(['last name', 'first initial']));
    expect(mandy.candidates[0].differs).toContain('first name');

    const [andersen] = matchSlice([readRow({ firstName: 'Christopher', lastName: 'Andersen', state: 'TX' })], people);
    expect(andersen.outcome).toBe('none');
    expect(andersen.candidates).toHaveLength(1);
    expect(andersen.candidates[0]).toMatchObject({ physicianId: christopher.id });
    expect(andersen.candidates[0].agrees).toEqual(expect.arrayContaining(['last name (one letter off)', 'first name', 'state']));

    // Nobody with that initial and a last name near it: nothing to offer.
    expect(matchSlice([readRow({ firstName: 'Zoe', lastName: 'Allen' })], people)[0].candidates).toEqual([]);
  });

  it('a first name one letter short inside it is a typo (Mathew), one letter added at its end another name (Roberta)', () => {
    const [mathew] = matchSlice([readRow({ firstName: 'Mathew', lastName: 'Alvarez', city: 'Miami', state: 'FL' })], people);
    expect(mathew).toMatchObject({ outcome: 'matched', physicianId: matthew.id });
    expect(mathew.candidates[0].agrees).toContain('first name (one letter off)');
    const [michaela] = matchSlice([readRow({ firstName: 'Michaela', lastName: 'Allen', city: 'Tampa', state: 'FL' })], people);
    expect(michaela.outcome).toBe('none');
  });

  it('an NPI that disagrees with the named physician is shown and keeps the row below a match', () => {
    const typo = gregory.npi!.slice(0, 9) + String((Number(gregory.npi![9]) + 1) % 10);
    const row = { firstName: 'Gregory', lastName: 'Adams', city: 'Reno', state: 'NV', zip: '89501' };
    const [m] = matchSlice([readRow({ ...row, npi: typo })], people);
    expect(m.outcome).toBe('ambiguous');
    expect(m.candidates[0]).toMatchObject({ physicianId: gregory.id });
    expect(m.candidates[0].differs).toContain('NPI');
    expect(m.candidates[0].score).toBeLessThan(MATCH_THRESHOLDS.MATCHED / 100);
    // Another physician's valid NPI: that NPI's physician, as before (an NPI is exact).
    expect(matchSlice([readRow({ ...row, npi: scott.npi! })], people)[0]).toMatchObject({ outcome: 'matched', physicianId: scott.id });
    // Without an NPI the same row matches.
    expect(matchSlice([readRow(row)], people)[0]).toMatchObject({ outcome: 'matched', physicianId: gregory.id });
  });

  it("labels a row by whatever names it: an email-only row is not '(empty row)'", () => {
    expect(rowLabel({ email: 'pat@example.org' })).toBe('pat@example.org');
    expect(rowLabel({})).toBe('(empty row)');
  });
});

describe('columns and specialties', () => {
  it('guesses the mapping from common headers, each field once', () => {
    expect(guessMapping(['NPI Number', 'Physician Name', 'First Name', 'Last', 'Practice City', 'ST', 'Zip Code', 'Speciality', 'Notes'])).toEqual({
      'NPI Number': 'npi',
      'Physician Name': 'fullName',
      'First Name': 'firstName',
      Last: 'lastName',
      'Practice City': 'city',
      ST: 'state',
      'Zip Code': 'zip',
      Speciality: 'specialty',
    });
  });

  it('reads a specialty cell against the 18 specialties and the sub-specialties', () => {
    expect(specialtyNames('Cardiology')).toContain('cardiology');
    expect(specialtyNames('interventional cardiology')).toEqual(['interventional cardiology']);
    expect(specialtyNames('xyz')).toEqual([]);
  });

  it("reads a recruiter's words through the vocabulary (cards, ob/gyn, peds, urologist)", () => {
    expect(specialtyNames('cards')).toContain('cardiology');
    expect(specialtyNames('OB/GYN')).toEqual(['obgyn']);
    expect(specialtyNames('Peds')).toEqual(['pediatrics']);
    expect(specialtyNames('urologist')).toEqual(['urology']);
    expect(specialtyNames('Hospitalist')).toEqual(['hospitalist']);
    expect(specialtyAgrees(specialtyNames('cards'), ['internal medicine', 'interventional cardiology'])).toBe(true);
    expect(specialtyAgrees(specialtyNames('urologist'), ['neurology'])).toBe(false);
  });
});
