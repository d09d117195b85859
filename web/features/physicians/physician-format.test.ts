import { describe, expect, it } from 'vitest';
import {
  describeChange,
  fieldSourceText,
  recentlyMoved,
  displayLocation,
  displaySpecialty,
  formatDegreeInField,
  formatSchoolDegree,
  formatYearRange,
  initials,
  nameWithCredential,
  parseEducation,
  parseSkills,
  safeExternalUrl,
  visibleItems,
} from './physician-format';

describe('parseSkills', () => {
  it('takes an array as it is, trimmed', () => {
    expect(parseSkills([' Surgery ', '', 'Teaching'])).toEqual(['Surgery', 'Teaching']);
  });

  it('extracts items quoted in single quotes', () => {
    expect(parseSkills("['Patient Care', 'Clinical Research']")).toEqual([
      'Patient Care',
      'Clinical Research',
    ]);
    expect(parseSkills("'Surgery', 'Teaching'")).toEqual(['Surgery', 'Teaching']);
  });

  it('otherwise splits on commas', () => {
    expect(parseSkills('Leadership, Research ,,Teaching')).toEqual(['Leadership', 'Research', 'Teaching']);
  });

  it('does not mistake apostrophes in plain text for quotes', () => {
    expect(parseSkills("Children's Health, Women's Health")).toEqual(["Children's Health", "Women's Health"]);
  });

  it('shows a skill once whatever its case or spaces, in its first spelling', () => {
    expect(parseSkills(['Wound Care', 'wound care', 'Teaching', ' WOUND  CARE', 'WoundCare'])).toEqual([
      'Wound Care',
      'Teaching',
    ]);
    expect(parseSkills('Leadership, leadership , Research')).toEqual(['Leadership', 'Research']);
  });

  it('reads nothing from nothing', () => {
    expect(parseSkills(null)).toEqual([]);
    expect(parseSkills('')).toEqual([]);
  });
});

describe('visibleItems', () => {
  it('shows the first 5, then how many more', () => {
    expect(visibleItems(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toEqual({
      shown: ['a', 'b', 'c', 'd', 'e'],
      more: 2,
    });
    expect(visibleItems(['a'])).toEqual({ shown: ['a'], more: 0 });
  });
});

describe('parseEducation', () => {
  it('extracts school and degree pairs from text with schoolName and degrees markers', () => {
    const text =
      "[{'schoolName': 'Johns Hopkins University', 'degrees': ['MD']}, {'schoolName': 'Yale University', 'degrees': ['BS', 'MS']}]";
    expect(parseEducation(text)).toEqual([
      { school: 'Johns Hopkins University', degree: 'MD' },
      { school: 'Yale University', degree: 'BS, MS' },
    ]);
  });

  it('reads JSON-style markers too', () => {
    expect(parseEducation('[{"schoolName":"Stanford","degrees":["PhD"]}]')).toEqual([
      { school: 'Stanford', degree: 'PhD' },
    ]);
  });

  it('treats any other text as one school with no degree', () => {
    expect(parseEducation('Harvard Medical School')).toEqual([
      { school: 'Harvard Medical School', degree: '' },
    ]);
    expect(parseEducation("schoolName: 'X'")).toEqual([{ school: "schoolName: 'X'", degree: '' }]);
  });

  it('uses structured entries as they are', () => {
    expect(
      parseEducation([
        {
          schoolName: 'Duke University',
          degree: 'MD',
          field: 'Medicine',
          startDate: '2001',
          endDate: '2005',
        },
      ]),
    ).toEqual([{ school: 'Duke University', degree: 'MD' }]);
  });

  it("formats each as 'school - degree'", () => {
    expect(formatSchoolDegree({ school: 'Duke University', degree: 'MD' })).toBe('Duke University - MD');
    expect(formatSchoolDegree({ school: 'Duke University', degree: '' })).toBe('Duke University');
  });
});

describe('names and places', () => {
  it('makes initials from first and last name', () => {
    expect(initials('jane', 'smith')).toBe('JS');
    expect(initials('', '')).toBe('?');
  });

  it('appends the credential', () => {
    expect(nameWithCredential({ firstName: 'Jane', lastName: 'Smith', credential: 'MD' })).toBe(
      'Jane Smith, MD',
    );
    expect(nameWithCredential({ firstName: 'Jane', lastName: 'Smith', credential: null })).toBe('Jane Smith');
  });

  it('prefers city and state, then the free-text location', () => {
    expect(displayLocation({ city: 'Boston', state: 'MA', location: 'x' })).toBe('Boston, MA');
    expect(displayLocation({ city: null, state: null, location: 'Greater Boston' })).toBe('Greater Boston');
    expect(displayLocation({ city: null, state: null, location: null })).toBeNull();
  });

  it('title-cases specialties, keeping OBGYN upper-case', () => {
    expect(displaySpecialty('FAMILY MEDICINE')).toBe('Family Medicine');
    expect(displaySpecialty('obgyn')).toBe('OBGYN');
    expect(displaySpecialty(null)).toBeNull();
  });
});

describe('profile formatting', () => {
  it("writes 'degree in field' and year ranges", () => {
    expect(formatDegreeInField('MD', 'Medicine')).toBe('MD in Medicine');
    expect(formatDegreeInField('MD', null)).toBe('MD');
    expect(formatYearRange('2001', '2005')).toBe('2001 - 2005');
    expect(formatYearRange('2020', null)).toBe('2020 - present');
    expect(formatYearRange(null, null)).toBe('');
  });

  it('only links to http(s) addresses', () => {
    expect(safeExternalUrl('linkedin.com/in/jane')).toBe('https://linkedin.com/in/jane');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('')).toBeNull();
  });
});

describe('move signals and field sources (ADR 035)', () => {
  it("says where a value came from and that source's date", () => {
    expect(fieldSourceText({ source: 'nppes', date: '2025-03-14' })).toBe('NPPES, updated 2025-03-14');
    expect(fieldSourceText({ source: 'dac', date: '2026-11-01' })).toBe('Doctors and Clinicians, updated 2026-11-01');
    expect(fieldSourceText(null)).toBeNull();
  });

  it('describes a change from the old value to the new one', () => {
    expect(
      describeChange({ field: 'city', oldValue: 'Houston', newValue: 'Dallas', source: 'nppes', date: '2026-10-02' }),
    ).toEqual({ label: 'City', change: 'Houston → Dallas', source: 'NPPES, updated 2026-10-02' });
    expect(
      describeChange({ field: 'licenseStates', oldValue: 'TX', newValue: null, source: 'nppes', date: '2026-10-02' }).change,
    ).toBe('TX → none');
  });

  it("shows 'Moved' for a move in the last 90 days (UTC days), the edge included", () => {
    const now = new Date('2026-06-15T23:00:00Z');
    expect(recentlyMoved('2026-06-15', now)).toBe(true);
    expect(recentlyMoved('2026-03-17', now)).toBe(true); // 90 days before
    expect(recentlyMoved('2026-03-16', now)).toBe(false);
    expect(recentlyMoved(null, now)).toBe(false);
  });
});
