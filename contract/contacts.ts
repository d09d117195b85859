import { z } from 'zod';
import { ContactVerification } from './verification';

/** Days during which revealing the same physician again is free (not counted). */
export const FREE_REVEAL_DAYS = 30;

/** Path parameter of the reveal call: a physician id (digits only). */
export const RevealContactParams = z.object({
  id: z.string().regex(/^\d{1,10}$/, 'id must be a physician id'),
});
export type RevealContactParams = z.infer<typeof RevealContactParams>;

/**
 * How many counted reveals the user has left today, and when the count starts again. In a team
 * (docs/decisions/061-teams.md) the day's ceiling is the team's (the per-seat ceiling times its
 * seats, shared by its members) and `remaining` is also within the member's monthly cap, if set.
 */
export const RevealAllowance = z.object({
  dailyLimit: z.number().int(),
  remaining: z.number().int(),
  /** ISO time of the next reset (midnight UTC). */
  resetsAt: z.string(),
  /** The monthly cap the team's owner or admins set for this member, or null (none, or no team). */
  monthlyCap: z.object({ limit: z.number().int(), remaining: z.number().int(), resetsAt: z.string() }).nullable(),
  /** True when the day's ceiling is the team's, shared by its members. */
  team: z.boolean(),
});
export type RevealAllowance = z.infer<typeof RevealAllowance>;

/** The four contact values a physician may have on file (columns of physician_contacts). */
export const ContactField = z.enum(['personal_email', 'work_email', 'mobile_phone', 'office_phone'], {
  error: 'field must be one of personal_email, work_email, mobile_phone, office_phone',
});
export type ContactField = z.infer<typeof ContactField>;

/**
 * Each value's freshness: verified (on verifiedAt), never verified, reported wrong (by two
 * different users, or confirmed by an operator; a user's own report marks it for that user only),
 * or self-reported (given by the physician in a confirmed resume, not verified by us).
 */
export const ContactStatus = z.enum(['verified', 'unverified', 'reported', 'self_reported']);
export type ContactStatus = z.infer<typeof ContactStatus>;

/**
 * Which value a revealed email or phone is, its status and when it was last verified, and what
 * its last check found (status valid or risky, confidence, date, method; ADR 032).
 */
export const RevealedContactDetail = z.object({
  field: ContactField,
  status: ContactStatus,
  verifiedAt: z.string().nullable(),
  verification: ContactVerification,
});
export type RevealedContactDetail = z.infer<typeof RevealedContactDetail>;

/** POST /api/physicians/{id}/contact: one physician's email and phone (null when none on file). */
export const RevealContactResponse = z.object({
  physicianId: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** When the physician's contacts were last verified (physicians.verified_at), or null. */
  verifiedAt: z.string().nullable(),
  /** The revealed email's field, status and date (null with no email). */
  emailDetail: RevealedContactDetail.nullable(),
  /** The revealed phone's field, status and date (null with no phone). */
  phoneDetail: RevealedContactDetail.nullable(),
  /**
   * A self-reported email and phone kept beside the values above (a confirmed resume's, when both
   * places of its kind were taken; ADR 030), or null.
   */
  selfReported: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
  /**
   * Values on file that failed verification and are therefore not shown (nor charged for when
   * nothing else is shown).
   */
  withheld: z.array(ContactField),
  /** False when this reveal was free: the same physician was revealed in the last 30 days. */
  counted: z.boolean(),
  /**
   * The teammate whose reveal of this physician in the last 30 days made this one free
   * ('Revealed by <name>, <date>'), or null (docs/decisions/061-teams.md).
   */
  revealedBy: z.object({ name: z.string(), at: z.string() }).nullable(),
  allowance: RevealAllowance,
});
export type RevealContactResponse = z.infer<typeof RevealContactResponse>;

/** A physician of a result page revealed by a teammate in the last 30 days: free for the caller. */
export const TeamReveal = z.object({ physicianId: z.number().int(), name: z.string(), at: z.string() });
export type TeamReveal = z.infer<typeof TeamReveal>;

/** Reveals a user can have credited back by 'Report wrong contact' per day (UTC). */
export const CONTACT_CREDITS_PER_DAY = 10;
export const REPORT_REASON_MAX = 500;

/** POST /api/contact-reports: 'Report wrong contact' on a revealed value. */
export const ReportContactRequest = z.object({
  physicianId: z
    .number({ error: 'physicianId must be a physician id' })
    .int('physicianId must be a physician id')
    .positive('physicianId must be a physician id')
    .max(2_147_483_647, 'physicianId must be a physician id'),
  field: ContactField,
  reason: z
    .string()
    .max(REPORT_REASON_MAX, `reason must be at most ${REPORT_REASON_MAX} characters`)
    .transform((v) => v.trim() || null)
    .nullable()
    .optional(),
});
export type ReportContactRequest = z.input<typeof ReportContactRequest>;

export const ReportContactResponse = z.object({
  reportId: z.string(),
  /** True when the reveal went back into today's allowance. */
  credited: z.boolean(),
  /** What happened, for the toast (credited, or why not). */
  message: z.string(),
  detail: RevealedContactDetail,
  allowance: RevealAllowance,
});
export type ReportContactResponse = z.infer<typeof ReportContactResponse>;

/** One open report in the operators' queue (admin dashboard, 'Reported contacts'). */
export const ContactReport = z.object({
  id: z.string(),
  physicianId: z.number().int(),
  physicianName: z.string(),
  field: ContactField,
  /** The value as it was reported. */
  reportedValue: z.string(),
  /** The value on file now (null once removed). */
  currentValue: z.string().nullable(),
  reason: z.string().nullable(),
  reportedBy: z.string().nullable(),
  createdAt: z.string(),
  credited: z.boolean(),
  /** Different users with an open report of this value (two mark it reported for everyone). */
  reporters: z.number().int(),
  /** The value's status for everyone now ('reported' once two users reported it or an operator confirmed). */
  status: ContactStatus.nullable(),
});
export type ContactReport = z.infer<typeof ContactReport>;

/** Different users whose open reports mark a value reported for everyone (ADR 030). */
export const CONTACT_REPORT_QUORUM = 2;

export const ContactReportsResponse = z.object({ reports: z.array(ContactReport) });
export type ContactReportsResponse = z.infer<typeof ContactReportsResponse>;

export const ContactReportParams = z.object({ id: z.string().regex(/^\d{1,18}$/, 'id must be a report id') });

/**
 * Re-verify (the value is right: verified now), confirm (the report is right: the value is marked
 * reported for everyone, and kept) or remove (the value is wrong: cleared).
 */
export const ResolveContactReportRequest = z.object({
  action: z.enum(['reverify', 'confirm', 'remove'], { error: "action must be 'reverify', 'confirm' or 'remove'" }),
});
export type ResolveContactReportRequest = z.infer<typeof ResolveContactReportRequest>;

/** How many open reports of that contact were closed (every open report of the same value). */
export const ResolveContactReportResponse = z.object({ resolved: z.number().int() });
export type ResolveContactReportResponse = z.infer<typeof ResolveContactReportResponse>;
