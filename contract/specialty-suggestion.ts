import { SPECIALTIES, type Specialty } from './directory-options';
import { dacSpecialty } from './nucc-taxonomy';
import { findSpecialtyPhrases, resolveSpecialtyTerm, type SpecialtyTarget } from './recruiter-vocabulary';
import { TAXONOMY_MAP } from './taxonomy-map';

/*
 * The nearest field to a specialty a physician typed under 'Other' on the resume form: one of the
 * 18 specialties and, when the words name a finer field, NUCC's name of that sub-specialty under
 * it ('ENT': Otolaryngology under General Surgery). What Resume Approval suggests to the operator,
 * who picks the specialty the physician is listed under
 * (docs/decisions/035-freshest-source-and-move-signals.md, 052-every-field-a-recruiter-fills.md).
 * Only a suggestion: the approval itself always names the specialty.
 */

export type SuggestedField = { specialty: Specialty; subSpecialty: string | null };

const BY_NAME = new Map<string, Specialty>(SPECIALTIES.map((name) => [name.toLowerCase(), name]));
/** A NUCC sub-specialty name (lower case) -> its name and the specialty its first row in the taxonomy table falls under. */
const BY_SUB_SPECIALTY = new Map<string, SuggestedField>();
for (const [, specialty, subSpecialty] of TAXONOMY_MAP) {
  const key = subSpecialty?.toLowerCase();
  if (key && !BY_SUB_SPECIALTY.has(key)) BY_SUB_SPECIALTY.set(key, { specialty, subSpecialty });
}

/** A vocabulary target's field: the specialty it names, else its first sub-specialty the taxonomy files. */
function fieldOfTarget(target: SpecialtyTarget): SuggestedField | null {
  if (target.specialties.length) return { specialty: target.specialties[0]!, subSpecialty: null };
  for (const sub of target.subSpecialties) {
    const field = BY_SUB_SPECIALTY.get(sub.toLowerCase());
    if (field) return field;
  }
  return null;
}

/**
 * The nearest field to `typed`: one of the 18 itself; the Doctors and Clinicians table's mapping of
 * the value; the recruiters' vocabulary (a specialty, or a NUCC sub-specialty under the specialty
 * the taxonomy files it: 'ENT' -> General Surgery / Otolaryngology, 'hyperbaric medicine' ->
 * Emergency Medicine / Undersea and Hyperbaric Medicine); NUCC's sub-specialty names; else the
 * first specialty phrase among its words. Null when nothing in the tables is near.
 */
export function nearestField(typed: string): SuggestedField | null {
  const text = typed.trim();
  if (!text) return null;
  const exact = BY_NAME.get(text.toLowerCase());
  if (exact) return { specialty: exact, subSpecialty: null };
  const dac = dacSpecialty(text);
  if (dac && typeof dac === 'object') return dac;
  const term = resolveSpecialtyTerm(text);
  const fromTerm = term && fieldOfTarget(term);
  if (fromTerm) return fromTerm;
  const sub = BY_SUB_SPECIALTY.get(text.toLowerCase());
  if (sub) return sub;
  for (const phrase of findSpecialtyPhrases(text.split(/\s+/))) {
    const field = fieldOfTarget(phrase.target);
    if (field) return field;
  }
  return null;
}
