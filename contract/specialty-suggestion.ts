import { SPECIALTIES, type Specialty } from './directory-options';
import { dacSpecialty } from './nucc-taxonomy';
import { findSpecialtyPhrases, resolveSpecialtyTerm, type SpecialtyTarget } from './recruiter-vocabulary';
import { TAXONOMY_MAP } from './taxonomy-map';

/*
 * The nearest of the 18 specialties to a specialty a physician typed under 'Other' on the
 * resume form: what Resume Approval suggests to the operator, who picks the one the physician
 * is listed under (docs/decisions/035-freshest-source-and-move-signals.md). Only a suggestion:
 * the approval itself always names the specialty.
 */

const BY_NAME = new Map<string, Specialty>(SPECIALTIES.map((name) => [name.toLowerCase(), name]));
/** A NUCC sub-specialty name -> the specialty its first row in the taxonomy table falls under. */
const BY_SUB_SPECIALTY = new Map<string, Specialty>();
for (const [, specialty, subSpecialty] of TAXONOMY_MAP) {
  const key = subSpecialty?.toLowerCase();
  if (key && !BY_SUB_SPECIALTY.has(key)) BY_SUB_SPECIALTY.set(key, specialty);
}

function specialtyOfTarget(target: SpecialtyTarget): Specialty | null {
  if (target.specialties.length) return target.specialties[0]!;
  for (const sub of target.subSpecialties) {
    const specialty = BY_SUB_SPECIALTY.get(sub.toLowerCase());
    if (specialty) return specialty;
  }
  return null;
}

/**
 * The nearest of the 18 to `typed`: the specialty itself; the Doctors and Clinicians table's
 * mapping of the value; the recruiters' vocabulary (a specialty or a NUCC sub-specialty name,
 * 'hyperbaric medicine' -> Emergency Medicine); NUCC's sub-specialty names; else the first
 * specialty phrase among its words. Null when nothing in the tables is near.
 */
export function nearestSpecialty(typed: string): Specialty | null {
  const text = typed.trim();
  if (!text) return null;
  const exact = BY_NAME.get(text.toLowerCase());
  if (exact) return exact;
  const dac = dacSpecialty(text);
  if (dac && typeof dac === 'object') return dac.specialty;
  const term = resolveSpecialtyTerm(text);
  const fromTerm = term && specialtyOfTarget(term);
  if (fromTerm) return fromTerm;
  const sub = BY_SUB_SPECIALTY.get(text.toLowerCase());
  if (sub) return sub;
  for (const phrase of findSpecialtyPhrases(text.split(/\s+/))) {
    const specialty = specialtyOfTarget(phrase.target);
    if (specialty) return specialty;
  }
  return null;
}
