import { describe, expect, it } from 'vitest';
import { SPECIALTIES } from '../../../contract/directory-options';
import { SUB_SPECIALTIES, taxonomySpecialty } from '../../../contract/nucc-taxonomy';
import { resolveSpecialtyTerm } from '../../../contract/recruiter-vocabulary';
import { TAXONOMY_MAP } from '../../../contract/taxonomy-map';
import { SUB_SPECIALTY_PHYSICIANS } from './sub-specialty-shares';

/*
 * The demo's sub-specialty table (sub-specialty-shares.ts) is the directory's one specialty
 * language: NUCC's names under the specialty the taxonomy table files them, the same list the
 * filter panel offers, and every one reached by a recruiter's word.
 */

const rows = Object.entries(SUB_SPECIALTY_PHYSICIANS).flatMap(([specialty, division]) =>
  division.subSpecialties.map(([name, physicians, title]) => ({ specialty, name, physicians, title })),
);

describe('the demo sub-specialties', () => {
  it('divide each of the 18 specialties, and only them (the 18 stay 18)', () => {
    expect(Object.keys(SUB_SPECIALTY_PHYSICIANS).sort()).toEqual([...SPECIALTIES].sort());
    for (const [specialty, division] of Object.entries(SUB_SPECIALTY_PHYSICIANS)) {
      expect(division.general, specialty).toBeGreaterThan(0);
      const names = division.subSpecialties.map(([name]) => name);
      expect(new Set(names).size, specialty).toBe(names.length);
    }
    for (const row of rows) {
      expect(row.physicians, row.name).toBeGreaterThan(0);
      expect(SPECIALTIES as readonly string[]).not.toContain(row.name);
    }
  });

  it('are NUCC sub-specialties filed under that specialty by the taxonomy table', () => {
    const pairs = new Set(TAXONOMY_MAP.map(([, specialty, sub]) => `${specialty} / ${sub}`));
    expect(rows.filter((r) => !pairs.has(`${r.specialty} / ${r.name}`))).toEqual([]);
  });

  it('are the list the filter panel offers (contract/nucc-taxonomy.ts SUB_SPECIALTIES)', () => {
    const key = (r: { specialty: string; name: string }) => `${r.specialty} / ${r.name}`;
    expect(rows.map(key).sort()).toEqual(SUB_SPECIALTIES.map(key).sort());
    for (const sub of SUB_SPECIALTIES) {
      expect(taxonomySpecialty(sub.code), sub.code).toMatchObject({
        specialty: sub.specialty,
        subSpecialty: sub.name,
      });
    }
  });

  it('are each reached by a recruiter word: its own name', () => {
    const missed = rows.filter((r) => {
      const target = resolveSpecialtyTerm(
        r.name === 'Medical' || r.name === 'Surgical' ? `${r.name} PA` : r.name,
      );
      return !target?.subSpecialties.includes(r.name);
    });
    expect(missed.map((r) => r.name)).toEqual([]);
  });

  it('holds the fields recruiters fill that the first demo lacked', () => {
    for (const term of [
      'ENT',
      'otolaryngologist',
      'neurosurgeon',
      'nephrologist',
      'endocrinologist',
      'endo',
      'ophthalmologist',
      'hospitalist',
    ]) {
      const target = resolveSpecialtyTerm(term);
      expect(target, term).not.toBeNull();
      expect(
        rows.some((r) => target!.subSpecialties.includes(r.name)),
        term,
      ).toBe(true);
    }
  });
});
