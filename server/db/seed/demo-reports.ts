import type { ContactField } from '../../../contract/contacts';
import type { Db } from '../client';
import { reportContact, resolveContactReport, revealContact } from '../../features/contacts/service';
import { AppError } from '../../lib/errors';
import { createRandom } from './random';

/*
 * The demo's 'Report wrong contact' (docs/decisions/054-a-demo-that-shows-every-signal.md). Only
 * users report, so the demo's reports are made by its demo accounts through the contacts feature
 * itself, dated in the four weeks before the load: a paying account reveals a physician and
 * reports the email or phone it was shown; for a third of them the other paying account does the
 * same a day later (two customers: the value is marked 'reported' for everyone, ADR 030), for a
 * third the demo operator confirms the report a day later (the same, closed), and a third stay one
 * customer's open report (marked for that customer only, waiting in the operators' queue). Each
 * leaves what a real one leaves: the reveal and its credit back, the report, the audit rows, the
 * value's re-check requested (the first start's check makes it), physicians.verified_at without it.
 */

/**
 * About one physician in 5,000 has a reported value (60 at 300,000), and at least six (two of
 * each kind): an assumption, enough to find in the operators' queue and on exports without
 * making the demo directory look unreliable.
 */
export const REPORTED_SHARE = 1 / 5_000;
const MIN_REPORTED = 6;
/** A recruiter who dials a number finds it wrong more often than a mail bounces: 60 % phones (an assumption). */
const PHONE_SHARE = 0.6;
const REPORTS_STREAM = 0x1b873593;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** The configured default (REVEAL_DAILY_LIMIT): a few reveals a day never reach it. */
const REVEAL_DAILY_LIMIT = 250;
const REASONS = ['Wrong number: someone else answered', 'Number disconnected', 'Email bounced', null];

export type DemoReporters = { customers: [string, string]; operator: string };

type Step = { at: number; run: () => Promise<void> };

/**
 * The physicians (ids 1..count) whose values the demo accounts report, in order, each with its
 * kind: 'two customers', 'confirmed' by the operator, or 'open' (one customer). Deterministic
 * for (count, seed).
 */
export function demoReportPicks(count: number, seed: number): { physicianId: number; kind: 'two customers' | 'confirmed' | 'open' }[] {
  const wanted = Math.min(count, Math.max(MIN_REPORTED, Math.round(count * REPORTED_SHARE)));
  const random = createRandom();
  random.reseed(seed ^ REPORTS_STREAM, count);
  const chosen = new Set<number>();
  while (chosen.size < wanted) chosen.add(1 + random.below(count));
  const kinds = ['two customers', 'confirmed', 'open'] as const;
  return [...chosen].map((physicianId, i) => ({ physicianId, kind: kinds[i % 3] }));
}

/**
 * Makes the demo's reports, in the order of their dates; returns how many reports it made. The
 * physicians must be loaded and the accounts exist. Run once (the demo seed records it).
 */
export async function createDemoReports(
  db: Db,
  options: { count: number; seed: number; loadedAt: number; reporters: DemoReporters },
): Promise<number> {
  const { loadedAt, reporters } = options;
  const random = createRandom();
  const steps: Step[] = [];
  let made = 0;
  for (const { physicianId, kind } of demoReportPicks(options.count, options.seed)) {
    random.reseed(options.seed ^ REPORTS_STREAM, physicianId);
    const first = reporters.customers[random.below(2)];
    const second = reporters.customers.find((id) => id !== first)!;
    const revealedAt = loadedAt - 2 * DAY_MS - Math.floor(random.next() * 26 * DAY_MS);
    const later = revealedAt + DAY_MS + Math.floor(random.next() * 6 * 60 * MINUTE_MS);
    const wantsPhone = random.next() < PHONE_SHARE;
    const reason = REASONS[random.below(REASONS.length)];
    // The field is what the first customer was shown; the later steps report (or confirm) the same.
    let field: ContactField | null = null;
    let reportId: string | null = null;
    const report = async (userId: string, at: number) => {
      if (!field) return;
      const done = await reportContact({ db, userId, physicianId, field, reason, dailyLimit: REVEAL_DAILY_LIMIT, ip: null, now: new Date(at) });
      reportId ??= done.reportId;
      made++;
    };
    const reveal = (userId: string, at: number) =>
      revealContact({ db, userId, physicianId, dailyLimit: REVEAL_DAILY_LIMIT, ip: null, now: new Date(at) });
    steps.push({
      at: revealedAt,
      run: async () => {
        const shown = await reveal(first, revealedAt);
        const phone = shown.phoneDetail?.field ?? null;
        const email = shown.emailDetail?.field ?? null;
        field = wantsPhone ? (phone ?? email) : (email ?? phone);
        await report(first, revealedAt + 20 * MINUTE_MS);
      },
    });
    if (kind === 'two customers') {
      steps.push({
        at: later,
        run: async () => {
          if (!field) return;
          await reveal(second, later);
          await report(second, later + 15 * MINUTE_MS);
        },
      });
    } else if (kind === 'confirmed') {
      steps.push({
        at: later,
        run: async () => {
          if (reportId === null) return;
          await resolveContactReport({ db, adminId: reporters.operator, reportId, action: 'confirm', ip: null, now: new Date(later) });
        },
      });
    }
  }
  // In the order of their dates: a day's reveal allowance and credits count what came before.
  steps.sort((a, b) => a.at - b.at);
  for (const step of steps) {
    try {
      await step.run();
    } catch (error) {
      // A physician with nothing to show has nothing to report (404): the demo skips it.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return made;
}
