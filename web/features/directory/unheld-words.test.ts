import { describe, expect, it } from 'vitest';
import { queryInstead } from './unheld-words';

describe('queryInstead', () => {
  it('puts the phrase offered where the words of no field we hold were', () => {
    expect(queryInstead('CRNA', 'CRNA', 'anesthesiologist')).toBe('anesthesiologist');
    expect(queryInstead('crna  boston', 'crna', 'anesthesiologist')).toBe('anesthesiologist boston');
    expect(queryInstead('Boston, nurse   midwife', 'nurse midwife', 'OB/GYN')).toBe('Boston, OB/GYN');
  });

  it('replaces whole words only, and leaves a query without them as it was', () => {
    expect(queryInstead('dentistry dentist', 'dentist', 'oral surgeon')).toBe('dentistry oral surgeon');
    expect(queryInstead('smith', 'crna', 'anesthesiologist')).toBe('smith');
  });
});
