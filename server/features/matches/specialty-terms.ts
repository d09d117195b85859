import { SPECIALTIES } from '../../../contract/directory-options';
import { resolveSpecialtyTerm } from '../../../contract/recruiter-vocabulary';
import { TAXONOMY_MAP } from '../../../contract/taxonomy-map';

/*
 * What a recruiter's specialty cell names, compared with the directory's 18 specialties and
 * their sub-specialties (docs/decisions/033-list-matching.md). The one place a specialty cell is
 * read: recruiters' words ('cards', 'ob/gyn', 'urologist') mean what contract/recruiter-vocabulary.ts
 * says, as they do in the search box.
 */

/** Lower case, accents gone, anything but letters a single space. */
export function specialtyKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();
}

const KNOWN = [
  ...new Set([...SPECIALTIES, ...TAXONOMY_MAP.flatMap(([, , sub]) => (sub ? [sub] : []))].map(specialtyKey)),
].filter((key) => key.length >= 4);

/**
 * The directory specialties and sub-specialties (as keys) a cell names: what the recruiter
 * vocabulary says it means ('peds' is pediatrics), else the one it spells, else those it contains
 * or that contain it ('cardiology' names 'interventional cardiology' too). Empty when the cell
 * names none of them.
 */
export function specialtyNames(cell: string): string[] {
  const known = resolveSpecialtyTerm(cell);
  if (known) return [...new Set([...known.specialties, ...known.subSpecialties].map(specialtyKey))];
  const key = specialtyKey(cell);
  if (key.length < 4) return [];
  if (KNOWN.includes(key)) return [key];
  return KNOWN.filter((known) => ` ${known} `.includes(` ${key} `) || ` ${key} `.includes(` ${known} `));
}

/** True when a physician's specialty, sub-specialty or secondary specialty is one the cell names. */
export function specialtyAgrees(named: readonly string[], physicianKeys: readonly string[]): boolean {
  return named.some((name) => physicianKeys.some((key) => key === name || ` ${key} `.includes(` ${name} `)));
}
