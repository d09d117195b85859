import { describe, expect, it } from 'vitest';
import { nearestField } from './specialty-suggestion';

const specialtyOf = (typed: string) => nearestField(typed)?.specialty ?? null;

describe('the nearest field to a typed specialty', () => {
  it('reads the specialty itself, the DAC table, the recruiter vocabulary and NUCC names', () => {
    expect(nearestField(' cardiology ')).toEqual({ specialty: 'Cardiology', subSpecialty: null });
    expect(specialtyOf('Hyperbaric Medicine')).toBe('Emergency Medicine');
    expect(specialtyOf('UNDERSEA AND HYPERBARIC MEDICINE')).toBe('Emergency Medicine');
    expect(specialtyOf('Hematology')).toBe('Internal Medicine');
    expect(specialtyOf('Sleep Medicine')).not.toBeNull();
    expect(specialtyOf('Pediatric Cardiology')).toBe('Pediatrics');
  });

  it('names the sub-specialty under its specialty, not only the specialty: an ENT resume is Otolaryngology under General Surgery (ADR 052)', () => {
    const ent = { specialty: 'General Surgery', subSpecialty: 'Otolaryngology' };
    for (const typed of [
      'ENT',
      'otolaryngology',
      'Otolaryngologist',
      'Ear, Nose and Throat',
      'ENT surgeon',
      'OTOLARYNGOLOGY',
    ])
      expect(nearestField(typed), typed).toEqual(ent);
    expect(nearestField('Neurosurgery')).toEqual({
      specialty: 'General Surgery',
      subSpecialty: 'Neurological Surgery',
    });
    expect(nearestField('nephrologist')).toEqual({
      specialty: 'Internal Medicine',
      subSpecialty: 'Nephrology',
    });
    expect(nearestField('Hospitalist')).toEqual({
      specialty: 'Internal Medicine',
      subSpecialty: 'Hospitalist',
    });
    expect(nearestField('Hyperbaric Medicine')).toEqual({
      specialty: 'Emergency Medicine',
      subSpecialty: 'Undersea and Hyperbaric Medicine',
    });
    expect(nearestField('Pediatric Cardiology')).toEqual({
      specialty: 'Pediatrics',
      subSpecialty: 'Pediatric Cardiology',
    });
    // Among other words: the first phrase.
    expect(nearestField('ENT with a focus on sinus surgery')).toEqual(ent);
  });

  it('suggests nothing when nothing is near', () => {
    expect(nearestField('Crystal Healing')).toBeNull();
    expect(nearestField('   ')).toBeNull();
  });
});
