import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { DAC_NOT_PHYSICIAN, DAC_SPECIALTY_MAP } from './dac-specialty-map';
import { SPECIALTIES, SPECIALTY_TAXONOMY_CODES } from './directory-options';
import { dacSpecialty, isDirectoryTaxonomy, SUB_SPECIALTIES, taxonomySpecialty } from './nucc-taxonomy';
import { TAXONOMY_MAP } from './taxonomy-map';

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
const LATER_CODES = ['207RA0001X', '2084P0301X'];

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
    ['2084P2900X', 'Neurology', 'Pain Medicine'],
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

  it('a physician code the table does not hold yet takes its classification, and other codes are none', () => {
    expect(taxonomySpecialty('2085Z9999X')).toEqual({ specialty: 'Radiology', subSpecialty: null, listed: false });
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
