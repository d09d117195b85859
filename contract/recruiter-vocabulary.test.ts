import { describe, expect, it } from 'vitest';
import { DAC_SPECIALTY_MAP } from './dac-specialty-map';
import { SPECIALTIES, type Specialty } from './directory-options';
import {
  findSpecialtyPhrases,
  RECRUITER_VOCABULARY,
  resolveSpecialtyTerm,
  vocabularyKey,
  type SpecialtyTarget,
} from './recruiter-vocabulary';
import { TAXONOMY_MAP } from './taxonomy-map';

/** Every sub-specialty the directory holds, with the specialties it sits under. */
const SUBS = new Map<string, Set<Specialty>>();
for (const [, specialty, sub] of [...TAXONOMY_MAP, ...DAC_SPECIALTY_MAP]) {
  if (!sub) continue;
  if (!SUBS.has(sub)) SUBS.set(sub, new Set());
  SUBS.get(sub)!.add(specialty);
}
/** Sub-specialty names too vague to be a search term on their own (the PA's 'Medical', 'Surgical'). */
const VAGUE = new Set(['Medical', 'Surgical']);

const KEYS = new Set(RECRUITER_VOCABULARY.flatMap((e) => e.terms.map(vocabularyKey)));
const same = (target: SpecialtyTarget | null) =>
  target && {
    specialties: [...target.specialties].sort(),
    subSpecialties: [...target.subSpecialties].sort(),
  };
/** Whether physicians of this sub-specialty (under this specialty) are what the target names. */
const covers = (target: SpecialtyTarget | null, sub: string, specialty: Specialty) =>
  !!target && (target.subSpecialties.includes(sub) || target.specialties.includes(specialty));

describe('recruiter vocabulary: the table', () => {
  it('names only the 18 specialties and sub-specialties the directory holds', () => {
    for (const e of RECRUITER_VOCABULARY) {
      expect(e.specialties.length + e.subSpecialties.length, e.terms[0]).toBeGreaterThan(0);
      for (const s of e.specialties) expect(SPECIALTIES, e.terms[0]).toContain(s);
      for (const sub of e.subSpecialties) expect(SUBS.has(sub), `${e.terms[0]}: ${sub}`).toBe(true);
    }
  });

  it('gives no term two meanings (a key is in one entry only; spellings may repeat in it)', () => {
    const seen = new Map<string, { term: string; entry: number }>();
    RECRUITER_VOCABULARY.forEach((e, entry) => {
      for (const term of e.terms) {
        const key = vocabularyKey(term);
        expect(key, term).not.toBe('');
        const before = seen.get(key);
        if (before) expect(before.entry, `'${term}' repeats '${before.term}'`).toBe(entry);
        seen.set(key, { term, entry });
      }
    });
  });

  it('reaches each of the 18 specialties by its own name', () => {
    for (const specialty of SPECIALTIES) {
      expect(resolveSpecialtyTerm(specialty)?.specialties, specialty).toContain(specialty);
    }
  });

  it('reaches each sub-specialty by its own name (the PA ones by "medical PA", "surgical PA")', () => {
    for (const [sub, specialties] of SUBS) {
      for (const specialty of specialties) {
        const name = VAGUE.has(sub) ? `${sub} PA` : sub;
        expect(covers(resolveSpecialtyTerm(name), sub, specialty), `${name} (${specialty})`).toBe(true);
      }
    }
    expect(resolveSpecialtyTerm('medical')).toBeNull();
    expect(resolveSpecialtyTerm('surgical')).toBeNull();
  });
});

describe('recruiter vocabulary: each entry', () => {
  it.each(RECRUITER_VOCABULARY.map((e) => [e.terms.join(', '), e] as const))('%s', (_name, e) => {
    for (const term of e.terms) {
      // The term, its upper and lower case, and its plural all mean exactly this entry.
      const wanted = same(e);
      expect(same(resolveSpecialtyTerm(term)), term).toEqual(wanted);
      expect(same(resolveSpecialtyTerm(term.toUpperCase())), term).toEqual(wanted);
      expect(same(resolveSpecialtyTerm(` ${term.toLowerCase()} `)), term).toEqual(wanted);
      // ('EMs' is EMS, a term of its own.)
      const plural = resolveSpecialtyTerm(`${term}s`);
      if (plural && !KEYS.has(vocabularyKey(`${term}s`))) expect(same(plural), `${term}s`).toEqual(wanted);
      // And, among the query's words, it is one phrase covering all of them.
      const tokens = term.split(/\s+/);
      const phrases = findSpecialtyPhrases(tokens);
      expect(
        phrases.map((p) => [p.start, p.end]),
        term,
      ).toEqual([[0, tokens.length]]);
      expect(same(phrases[0].target), term).toEqual(wanted);
    }
  });
});

/** Ophthalmology and the specialisations NUCC added to it after v15. */
const OPHTHALMOLOGY = [
  'Ophthalmology',
  'Glaucoma Specialist',
  'Retina Specialist',
  'Uveitis and Ocular Inflammatory Disease',
  'Neuro-ophthalmology',
  'Pediatric Ophthalmology and Strabismus Specialist',
  'Cornea and External Diseases Specialist',
  'Ophthalmic Plastic and Reconstructive Surgery',
];

describe('recruiter vocabulary: the words recruiters type', () => {
  const only = (specialties: Specialty[], subs: string[] = []) => ({
    specialties: [...specialties].sort(),
    subSpecialties: [...subs].sort(),
  });
  it.each([
    ['urologist', only(['Urology'])],
    ['Urologists', only(['Urology'])],
    ['urology', only(['Urology'])],
    ['cardiologist', only(['Cardiology'], ['Pediatric Cardiology', 'Nuclear Cardiology'])],
    ['cards', only(['Cardiology'], ['Pediatric Cardiology', 'Nuclear Cardiology'])],
    ['pediatrician', only(['Pediatrics'])],
    ['peds', only(['Pediatrics'])],
    ['ob/gyn', only(['OBGYN'])],
    ['obgyn', only(['OBGYN'])],
    ['OB-GYN', only(['OBGYN'])],
    ['ob gyn', only(['OBGYN'])],
    ['gynecologist', only(['OBGYN'])],
    ['obstetrician', only(['OBGYN'])],
    [
      'ENT',
      only(
        [],
        [
          'Otolaryngology',
          'Pediatric Otolaryngology',
          'Otolaryngic Allergy',
          'Otology & Neurotology',
          'Facial Plastic Surgery',
          'Otolaryngology/Facial Plastic Surgery',
          'Plastic Surgery within the Head & Neck',
        ],
      ),
    ],
    ['otolaryngologist', resolveSpecialtyTerm('ENT')],
    ['GI', only(['Gastroenterology'], ['Pediatric Gastroenterology'])],
    ['derm', only(['Dermatology'])],
    ['psych', only(['Psychiatry'])],
    ['psychiatrist', only(['Psychiatry'])],
    ['ortho', only(['Orthopedic Surgery'])],
    ['neuro', only(['Neurology'])],
    ['neurologist', only(['Neurology'])],
    ['onc', only(['Oncology'], ['Gynecologic Oncology', 'Pediatric Hematology-Oncology'])],
    ['heme/onc', only([], ['Hematology & Oncology', 'Pediatric Hematology-Oncology'])],
    ['EM', only(['Emergency Medicine'], ['Pediatric Emergency Medicine'])],
    ['ER', only(['Emergency Medicine'], ['Pediatric Emergency Medicine'])],
    ['IM', only(['Internal Medicine'])],
    ['FM', only(['Family Medicine'])],
    ['family practice', only(['Family Medicine'])],
    ['PA', only(['Physician Assistant'])],
    ['anesthesiologist', only(['Anesthesiology'])],
    ['radiologist', only(['Radiology'])],
    ['hospitalist', only([], ['Hospitalist'])],
    [
      'intensivist',
      only([], ['Critical Care Medicine', 'Pediatric Critical Care Medicine', 'Surgical Critical Care']),
    ],
    ['Pédiatrician', only(['Pediatrics'])],
    // The fields recruiters fill most that sit under one of the 18 (docs/decisions/052-every-field-a-recruiter-fills.md).
    ['ENT surgeon', resolveSpecialtyTerm('ENT')],
    ['otolaryngologists', resolveSpecialtyTerm('ENT')],
    ['neurosurgeon', only([], ['Neurological Surgery'])],
    ['neuro surgeon', only([], ['Neurological Surgery'])],
    ['nephrologist', only([], ['Nephrology', 'Pediatric Nephrology'])],
    ['neph', only([], ['Nephrology', 'Pediatric Nephrology'])],
    ['endo', only([], ['Endocrinology, Diabetes & Metabolism', 'Pediatric Endocrinology'])],
    ['endocrinologist', only([], ['Endocrinology, Diabetes & Metabolism', 'Pediatric Endocrinology'])],
    ['ophthalmologist', only([], OPHTHALMOLOGY)],
    ['retina specialist', only([], OPHTHALMOLOGY)],
    ['pediatric ophthalmologist', only([], ['Pediatric Ophthalmology and Strabismus Specialist'])],
    ['epileptologist', only([], ['Epilepsy'])],
    ['hospital medicine', only([], ['Hospitalist'])],
    ['plastic surgeon', resolveSpecialtyTerm('plastic surgery')],
    ['PM&R', only([], ['Physical Medicine & Rehabilitation', 'Pediatric Rehabilitation Medicine'])],
  ] as const)('%s', (term, wanted) => {
    expect(same(resolveSpecialtyTerm(term))).toEqual(wanted && same(wanted));
  });

  it('never gives a neighbour by spelling: urology/neurology, cardiology/pediatric cardiology', () => {
    expect(resolveSpecialtyTerm('urologist')?.specialties).not.toContain('Neurology');
    expect(resolveSpecialtyTerm('neurologist')?.specialties).not.toContain('Urology');
    expect(resolveSpecialtyTerm('neurosurgeon')?.specialties).toEqual([]);
    expect(resolveSpecialtyTerm('neurosurgeon')?.subSpecialties).toEqual(['Neurological Surgery']);
    expect(resolveSpecialtyTerm('pediatric cardiologist')?.specialties).toEqual([]);
  });

  it('leaves names and ordinary words alone', () => {
    for (const word of [
      'smith',
      'card',
      'urol',
      'medicine',
      'surgeon',
      'surgery',
      'pediatric',
      'ed',
      'md',
      'do',
      'boston',
      'phoenix',
      'director',
      'leadership',
      '',
    ]) {
      expect(resolveSpecialtyTerm(word), word).toBeNull();
    }
  });
});

describe('recruiter vocabulary: phrases in a query', () => {
  it('takes the longest phrase from the left, on whole tokens', () => {
    const read = (query: string) =>
      findSpecialtyPhrases(query.split(' ')).map((p) => [p.start, p.end, same(p.target)]);
    expect(read('peds cardiology boston')).toEqual([
      [0, 2, same(resolveSpecialtyTerm('pediatric cardiology'))],
    ]);
    expect(read('cardiology boston')).toEqual([[0, 1, same(resolveSpecialtyTerm('cardiology'))]]);
    expect(read('boston family practice')).toEqual([[1, 3, same(resolveSpecialtyTerm('FM'))]]);
    expect(read('ob/gyn denver urology')).toEqual([
      [0, 1, same(resolveSpecialtyTerm('obgyn'))],
      [2, 3, same(resolveSpecialtyTerm('urology'))],
    ]);
    expect(read('ear nose and throat')).toEqual([[0, 4, same(resolveSpecialtyTerm('ENT'))]]);
    expect(read('john smith')).toEqual([]);
  });
});
