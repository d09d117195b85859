import { describe, expect, it } from 'vitest';
import { credentialText, isOtherClinicianCredential, isPhysicianCredential, titleCase } from './text';

describe('credentialText', () => {
  it.each([
    ['M.D.', 'MD'],
    ['M. D.', 'MD'],
    ['md', 'MD'],
    ['D.O.', 'DO'],
    ['M.D., PH.D.', 'MD, PHD'],
    // The physician assistant's certification, however the hyphen is spaced or dotted.
    ['PA-C', 'PA-C'],
    ['PA -C', 'PA-C'],
    ['PA - C', 'PA-C'],
    ['P.A.-C', 'PA-C'],
    ['P.A. - C.', 'PA-C'],
    ['pa-c', 'PA-C'],
    ['FNP - BC', 'FNP-BC'],
    ['M.D.-PH.D.', 'MD-PHD'],
    ['D.D.S., M.D.', 'DDS, MD'],
  ])('%s -> %s', (raw, expected) => {
    expect(credentialText(raw)).toBe(expected);
  });
});

describe('isOtherClinicianCredential', () => {
  it.each([
    ['DDS', true],
    ['D.M.D.', true],
    ['NP', true],
    ['FNP-C', true],
    ['APRN, NP', true],
    ['APRN-CNP', true],
    ['D.D.S., M.D.', false], // an oral surgeon with both is a physician
    ['DMD, MD', false],
    ['MD', false],
    ['D.O.', false],
    ['PA-C', false],
    ['PHD', false],
    ['', false],
  ])('%s -> %s', (raw, expected) => {
    const credential = credentialText(raw);
    expect(isOtherClinicianCredential(credential)).toBe(expected);
    if (expected) expect(isPhysicianCredential(credential)).toBe(false);
  });
});

describe('titleCase', () => {
  it.each([
    ["D'ANGELO", "D'Angelo"],
    ['D\u2019ANGELO', 'D\u2019Angelo'],
    ['O\u2019BRIEN', 'O\u2019Brien'],
    ['O\u2018BRIEN', 'O\u2018Brien'],
    ['O\u02bcNEIL', 'O\u02bcNeil'],
    ["O'BRIEN", "O'Brien"],
    ['MCDONALD', 'McDonald'],
    ['SMITH-JONES', 'Smith-Jones'],
    ['WINSTON-SALEM', 'Winston-Salem'],
    ['Mary Ann', 'Mary Ann'],
  ])('%s -> %s', (raw, expected) => {
    expect(titleCase(raw)).toBe(expected);
  });
});
