import { describe, expect, it } from 'vitest';
import { nearestSpecialty } from './specialty-suggestion';

describe('the nearest of the 18 to a typed specialty', () => {
  it('reads the specialty itself, the DAC table, the recruiter vocabulary and NUCC names', () => {
    expect(nearestSpecialty(' cardiology ')).toBe('Cardiology');
    expect(nearestSpecialty('Hyperbaric Medicine')).toBe('Emergency Medicine');
    expect(nearestSpecialty('UNDERSEA AND HYPERBARIC MEDICINE')).toBe('Emergency Medicine');
    expect(nearestSpecialty('Hematology')).toBe('Internal Medicine');
    expect(nearestSpecialty('Sleep Medicine')).not.toBeNull();
    expect(nearestSpecialty('Pediatric Cardiology')).toBe('Pediatrics');
  });

  it('suggests nothing when nothing is near', () => {
    expect(nearestSpecialty('Crystal Healing')).toBeNull();
    expect(nearestSpecialty('   ')).toBeNull();
  });
});
