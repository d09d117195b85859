import { describe, expect, it } from 'vitest';
import { npiForId } from '../../db/seed/generator';
import type { PhysicianForMatching } from '../directory';
import { isValidNpi, lastNameKeys, MATCH_THRESHOLDS, matchSlice, readRow, splitFullName } from './matcher';
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
