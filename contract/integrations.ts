import { z } from 'zod';
import { PhysicianIds } from './lists';

/*
 * The ATS integration (docs/decisions/064-ats-integrations.md): a team (or a recruiter in no team)
 * connects its Bullhorn, pushes physicians to it as candidates, and sees which directory physicians
 * it already holds ('In your ATS').
 */

/** GET /api/integrations/bullhorn */
export const BullhornConnection = z.object({
  /** The server holds a Bullhorn app (BULLHORN_CLIENT_ID); false: the card says so and offers nothing. */
  configured: z.boolean(),
  status: z.enum(['none', 'pending', 'connected', 'broken']),
  /** The Bullhorn user who connected it. */
  username: z.string().nullable(),
  connectedAt: z.string().nullable(),
  connectedBy: z.string().nullable(),
  /** Why the connection broke (Bullhorn refused the tokens): connect again. */
  lastError: z.string().nullable(),
  /** Directory physicians the connected Bullhorn holds. */
  inAts: z.number().int(),
  /** When 'In your ATS' was last checked against Bullhorn as a whole. */
  refreshedAt: z.string().nullable(),
  /** The caller may connect and disconnect (a team's owners and admins, or a recruiter in no team). */
  canManage: z.boolean(),
});
export type BullhornConnection = z.infer<typeof BullhornConnection>;

export const BULLHORN_USERNAME_MAX = 100;

/** POST /api/integrations/bullhorn/connection */
export const ConnectBullhornRequest = z.object({
  username: z
    .string({ error: 'username is required' })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, 'Enter your Bullhorn user name.')
        .max(BULLHORN_USERNAME_MAX, `username must be at most ${BULLHORN_USERNAME_MAX} characters`),
    ),
});
export type ConnectBullhornRequest = z.infer<typeof ConnectBullhornRequest>;

/** Where the browser goes next: Bullhorn's own sign-in page, which comes back to the callback. */
export const ConnectBullhornResponse = z.object({ authorizeUrl: z.string() });
export type ConnectBullhornResponse = z.infer<typeof ConnectBullhornResponse>;

export const BullhornCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/** Physicians a push may hold at once (a list of this size takes Bullhorn's 1,500 calls a minute about 7 minutes). */
export const PUSH_MAX = 10_000;

/** POST /api/integrations/bullhorn/pushes: a selection, a list, or one profile. */
export const CreatePushRequest = z
  .object({
    source: z.enum(['selection', 'list', 'profile'], { error: 'source must be selection, list or profile' }),
    physicianIds: PhysicianIds.optional(),
    listId: z.uuid('listId must be a list id').optional(),
    /** Candidates Bullhorn already holds get our values where the recruiter chose so; otherwise they are left alone. */
    updateExisting: z.boolean({ error: 'updateExisting must be true or false' }).default(false),
  })
  .superRefine((value, ctx) => {
    if (value.source === 'list' && !value.listId) ctx.addIssue({ code: 'custom', path: ['listId'], message: 'listId is required to push a list' });
    if (value.source !== 'list' && !value.physicianIds?.length) {
      ctx.addIssue({ code: 'custom', path: ['physicianIds'], message: 'physicianIds: choose at least one physician' });
    }
    if (value.source === 'profile' && (value.physicianIds?.length ?? 0) > 1) {
      ctx.addIssue({ code: 'custom', path: ['physicianIds'], message: 'physicianIds: a profile push holds one physician' });
    }
  });
export type CreatePushRequest = z.infer<typeof CreatePushRequest>;

export const PUSH_OUTCOMES = ['created', 'updated', 'existing', 'skipped', 'failed'] as const;
export type PushOutcome = (typeof PUSH_OUTCOMES)[number];
export const PUSH_OUTCOME_LABELS: Record<PushOutcome, string> = {
  created: 'Created',
  updated: 'Updated',
  existing: 'Already there',
  skipped: 'Skipped',
  failed: 'Failed',
};

export const PushItem = z.object({
  physicianId: z.number().int(),
  name: z.string(),
  npi: z.string().nullable(),
  outcome: z.enum(PUSH_OUTCOMES).nullable(),
  candidateId: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type PushItem = z.infer<typeof PushItem>;

export const Push = z.object({
  id: z.string(),
  source: z.enum(['selection', 'list', 'profile']),
  listId: z.string().nullable(),
  updateExisting: z.boolean(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.number().int(),
  /** Physicians with an outcome so far, by outcome. */
  counts: z.object({ created: z.number().int(), updated: z.number().int(), existing: z.number().int(), skipped: z.number().int(), failed: z.number().int() }),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type Push = z.infer<typeof Push>;

/** GET /api/integrations/bullhorn/pushes/{id}: the push and its physicians (the first PUSH_ITEMS_SHOWN, failures first). */
export const PUSH_ITEMS_SHOWN = 500;
export const PushDetail = Push.extend({ items: z.array(PushItem) });
export type PushDetail = z.infer<typeof PushDetail>;

export const PushesResponse = z.object({ pushes: z.array(Push) });
export type PushesResponse = z.infer<typeof PushesResponse>;

export const PushParams = z.object({ id: z.uuid('id must be a push id') });

/**
 * What a physician becomes in Bullhorn (shown before a push): Candidate field, what fills it. The
 * email and mobile go only for physicians the team (or the recruiter) revealed: a push never hands
 * out a contact nobody paid for.
 */
export const BULLHORN_FIELD_MAPPING: ReadonlyArray<{ field: string; from: string }> = [
  { field: 'firstName, lastName, name', from: 'First and last name' },
  { field: 'externalID', from: 'NPI (how the next push finds the candidate)' },
  { field: 'occupation', from: 'Specialty' },
  { field: 'address (city, state, zip, country)', from: 'Practice location' },
  { field: 'phone', from: 'Office phone (public NPPES data)' },
  { field: 'email, mobile', from: 'Email and mobile, only for physicians your team revealed' },
  { field: 'status', from: '"New Lead" (created candidates only)' },
  { field: 'source', from: '"PhysicianDirect"' },
];
