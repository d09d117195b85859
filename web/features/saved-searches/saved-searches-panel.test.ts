import { describe, expect, it } from 'vitest';
import { savedSearchChips, savedSearchSummary } from './saved-searches-panel';

describe('saved search labels', () => {
  const params = {
    query: 'cardiology',
    specialty: 'Cardiology,Internal Medicine',
    location: 'Boston, MA',
    title: 'Medical Director',
    city: 'Cambridge',
    near: '02139',
    radius: '50',
    skills: 'Echocardiography',
    acceptingMedicaid: 'true',
    sortKey: 'name',
  };

  it("the side panel's chips are the spec's: query, specialty values, location and job title", () => {
    expect(savedSearchChips(params)).toEqual([
      '"cardiology"',
      'Cardiology',
      'Internal Medicine',
      'Boston, MA',
      'Medical Director',
    ]);
  });

  it('the summary names every criterion, a radius or a flag included, and not the sort', () => {
    const summary = savedSearchSummary(params);
    expect(summary[0]).toBe('"cardiology"');
    expect(summary).toContain('Within 50 miles of 02139');
    expect(summary.some((label) => label.includes('Cambridge'))).toBe(true);
    expect(summary.some((label) => label.includes('Echocardiography'))).toBe(true);
    expect(summary.some((label) => /Medicaid/i.test(label))).toBe(true);
    expect(summary.join(' ')).not.toMatch(/name|Sort/);
    expect(savedSearchSummary({ near: '77030' })).toEqual(['Within 25 miles of 77030']);
  });
});
