import { z } from 'zod';
import { PhysicianIds } from './lists';
import { PublicEmail } from './submissions';

/*
 * Outreach (docs/decisions/066-outreach.md): recruiters email physicians from the product, each
 * physician receiving at most OUTREACH_MONTHLY_LIMIT recruiter emails in any 30 days from all
 * customers together (fewer if they chose fewer), with one-click unsubscribe honoured at once.
 */

export const OUTREACH_SUBJECT_MAX = 150;
export const OUTREACH_BODY_MAX = 5_000;
/** A whole list (LIST_CAPACITY). */
export const OUTREACH_RECIPIENTS_MAX = 10_000;

/** The merge fields a body or subject may hold, and what fills them. */
export const MERGE_FIELDS = [
  { field: 'firstName', label: 'First name' },
  { field: 'lastName', label: 'Last name' },
  { field: 'specialty', label: 'Specialty' },
  { field: 'city', label: 'City' },
  { field: 'payRange', label: 'Pay range' },
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number]['field'];
export type MergeValues = Record<MergeField, string>;

/** A recipient's merge values (the server's message and the page's preview say the same). */
export function mergeValues(recipient: { firstName: string; lastName: string; specialty: string | null; city: string | null }, payRange: string | null): MergeValues {
  return {
    firstName: recipient.firstName,
    lastName: recipient.lastName,
    specialty: recipient.specialty ?? 'your specialty',
    city: recipient.city ?? 'your area',
    payRange: payRange ?? '',
  };
}

/** `{{field}}` replaced by its value (CreateCampaignRequest refuses unknown fields before this). */
export function fillMergeFields(template: string, values: MergeValues): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, field: string) => (field in values ? values[field as MergeField] : whole));
}

const trimmed = (name: string, max: number, empty: string) =>
  z
    .string({ error: `${name} is required` })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, empty).max(max, `${name} must be at most ${max} characters`));

/** Who a message goes to: a selection or a list (the check's and the campaign's fields). */
const RECIPIENT_FIELDS = {
  source: z.enum(['selection', 'list'], { error: 'source must be selection or list' }),
  physicianIds: PhysicianIds.optional(),
  listId: z.uuid('listId must be a list id').optional(),
};

/** A list needs its id; a selection at least one physician. */
function refineRecipients(value: { source: 'selection' | 'list'; physicianIds?: number[]; listId?: string }, ctx: z.RefinementCtx): void {
  if (value.source === 'list' && !value.listId) ctx.addIssue({ code: 'custom', path: ['listId'], message: 'listId is required to write to a list' });
  if (value.source === 'selection' && !value.physicianIds?.length) {
    ctx.addIssue({ code: 'custom', path: ['physicianIds'], message: 'physicianIds: choose at least one physician' });
  }
}

/** POST /api/outreach/campaigns/check: who a message to a selection or a list would reach, and who not and why. */
export const OutreachCheckRequest = z.object(RECIPIENT_FIELDS).superRefine(refineRecipients);
export type OutreachCheckRequest = z.infer<typeof OutreachCheckRequest>;

export const SKIP_REASONS = ['no_valid_email', 'contact_limit', 'unsubscribed', 'not_looking', 'daily_ceiling'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const OutreachCheckResponse = z.object({
  recipients: z.number().int(),
  sendable: z.number().int(),
  skipped: z.record(z.enum(SKIP_REASONS), z.number().int()),
  /** When the first of those at their limit may be written to again. */
  limitUntil: z.string().nullable(),
  /** The sentence the page shows: '6 of 40 have reached their contact limit until Dec 12, 2026.' */
  summary: z.string(),
});
export type OutreachCheckResponse = z.infer<typeof OutreachCheckResponse>;

/** POST /api/outreach/campaigns */
export const CreateCampaignRequest = z
  .object({
    ...RECIPIENT_FIELDS,
    subject: trimmed('subject', OUTREACH_SUBJECT_MAX, 'Enter a subject.'),
    body: trimmed('body', OUTREACH_BODY_MAX, 'Write the message.'),
    payRange: z.string().trim().max(100, 'payRange must be at most 100 characters').optional(),
    /** Not before this instant (ISO 8601); unset: now. */
    sendAt: z.iso.datetime({ error: 'sendAt must be an ISO 8601 date and time' }).optional(),
  })
  .superRefine((value, ctx) => {
    refineRecipients(value, ctx);
    for (const key of ['subject', 'body'] as const) {
      const unknown = [...(value[key] ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).find((f) => !MERGE_FIELDS.some((m) => m.field === f));
      if (unknown) ctx.addIssue({ code: 'custom', path: [key], message: `${key}: {{${unknown}}} is not a merge field` });
    }
  });
export type CreateCampaignRequest = z.infer<typeof CreateCampaignRequest>;

/** POST /api/outreach/campaigns: the campaign, queued, with who receives it and who was skipped. */
export const CreateCampaignResponse = OutreachCheckResponse.extend({ id: z.string() });
export type CreateCampaignResponse = z.infer<typeof CreateCampaignResponse>;

export const Campaign = z.object({
  id: z.string(),
  subject: z.string(),
  sendAt: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  bounced: z.number().int(),
  unsubscribed: z.number().int(),
  /** Marked as spam by the recipient (the provider's feedback loop); counted in sent too. */
  complained: z.number().int(),
  cancelled: z.number().int(),
  skipped: z.record(z.enum(SKIP_REASONS), z.number().int()),
});
export type Campaign = z.infer<typeof Campaign>;

export const CampaignsResponse = z.object({ campaigns: z.array(Campaign) });
export const CampaignParams = z.object({ id: z.uuid('id must be a campaign id') });

export const LOOKING_STATUSES = ['looking', 'open', 'not_looking'] as const;
export const LOOKING_LABELS: Record<(typeof LOOKING_STATUSES)[number], string> = {
  looking: 'Looking now',
  open: 'Open to offers',
  not_looking: 'Not looking',
};

/** How long an emailed link to the preference centre works, and the page it opens (ADR 066). */
export const PREFERENCES_LINK_TTL_HOURS = 24;
export const PREFERENCES_ACCESS_MINUTES = 60;

/** The preference centre's link asked for by email: what the page and the API say. */
export const PREFERENCES_LINK_MESSAGES = {
  /** The same answer whatever the address (nobody learns who is in the directory). */
  sent: 'If the directory holds this address, a link is on its way.',
  used: 'This link was already used: each link opens your preferences once. Ask for a new one below.',
  expired: `This link has expired: links work for ${PREFERENCES_LINK_TTL_HOURS} hours. Ask for a new one below.`,
  invalid: 'This link is not valid. Ask for a new one below.',
  accessExpired: `This page was open for more than ${PREFERENCES_ACCESS_MINUTES} minutes. Ask for a new link below.`,
} as const;

/** POST /api/outreach/preferences/link: email me a link to my preferences. */
export const PreferencesLinkRequest = z.object({ email: PublicEmail });
export type PreferencesLinkRequest = z.input<typeof PreferencesLinkRequest>;
export const PreferencesLinkResponse = z.object({ message: z.string() });

/** POST /api/outreach/preferences/access: the emailed link's token, used once, for the page's credential. */
export const OpenPreferencesLinkRequest = z.object({
  token: z.string({ error: PREFERENCES_LINK_MESSAGES.invalid }).trim().min(1, PREFERENCES_LINK_MESSAGES.invalid).max(200, PREFERENCES_LINK_MESSAGES.invalid),
});
export const PreferencesAccess = z.object({
  /** The preference centre's credential (the `access` of GET and PUT /api/outreach/preferences) until `expiresAt`. */
  access: z.string(),
  expiresAt: z.string(),
});
export type PreferencesAccess = z.infer<typeof PreferencesAccess>;

/**
 * Who opens the preference centre: the signed link of a message the physician received (m and s,
 * never lapses), or the credential an emailed single-use link gave (access, for an hour).
 */
export const PreferencesQuery = z
  .object({
    m: z.uuid('m must be a message id').optional(),
    s: z.string().min(20, 's must be the link’s signature').max(100).optional(),
    access: z.string().min(20, 'access must be the credential an emailed link gave').max(100).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.access || (value.m && value.s)) return;
    ctx.addIssue({ code: 'custom', path: [value.m ? 's' : 'access'], message: 'open the link from an email: m and s, or access' });
  });
export type PreferencesQuery = z.infer<typeof PreferencesQuery>;

/** PUT /api/outreach/preferences: the physician's own choices (the preference centre). */
export const OutreachPreferencesRequest = z.object({
  status: z.enum(LOOKING_STATUSES, { error: 'status must be looking, open or not_looking' }),
  monthlyMax: z.number({ error: 'monthlyMax must be a number from 0 to 4' }).int('monthlyMax must be a whole number').min(0, 'monthlyMax must be from 0 to 4').max(4, 'monthlyMax must be from 0 to 4'),
  locations: z.array(z.string().trim().min(1).max(80, 'each location at most 80 characters')).max(10, 'at most 10 locations'),
  specialties: z.array(z.string().trim().min(1).max(80, 'each specialty at most 80 characters')).max(10, 'at most 10 specialties'),
});
export type OutreachPreferencesRequest = z.infer<typeof OutreachPreferencesRequest>;

/** GET /api/outreach/preferences: what the physician chose, and who wrote to them through us. */
export const OutreachPreferences = OutreachPreferencesRequest.extend({
  name: z.string(),
  /** Every customer's outreach stopped for this address. */
  unsubscribed: z.boolean(),
  contactedBy: z.array(z.object({ sender: z.string(), at: z.string() })),
});
export type OutreachPreferences = z.infer<typeof OutreachPreferences>;

/** GET /api/admin/outreach/senders: each sender's last 30 days, for the operators (ADR 066). */
export const OutreachSender = z.object({
  sender: z.string(),
  name: z.string(),
  sent: z.number().int(),
  bounced: z.number().int(),
  unsubscribed: z.number().int(),
  /** Marked as spam by the recipient (the provider's feedback loop, POST /api/outreach/complaints). */
  complained: z.number().int(),
  /** Bounced, unsubscribed and complained, each over sent (0 when nothing was sent). */
  bounceRate: z.number(),
  unsubscribeRate: z.number(),
  complaintRate: z.number(),
  suspended: z.boolean(),
});
/**
 * The rates the operators' dashboard marks: over 2 % bounced or unsubscribed, and over 0.3 % spam
 * complaints (Gmail's and Yahoo's bulk-sender rules).
 */
export const SENDER_RATE_WATCH = { bounceRate: 0.02, unsubscribeRate: 0.02, complaintRate: 0.003 } as const;
export const OutreachSendersResponse = z.object({ senders: z.array(OutreachSender) });
export type OutreachSendersResponse = z.infer<typeof OutreachSendersResponse>;
export const SenderParams = z.object({ sender: z.uuid('sender must be a team or user id') });
export const SuspendSenderRequest = z.object({ suspended: z.boolean({ error: 'suspended must be true or false' }) });

/** The one-click link's query (RFC 8058): the message it was sent with, and its signature. */
export const UnsubscribeQuery = z.object({
  m: z.uuid('m must be a message id'),
  s: z.string().min(20, 's must be the link’s signature').max(100),
});
/** The page's choice (the one-click POST carries none: everyone's outreach stops). */
export const UnsubscribeRequest = z.object({ scope: z.enum(['all', 'sender'], { error: 'scope must be all or sender' }).default('all') }).partial();
export const UnsubscribeResponse = z.object({
  email: z.string(),
  sender: z.string(),
  /** What is stopped now: every customer's outreach, or this sender's. */
  scope: z.enum(['all', 'sender']).nullable(),
});
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;

/**
 * POST /api/outreach/complaints with a JSON body: a complaint about one message, named by its
 * outreach message id or the Message-ID header it was sent with ('<id.outreach@domain>').
 */
export const ComplaintRequest = z.object({
  messageId: z.string({ error: 'messageId is required' }).trim().min(1, 'messageId is required').max(300, 'messageId must be at most 300 characters'),
});
export const ComplaintResponse = z.object({
  /** recorded: the message is marked complained and its recipient unsubscribed from its sender; ignored: nothing to record (`detail` says why). */
  outcome: z.enum(['recorded', 'already_recorded', 'ignored']),
  messageId: z.string().nullable(),
  detail: z.string(),
});
export type ComplaintResponse = z.infer<typeof ComplaintResponse>;
