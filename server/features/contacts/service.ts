import {
  CONTACT_CREDITS_PER_DAY,
  CONTACT_REPORT_QUORUM,
  type ContactField,
  type ContactReportsResponse,
  FREE_REVEAL_DAYS,
  type ReportContactResponse,
  type ResolveContactReportResponse,
  type RevealAllowance,
  type RevealContactResponse,
  type RevealedContactDetail,
  type TeamReveal,
} from '../../../contract/contacts';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { nextUtcMidnight, nextUtcMonth, resetSentence, startOfUtcDay, startOfUtcMonth } from '../../lib/daily-ceiling';
import { enqueueWebhookEvent, type WebhooksQueued } from '../integrations';
import { AppError } from '../../lib/errors';
import * as repo from './repo';
import { requestVerification } from '../verification';
import { shownContact, type ShownValue } from './shown-value';

const DAY_MS = 86_400_000;

const RESOLUTIONS = { reverify: 'reverified', confirm: 'confirmed', remove: 'removed' } as const;

/** The day's ceiling of this user: theirs, or in a team the team's (per seat, times its seats). */
const ceilingOf = (state: repo.AllowanceState, dailyLimit: number) => (state.teamId ? dailyLimit * Math.max(1, state.seats) : dailyLimit);

function allowanceOf(state: repo.AllowanceState, dailyLimit: number, now: Date): RevealAllowance {
  const ceiling = ceilingOf(state, dailyLimit);
  const monthlyCap =
    state.cap === null
      ? null
      : { limit: state.cap, remaining: Math.max(0, state.cap - state.monthUsed), resetsAt: nextUtcMonth(now).toISOString() };
  return {
    dailyLimit: ceiling,
    remaining: Math.min(Math.max(0, ceiling - state.used), monthlyCap?.remaining ?? Infinity),
    resetsAt: nextUtcMidnight(now).toISOString(),
    monthlyCap,
    team: state.teamId !== null,
  };
}

/** What is left of today's reveal allowance (for the count shown beside the contact buttons). */
export async function getRevealAllowance(options: {
  db: Db;
  userId: string;
  dailyLimit: number;
  now?: Date;
}): Promise<RevealAllowance> {
  const now = options.now ?? new Date();
  const state = await repo.allowanceState(options.db, options.userId, startOfUtcDay(now), startOfUtcMonth(now));
  return allowanceOf(state, options.dailyLimit, now);
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * The contact as this user sees it: a value they reported (report still open) is 'reported' for
 * them, whatever it is for everyone (ADR 030).
 */
function asSeenBy(contact: repo.ContactRecord, reported: Set<ContactField>): repo.ContactRecord {
  const values: repo.ContactRecord['values'] = {};
  for (const [field, value] of Object.entries(contact.values) as Array<[ContactField, repo.ContactValue]>) {
    values[field] = reported.has(field) ? { ...value, status: 'reported' } : value;
  }
  return { ...contact, values };
}

function detailOf(value: ShownValue<repo.ContactValue>): RevealedContactDetail {
  return { field: value.field, status: value.status, verifiedAt: value.verifiedAt?.toISOString() ?? null, verification: value.verification };
}

/**
 * Reveals one physician's email and phone. The caller has 'contacts:reveal'. In one transaction:
 * a contact_reveals row and an audit row. A reveal of a physician this user, or a teammate
 * (ADR 061), already paid for in the last 30 days is free (recorded with counted = false); any other counts against the daily
 * ceiling, and past it the call is refused with 429 and nothing is written. A physician with no
 * email and no phone on file discloses nothing, so it is neither counted nor recorded.
 */
export async function revealContact(options: {
  db: Db;
  userId: string;
  physicianId: number;
  dailyLimit: number;
  ip: string | null;
  now?: Date;
  /** Wakes the webhook delivery job after a reveal that queued deliveries (ADR 065). */
  webhooksQueued?: WebhooksQueued;
}): Promise<RevealContactResponse> {
  const { userId, physicianId, dailyLimit } = options;
  const now = options.now ?? new Date();
  let queued = 0;
  const result = await options.db.transaction(async (tx) => {
    const found = await repo.lockRevealsAndFindContact(tx, physicianId, userId);
    if (!found) throw new AppError('not_found', 'Physician Not Found');
    const contact = asSeenBy(found.contact, found.reported);

    // Read after the lock: the allowance used today and whether this physician is already paid for.
    const state = await repo.revealState(
      tx,
      userId,
      physicianId,
      startOfUtcDay(now),
      startOfUtcMonth(now),
      new Date(now.getTime() - FREE_REVEAL_DAYS * DAY_MS),
    );
    const ceiling = ceilingOf(state, dailyLimit);
    // A value that failed verification is never shown, and alone costs no reveal (ADR 032).
    const { email, phone, withheld } = shownContact(contact.values);
    const disclosed = email !== null || phone !== null || contact.selfReported.email !== null || contact.selfReported.phone !== null;
    let counted = false;
    if (disclosed) {
      counted = !state.paid;
      if (counted && state.used >= ceiling) {
        throw new AppError(
          'rate_limited',
          state.teamId
            ? `Your team has reached today's limit of ${ceiling.toLocaleString('en-US')} contact reveals (${dailyLimit.toLocaleString('en-US')} per seat). ${resetSentence(now)}`
            : `You have reached today's limit of ${dailyLimit.toLocaleString('en-US')} contact reveals. ${resetSentence(now)}`,
        );
      }
      if (counted && state.cap !== null && state.monthUsed >= state.cap) {
        throw new AppError(
          'rate_limited',
          `You have reached your monthly cap of ${state.cap.toLocaleString('en-US')} contact reveals, set by your team's owner or admins. It starts again on ${monthFormat.format(nextUtcMonth(now))}.`,
        );
      }
      await repo.insertReveal(
        tx,
        { userId, physicianId, counted, at: now },
        {
          action: 'contact.revealed',
          actorUserId: userId,
          targetType: 'physician',
          targetId: physicianId,
          details: { counted },
          ip: options.ip,
        },
      );
      // Never a contact value: which kinds were shown, so the receiver knows to look them up here.
      queued = await enqueueWebhookEvent(tx, {
        actorUserId: userId,
        type: 'contact.revealed',
        data: { revealedBy: userId, counted, revealed: { email: email !== null, phone: phone !== null } },
        physicianIds: [physicianId],
        physicianKey: 'physician',
        at: now,
      });
    }
    return {
      physicianId,
      email: email && email.value,
      phone: phone && phone.value,
      verifiedAt: contact.verifiedAt?.toISOString() ?? null,
      emailDetail: email && detailOf(email),
      phoneDetail: phone && detailOf(phone),
      selfReported: contact.selfReported,
      withheld,
      counted,
      revealedBy:
        disclosed && state.paidBy && state.paidBy.userId !== userId ? { name: state.paidBy.name, at: state.paidBy.at.toISOString() } : null,
      allowance: allowanceOf(counted ? { ...state, used: state.used + 1, monthUsed: state.monthUsed + 1 } : state, dailyLimit, now),
    };
  });
  if (queued > 0) options.webhooksQueued?.();
  return result;
}

/**
 * 'Report wrong contact' (POST /api/contact-reports) by a user holding 'contacts:reveal', on a value
 * they revealed in the last 30 days. In one transaction, serialised with the user's reveals: a
 * report row, an audit row, and, when allowed, one reveal back into today's allowance: the latest
 * counted reveal of that physician not credited before (each reveal at most once), at most
 * CONTACT_CREDITS_PER_DAY a day. Beyond that the report is still recorded, without credit, and the
 * message says why. One report marks the value reported for its reporter only; the value is
 * marked 'reported' for everyone (physicians.verified_at follows) once CONTACT_REPORT_QUORUM
 * different users have an open report of it, or when an operator confirms (ADR 030), so one
 * account cannot mark the directory's contacts wrong.
 */
export async function reportContact(options: {
  db: Db;
  userId: string;
  physicianId: number;
  field: ContactField;
  reason: string | null;
  dailyLimit: number;
  ip: string | null;
  now?: Date;
}): Promise<ReportContactResponse> {
  const { userId, physicianId, field } = options;
  const now = options.now ?? new Date();
  return options.db.transaction(async (tx) => {
    const contact = await repo.findContact(tx, physicianId);
    if (!contact) throw new AppError('not_found', 'Physician Not Found');
    await repo.lockUserReveals(tx, userId);
    const since = new Date(now.getTime() - FREE_REVEAL_DAYS * DAY_MS);
    const value = contact.values[field];
    if (!value || !(await repo.hasRevealSince(tx, userId, physicianId, since))) {
      throw new AppError('not_found', 'No revealed contact to report: reveal the contact first.');
    }
    if (await repo.hasOpenReport(tx, userId, physicianId, field)) {
      throw new AppError('conflict', 'You have already reported this contact. Our team is checking it.');
    }
    await repo.lockContactValue(tx, physicianId, field);
    const today = startOfUtcDay(now);
    const creditsToday = await repo.countCreditsSince(tx, userId, today);
    const reveal = await repo.findCreditableReveal(tx, userId, physicianId, since);
    const creditedRevealId = reveal !== null && creditsToday < CONTACT_CREDITS_PER_DAY ? reveal : null;
    const reportId = await repo.insertReport(tx, {
      userId,
      physicianId,
      field,
      reportedValue: value.value,
      reason: options.reason,
      creditedRevealId,
      at: now,
    });
    const reporters = await repo.countOpenReporters(tx, physicianId, field, value.value);
    const forEveryone = reporters >= CONTACT_REPORT_QUORUM && value.status !== 'reported';
    if (forEveryone) {
      await repo.setContactStatus(tx, physicianId, field, 'reported');
      await repo.refreshPhysicianVerifiedAt(tx, physicianId);
    }
    // The value goes first in the re-verification queue (ADR 032).
    await requestVerification(tx, physicianId, [field], now);
    const credited = creditedRevealId !== null;
    await recordAudit(tx, {
      action: 'contact.reported',
      actorUserId: userId,
      targetType: 'physician',
      targetId: physicianId,
      details: { field, reportId, credited, reporters, markedForEveryone: forEveryone },
      ip: options.ip,
    });
    const state = await repo.allowanceState(tx, userId, today, startOfUtcMonth(now));
    const thanks = 'Thank you. The contact is marked as reported for you, and our team will check it.';
    const message = credited
      ? `${thanks} The reveal is back in today's allowance.`
      : reveal === null
        ? `${thanks} This reveal was already credited back.`
        : `${thanks} You have already had ${CONTACT_CREDITS_PER_DAY} reveals credited back today, so this one is not.`;
    return {
      reportId,
      credited,
      message,
      detail: { field, status: 'reported', verifiedAt: value.verifiedAt?.toISOString() ?? null, verification: value.verification },
      allowance: allowanceOf(state, options.dailyLimit, now),
    };
  });
}

/** The operators' queue of open reports (admin dashboard). */
export async function listContactReports(options: { db: Db; limit?: number }): Promise<ContactReportsResponse> {
  return { reports: await repo.listOpenReports(options.db, options.limit ?? 200) };
}

/**
 * An operator closes a report, and with it every open report of the same value: 'reverify' (the
 * value is right: verified now), 'confirm' (the report is right: the value stays, marked
 * reported for everyone) or 'remove' (wrong: cleared). Audited; physicians.verified_at follows.
 * 404 for an unknown report, 409 for one already closed.
 */
export async function resolveContactReport(options: {
  db: Db;
  adminId: string;
  reportId: string;
  action: 'reverify' | 'confirm' | 'remove';
  ip: string | null;
  now?: Date;
}): Promise<ResolveContactReportResponse & { physicianId: number }> {
  const now = options.now ?? new Date();
  return options.db.transaction(async (tx) => {
    const report = await repo.findReport(tx, options.reportId);
    if (!report) throw new AppError('not_found', 'Report not found.');
    if (report.resolvedAt) throw new AppError('conflict', 'This report was already handled.');
    const { physicianId, field } = report;
    if (options.action === 'reverify') await repo.setContactStatus(tx, physicianId, field, 'verified', now);
    else if (options.action === 'confirm') await repo.setContactStatus(tx, physicianId, field, 'reported');
    else await repo.clearContact(tx, physicianId, field);
    await repo.refreshPhysicianVerifiedAt(tx, physicianId);
    const resolved = await repo.resolveReports(tx, {
      physicianId,
      field,
      resolution: RESOLUTIONS[options.action],
      by: options.adminId,
      at: now,
    });
    await recordAudit(tx, {
      action: 'contact.report_resolved',
      actorUserId: options.adminId,
      targetType: 'physician',
      targetId: physicianId,
      details: { field, reportId: options.reportId, action: options.action, resolved },
      ip: options.ip,
    });
    return { resolved, physicianId };
  });
}

/** The physicians of a result page a teammate revealed in the last 30 days (free for the caller). */
/** 'Not yet revealed by my team': the ids to leave out, the team's reveals of the last 30 days. */
export function teamRevealedIds(options: { db: Db; userId: string; now?: Date }): Promise<Int32Array> {
  const now = options.now ?? new Date();
  return repo.teamRevealedIds(options.db, options.userId, new Date(now.getTime() - FREE_REVEAL_DAYS * DAY_MS));
}

export async function teamReveals(options: { db: Db; userId: string; physicianIds: readonly number[]; now?: Date }): Promise<TeamReveal[]> {
  const now = options.now ?? new Date();
  const found = await repo.teamRevealsOf(options.db, options.userId, options.physicianIds, new Date(now.getTime() - FREE_REVEAL_DAYS * DAY_MS));
  return found.map((r) => ({ physicianId: r.physicianId, name: r.name, at: r.at.toISOString() }));
}
