import { CONTACT_VALUE_ORDER } from './contact-checks';
import type { GeneratedPhysician } from './generator';
import type { DemoHospital } from './demo-affiliations';

/**
 * Lines for `COPY ... FROM STDIN WITH (FORMAT csv)`. In that format an unquoted empty field is
 * NULL and a quoted one ("") is an empty string, so every non-null text value is quoted.
 */

export const PHYSICIAN_COPY_COLUMNS = [
  'id',
  'npi',
  'first_name',
  'middle_name',
  'last_name',
  'title',
  'credential',
  'specialty',
  'secondary_specialty',
  'organization',
  'organization_size',
  'organization_revenue',
  'organization_industry',
  'city',
  'state',
  'zip',
  'skills',
  'education',
  'medical_school',
  'graduation_year',
  'gender',
  'languages',
  'board_certified',
  'hospital_affiliation',
  'license_states',
  'accepting_new_patients',
  'telehealth',
  'linkedin_url',
  'source',
  'verified_at',
  'sub_specialty',
  'accepting_medicaid',
  'created_at',
  // The signals (ADR 054): a mover's location is NPPES's, dated the move; a resume's physician's
  // is the resume's, dated the approval (ADR 035).
  'in_training',
  'moved_on',
  'location_source',
  'location_source_date',
  'affiliations',
] as const;

export const HOSPITAL_COPY_COLUMNS = ['ccn', 'name', 'city', 'state', 'zip', 'phone', 'hospital_type', 'ownership', 'emergency_services'] as const;

/** One demo hospital's line. */
export function hospitalCopyLine(h: DemoHospital): string {
  return [text(h.ccn), text(h.name), text(h.city), text(h.state), h.zip ? text(h.zip) : '', h.phone ? text(h.phone) : '', text(h.hospitalType), text(h.ownership), bool(h.emergencyServices)].join(',') + '\n';
}

export const CONTACT_COPY_COLUMNS = [
  'physician_id',
  'personal_email',
  'work_email',
  'mobile_phone',
  'office_phone',
  'personal_email_status',
  'personal_email_verified_at',
  'work_email_status',
  'work_email_verified_at',
  'mobile_phone_status',
  'mobile_phone_verified_at',
  'office_phone_status',
  'office_phone_verified_at',
  // ADR 032: what each value's last check found, and the row's oldest check (the queue's order).
  'personal_email_verification',
  'personal_email_confidence',
  'personal_email_method',
  'work_email_verification',
  'work_email_confidence',
  'work_email_method',
  'mobile_phone_verification',
  'mobile_phone_confidence',
  'mobile_phone_method',
  'office_phone_verification',
  'office_phone_confidence',
  'office_phone_method',
  'checked_at',
  // A resume's values kept beside the four (ADR 030).
  'self_reported_email',
  'self_reported_phone',
  'self_reported_at',
] as const;

/** A move's rows: what the change trigger writes when an NPPES import moves a physician (ADR 035). */
export const CHANGE_COPY_COLUMNS = ['physician_id', 'field', 'old_value', 'new_value', 'source', 'source_date'] as const;

function text(value: string | null): string {
  if (value === null) return '';
  return '"' + (value.includes('"') ? value.replaceAll('"', '""') : value) + '"';
}

/** A text[] literal ({"a","b"}): elements escaped for the array syntax, then the whole for CSV. */
function textArray(values: readonly string[]): string {
  const elements = values.map((value) =>
    value.includes('\\') || value.includes('"')
      ? value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')
      : value,
  );
  return text(elements.length === 0 ? '{}' : '{"' + elements.join('","') + '"}');
}

function bool(value: boolean): string {
  return value ? 't' : 'f';
}

// Array join yields one flat string; a chain of `+` yields a rope that is slow to flatten later,
// when 25,000 lines are appended into one COPY payload.
export function physicianCopyLine(p: GeneratedPhysician): string {
  return [
    p.id,
    text(p.npi),
    text(p.firstName),
    text(p.middleName),
    text(p.lastName),
    text(p.title),
    text(p.credential),
    text(p.specialty),
    text(p.secondarySpecialty),
    text(p.organization),
    text(p.organizationSize),
    text(p.organizationRevenue),
    text(p.organizationIndustry),
    text(p.city),
    text(p.state),
    text(p.zip),
    textArray(p.skills),
    text(JSON.stringify(p.education)),
    text(p.medicalSchool),
    p.graduationYear,
    text(p.gender),
    textArray(p.languages),
    bool(p.boardCertified),
    text(p.hospitalAffiliation),
    textArray(p.licenseStates),
    bool(p.acceptingNewPatients),
    bool(p.telehealth),
    text(p.linkedinUrl),
    text(p.source),
    p.verifiedAt ? text(p.verifiedAt.toISOString()) : '',
    text(p.subSpecialty),
    bool(p.acceptingMedicaid),
    text(p.createdAt.toISOString()),
    bool(p.inTraining),
    p.movedOn ?? '',
    p.source === 'resume' ? '"resume"' : p.movedOn ? '"nppes"' : '',
    p.locationSourceDate ?? '',
    (p.affiliations ? text(JSON.stringify(p.affiliations)) : '') + '\n',
  ].join(',');
}

/**
 * checked_at of a row: the oldest check of its present values; empty (NULL) when one of them was
 * never checked or none is present (the re-verification job takes such rows first).
 */
function checkedAt(p: GeneratedPhysician): string {
  let oldest: Date | null = null;
  for (const [i, key] of CONTACT_VALUE_ORDER.entries()) {
    if (p[key] === null) continue;
    const at = p.contactFreshness[i].verifiedAt;
    if (at === null) return '';
    if (oldest === null || at < oldest) oldest = at;
  }
  return oldest ? text(oldest.toISOString()) : '';
}

export function contactCopyLine(p: GeneratedPhysician): string {
  return [
    p.id,
    text(p.personalEmail),
    text(p.workEmail),
    text(p.mobilePhone),
    text(p.officePhone),
    ...p.contactFreshness.map((f) => `${f.status},${f.verifiedAt ? text(f.verifiedAt.toISOString()) : ''}`),
    ...p.contactFreshness.map((f) => `${f.verification},${f.confidence ?? ''},${f.method ?? ''}`),
    checkedAt(p),
    text(p.selfReportedEmail),
    text(p.selfReportedPhone),
    p.selfReportedAt ? text(p.selfReportedAt.toISOString()) : '',
  ].join(',') + '\n';
}

/** The lines of a physician's move (none without one), source NPPES, dated the move. */
export function changeCopyLines(p: GeneratedPhysician): string {
  let lines = '';
  for (const change of p.locationChanges) {
    lines += `${p.id},${change.field},${text(change.oldValue)},${text(change.newValue)},nppes,${p.movedOn}\n`;
  }
  return lines;
}
