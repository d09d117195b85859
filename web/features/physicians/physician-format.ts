import {
  formatSpecialty,
  MOVED_BADGE_DAYS,
  movedWithin,
  type FieldSource,
  type PhysicianChange,
} from '../../../contract/directory';
import { SKILLS_SHOWN } from '../../../contract/limits';
import { dedupeSkills } from '../../../contract/skills';

/*
 * How a physician record reads on a card and a profile (docs/rules.md#results, #profile).
 * Pure functions: the records may come from the API (arrays) or, for older data and imports,
 * as free text, and both must read the same.
 */

export const NOT_SPECIFIED = 'Not specified';

/**
 * Skills arrive as an array or a string. Items quoted in single quotes are extracted
 * ("['Surgery', 'Teaching']"); otherwise the string is split on commas. Each skill shows once,
 * compared without regard to case or spaces (contract/skills.ts).
 */
export function parseSkills(input: readonly string[] | string | null | undefined): string[] {
  if (input === null || input === undefined) return [];
  if (Array.isArray(input)) {
    return dedupeSkills(input.filter((item): item is string => typeof item === 'string'));
  }
  return dedupeSkills(parseSkillText(input as string));
}

function parseSkillText(text: string): string[] {
  // Only a list that opens with a quote ("'A', 'B'" or "['A', 'B']") is read as quoted items,
  // so an apostrophe in plain text ("Children's Health, Women's Health") is not mistaken for one.
  if (/^\s*\[?\s*'/.test(text)) {
    const quoted = [...text.matchAll(/'([^']*)'/g)].map((match) => match[1].trim()).filter(Boolean);
    if (quoted.length > 0) return quoted;
  }
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** The first `max` items and how many more there are ('+N more'). */
export function visibleItems<T>(
  items: readonly T[],
  max: number = SKILLS_SHOWN,
): { shown: T[]; more: number } {
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}

export type SchoolDegree = { school: string; degree: string };

type StructuredEducation = {
  schoolName: string;
  degree?: string | null;
  degrees?: readonly string[] | null;
  field?: string | null;
  startDate?: string | null;
  endDate?: string | null;
};

/**
 * Education as 'school - degree' pairs. Text with schoolName and degrees markers
 * ("[{'schoolName': 'Johns Hopkins', 'degrees': ['MD']}]") yields one pair per school;
 * any other text is one school with no degree. Structured entries are used as they are.
 */
export function parseEducation(
  input: readonly StructuredEducation[] | string | null | undefined,
): SchoolDegree[] {
  if (input === null || input === undefined) return [];
  if (Array.isArray(input)) {
    return input
      .filter((entry) => entry && typeof entry.schoolName === 'string' && entry.schoolName.trim())
      .map((entry) => ({
        school: entry.schoolName.trim(),
        degree: (entry.degree ?? entry.degrees?.join(', ') ?? '').trim(),
      }));
  }
  const text = (input as string).trim();
  if (!text) return [];
  if (!/schoolName/.test(text) || !/degrees/.test(text)) return [{ school: text, degree: '' }];

  // One chunk per schoolName marker; the degrees marker inside each chunk belongs to that school.
  const chunks = text.split(/(?=["']?schoolName["']?\s*[:=])/).filter((chunk) => /schoolName/.test(chunk));
  const pairs: SchoolDegree[] = [];
  for (const chunk of chunks) {
    const school = /schoolName["']?\s*[:=]\s*(?:"([^"]*)"|'([^']*)'|([^,}\]]*))/.exec(chunk);
    const schoolName = (school?.[1] ?? school?.[2] ?? school?.[3] ?? '').trim();
    if (!schoolName) continue;
    const degrees = /degrees["']?\s*[:=]\s*(\[[^\]]*\]|"[^"]*"|'[^']*'|[^,}\]]*)/.exec(chunk);
    pairs.push({ school: schoolName, degree: degrees ? degreeList(degrees[1]) : '' });
  }
  return pairs.length > 0 ? pairs : [{ school: text, degree: '' }];
}

function degreeList(raw: string): string {
  const trimmed = raw.trim();
  const quoted = [...trimmed.matchAll(/"([^"]*)"|'([^']*)'/g)]
    .map((match) => (match[1] ?? match[2] ?? '').trim())
    .filter(Boolean);
  if (quoted.length > 0) return quoted.join(', ');
  return trimmed.replace(/^\[|\]$/g, '').trim();
}

/** 'Johns Hopkins - MD', or just the school when there is no degree. */
export function formatSchoolDegree(entry: SchoolDegree): string {
  return entry.degree ? `${entry.school} - ${entry.degree}` : entry.school;
}

/** Avatar fallback: first letters of first and last name ('JS'). */
export function initials(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = firstName?.trim().charAt(0) ?? '';
  const last = lastName?.trim().charAt(0) ?? '';
  return `${first}${last}`.toUpperCase() || '?';
}

export function fullName(physician: { firstName: string; lastName: string }): string {
  return [physician.firstName, physician.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** 'Jane Smith, MD' when a credential is known. */
export function nameWithCredential(physician: {
  firstName: string;
  lastName: string;
  credential: string | null;
}): string {
  const name = fullName(physician);
  const credential = physician.credential?.trim();
  return credential ? `${name}, ${credential}` : name;
}

/** 'Boston, MA' from city and state, else the free-text location, else null. */
export function displayLocation(physician: {
  city: string | null;
  state: string | null;
  location: string | null;
}): string | null {
  const parts = [physician.city, physician.state].map((part) => part?.trim()).filter(Boolean);
  if (parts.length > 0) return parts.join(', ');
  return physician.location?.trim() || null;
}

export function displaySpecialty(value: string | null | undefined): string | null {
  return value?.trim() ? formatSpecialty(value) : null;
}

/** '2004 - 2008', '2004 - present', '2008', or '' when no dates are known. */
export function formatYearRange(start: string | null | undefined, end: string | null | undefined): string {
  const from = start?.trim() ?? '';
  const to = end?.trim() ?? '';
  if (from && to) return `${from} - ${to}`;
  if (from) return `${from} - present`;
  return to;
}

/** 'MD in Medicine', 'MD', or '' (docs/rules.md#profile: 'degree in field'). */
export function formatDegreeInField(
  degree: string | null | undefined,
  field: string | null | undefined,
): string {
  const d = degree?.trim() ?? '';
  const f = field?.trim() ?? '';
  if (d && f) return `${d} in ${f}`;
  return d || f;
}

export function yesNo(value: boolean | null | undefined): string {
  if (value === null || value === undefined) return NOT_SPECIFIED;
  return value ? 'Yes' : 'No';
}

/** A LinkedIn address safe to put in an href (http(s) only), or null. */
export function safeExternalUrl(value: string | null | undefined): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

const SOURCE_NAMES: Record<FieldSource['source'] | PhysicianChange['source'], string> = {
  nppes: 'NPPES',
  dac: 'Doctors and Clinicians',
  resume: 'Resume',
  affiliations: 'CMS facility affiliations',
};

/** Where a value came from and that source's date: 'NPPES, updated 2025-03-14' (ADR 035). */
export function fieldSourceText(source: { source: FieldSource['source'] | PhysicianChange['source']; date: string } | null): string | null {
  return source ? `${SOURCE_NAMES[source.source]}, updated ${source.date}` : null;
}

const CHANGE_LABELS: Record<PhysicianChange['field'], string> = {
  city: 'City',
  state: 'State',
  zip: 'ZIP',
  organization: 'Organization',
  licenseStates: 'Licensed in',
  hospitals: 'Hospital affiliations',
};

/** One change of a profile's Recent changes: what changed, from what to what, by whom and when. */
export function describeChange(change: PhysicianChange): { label: string; change: string; source: string } {
  return {
    label: CHANGE_LABELS[change.field],
    change: `${change.oldValue} → ${change.newValue ?? 'none'}`,
    source: fieldSourceText({ source: change.source, date: change.date })!,
  };
}

/** Whether a card or row says 'Moved': a move within the last MOVED_BADGE_DAYS days. */
export function recentlyMoved(movedOn: string | null, now = new Date()): boolean {
  return movedWithin(movedOn, MOVED_BADGE_DAYS, now);
}
