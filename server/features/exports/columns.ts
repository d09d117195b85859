import { affiliationText, facilityLabel } from '../../../contract/affiliations';
import { dedupeSkills } from '../../../contract/skills';
import { verificationWords } from '../../../contract/verification-words';
import type { ExportTable, PdfTable } from '../../lib/exporters/table';
import type { ExportRecord, LeavingValue } from './repo';

/*
 * What an export holds (docs/decisions/053-one-verification-vocabulary.md). CSV and Excel are for
 * an ATS: one field per column, named as Bullhorn's candidate import names its fields (firstName,
 * middleName, lastName, city, state, zip, mobile, workPhone, email: 'First Name' ... 'Work Phone',
 * 'Email', which its mapping step finds by name), then ours (Credential, Specialty, NPI, ...). Beside
 * each contact value its check, in the one vocabulary ('Verified valid, 12 Nov 2026 · 65 %
 * confidence'). The PDF is for reading: the columns a recruiter reads first.
 */

export const EXPORT_COLUMNS = [
  { header: 'First Name', width: 14 },
  { header: 'Middle Name', width: 12 },
  { header: 'Last Name', width: 16 },
  { header: 'Credential', width: 10 },
  { header: 'Title', width: 22 },
  { header: 'Specialty', width: 18 },
  { header: 'Sub-specialty', width: 22 },
  { header: 'Organization', width: 26 },
  { header: 'City', width: 14 },
  { header: 'State', width: 7 },
  { header: 'Zip', width: 8 },
  { header: 'NPI', width: 12 },
  { header: 'Mobile', width: 15 },
  { header: 'Mobile Check', width: 40 },
  { header: 'Work Phone', width: 15 },
  { header: 'Work Phone Check', width: 40 },
  { header: 'Email', width: 30 },
  { header: 'Email Check', width: 40 },
  { header: 'LinkedIn', width: 29 },
  { header: 'Skills', width: 30 },
  { header: 'Education', width: 31 },
  { header: 'Licensed In', width: 14 },
  { header: 'Hospital Affiliations', width: 48 },
] as const;

/** A physician's CMS facility affiliations in one cell, '; ' between (ADR 063). */
export function affiliationsText(r: Pick<ExportRecord, 'hospital_affiliations'>): string | null {
  return r.hospital_affiliations.length ? r.hospital_affiliations.map(affiliationText).join('; ') : null;
}

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

/** A value's check in the one vocabulary, long form (empty without a value). */
export function checkSentence(value: LeavingValue | null): string | null {
  return value && verificationWords(value.verification, value.status).sentence;
}

const trimmed = (value: string | null) => value?.trim() || null;

export function exportTable(records: readonly ExportRecord[]): ExportTable {
  return {
    title: 'Physicians',
    columns: EXPORT_COLUMNS,
    rows: records.map((r) => [
      trimmed(r.first_name),
      trimmed(r.middle_name),
      trimmed(r.last_name),
      trimmed(r.credential),
      r.title,
      r.specialty,
      r.sub_specialty,
      r.organization,
      r.city,
      r.state,
      r.zip,
      r.npi,
      r.mobile?.value ?? null,
      checkSentence(r.mobile),
      r.work_phone?.value ?? null,
      checkSentence(r.work_phone),
      r.email?.value ?? null,
      checkSentence(r.email),
      r.linkedin_url,
      dedupeSkills(r.skills ?? []).join(', '),
      educationText(r.education),
      (r.license_states ?? []).join(', ') || null,
      affiliationsText(r),
    ]),
  };
}

/** 'Boston, MA 02115'. */
function placeText(r: Pick<ExportRecord, 'city' | 'state' | 'zip'>): string {
  return [[r.city, r.state].filter(Boolean).join(', '), r.zip].filter(Boolean).join(' ');
}

/** A contact value with its check beneath it, short form (the PDF's columns are narrow). */
function contactCell(value: LeavingValue | null) {
  return { text: value?.value ?? null, note: value && verificationWords(value.verification, value.status).label };
}

/**
 * The PDF: name with credential, specialty, location, mobile, email, NPI always; the work phone
 * and the organisation while the page has room for them without breaking a word (ADR 053).
 */
export function exportPdfTable(records: readonly ExportRecord[]): PdfTable {
  return {
    title: 'Physicians',
    columns: [
      { header: 'Name', weight: 3 },
      { header: 'Specialty', weight: 2 },
      { header: 'Location', weight: 2 },
      { header: 'Mobile', weight: 1, keepWhole: true },
      { header: 'Work Phone', weight: 1, keepWhole: true, dropOrder: 1 },
      { header: 'Email', weight: 2, keepWhole: true },
      { header: 'NPI', weight: 1, keepWhole: true },
      { header: 'Organization', weight: 2, dropOrder: 2, onlyWithRoom: true },
      { header: 'Hospitals', weight: 2, dropOrder: 3, onlyWithRoom: true },
    ],
    rows: records.map((r) => [
      { text: displayName(r) },
      { text: r.specialty, note: r.sub_specialty },
      { text: placeText(r) },
      contactCell(r.mobile),
      contactCell(r.work_phone),
      contactCell(r.email),
      { text: r.npi },
      { text: r.organization },
      { text: r.hospital_affiliations.map((a) => facilityLabel(a)).join('; ') || null },
    ]),
  };
}
