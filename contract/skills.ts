/*
 * Skills are one list per physician in which 'Wound Care', 'wound care' and 'Wound  Care' are
 * the same skill: compared without regard to case or spaces, the first spelling kept (with
 * its spaces tidied). The resume form, the submission API, approvals, exports and the directory's
 * cards all use this one rule; migration 0040 applied it to the skills already stored.
 */

/** What two spellings of one skill share: lower case, no whitespace at all. */
export function skillKey(skill: string): string {
  return skill.toLowerCase().replace(/\s+/g, '');
}

/** The skills once each (the first spelling met), trimmed, inner spaces collapsed, blanks dropped. */
export function dedupeSkills(skills: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of skills) {
    const skill = raw.trim().replace(/\s+/g, ' ');
    const key = skillKey(skill);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(skill);
  }
  return out;
}
