import type { CreateExportRequest, ExportFormat } from '../../../contract/exports';
import { EXPORT_MAX } from '../../../contract/limits';
import { dedupeSkills } from '../../../contract/skills';
import { latestValidCheckWords } from '../../../contract/verification-words';
import type { Db } from '../../db/client';
import { nextUtcMonth, resetSentence, startOfUtcDay, startOfUtcMonth } from '../../lib/daily-ceiling';
import { AppError, fieldError } from '../../lib/errors';
import { writeCsv } from '../../lib/exporters/csv';
import { writePdfProfile, writePdfTable } from '../../lib/exporters/pdf';
import { writeXlsx } from '../../lib/exporters/xlsx';
import { affiliationsText, checkSentence, displayName, educationText, exportPdfTable, exportTable } from './columns';
import * as repo from './repo';
import { enqueueWebhookEvent, type WebhooksQueued } from '../integrations';

export type ExportFile = { body: Buffer; fileName: string; format: ExportFormat; count: number };

const formatNumber = (n: number) => n.toLocaleString('en-US');

/** 'physicians-2026-11-23.csv' (the UTC day of the export). */
export function exportFileName(prefix: string, format: ExportFormat, now: Date): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.${format}`;
}

/** The ids to export: the selection, a list's members, or the selected members of a list. */
async function resolveIds(db: Db, reader: repo.ListReader, request: CreateExportRequest): Promise<number[]> {
  const selected = request.physicianIds ? [...new Set(request.physicianIds)] : null;
  if (request.listId) {
    // Read one past the maximum to tell a too-long list from a full one.
    const list = await repo.findListMemberIds(db, request.listId, reader, selected ? 10_000 : EXPORT_MAX + 1);
    if (!list) throw new AppError('not_found', 'List not found');
    if (!selected) {
      if (list.ids.length === 0)
        throw fieldError('listId', 'This list is empty. Add physicians from the directory.');
      if (list.total > EXPORT_MAX) {
        throw fieldError(
          'listId',
          `This list holds ${formatNumber(list.total)} physicians; select at most ${EXPORT_MAX} to export at once.`,
        );
      }
      return list.ids;
    }
    const members = new Set(list.ids);
    const outside = selected.filter((id) => !members.has(id));
    if (outside.length)
      throw fieldError('physicianIds', `Not in this list: ${outside.slice(0, 10).join(', ')}`);
  }
  return selected ?? [];
}

async function render(
  format: ExportFormat,
  records: Parameters<typeof exportTable>[0],
  now: Date,
): Promise<Buffer> {
  if (format === 'csv') return writeCsv(exportTable(records));
  if (format === 'xlsx') return writeXlsx(exportTable(records));
  const when = now.toISOString().slice(0, 10);
  return writePdfTable(
    exportPdfTable(records),
    `${formatNumber(records.length)} physicians, exported ${when} from PhysicianDirect`,
  );
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * 429 when `count` more exported contacts would pass the day's ceiling (the user's, or their
 * team's: `dailyLimit` per seat, ADR 061) or the member's monthly cap; says how many are left and
 * when it resets. Nothing when it fits.
 */
function refusePastAllowance(count: number, allowance: repo.ExportAllowance, dailyLimit: number, now: Date): void {
  const team = allowance.teamId !== null;
  const ceiling = team ? dailyLimit * allowance.seats : dailyLimit;
  if (allowance.used + count > ceiling) {
    const left = Math.max(0, ceiling - allowance.used);
    throw new AppError(
      'rate_limited',
      team
        ? `This export of ${formatNumber(count)} contacts would pass your team's limit today of ${formatNumber(ceiling)} exported contacts (${formatNumber(dailyLimit)} per seat; ${formatNumber(left)} left). ${resetSentence(now)}`
        : `This export of ${formatNumber(count)} contacts would pass today's limit of ${formatNumber(dailyLimit)} exported contacts (${formatNumber(left)} left). ${resetSentence(now)}`,
    );
  }
  if (allowance.cap !== null && allowance.monthUsed + count > allowance.cap) {
    const left = Math.max(0, allowance.cap - allowance.monthUsed);
    throw new AppError(
      'rate_limited',
      `This export of ${formatNumber(count)} contacts would pass your monthly cap of ${formatNumber(allowance.cap)} exported contacts, set by your team's owner or admins (${formatNumber(left)} left). It starts again on ${monthFormat.format(nextUtcMonth(now))}.`,
    );
  }
}

/**
 * Checks the daily ceiling and writes the export_logs row and the audit row, in one transaction
 * that runs only after the file was built: a failed export leaves no log row. Every file of
 * contacts goes through here (this feature's exports, the matches feature's enriched download):
 * the row counts against EXPORT_DAILY_LIMIT (per seat for a team) and ends the money-back
 * guarantee (billing).
 */
export async function logExport(options: {
  db: Db;
  userId: string;
  count: number;
  format: ExportFormat;
  dailyLimit: number;
  ip: string | null;
  now: Date;
  details: Record<string, unknown>;
  /** The physicians in the file: the webhook event names the first 100 (ADR 065). */
  physicianIds?: readonly number[];
  /** Wakes the webhook delivery job after an export that queued deliveries (ADR 065). */
  webhooksQueued?: WebhooksQueued;
}): Promise<void> {
  const { userId, count, dailyLimit, now } = options;
  let queued = 0;
  await options.db.transaction(async (tx) => {
    await repo.lockUserExports(tx, userId);
    // Read after the lock (the statement's snapshot starts after it): written only within the ceiling and cap.
    const { logged, ...allowance } = await repo.insertExportLogWithin(
      tx,
      { userId, count, format: options.format, at: now },
      { dayStart: startOfUtcDay(now), monthStart: startOfUtcMonth(now), dailyLimit },
      {
        action: 'export.created',
        actorUserId: userId,
        targetType: 'physicians',
        details: { count, format: options.format, ...options.details },
        ip: options.ip,
      },
    );
    if (!logged) {
      refusePastAllowance(count, allowance, dailyLimit, now);
      throw new AppError('rate_limited', `This export would pass today's limit of exported contacts. ${resetSentence(now)}`);
    }
    const { listId, matchId } = options.details;
    queued = await enqueueWebhookEvent(tx, {
      actorUserId: userId,
      type: 'export.created',
      data: { format: options.format, count, exportedBy: userId, ...(listId ? { listId } : {}), ...(matchId ? { matchId } : {}) },
      physicianIds: (options.physicianIds ?? []).slice(0, 100),
      physicianKey: 'physicians',
      at: now,
    });
  });
  if (queued > 0) options.webhooksQueued?.();
}

/** The cheap check before a file is built (logExport checks again under the lock): 429 past the ceiling or cap. */
export async function checkExportCeiling(db: Db, userId: string, count: number, dailyLimit: number, now: Date): Promise<void> {
  refusePastAllowance(count, await repo.exportAllowance(db, userId, startOfUtcDay(now), startOfUtcMonth(now)), dailyLimit, now);
}

/**
 * POST /api/exports (the caller has 'exports:create'): a CSV, Excel or PDF file of up to 500
 * physicians with their contacts. Unknown ids are a 400 naming physicianIds. Counts against
 * EXPORT_DAILY_LIMIT exported contacts per UTC day.
 */
export async function createExport(options: {
  db: Db;
  userId: string;
  /** The caller's team: a list shared with it may be exported (docs/decisions/061-teams.md). */
  teamId: string | null;
  request: CreateExportRequest;
  dailyLimit: number;
  ip: string | null;
  now?: Date;
  webhooksQueued?: WebhooksQueued;
}): Promise<ExportFile> {
  const { db, userId, request } = options;
  const now = options.now ?? new Date();
  const ids = await resolveIds(db, { userId, teamId: options.teamId }, request);
  // Cheap check before building the file; logExport checks again under the lock.
  await checkExportCeiling(db, userId, ids.length, options.dailyLimit, now);
  const { records } = await repo.findExportRecords(db, ids);
  if (records.length !== ids.length) {
    const found = new Set(records.map((r) => r.id));
    const unknown = ids.filter((id) => !found.has(id));
    throw fieldError('physicianIds', `Unknown physician ids: ${unknown.slice(0, 10).join(', ')}`);
  }
  const body = await render(request.format, records, now);
  await logExport({
    ...options,
    count: records.length,
    format: request.format,
    now,
    details: { physicianIds: ids, ...(request.listId ? { listId: request.listId } : {}) },
    physicianIds: ids,
  });
  return {
    body,
    fileName: exportFileName('physicians', request.format, now),
    format: request.format,
    count: records.length,
  };
}

/**
 * 'Export Full Profile' (admins, 'profile:export'): one physician on one PDF page, contact
 * included. Logged and audited like any export of one contact.
 */
export async function exportProfilePdf(options: {
  db: Db;
  userId: string;
  physicianId: number;
  dailyLimit: number;
  ip: string | null;
  now?: Date;
}): Promise<ExportFile> {
  const now = options.now ?? new Date();
  const {
    records: [r],
  } = await repo.findExportRecords(options.db, [options.physicianId]);
  if (!r) throw new AppError('not_found', 'Physician Not Found');
  // Cheap check before building the file; logExport checks again under the lock.
  await checkExportCeiling(options.db, options.userId, 1, options.dailyLimit, now);
  const yesNo = (value: boolean | null) => (value === null ? 'Not specified' : value ? 'Yes' : 'No');
  const text = (value: string | null | undefined) => (value && value.trim() ? value : 'Not specified');
  const list = (values: string[] | null) => (values && values.length ? values.join(', ') : 'Not specified');
  const location = [r.city, r.state].filter(Boolean).join(', ');
  const body = await writePdfProfile({
    title: displayName(r),
    subtitle: [r.title, r.specialty, location].filter(Boolean).join('  |  ') || 'Physician',
    sections: [
      {
        heading: 'Contact',
        lines: [
          ['Email', text(r.email?.value), { oneLine: true }],
          ['Email check', text(checkSentence(r.email))],
          ['Mobile', text(r.mobile?.value), { oneLine: true }],
          ['Mobile check', text(checkSentence(r.mobile))],
          ['Work Phone', text(r.work_phone?.value), { oneLine: true }],
          ['Work Phone check', text(checkSentence(r.work_phone))],
          ['LinkedIn', text(r.linkedin_url)],
          ['Contact check', text(latestValidCheckWords(r.verified_at)?.sentence)],
        ],
      },
      {
        heading: 'Professional Details',
        lines: [
          ['NPI', text(r.npi)],
          ['Specialty', text(r.specialty)],
          ['Organization', text(r.organization)],
          ['Organization Size', text(r.organization_size)],
          ['Industry', text(r.organization_industry)],
          ['Hospital Affiliation', text(r.hospital_affiliation)],
          ['Board Certified', yesNo(r.board_certified)],
          ['Accepting New Patients', yesNo(r.accepting_new_patients)],
          ['Telehealth', yesNo(r.telehealth)],
          ['Licensed In', list(r.license_states)],
          ['Hospital Affiliations (CMS)', affiliationsText(r) ?? 'Not specified'],
          ['Languages', list(r.languages)],
        ],
      },
      {
        heading: 'Education',
        lines: [
          ['Education', text(educationText(r.education))],
          ['Medical School', text(r.medical_school)],
          ['Graduation Year', r.graduation_year ? String(r.graduation_year) : 'Not specified'],
        ],
      },
      {
        heading: 'Skills and Expertise',
        lines: [['Skills', r.skills?.length ? dedupeSkills(r.skills).join(', ') : 'No skills specified']],
      },
    ],
    footer: `Exported ${now.toISOString().slice(0, 10)} from PhysicianDirect. Confidential: for recruiting use only.`,
  });
  await logExport({
    db: options.db,
    userId: options.userId,
    count: 1,
    format: 'pdf',
    dailyLimit: options.dailyLimit,
    ip: options.ip,
    now,
    details: { physicianIds: [r.id], profile: true },
    physicianIds: [r.id],
  });
  return { body, fileName: exportFileName(`physician-${r.id}-profile`, 'pdf', now), format: 'pdf', count: 1 };
}
