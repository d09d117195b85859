import {
  AUDIT_PAGE_SIZE,
  SUBMISSIONS_PAGE_SIZE,
  USERS_PAGE_SIZE,
  type AdminOverview,
  type ListAuditEventsRequest,
  type ListAuditEventsResponse,
  type ListSubmissionsRequest,
  type ListSubmissionsResponse,
  type ListUsersRequest,
  type ListUsersResponse,
  SPECIALTY_CHOICE_REQUIRED,
  type ApproveSubmissionRequest,
  type ProcessSubmissionResponse,
  type RevokeSessionsResponse,
  type SetUserRoleResponse,
  type Submission,
  type SubmissionMatch,
  type UserDetail,
  type UserStats,
} from '../../../contract/admin';
import type { Role } from '../../../contract/account';
import { SPECIALTIES } from '../../../contract/directory-options';
import { dedupeSkills } from '../../../contract/skills';
import { nearestField } from '../../../contract/specialty-suggestion';
import { AUDIT_ACTIONS, recordAudit } from '../../lib/audit';
import type { Db } from '../../db/client';
import type { Env } from '../../lib/env';
import { AppError, fieldError } from '../../lib/errors';
import { enqueueEmail } from '../../lib/mail-queue';
import { isSuppressed } from '../removal';
import { profileLiveEmail } from './emails';
import { parseLocation } from './location';
import { monthlyCentsOf, planNameOf } from './plans';
import * as repo from './repo';
import { planContact, type StoredContacts } from './self-reported-contacts';
import { sessionPolicy } from '../auth';
import type { DirectoryService } from '../directory';

/**
 * What the admin calls use of the app (ADR 060): an approval tells the search index which
 * physician changed.
 */
export type AdminDeps = { db: Db; env: Env; directory: Pick<DirectoryService, 'directoryChanged'> };

type Actor = { userId: string; ip: string | null };

const pageCountOf = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

const alreadyProcessed = (status: string) =>
  new AppError('conflict', `This submission was already ${status}. Reload the list to see its current state.`);
const submissionNotFound = () => new AppError('not_found', 'Submission not found.');

/** The record an approval updates: on NPI when the submission has one, else on email (docs/rules.md#resumes). */
async function matchedPhysicianId(db: Db, row: Pick<repo.SubmissionRow, 'npi' | 'email'>): Promise<number | null> {
  const npi = row.npi?.trim() || null;
  return (npi ? await repo.findPhysicianIdByNpi(db, npi) : null) ?? (await repo.findPhysicianIdByEmail(db, row.email));
}

const comparisonsOf = (contacts: StoredContacts | null, row: Pick<repo.SubmissionRow, 'email' | 'phone'>) => ({
  email: planContact('email', contacts, row.email.trim()),
  phone: planContact('phone', contacts, row.phone.trim()),
});

/** A submission as operators see it: a pending one with what approving it would do to an existing physician. */
async function submissionOf(db: Db, row: repo.SubmissionRow): Promise<Submission> {
  if (row.status === 'unconfirmed') throw submissionNotFound();
  const submission = repo.toSubmission({ ...row, status: row.status });
  if (row.status !== 'pending') return submission;
  const physicianId = await matchedPhysicianId(db, row);
  if (physicianId === null) return submission;
  const { email, phone } = comparisonsOf(await repo.readContacts(db, physicianId), row);
  const strip = ({ submitted, onFile, outcome }: SubmissionMatch['email']) => ({ submitted, onFile, outcome });
  return {
    ...submission,
    match: { physicianId, physicianName: await repo.readPhysicianName(db, physicianId), email: strip(email), phone: strip(phone) },
  };
}

/**
 * Approving a resume: the directory record it creates or updates (docs/rules.md#resumes). The
 * physician's fields follow the resume; its contacts never do: the submitted email and phone are
 * added as self-reported values beside those on file (ADR 030), and no verification date moves.
 */
async function approveSubmission(
  deps: AdminDeps,
  id: string,
  actor: Actor,
  choice: ApproveSubmissionRequest = {},
): Promise<ProcessSubmissionResponse> {
  const { physicianId, created, addedContacts } = await deps.db.transaction(async (tx) => {
    const row = await repo.lockSubmission(tx, id);
    if (!row || row.status === 'unconfirmed') throw submissionNotFound();
    if (row.status !== 'pending') throw alreadyProcessed(row.status);
    // The 18 stay 18 (ADR 035): an 'Other' resume is listed under the specialty the operator
    // picks. Its sub-specialty is NUCC's name of the field its words name when the operator kept
    // the suggested specialty ('ENT': Otolaryngology under General Surgery, ADR 052), else the
    // words as typed.
    const sold = (SPECIALTIES as readonly string[]).includes(row.specialty.trim());
    const typed = row.other_specialty?.trim() || row.specialty.trim();
    const suggested = sold ? null : nearestField(typed);
    if (!sold && !choice.specialty) throw fieldError('specialty', SPECIALTY_CHOICE_REQUIRED);

    const npi = row.npi?.trim() || null;
    if (await isSuppressed(tx, { email: row.email, npi })) {
      throw new AppError(
        'conflict',
        'This email address (or NPI) asked to have its information removed, so it cannot be added to the directory. Reject the submission instead.',
      );
    }

    const { city, state } = parseLocation(row.location);
    const fields: repo.PhysicianFields = {
      npi,
      firstName: row.first_name.trim(),
      middleName: row.middle_name?.trim() || null,
      lastName: row.last_name.trim(),
      title: row.title.trim(),
      organization: row.organization.trim(),
      specialty: choice.specialty ?? row.specialty.trim(),
      subSpecialty: sold
        ? null
        : suggested?.subSpecialty && suggested.specialty === choice.specialty
          ? suggested.subSpecialty
          : typed,
      city,
      state,
      linkedinUrl: row.linkedin_url?.trim() || null,
      // Submissions stored before skills were compared without regard to case may hold both spellings.
      skills: dedupeSkills(row.skills ?? []),
      education: repo.educationOf(row),
    };
    const existing = await matchedPhysicianId(tx, row);
    let physicianId: number;
    if (existing) {
      physicianId = existing;
      await repo.updatePhysician(tx, physicianId, fields);
    } else {
      physicianId = await repo.insertPhysician(tx, fields);
    }
    const { email, phone } = comparisonsOf(await repo.readContacts(tx, physicianId, true), row);
    await repo.writeSelfReportedContacts(tx, physicianId, [email, phone]);
    await repo.markSubmission(tx, { id, status: 'approved', processedBy: actor.userId, physicianId });
    await recordAudit(tx, {
      action: 'submission.approved',
      actorUserId: actor.userId,
      targetType: 'submission',
      targetId: id,
      details: {
        physicianId,
        matched: existing ? 'updated' : 'created',
        email: email.outcome,
        phone: phone.outcome,
        ...(choice.specialty ? { specialty: choice.specialty } : {}),
      },
      ip: actor.ip,
    });
    const profileUrl = `${deps.env.APP_URL.replace(/\/$/, '')}/physician/${physicianId}`;
    await enqueueEmail(tx, { to: row.email.trim(), ...profileLiveEmail({ firstName: fields.firstName, profileUrl }) });
    return { physicianId, created: !existing, addedContacts: email.outcome !== 'on_file' || phone.outcome !== 'on_file' };
  });
  // After commit: searches see the physician as soon as this resolves.
  await deps.directory.directoryChanged({ ids: [physicianId] });
  const row = await repo.readSubmission(deps.db, id);
  if (!row) throw submissionNotFound();
  return {
    submission: await submissionOf(deps.db, row),
    message: created
      ? 'The profile was added to the directory and the physician was emailed.'
      : addedContacts
        ? 'The existing directory profile was updated and the physician was emailed. The submitted contacts were added as self-reported; the ones on file were kept.'
        : 'The existing directory profile was updated and the physician was emailed.',
  };
}

async function rejectSubmission(deps: AdminDeps, id: string, actor: Actor): Promise<ProcessSubmissionResponse> {
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockSubmission(tx, id);
    if (!row || row.status === 'unconfirmed') throw submissionNotFound();
    if (row.status !== 'pending') throw alreadyProcessed(row.status);
    await repo.markSubmission(tx, { id, status: 'rejected', processedBy: actor.userId, physicianId: null });
    await recordAudit(tx, {
      action: 'submission.rejected',
      actorUserId: actor.userId,
      targetType: 'submission',
      targetId: id,
      ip: actor.ip,
    });
  });
  const row = await repo.readSubmission(deps.db, id);
  if (!row) throw submissionNotFound();
  return { submission: await submissionOf(deps.db, row), message: 'The submission was rejected.' };
}

async function listSubmissions(deps: AdminDeps, request: ListSubmissionsRequest): Promise<ListSubmissionsResponse> {
  const status = request.status ?? 'pending';
  const pageSize = request.pageSize ?? SUBMISSIONS_PAGE_SIZE;
  const page = request.page ?? 1;
  const counts = await repo.countSubmissionsByStatus(deps.db);
  const rows = await repo.listSubmissions(deps.db, { status, limit: pageSize, offset: (page - 1) * pageSize });
  const submissions: Submission[] = [];
  for (const row of rows) submissions.push(await submissionOf(deps.db, row));
  const total = counts[status];
  return { submissions, status, total, page, pageSize, pageCount: pageCountOf(total, pageSize), counts };
}

async function overview(deps: AdminDeps): Promise<AdminOverview> {
  const [counts, activity, submissions, refunds, messages] = await Promise.all([
    repo.readOverviewCounts(deps.db),
    repo.readDailyActivity(deps.db),
    repo.countSubmissionsByStatus(deps.db),
    repo.countIfTableExists(deps.db, 'refund_requests', `WHERE status = 'open'`),
    repo.countIfTableExists(deps.db, 'contact_messages'),
  ]);
  const plans: AdminOverview['plans'] = (['price_monthly', 'price_annual'] as const).map((priceId) => ({
    priceId,
    tier: priceId === 'price_annual' ? 'premium' : 'basic',
    name: planNameOf(priceId),
    subscribers: counts.subscribers.filter((s) => s.priceId === priceId && s.status === 'active').reduce((n, s) => n + s.n, 0),
    monthlyCentsEach: monthlyCentsOf(priceId),
  }));
  return {
    users: counts.users,
    plans,
    trialing: counts.subscribers.filter((s) => s.status === 'trialing').reduce((n, s) => n + s.n, 0),
    mrrCents: plans.reduce((sum, plan) => sum + plan.subscribers * plan.monthlyCentsEach, 0),
    pendingSubmissions: submissions.pending,
    exportsLast30Days: activity.reduce((n, d) => n + d.exports, 0),
    exportedContactsLast30Days: activity.reduce((n, d) => n + d.contacts, 0),
    revealsLast30Days: activity.reduce((n, d) => n + d.reveals, 0),
    activity: activity.map(({ date, exports, reveals }) => ({ date, exports, reveals })),
    openRefundRequests: refunds,
    contactMessages: messages,
  };
}

async function listUsers(deps: AdminDeps, request: ListUsersRequest): Promise<ListUsersResponse> {
  const page = request.page ?? 1;
  const { users, total } = await repo.listUsers(deps.db, {
    query: request.query ?? '',
    limit: USERS_PAGE_SIZE,
    offset: (page - 1) * USERS_PAGE_SIZE,
  });
  return { users, total, page, pageSize: USERS_PAGE_SIZE, pageCount: pageCountOf(total, USERS_PAGE_SIZE) };
}

async function userDetail(deps: AdminDeps, id: string): Promise<UserDetail> {
  const detail = await repo.readUserDetail(deps.db, id, new Date(Date.now() - sessionPolicy(deps.env).idleMs));
  if (!detail) throw new AppError('not_found', 'User not found.');
  return detail;
}

async function revokeSessions(deps: AdminDeps, userId: string, actor: Actor): Promise<RevokeSessionsResponse> {
  return deps.db.transaction(async (tx) => {
    const user = await repo.readUserRole(tx, userId);
    if (!user) throw new AppError('not_found', 'User not found.');
    const revoked = await repo.deleteSessions(tx, userId);
    await recordAudit(tx, {
      action: 'admin.sessions_revoked',
      actorUserId: actor.userId,
      targetType: 'user',
      targetId: userId,
      details: { revoked },
      ip: actor.ip,
    });
    return { revoked };
  });
}

async function setRole(deps: AdminDeps, userId: string, role: Role, actor: Actor): Promise<SetUserRoleResponse> {
  return deps.db.transaction(async (tx) => {
    const user = await repo.readUserRole(tx, userId);
    if (!user) throw new AppError('not_found', 'User not found.');
    if (user.role === role) return { role, changed: false };
    if (role === 'user') {
      // An operator cannot lock themselves (or everyone) out of the admin screens by a click.
      if (userId === actor.userId) throw new AppError('conflict', 'You cannot revoke your own admin role.');
      if ((await repo.countAdmins(tx)) <= 1) throw new AppError('conflict', 'The last admin cannot be revoked.');
    }
    await repo.setUserRole(tx, userId, role);
    await recordAudit(tx, {
      action: role === 'admin' ? 'role.granted' : 'role.revoked',
      actorUserId: actor.userId,
      targetType: 'user',
      targetId: userId,
      details: { role: 'admin', email: user.email },
      ip: actor.ip,
    });
    return { role, changed: true };
  });
}

async function listAudit(deps: AdminDeps, request: ListAuditEventsRequest): Promise<ListAuditEventsResponse> {
  const page = request.page ?? 1;
  const { events, total } = await repo.listAuditEvents(deps.db, {
    user: request.user || undefined,
    action: request.action || undefined,
    from: request.from,
    to: request.to,
    limit: AUDIT_PAGE_SIZE,
    offset: (page - 1) * AUDIT_PAGE_SIZE,
  });
  return { events, total, page, pageSize: AUDIT_PAGE_SIZE, pageCount: pageCountOf(total, AUDIT_PAGE_SIZE), actions: [...AUDIT_ACTIONS] };
}

const userStats = (deps: AdminDeps): Promise<UserStats> => repo.readUserStats(deps.db);

export const adminService = {
  approveSubmission,
  rejectSubmission,
  listSubmissions,
  overview,
  listUsers,
  userStats,
  userDetail,
  revokeSessions,
  setRole,
  listAudit,
};
