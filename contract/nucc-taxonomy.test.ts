import { describe, expect, it } from 'vitest';
import { specialtyForTaxonomy, SUB_SPECIALTIES, subSpecialtyForTaxonomy } from './nucc-taxonomy';

describe('NUCC taxonomy -> specialty', () => {
  it.each([
    ['207RC0000X', 'Cardiology'], // Cardiovascular Disease
    ['207RC0001X', 'Cardiology'], // Clinical Cardiac Electrophysiology
    ['207RI0011X', 'Cardiology'], // Interventional Cardiology
    ['207RC0200X', 'Internal Medicine'], // Critical Care Medicine (internal medicine), not cardiology
    ['207RG0100X', 'Gastroenterology'],
    ['207RG0300X', 'Internal Medicine'], // Geriatric Medicine, not gastroenterology
    ['207RI0008X', 'Gastroenterology'], // Hepatology
    ['207RI0200X', 'Internal Medicine'], // Infectious Disease
    ['207RX0202X', 'Oncology'],
    ['207R00000X', 'Internal Medicine'],
    ['2084P0800X', 'Psychiatry'],
    ['207W00000X', 'Ophthalmology'],
    ['363A00000X', 'Physician Assistant'],
    ['363L00000X', null], // nurse practitioner: not imported
  ])('%s -> %s', (code, specialty) => {
    expect(specialtyForTaxonomy(code)).toBe(specialty);
  });

  it("every sub-specialty's code maps onto the specialty it is listed under", () => {
    const wrong = SUB_SPECIALTIES.filter((sub) => specialtyForTaxonomy(sub.code) !== sub.specialty).map(
      (sub) => `${sub.code} ${sub.name}: ${specialtyForTaxonomy(sub.code)} (listed under ${sub.specialty})`,
    );
    expect(wrong).toEqual([]);
    expect(subSpecialtyForTaxonomy('207ri0011x')).toBe('Interventional Cardiology');
  });
});
