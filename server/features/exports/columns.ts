import { dedupeSkills } from '../../../contract/skills';
import type { ContactVerification } from '../../../contract/verification';
import type { ExportTable } from '../../lib/exporters/table';
import type { ExportRecord } from './repo';

/*
 * The exported columns: name, title, specialty, organisation, city, state, NPI, email,
 * phone, LinkedIn, skills, education; beside the email and the phone what their last check
 * found: status (valid, risky, unknown), confidence (0-100) and date (ADR 032). The same for
 * CSV, Excel and PDF.
 */

export const EXPORT_COLUMNS = [
  { header: 'Name', width: 24 },
  { header: 'Title', width: 22 },
  { header: 'Specialty', width: 18 },
  { header: 'Organization', width: 26 },
  { header: 'City', width: 14 },
  { header: 'State', width: 8 },
  { header: 'NPI', width: 15 },
  { header: 'Email', width: 30, oneLine: true },
  { header: 'Email Status', width: 9 },
  { header: 'Email Confidence', width: 9 },
  { header: 'Email Verified', width: 11 },
  { header: 'Phone', width: 16, oneLine: true },
  { header: 'Phone Status', width: 9 },
  { header: 'Phone Confidence', width: 9 },
  { header: 'Phone Verified', width: 11 },
  { header: 'LinkedIn', width: 29 },
  { header: 'Skills', width: 30 },
  { header: 'Education', width: 31 },
] as const;

export function displayName(
  r: Pick<ExportRecord, 'first_name' | 'last_name' | 'credential'>,
): string {
  // As on the card and the profile: first and last name, then the credential.
  const name = [r.first_name, r.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return r.credential?.trim() ? `${name}, ${r.credential.trim()}` : name;
}

/** 'Harvard Medical School - MD; Boston University - BS' (as on the card). */
export function educationText(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value
    .filter((e): e is { schoolName: string; degree?: unknown } => typeof e?.schoolName === 'string')
    .map((e) => (typeof e.degree === 'string' && e.degree ? `${e.schoolName} - ${e.degree}` : e.schoolName))
    .join('; ');
}

/** Status, confidence and date (YYYY-MM-DD) cells of a value's check; empty without a value. */
export function checkCells(check: ContactVerification | null): [string | null, string | null, string | null] {
  if (!check) return [null, null, null];
  return [check.status, check.confidence === null ? null : String(check.confidence), check.checkedAt?.slice(0, 10) ?? null];
}

export function exportTable(records: readonly ExportRecord[]): ExportTable {
  return {
    title: 'Physicians',
    columns: EXPORT_COLUMNS,
    rows: records.map((r) => [
      displayName(r),
      r.title,
      r.specialty,
      r.organization,
      r.city,
      r.state,
      r.npi,
      r.email,
      ...checkCells(r.email_check),
      r.phone,
      ...checkCells(r.phone_check),
      r.linkedin_url,
      dedupeSkills(r.skills ?? []).join(', '),
      educationText(r.education),
    ]),
  };
}
