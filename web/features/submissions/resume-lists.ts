import { skillKey } from '@contract/skills';
import type { SubmissionEducation } from '@contract/submissions';

/** docs/rules.md#resumes: an entry is added only when both school name and degree are non-blank. */
export function canAddEducation(entry: SubmissionEducation): boolean {
  return entry.schoolName.trim() !== '' && entry.degree.trim() !== '';
}

export function addEducation(list: readonly SubmissionEducation[], entry: SubmissionEducation): SubmissionEducation[] {
  if (!canAddEducation(entry)) return [...list];
  return [...list, { schoolName: entry.schoolName.trim(), degree: entry.degree.trim() }];
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/**
 * A skill is added only when it is non-blank and not already in the list, compared without
 * regard to case or spaces ('wound care' after 'Wound Care' is the same skill).
 */
export function canAddSkill(list: readonly string[], raw: string): boolean {
  const key = skillKey(raw);
  return key !== '' && !list.some((skill) => skillKey(skill) === key);
}

export function addSkill(list: readonly string[], raw: string): string[] {
  return canAddSkill(list, raw) ? [...list, raw.trim().replace(/\s+/g, ' ')] : [...list];
}

/** Specialty options: the directory's specialties by name, then Other. */
export function specialtyOptions(names: readonly string[], other: string): string[] {
  const unique = [...new Set(names.map((n) => n.trim()).filter((n) => n && n !== other))];
  return [...unique.sort((a, b) => a.localeCompare(b)), other];
}
