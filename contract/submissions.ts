import { z } from 'zod';
import { dedupeSkills } from './skills';

// The resume form's texts and rules (docs/rules.md#resumes).
export const SUBMISSION_MESSAGES = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  titleRequired: 'Physician title is required.',
  companyRequired: 'Company name is required.',
  specialtyRequired: 'Specialty is required.',
  /** Other chosen but left blank: the stored specialty would be empty. */
  otherSpecialtyRequired: 'Please enter your specialty.',
  emailInvalid: 'Please enter a valid email address.',
  phoneInvalid: 'Please enter a valid phone number.',
  locationRequired: 'Location is required.',
  linkedinInvalid: 'Please enter a valid LinkedIn URL.',
  schoolRequired: 'School name is required.',
  degreeRequired: 'Degree is required.',
  skillInvalid: 'Skills must be non-blank and at most 80 characters.',
  tooManyEducation: 'At most 20 education entries.',
  tooManySkills: 'At most 50 skills.',
  submitted: 'Resume submitted successfully!',
  failed: 'Submission failed. Please try again later.',
  suppressed:
    'This email address asked for its information to be removed, so we cannot accept a resume for it. Please contact us if you want to be listed again.',
  specialtiesFailed: 'Failed to load specialties.',
  /** The submit page's notice: nothing reaches the operators before the address is confirmed. */
  checkEmail: 'Please check your email and follow the link we sent to confirm your submission.',
  confirmed: 'Thank you: your email address is confirmed and your resume is now waiting for our review.',
  confirmFailed: 'This confirmation link is not valid, has expired or was already used. Please submit your resume again.',
} as const;

/** How long the emailed confirmation link of a submission works; unconfirmed submissions are then deleted. */
export const SUBMISSION_CONFIRM_TTL_DAYS = 7;

/** The select's extra option; choosing it reveals Other Specialty, whose text is stored instead. */
export const OTHER_SPECIALTY = 'Other';
/** docs/rules.md#resumes. */
export const MIN_PHONE_LENGTH = 10;

const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `At most ${max} characters.`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullish()
    .transform((v) => v || null);

/** Email rule shared by the public forms: any blank or malformed value gets the spec's one message. */
export const PublicEmail = z
  .string({ error: SUBMISSION_MESSAGES.emailInvalid })
  .trim()
  .max(254, SUBMISSION_MESSAGES.emailInvalid)
  .pipe(z.email(SUBMISSION_MESSAGES.emailInvalid))
  .transform((e) => e.toLowerCase());

/** https:// added when the value has no http(s) scheme; blank means none (docs/rules.md#resumes). */
export function normaliseLinkedinUrl(raw: string): string {
  const value = raw.trim();
  if (!value) return '';
  return /^https?:\/\//i.test(value) ? value : `https://${value}`;
}

/** A LinkedIn address: http(s), host linkedin.com or one of its subdomains, no spaces. */
export function isLinkedinUrl(normalised: string): boolean {
  if (/\s/.test(normalised)) return false;
  try {
    const url = new URL(normalised);
    const host = url.hostname.toLowerCase();
    return (url.protocol === 'https:' || url.protocol === 'http:') && (host === 'linkedin.com' || host.endsWith('.linkedin.com'));
  } catch {
    return false;
  }
}

const LinkedinUrl = z
  .string()
  .max(300, SUBMISSION_MESSAGES.linkedinInvalid)
  .nullish()
  .transform((v) => normaliseLinkedinUrl(v ?? ''))
  .refine((v) => v === '' || isLinkedinUrl(v), SUBMISSION_MESSAGES.linkedinInvalid)
  .transform((v) => v || null);

/** At least 10 characters (the spec) made of phone characters, at least 10 of them digits. */
export function isPhoneNumber(raw: string): boolean {
  const value = raw.trim();
  return (
    value.length >= MIN_PHONE_LENGTH &&
    /^[0-9+()\-.\s/x]+$/i.test(value) &&
    (value.match(/\d/g) ?? []).length >= 10
  );
}

export const SubmissionEducation = z.object({
  schoolName: required(SUBMISSION_MESSAGES.schoolRequired, 200),
  degree: required(SUBMISSION_MESSAGES.degreeRequired, 100),
});
export type SubmissionEducation = z.infer<typeof SubmissionEducation>;

const Skill = z.string().trim().min(1, SUBMISSION_MESSAGES.skillInvalid).max(80, SUBMISSION_MESSAGES.skillInvalid);

/** POST /api/submissions -> 201 CreateSubmissionResponse. Public; rate limited per IP. */
export const CreateSubmissionRequest = z
  .object({
    firstName: required(SUBMISSION_MESSAGES.firstNameRequired, 100),
    middleName: optionalText(100),
    lastName: required(SUBMISSION_MESSAGES.lastNameRequired, 100),
    title: required(SUBMISSION_MESSAGES.titleRequired, 150),
    companyName: required(SUBMISSION_MESSAGES.companyRequired, 200),
    specialty: required(SUBMISSION_MESSAGES.specialtyRequired, 100),
    otherSpecialty: optionalText(100),
    email: PublicEmail,
    phone: z
      .string({ error: SUBMISSION_MESSAGES.phoneInvalid })
      .trim()
      .max(30, SUBMISSION_MESSAGES.phoneInvalid)
      .refine(isPhoneNumber, SUBMISSION_MESSAGES.phoneInvalid),
    location: required(SUBMISSION_MESSAGES.locationRequired, 200),
    linkedinUrl: LinkedinUrl,
    education: z.array(SubmissionEducation).max(20, SUBMISSION_MESSAGES.tooManyEducation).default([]),
    // Trimmed and de-duplicated without regard to case or spaces ('Wound Care', 'wound care'):
    // the form adds a skill only once, the server makes sure (contract/skills.ts).
    skills: z
      .array(Skill)
      .max(50, SUBMISSION_MESSAGES.tooManySkills)
      .default([])
      .transform(dedupeSkills),
  })
  .superRefine((v, ctx) => {
    if (v.specialty === OTHER_SPECIALTY && !v.otherSpecialty) {
      ctx.addIssue({ code: 'custom', path: ['otherSpecialty'], message: SUBMISSION_MESSAGES.otherSpecialtyRequired });
    }
  });
export type CreateSubmissionRequest = z.input<typeof CreateSubmissionRequest>;
export type CreateSubmissionInput = z.output<typeof CreateSubmissionRequest>;

export const CreateSubmissionResponse = z.object({
  /** Stored, waiting for its address to be confirmed (the emailed link); operators do not see it yet. */
  status: z.literal('unconfirmed'),
  /** Where the confirmation link went (the submitted address, lower-cased). */
  email: z.string(),
});
export type CreateSubmissionResponse = z.infer<typeof CreateSubmissionResponse>;

/** POST /api/submissions/confirm: the token of the emailed link (single use, 7 days). */
export const ConfirmSubmissionRequest = z.object({
  token: z
    .string({ error: SUBMISSION_MESSAGES.confirmFailed })
    .min(1, SUBMISSION_MESSAGES.confirmFailed)
    .max(200, SUBMISSION_MESSAGES.confirmFailed),
});
export type ConfirmSubmissionRequest = z.infer<typeof ConfirmSubmissionRequest>;

export const ConfirmSubmissionResponse = z.object({
  /** Waiting for an operator's review. */
  status: z.literal('pending'),
});
export type ConfirmSubmissionResponse = z.infer<typeof ConfirmSubmissionResponse>;
