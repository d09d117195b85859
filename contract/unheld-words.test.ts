import { describe, expect, it } from 'vitest';
import { US_STATES } from './directory-options';
import { RECRUITER_VOCABULARY, resolveSpecialtyTerm, vocabularyKey } from './recruiter-vocabulary';
import { resolveUnheldTerm, unheldMessage, UNHELD_WORDS } from './unheld-words';

describe('words of no field we hold: the table', () => {
  const vocabulary = new Set(RECRUITER_VOCABULARY.flatMap((e) => e.terms.map(vocabularyKey)));
  const states = new Set(US_STATES.flatMap((s) => [s.code, s.name]).map(vocabularyKey));

  it('gives no term two meanings, and none is a vocabulary term, a state or a held credential', () => {
    const seen = new Map<string, number>();
    UNHELD_WORDS.forEach((e, entry) => {
      for (const term of e.terms) {
        const key = vocabularyKey(term);
        expect(key, term).not.toBe('');
        expect(seen.get(key) ?? entry, `'${term}' is in two entries`).toBe(entry);
        seen.set(key, entry);
        expect(vocabulary.has(key), `'${term}' is a vocabulary term`).toBe(false);
        expect(resolveSpecialtyTerm(term), term).toBeNull();
        expect(states.has(key), `'${term}' is a state`).toBe(false);
        expect(['md', 'do', 'pa', 'pac'], term).not.toContain(key);
      }
    });
  });

  it.each(UNHELD_WORDS.map((e) => [e.terms[0], e] as const))(
    '%s: each term, any case, its plural',
    (_name, e) => {
      for (const term of e.terms) {
        expect(resolveUnheldTerm(term), term).toBe(e);
        expect(resolveUnheldTerm(term.toUpperCase()), term).toBe(e);
        expect(resolveUnheldTerm(` ${term.toLowerCase()} `), term).toBe(e);
        if (!/s$/i.test(term)) expect(resolveUnheldTerm(`${term}s`), `${term}s`).toBe(e);
      }
      // A sentence, ending with a full stop; what it offers instead is a phrase the directory holds.
      expect(e.message).toMatch(/^[A-Z'].+\.$/);
      if (e.instead) expect(resolveSpecialtyTerm(e.instead), e.instead).not.toBeNull();
    },
  );

  it("says who a CRNA is and what the directory lists; quotes a job's word as typed", () => {
    expect(unheldMessage(resolveUnheldTerm('CRNA')!, 'CRNA')).toBe(
      'CRNAs are nurse anesthetists, not physicians: PhysicianDirect lists physicians and physician assistants.',
    );
    expect(unheldMessage(resolveUnheldTerm('locums')!, 'Locums')).toBe(
      "'Locums' is a kind of job, not a field: PhysicianDirect lists physicians by specialty and place, not the work they are looking for.",
    );
  });

  it('leaves held words, names and the start of common words alone', () => {
    for (const word of [
      'pa',
      'physician assistant',
      'md',
      'do',
      'telemedicine',
      'temple',
      'tempe',
      'smith',
      'nursery',
      'hospitalist',
      'ma',
      'dc',
      'ot',
      'otto',
      'pt',
      'medicine',
      'surgeon',
    ]) {
      expect(resolveUnheldTerm(word), word).toBeNull();
    }
  });
});
