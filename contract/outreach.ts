import { z } from 'zod';
import { PhysicianIds } from './lists';

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

/** PUT /api/outreach/preferences?m&s: the physician's own choices (the preference centre). */
export const OutreachPreferencesRequest = z.object({
  status: z.enum(LOOKING_STATUSES, { error: 'status must be looking, open or not_looking' }),
  monthlyMax: z.number({ error: 'monthlyMax must be a number from 0 to 4' }).int('monthlyMax must be a whole number').min(0, 'monthlyMax must be from 0 to 4').max(4, 'monthlyMax must be from 0 to 4'),
  locations: z.array(z.string().trim().min(1).max(80, 'each location at most 80 characters')).max(10, 'at most 10 locations'),
  specialties: z.array(z.string().trim().min(1).max(80, 'each specialty at most 80 characters')).max(10, 'at most 10 specialties'),
});
export type OutreachPreferencesRequest = z.infer<typeof OutreachPreferencesRequest>;

/** GET /api/outreach/preferences?m&s: what the physician chose, and who wrote to them through us. */
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
  /** Bounced and unsubscribed, each over sent (0 when nothing was sent). */
  bounceRate: z.number(),
  unsubscribeRate: z.number(),
  suspended: z.boolean(),
});
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
