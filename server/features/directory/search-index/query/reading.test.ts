import { describe, expect, it } from 'vitest';
import { resolveSpecialtyTerm } from '../../../../../contract/recruiter-vocabulary';
import { readQuery } from './reading';

const URO = resolveSpecialtyTerm('urology')!;
const CARDS = resolveSpecialtyTerm('cardiology')!;
const PA = resolveSpecialtyTerm('PA')!;

describe('reading the search box', () => {
  it('keeps plain words as text: one word alone, several for the several-word rule', () => {
    expect(readQuery('smith')).toMatchObject({ words: ['smith'], terms: [], states: [], specialties: [] });
    expect(readQuery('john smith')).toMatchObject({ words: ['john', 'smith'], terms: ['john', 'smith'] });
    expect(readQuery(null)).toMatchObject({ words: [], terms: [] });
  });

  it('takes a 10-digit number as an NPI, whatever else is typed', () => {
    expect(readQuery('1134122153')).toMatchObject({ npi: '1134122153', words: [], terms: [] });
    expect(readQuery('smith 1134122153')).toMatchObject({
      npi: '1134122153',
      words: ['smith'],
      terms: ['smith'],
    });
    // Nine or eleven digits are text; an NPI that contradicts the NPI filter stays text (nothing matches).
    expect(readQuery('113412215').npi).toBeNull();
    expect(readQuery('11341221530').npi).toBeNull();
    expect(readQuery('1134122153', { npi: '12' })).toMatchObject({ npi: null, words: ['1134122153'] });
    expect(readQuery('1134122153', { npi: '113' }).npi).toBe('1134122153');
  });

  it("reads 'MD' and 'DO' as credentials, not Maryland", () => {
    expect(readQuery('md cardiology')).toMatchObject({
      credentials: ['md'],
      states: [],
      specialties: [CARDS],
      words: [],
      terms: [],
    });
    expect(readQuery('do')).toMatchObject({ credentials: ['do'], words: [] });
    expect(readQuery('m.d. smith')).toMatchObject({
      credentials: ['md'],
      words: ['smith'],
      terms: ['smith'],
    });
    // Contradicting the credential filter: text.
    expect(readQuery('md', { credentials: ['do'] })).toMatchObject({ credentials: [], words: ['md'] });
  });

  it('takes a state after a comma, after a city of that state, or by a name of two words', () => {
    expect(readQuery('boston, ma')).toMatchObject({ states: ['ma'], words: ['boston'], terms: ['boston'] });
    expect(readQuery('boston ma')).toMatchObject({ states: ['ma'], words: ['boston'], terms: ['boston'] });
    expect(readQuery('salt lake city, utah')).toMatchObject({
      states: ['ut'],
      terms: ['salt', 'lake', 'city'],
    });
    expect(readQuery('salt lake city ut')).toMatchObject({ states: ['ut'] });
    expect(readQuery('austin texas')).toMatchObject({ states: ['tx'], terms: ['austin'] });
    expect(readQuery('baltimore md')).toMatchObject({ states: ['md'], credentials: [] });
    expect(readQuery('cardiology new york')).toMatchObject({
      states: ['ny'],
      specialties: [CARDS],
      terms: [],
    });
    expect(readQuery('north carolina')).toMatchObject({ states: ['nc'], words: [], terms: [] });
    // Not a state: a code with no city before it, a city of another state, a one-word name alone.
    expect(readQuery('cardiology ma')).toMatchObject({ states: [], terms: ['ma'] });
    expect(readQuery('boston tx')).toMatchObject({ states: [], terms: ['boston', 'tx'] });
    expect(readQuery('virginia smith')).toMatchObject({ states: [], words: ['virginia', 'smith'] });
    expect(readQuery('in')).toMatchObject({ states: [], words: ['in'] });
  });

  it("takes the vocabulary's phrases as specialties, never as text", () => {
    expect(readQuery('urology phoenix')).toMatchObject({
      specialties: [URO],
      words: ['phoenix'],
      terms: ['phoenix'],
    });
    expect(readQuery('urology')).toMatchObject({ specialties: [URO], words: [], terms: [] });
    expect(readQuery('ob/gyn')).toMatchObject({ specialties: [resolveSpecialtyTerm('obgyn')], words: [] });
    expect(readQuery('peds cardiology boston')).toMatchObject({
      specialties: [resolveSpecialtyTerm('pediatric cardiology')],
      terms: ['boston'],
    });
    // 'PA' alone is a physician assistant; after a city of Pennsylvania, the state.
    expect(readQuery('pa')).toMatchObject({ specialties: [PA], states: [] });
    expect(readQuery('pittsburgh pa')).toMatchObject({
      specialties: [],
      states: ['pa'],
      terms: ['pittsburgh'],
    });
    // Punctuation alone is no word.
    expect(readQuery('smith & jones')).toMatchObject({ words: ['smith', 'jones'] });
  });

  it('takes words of no field we hold out of the search, and says where they were (ADR 052)', () => {
    const EM = resolveSpecialtyTerm('emergency medicine')!;
    const unheld = (query: string) => readQuery(query).unheld.map(({ text, from, to, entry }) => [text, from, to, entry.kind]);
    expect(readQuery('emergency medicine locum')).toMatchObject({ specialties: [EM], words: [], terms: [] });
    expect(unheld('emergency medicine locum')).toEqual([['locum', 2, 3, 'job']]);
    expect(readQuery('crna')).toMatchObject({ specialties: [], words: [], terms: [] });
    expect(unheld('crna')).toEqual([['crna', 0, 1, 'clinician']]);
    expect(unheld('nurse practitioners')).toEqual([['nurse practitioners', 0, 2, 'clinician']]);
    // A piece like any other: 'boston' beside it may be a city.
    expect(readQuery('crna boston')).toMatchObject({ words: ['boston'], terms: ['boston'] });
    // The longer phrase of the two tables wins: an anesthesiologist assistant is no anesthesiologist.
    expect(readQuery('anesthesiologist assistant')).toMatchObject({ specialties: [] });
    expect(unheld('anesthesiologist assistant')).toEqual([['anesthesiologist assistant', 0, 2, 'clinician']]);
    expect(readQuery('anesthesiologist locums dallas, tx')).toMatchObject({
      specialties: [resolveSpecialtyTerm('anesthesiologist')],
      states: ['tx'],
      terms: ['dallas'],
    });
    expect(unheld('anesthesiologist locums dallas, tx')).toEqual([['locums', 1, 2, 'job']]);
    // Held words stay held: PA is a physician assistant, 'telemedicine' a skill, 'temple' a word.
    for (const query of ['pa', 'telemedicine', 'temple', 'physician assistant', 'hospitalist'])
      expect(readQuery(query).unheld, query).toEqual([]);
  });
});
