import {
  OUTREACH_RECIPIENTS_MAX,
  SKIP_REASONS,
  type Campaign,
  type CreateCampaignRequest,
  type OutreachCheckResponse,
  type OutreachPreferences,
  type OutreachPreferencesRequest,
  type OutreachSendersResponse,
  type PreferencesQuery,
  mergeValues,
  type OutreachCheckRequest,
  type SkipReason,
  type UnsubscribeResponse,
} from '../../../contract/outreach';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { CurrentUser } from '../../lib/current-user';
import type { Env } from '../../lib/env';
import { AppError } from '../../lib/errors';
import { linkSigner, verifyLink } from '../../lib/link-signing';
import { BRAND } from '../../lib/mail-layout';
import { enqueueEmails } from '../../lib/mail-queue';
import { findListWithMemberIds } from '../lists';
import { physicianOfAccess } from './preference-links';
import { renderOutreach } from './render';
import * as repo from './repo';

/* Outreach: who may be written to, queueing a campaign within the contact limit, unsubscribing (ADR 066). */

export type OutreachDeps = {
  db: Db;
  env: Pick<Env, 'APP_URL' | 'NODE_ENV' | 'OUTREACH_MONTHLY_LIMIT' | 'OUTREACH_DAILY_PER_RECRUITER' | 'COMPANY_POSTAL_ADDRESS'>;
};

/** The purpose of a message's signed link (m and s): unsubscribe, the preference centre, a complaint's report. */
export const UNSUBSCRIBE_PURPOSE = 'outreach-unsubscribe';
const DAY_MS = 86_400_000;

/** 'Dec 12, 2026' (UTC), the way the page writes dates. */
const formatDateUs = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Whose outreach a message is ('sender' of an unsubscribe from one sender): the team, or the recruiter. */
const senderOf = (user: Pick<CurrentUser, 'id' | 'teamId'>) => user.teamId ?? user.id;

async function recipientIds(db: Db, user: CurrentUser, request: OutreachCheckRequest): Promise<number[]> {
  let ids: number[];
  if (request.source === 'list') {
    const list = await findListWithMemberIds(db, { userId: user.id, teamId: user.teamId }, request.listId!);
    if (!list) throw new AppError('not_found', 'List not found');
    ids = list.memberIds;
  } else {
    ids = [...new Set(request.physicianIds)];
  }
  if (!ids.length) throw new AppError('validation_failed', 'Nobody to write to.', { fields: { [request.source === 'list' ? 'listId' : 'physicianIds']: 'no physicians' } });
  if (ids.length > OUTREACH_RECIPIENTS_MAX) {
    throw new AppError('validation_failed', `At most ${OUTREACH_RECIPIENTS_MAX.toLocaleString('en-US')} recipients at a time.`, {
      fields: { physicianIds: `at most ${OUTREACH_RECIPIENTS_MAX} recipients` },
    });
  }
  return ids;
}

type Decision = { recipient: repo.Recipient; reason: SkipReason | null; until: Date | null };

/**
 * Who gets the message and who not, and why, in this order: no valid email, unsubscribed, not
 * looking (or 0 emails a month), at the contact limit (the product's, or fewer if they chose fewer),
 * over the recruiter's daily ceiling.
 */
async function decide(db: Db, deps: OutreachDeps, user: CurrentUser, ids: readonly number[]): Promise<Decision[]> {
  const recipients = await repo.readRecipients(db, ids);
  const unsubscribed = await repo.unsubscribedOf(db, recipients.flatMap((r) => (r.email ? [r.email.toLowerCase()] : [])), senderOf(user));
  let dailyLeft = deps.env.OUTREACH_DAILY_PER_RECRUITER - (await repo.queuedToday(db, user.id));
  return recipients.map((recipient) => {
    const allowed = Math.min(deps.env.OUTREACH_MONTHLY_LIMIT, recipient.preference?.monthlyMax ?? 4);
    const skip = (reason: SkipReason, until: Date | null = null): Decision => ({ recipient, reason, until });
    if (!recipient.email) return skip('no_valid_email');
    if (unsubscribed.has(recipient.email.toLowerCase())) return skip('unsubscribed');
    if (recipient.preference?.status === 'not_looking' || allowed === 0) return skip('not_looking');
    if (recipient.recent >= allowed) return skip('contact_limit', recipient.oldestRecentAt ? new Date(recipient.oldestRecentAt.getTime() + 30 * DAY_MS) : null);
    if (dailyLeft <= 0) return skip('daily_ceiling');
    dailyLeft--;
    return { recipient, reason: null, until: null };
  });
}

function summarise(decisions: readonly Decision[]): OutreachCheckResponse {
  const skipped = Object.fromEntries(SKIP_REASONS.map((reason) => [reason, decisions.filter((d) => d.reason === reason).length])) as Record<SkipReason, number>;
  const untils = decisions.flatMap((d) => (d.until ? [d.until.getTime()] : []));
  const limitUntil = untils.length ? new Date(Math.min(...untils)) : null;
  const sendable = decisions.filter((d) => d.reason === null).length;
  const parts = [`${sendable} of ${decisions.length} will receive it.`];
  if (skipped.contact_limit) {
    parts.push(`${skipped.contact_limit} of ${decisions.length} have reached their contact limit until ${formatDateUs(limitUntil!)}.`);
  }
  return { recipients: decisions.length, sendable, skipped, limitUntil: limitUntil?.toISOString() ?? null, summary: parts.join(' ') };
}

/** POST /api/outreach/campaigns/check: what a send would do now, before the recruiter sends. */
export async function checkRecipients(deps: OutreachDeps, { user, request }: { user: CurrentUser; request: OutreachCheckRequest }): Promise<OutreachCheckResponse> {
  return summarise(await decide(deps.db, deps, user, await recipientIds(deps.db, user, request)));
}

function postalAddressOrRefuse(deps: OutreachDeps): string {
  if (deps.env.COMPANY_POSTAL_ADDRESS) return deps.env.COMPANY_POSTAL_ADDRESS;
  if (deps.env.NODE_ENV === 'production') {
    throw new AppError('conflict', 'Outreach is not set up on this server: the operator must set COMPANY_POSTAL_ADDRESS (every message carries it).');
  }
  return 'PhysicianDirect (development), 1 Example Street, Springfield, IL 62701, USA';
}

/**
 * Queues a campaign: in one transaction the recipients' limit rows are locked (in physician order)
 * and only then counted, so two recruiters of two customers in two processes cannot both take a
 * physician's last place; each message goes to the mail queue not before `sendAt`, with its own
 * unsubscribe link and the one-click headers.
 */
export async function createCampaign(
  deps: OutreachDeps,
  { user, request, ip }: { user: CurrentUser; request: CreateCampaignRequest; ip: string | null },
): Promise<OutreachCheckResponse & { id: string }> {
  const postalAddress = postalAddressOrRefuse(deps);
  if (await repo.isSuspended(deps.db, senderOf(user))) {
    throw new AppError('forbidden', 'Sending email to physicians is suspended for your account. Contact PhysicianDirect support.');
  }
  const ids = await recipientIds(deps.db, user, request);
  const sendAt = request.sendAt ? new Date(request.sendAt) : new Date();
  if (sendAt.getTime() > Date.now() + 30 * DAY_MS) {
    throw new AppError('validation_failed', 'Send within the next 30 days.', { fields: { sendAt: 'must be within the next 30 days' } });
  }
  const sign = await linkSigner(deps.db, UNSUBSCRIBE_PURPOSE);
  const teamName = user.teamId ? await teamNameOf(deps.db, user.teamId) : null;
  return deps.db.transaction(async (tx) => {
    await repo.lockPhysicians(tx, ids);
    const decisions = await decide(tx, deps, user, ids);
    const campaignId = await repo.insertCampaign(tx, {
      userId: user.id,
      teamId: user.teamId,
      subject: request.subject,
      body: request.body,
      payRange: request.payRange || null,
      source: request.source,
      listId: request.source === 'list' ? request.listId! : null,
      sendAt,
    });
    const queued = await repo.insertMessages(
      tx,
      campaignId,
      senderOf(user),
      decisions.map((d) => ({ physicianId: d.recipient.physicianId, email: d.recipient.email, skipReason: d.reason })),
    );
    const senderName = user.name?.trim() || user.email;
    await enqueueEmails(
      tx,
      decisions.flatMap((d) => {
        const messageId = queued.get(d.recipient.physicianId);
        if (!messageId || !d.recipient.email) return [];
        const query = `m=${messageId}&s=${sign(messageId)}`;
        const unsubscribeUrl = new URL(`/api/outreach/unsubscribe?${query}`, deps.env.APP_URL).toString();
        const unsubscribePageUrl = new URL(`/outreach/unsubscribe?${query}`, deps.env.APP_URL).toString();
        const preferencesUrl = new URL(`/my-preferences?${query}`, deps.env.APP_URL).toString();
        const mail = renderOutreach({
          subject: request.subject,
          body: request.body,
          values: mergeValues(d.recipient, request.payRange || null),
          senderName,
          teamName,
          unsubscribeUrl,
          unsubscribePageUrl,
          preferencesUrl,
          postalAddress,
          brand: BRAND,
        });
        return [{ to: d.recipient.email, ...mail, replyTo: user.email, fromName: `${senderName} via ${BRAND}`, outreachMessageId: messageId, sendAt }];
      }),
    );
    const summary = summarise(decisions);
    await recordAudit(tx, {
      action: 'outreach.campaign_queued',
      actorUserId: user.id,
      targetType: 'outreach_campaign',
      targetId: campaignId,
      details: { recipients: summary.recipients, queued: summary.sendable, skipped: summary.skipped, sendAt: sendAt.toISOString() },
      ip,
    });
    return { id: campaignId, ...summary };
  });
}

async function teamNameOf(db: Db, teamId: string): Promise<string | null> {
  const { rows } = await db.sql.query<{ name: string }>(`SELECT name FROM teams WHERE id = $1`, [teamId]);
  return rows[0]?.name ?? null;
}

function toCampaign(row: repo.CampaignRow): Campaign {
  const counts = row.counts ?? {};
  const skips = row.skips ?? {};
  const n = (key: string) => counts[key] ?? 0;
  return {
    id: row.id,
    subject: row.subject,
    sendAt: new Date(row.send_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by,
    recipients: Object.values(counts).reduce((a, b) => a + b, 0),
    queued: n('queued'),
    sent: n('sent') + n('unsubscribed') + n('complained'),
    bounced: n('bounced'),
    unsubscribed: n('unsubscribed'),
    complained: n('complained'),
    cancelled: n('cancelled'),
    skipped: Object.fromEntries(SKIP_REASONS.map((reason) => [reason, skips[reason] ?? 0])) as Record<SkipReason, number>,
  };
}

export async function listCampaigns(deps: OutreachDeps, { user }: { user: CurrentUser }): Promise<{ campaigns: Campaign[] }> {
  return { campaigns: (await repo.findCampaigns(deps.db, { userId: user.id, teamId: user.teamId })).map(toCampaign) };
}

export async function getCampaign(deps: OutreachDeps, { user, id }: { user: CurrentUser; id: string }): Promise<Campaign> {
  const [row] = await repo.findCampaigns(deps.db, { userId: user.id, teamId: user.teamId }, id);
  if (!row) throw new AppError('not_found', 'Campaign not found');
  return toCampaign(row);
}

/** The address a link names, shown in part (a forwarded link shows a stranger little). */
const masked = (email: string) => email.replace(/^(.)[^@]*(@.*)$/, '$1…$2');

export async function messageOfLink(db: Db, m: string, s: string): Promise<repo.MessageRow> {
  const message = (await verifyLink(db, UNSUBSCRIBE_PURPOSE, m, s)) ? await repo.findMessage(db, m) : undefined;
  if (!message?.email) throw new AppError('not_found', 'This unsubscribe link is not valid.');
  return message;
}

/** GET: what the link would stop (the page shows it before the choice). */
export async function readUnsubscribe(deps: OutreachDeps, { m, s }: { m: string; s: string }): Promise<UnsubscribeResponse> {
  const message = await messageOfLink(deps.db, m, s);
  const { rows } = await deps.db.sql.query<{ sender: string }>(`SELECT sender FROM outreach_unsubscribes WHERE email = lower($1) AND sender IN ('', $2)`, [
    message.email,
    message.sender,
  ]);
  const scope = rows.some((r) => r.sender === '') ? 'all' : rows.length ? 'sender' : null;
  return { email: masked(message.email!), sender: message.sender_name ?? 'a recruiter', scope };
}

/**
 * POST: the one-click unsubscribe (RFC 8058: no cookie, no CSRF header; the signed link names the
 * recipient and the sender) or the page's choice. Honoured at once; the link never lapses.
 */
export async function unsubscribe(deps: OutreachDeps, { m, s, scope }: { m: string; s: string; scope: 'all' | 'sender' }): Promise<UnsubscribeResponse> {
  const message = await messageOfLink(deps.db, m, s);
  await deps.db.transaction(async (tx) => {
    const withdrawn = await repo.unsubscribe(tx, { email: message.email!, sender: scope === 'all' ? '' : message.sender, messageId: message.id });
    await recordAudit(tx, {
      action: 'outreach.unsubscribed',
      targetType: 'outreach_message',
      targetId: message.id,
      details: { scope, withdrawn },
    });
  });
  return { email: masked(message.email!), sender: message.sender_name ?? 'a recruiter', scope };
}

/** Whose preferences a credential opens: a message's signed link, or the page credential of an emailed link. */
async function physicianOfCredential(db: Db, credential: PreferencesQuery): Promise<{ physicianId: number; email: string }> {
  if (credential.m && credential.s) {
    const message = await messageOfLink(db, credential.m, credential.s);
    return { physicianId: message.physician_id, email: message.email! };
  }
  return physicianOfAccess(db, credential.access ?? '');
}

/**
 * The preference centre (GET/PUT /api/outreach/preferences): the link of any message a physician
 * received, or the single-use link they asked for by email, opens their own choices, and only
 * theirs ('who contacted me' is nobody else's to read).
 */
export async function getPreferences(deps: OutreachDeps, credential: PreferencesQuery): Promise<OutreachPreferences> {
  const { physicianId, email } = await physicianOfCredential(deps.db, credential);
  const [saved, contacts, name, unsubscribedAll] = [
    await repo.findPreferences(deps.db, physicianId),
    await repo.contactedBy(deps.db, physicianId),
    await repo.physicianName(deps.db, physicianId),
    (await repo.unsubscribedOf(deps.db, [email.toLowerCase()], '')).size > 0,
  ];
  return {
    name: name ?? 'Physician',
    status: (saved?.status as OutreachPreferences['status']) ?? 'open',
    monthlyMax: saved?.monthly_max ?? deps.env.OUTREACH_MONTHLY_LIMIT,
    locations: saved?.locations ?? [],
    specialties: saved?.specialties ?? [],
    unsubscribed: unsubscribedAll,
    contactedBy: contacts.map((c) => ({ sender: c.sender, at: new Date(c.at).toISOString() })),
  };
}

export async function savePreferences(
  deps: OutreachDeps,
  { credential, preferences }: { credential: PreferencesQuery; preferences: OutreachPreferencesRequest },
): Promise<OutreachPreferences> {
  const { physicianId } = await physicianOfCredential(deps.db, credential);
  await repo.savePreferences(deps.db, physicianId, preferences);
  return getPreferences(deps, credential);
}

const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 10_000 : 0);

/** The operators' view: each sender's last 30 days, with the rates the mailbox providers watch (complaints: 0.3 %). */
export async function listSenders(deps: OutreachDeps): Promise<OutreachSendersResponse> {
  return {
    senders: (await repo.senderStats(deps.db)).map((row) => ({
      sender: row.sender,
      name: row.name ?? 'A deleted account',
      sent: row.sent,
      bounced: row.bounced,
      unsubscribed: row.unsubscribed,
      complained: row.complained,
      bounceRate: rate(row.bounced, row.sent),
      unsubscribeRate: rate(row.unsubscribed, row.sent),
      complaintRate: rate(row.complained, row.sent),
      suspended: row.suspended,
    })),
  };
}

/** Suspend a sender (their campaigns are refused) or restore them; audited. */
export async function setSenderSuspended(
  deps: OutreachDeps,
  { admin, sender, suspended, ip }: { admin: CurrentUser; sender: string; suspended: boolean; ip: string | null },
): Promise<void> {
  if (!(await repo.senderExists(deps.db, sender))) throw new AppError('not_found', 'No such sender.');
  await deps.db.transaction(async (tx) => {
    if (!(await repo.setSuspended(tx, sender, suspended, admin.id))) return;
    await recordAudit(tx, {
      action: suspended ? 'outreach.sender_suspended' : 'outreach.sender_restored',
      actorUserId: admin.id,
      targetType: 'outreach_sender',
      targetId: sender,
      ip,
    });
  });
}
