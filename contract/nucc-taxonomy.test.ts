import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { DAC_NOT_PHYSICIAN, DAC_SPECIALTY_MAP } from './dac-specialty-map';
import { SPECIALTIES, SPECIALTY_TAXONOMY_CODES } from './directory-options';
import { classificationGeneralCode, dacSpecialty, isDirectoryTaxonomy, SUB_SPECIALTIES, taxonomySpecialty } from './nucc-taxonomy';
import { CLASSIFICATION_GENERAL_CODES, SHARED_SUB_SPECIALTIES, TAXONOMY_MAP } from './taxonomy-map';

// Copies of the NUCC code set v15.0 and of the DAC values seen in real files (see the README beside them).
const DATA = new URL('./reference-data/', import.meta.url);
// The NUCC file writes the en dash of 'Developmental – Behavioral Pediatrics' as the byte 0x96.
const nuccName = (name: string) => name.replace(/\u0096/g, '\u2013').replace(/\s+/g, ' ').trim();
const nucc = (parse(readFileSync(new URL('nucc-taxonomy-v15.csv', DATA), 'utf8'), { columns: true }) as Record<string, string>[]).map(
  (r) => ({ code: r.Code!, grouping: r.Grouping!, classification: nuccName(r.Classification!), specialization: nuccName(r.Specialization!) }),
);
const physicianCodes = nucc.filter((r) => r.grouping === 'Allopathic & Osteopathic Physicians' || r.code.startsWith('363A'));
const dacValues = readFileSync(new URL('dac-specialty-values.txt', DATA), 'utf8').split('\n').map((v) => v.trim()).filter(Boolean);
const OWN_CODES = new Set<string>(Object.values(SPECIALTY_TAXONOMY_CODES));
// The codes NUCC added after v15.0 that the table holds, and what each must be (NUCC's names).
const LATER: [code: string, specialty: string, subSpecialty: string][] = [
  ['207RA0001X', 'Cardiology', 'Advanced Heart Failure and Transplant Cardiology'],
  ['207RA0002X', 'Cardiology', 'Adult Congenital Heart Disease'],
  ['207WX0009X', 'General Surgery', 'Glaucoma Specialist'],
  ['207WX0107X', 'General Surgery', 'Retina Specialist'],
  ['207WX0108X', 'General Surgery', 'Uveitis and Ocular Inflammatory Disease'],
  ['207WX0109X', 'General Surgery', 'Neuro-ophthalmology'],
  ['207WX0110X', 'General Surgery', 'Pediatric Ophthalmology and Strabismus Specialist'],
  ['207WX0120X', 'General Surgery', 'Cornea and External Diseases Specialist'],
  ['207WX0200X', 'General Surgery', 'Ophthalmic Plastic and Reconstructive Surgery'],
  ['2081P0301X', 'Neurology', 'Brain Injury Medicine'],
  ['2083A0300X', 'Family Medicine', 'Addiction Medicine'],
  ['2084A2900X', 'Neurology', 'Neurocritical Care'],
  ['2084E0001X', 'Neurology', 'Epilepsy'],
  ['2084P0301X', 'Neurology', 'Brain Injury Medicine'],
];
const LATER_CODES = LATER.map(([code]) => code);
/** A classification: a code's first four characters (contract/taxonomy-map.ts, rule 3). */
const classificationOf = (code: string) => code.slice(0, 4);

describe('NUCC taxonomy -> the specialty language (the table walked whole)', () => {
  it('holds every code of the physician grouping and of 363A exactly once, and nothing else but later codes', () => {
    expect(physicianCodes).toHaveLength(212 + 3);
    const codes = TAXONOMY_MAP.map(([code]) => code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.filter((c) => !physicianCodes.some((r) => r.code === c))).toEqual(LATER_CODES);
    expect(physicianCodes.filter((r) => !codes.includes(r.code)).map((r) => r.code)).toEqual([]);
  });

  it('maps each code onto one of the 18 and a sub-specialty named as NUCC names it', () => {
    const wrong: string[] = [];
    for (const r of physicianCodes) {
      const mapped = taxonomySpecialty(r.code);
      expect(isDirectoryTaxonomy(r.code)).toBe(true);
      if (!mapped?.listed || !(SPECIALTIES as readonly string[]).includes(mapped.specialty)) {
        wrong.push(`${r.code}: ${mapped?.specialty}`);
        continue;
      }
      // A specialty's own code, or a classification that is the specialty itself: no sub-specialty.
      const expected = OWN_CODES.has(r.code) || (!r.specialization && nuccName(r.classification) === mapped.specialty)
        ? null
        : r.specialization || r.classification;
      if (mapped.subSpecialty !== expected && !(expected === null && r.code.startsWith('363A'))) {
        wrong.push(`${r.code}: sub-specialty ${mapped.subSpecialty} (NUCC: ${expected})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    ['2080P0204X', 'Pediatrics', 'Pediatric Emergency Medicine'],
    ['2080P0202X', 'Pediatrics', 'Pediatric Cardiology'],
    ['207NS0135X', 'Dermatology', 'Procedural Dermatology'],
    ['207ND0900X', 'Dermatology', 'Dermatopathology'],
    ['2084F0202X', 'Psychiatry', 'Forensic Psychiatry'],
    ['2084V0102X', 'Neurology', 'Vascular Neurology'],
    ['2084P2900X', 'Anesthesiology', 'Pain Medicine'],
    ['2081P2900X', 'Anesthesiology', 'Pain Medicine'],
    ['2081S0010X', 'Neurology', 'Sports Medicine'],
    ['207SM0001X', 'Internal Medicine', 'Molecular Genetic Pathology'],
    ['207ZP0007X', 'Internal Medicine', 'Molecular Genetic Pathology'],
    ['207UN0901X', 'Cardiology', 'Nuclear Cardiology'],
    ['2084P0005X', 'Neurology', 'Neurodevelopmental Disabilities'],
    ['2084P0301X', 'Neurology', 'Brain Injury Medicine'],
    ['2086S0122X', 'General Surgery', 'Plastic and Reconstructive Surgery'],
    ['2085R0203X', 'Oncology', 'Therapeutic Radiology'],
    ['207RE0101X', 'Internal Medicine', 'Endocrinology, Diabetes & Metabolism'],
    ['207VX0201X', 'OBGYN', 'Gynecologic Oncology'],
    ['204F00000X', 'General Surgery', 'Transplant Surgery'],
    ['209800000X', 'Internal Medicine', 'Legal Medicine'],
    ['207RC0000X', 'Cardiology', null],
    ['207RC0200X', 'Internal Medicine', 'Critical Care Medicine'],
    ['207RG0300X', 'Internal Medicine', 'Geriatric Medicine'],
    ['363A00000X', 'Physician Assistant', null],
  ])('%s -> %s / %s (the wrong mappings found in real files)', (code, specialty, subSpecialty) => {
    expect(taxonomySpecialty(code)).toEqual({ specialty, subSpecialty, listed: true });
  });

  it.each(LATER)('%s (added after v15) -> %s / %s', (code, specialty, subSpecialty) => {
    expect(taxonomySpecialty(code)).toEqual({ specialty, subSpecialty, listed: true });
  });

  it('a classification is a code\'s first four characters: one name each, in the grouping and 363A', () => {
    const names = new Map<string, Set<string>>();
    for (const r of physicianCodes) names.set(classificationOf(r.code), (names.get(classificationOf(r.code)) ?? new Set()).add(r.classification));
    const shared = [...names].filter(([, n]) => n.size > 1).map(([prefix, n]) => `${prefix}: ${[...n].join(' / ')}`);
    expect(shared).toEqual([]);
    const prefixes = new Map<string, string>();
    for (const [prefix, n] of names) {
      const name = [...n][0]!;
      expect(prefixes.get(name), name).toBeUndefined();
      prefixes.set(name, prefix);
    }
    // Every classification has a general code the table holds, of its own classification.
    for (const prefix of names.keys()) {
      const general = classificationGeneralCode(prefix + 'Z9999X');
      expect(classificationOf(general), prefix).toBe(prefix);
      expect(taxonomySpecialty(general)?.listed, `${prefix}: ${general}`).toBe(true);
    }
    for (const [prefix, code] of Object.entries(CLASSIFICATION_GENERAL_CODES)) {
      expect(names.has(prefix), prefix).toBe(true);
      expect(TAXONOMY_MAP.some(([c]) => c === prefix + '00000X'), `${prefix} has its own code: no entry needed`).toBe(false);
      expect(classificationOf(code)).toBe(prefix);
    }
  });

  it('files a code the table does not hold yet under its own classification, never by another\'s prefix', () => {
    const classifications = new Set(physicianCodes.map((r) => classificationOf(r.code)));
    const wrong: string[] = [];
    for (const prefix of classifications) {
      const unknown = `${prefix}Z9999X`;
      const mapped = taxonomySpecialty(unknown);
      const general = taxonomySpecialty(classificationGeneralCode(unknown))!;
      // A specialty some code of this very classification has (no other classification's).
      const own = TAXONOMY_MAP.filter(([code]) => classificationOf(code) === prefix).map(([, specialty]) => specialty);
      if (!mapped || mapped.listed || mapped.specialty !== general.specialty || mapped.subSpecialty !== general.subSpecialty || !own.includes(mapped.specialty)) {
        wrong.push(`${unknown}: ${JSON.stringify(mapped)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    // Ophthalmology's codes are found as ophthalmologists (the classification's name as the sub-specialty).
    ['207WX0199X', 'General Surgery', 'Ophthalmology'],
    ['207YX9999X', 'General Surgery', 'Otolaryngology'],
    ['2084X0001X', 'Neurology', null],
    ['207ZX0001X', 'Internal Medicine', 'Anatomic Pathology & Clinical Pathology'],
    ['208VX0001X', 'Anesthesiology', 'Pain Medicine'],
    ['207RX9999X', 'Internal Medicine', null],
    ['2085Z9999X', 'Radiology', null],
    ['363AX0001X', 'Physician Assistant', null],
  ])('an unknown %s is filed as its classification\'s general code: %s / %s', (code, specialty, subSpecialty) => {
    expect(taxonomySpecialty(code)).toEqual({ specialty, subSpecialty, listed: false });
  });

  it('follows its own rules: a sub-specialty name under several specialties is a shared one, every other under one', () => {
    const specialties = new Map<string, Set<string>>();
    for (const [, specialty, sub] of TAXONOMY_MAP) if (sub) specialties.set(sub, (specialties.get(sub) ?? new Set()).add(specialty));
    const several = [...specialties].filter(([, s]) => s.size > 1).map(([sub]) => sub).sort();
    expect(several).toEqual([...SHARED_SUB_SPECIALTIES].sort());
    // Rule 2a: the fields of Cardiology and Oncology outside Pediatrics and OBGYN are theirs.
    for (const [code, specialty, sub] of TAXONOMY_MAP) {
      if (specialty === 'Pediatrics' || specialty === 'OBGYN' || !sub) continue;
      if (/Cardiology|Heart/.test(sub)) expect(specialty, `${code} ${sub}`).toBe('Cardiology');
      if (/Oncology/.test(sub)) expect(specialty, `${code} ${sub}`).toBe('Oncology');
      // Rule 2b: Pain Medicine is Anesthesiology wherever NUCC lists it.
      if (/Pain Medicine/.test(sub)) expect(specialty, `${code} ${sub}`).toBe('Anesthesiology');
    }
  });

  it('a physician code of a classification the table does not know is none, and other codes are none', () => {
    expect(taxonomySpecialty('208YX0001X')).toBeNull();
    expect(taxonomySpecialty('363L00000X')).toBeNull(); // nurse practitioner
    expect(taxonomySpecialty('390200000X')).toBeNull(); // student: the import decides by credential
    expect(taxonomySpecialty('174400000X')).toBeNull();
  });

  it("the curated sub-specialties (filter, demo) agree with the table", () => {
    const wrong = SUB_SPECIALTIES.filter((sub) => {
      const mapped = taxonomySpecialty(sub.code);
      return mapped?.specialty !== sub.specialty || mapped.subSpecialty !== sub.name;
    }).map((sub) => `${sub.code} ${sub.name}: ${JSON.stringify(taxonomySpecialty(sub.code))}`);
    expect(wrong).toEqual([]);
  });
});

describe('Doctors and Clinicians specialties -> the same language (the values walked whole)', () => {
  it('maps every value seen in real files, or names it as not a physician', () => {
    expect(dacValues).toHaveLength(96);
    const unknown = dacValues.filter((v) => dacSpecialty(v) === 'unknown');
    expect(unknown).toEqual([]);
    const nonPhysicians = dacValues.filter((v) => dacSpecialty(v) === 'notPhysician');
    expect(nonPhysicians.length).toBeGreaterThanOrEqual(DAC_NOT_PHYSICIAN.length);
  });

  it('uses only specialty and sub-specialty pairs of the NUCC table (one language)', () => {
    const pairs = new Set(TAXONOMY_MAP.map(([, s, sub]) => `${s} / ${sub}`));
    const foreign = DAC_SPECIALTY_MAP.filter(([, s, sub]) => !pairs.has(`${s} / ${sub}`)).map(([v, s, sub]) => `${v}: ${s} / ${sub}`);
    expect(foreign).toEqual([]);
  });

  it.each([
    ['ENDOCRINOLOGY', '207RE0101X'],
    ['HEMATOLOGY', '207RH0000X'],
    ['GYNECOLOGICAL ONCOLOGY', '207VX0201X'],
    ['HAND SURGERY', '207XS0106X'],
    ['MICROGRAPHIC DERMATOLOGIC SURGERY (MDS)', '207ND0101X'],
    ['MICROGRAPHIC DERMATOLOGIC SURGERY MDS', '207ND0101X'],
    ['NEUROPSYCHIATRY', '2084B0040X'],
    ['UNDERSEA AND HYPERBARIC MEDICINE', '207PE0005X'],
    ['CARDIOVASCULAR DISEASE (CARDIOLOGY)', '207RC0000X'],
    ['CARDIOVASCULAR DISEASE CARDIOLOGY', '207RC0000X'],
    ['HEMATOLOGY ONCOLOGY', '207RH0003X'],
    ['PHYSICIAN ASSISTANT', '363A00000X'],
  ])('%s means what NUCC %s means', (value, code) => {
    const { listed: _listed, ...mapped } = taxonomySpecialty(code)!;
    expect(dacSpecialty(value)).toEqual(mapped);
  });

  it('keeps an unknown value as unknown (the import stores it as Other and counts it), blank as none', () => {
    expect(dacSpecialty('ASTROLOGY')).toBe('unknown');
    expect(dacSpecialty('NURSE PRACTITIONER')).toBe('notPhysician');
    expect(dacSpecialty('  ')).toBeNull();
  });
});
