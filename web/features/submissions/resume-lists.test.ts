import { describe, expect, it } from 'vitest';
import { addEducation, addSkill, canAddEducation, canAddSkill, removeAt, specialtyOptions } from './resume-lists';

describe('resume form lists', () => {
  it('adds an education entry only with both school and degree, trimmed', () => {
    expect(canAddEducation({ schoolName: ' ', degree: 'MD' })).toBe(false);
    expect(canAddEducation({ schoolName: 'MIT', degree: '' })).toBe(false);
    expect(addEducation([], { schoolName: 'MIT', degree: '  ' })).toEqual([]);
    expect(addEducation([{ schoolName: 'A', degree: 'B' }], { schoolName: ' MIT ', degree: ' BS' })).toEqual([
      { schoolName: 'A', degree: 'B' },
      { schoolName: 'MIT', degree: 'BS' },
    ]);
  });

  it('adds a skill only when non-blank and not already listed once trimmed', () => {
    expect(canAddSkill(['Research'], '  ')).toBe(false);
    expect(canAddSkill(['Research'], ' Research ')).toBe(false);
    expect(addSkill(['Research'], ' Teaching ')).toEqual(['Research', 'Teaching']);
    expect(addSkill(['Research'], 'Research')).toEqual(['Research']);
    // The same skill in another case or spacing is not added twice.
    expect(canAddSkill(['Wound Care'], 'wound care')).toBe(false);
    expect(canAddSkill(['Wound Care'], ' WOUND  CARE ')).toBe(false);
    expect(addSkill(['Wound Care'], 'woundcare')).toEqual(['Wound Care']);
    expect(addSkill(['Research'], '  Wound   Care ')).toEqual(['Research', 'Wound Care']);
  });

  it('removes one entry at a time', () => {
    expect(removeAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(removeAt(['a'], 3)).toEqual(['a']);
  });

  it('lists specialties by name with Other last, once', () => {
    expect(specialtyOptions(['Pediatrics', 'Cardiology', 'Other', ' Cardiology', ''], 'Other')).toEqual([
      'Cardiology',
      'Pediatrics',
      'Other',
    ]);
  });
});
