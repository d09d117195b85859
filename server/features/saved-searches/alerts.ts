import { formatSpecialty, SearchPhysiciansQuery } from '../../../contract/directory';
import { ALERT_DIGEST_MAX } from '../../../contract/saved-searches';
import type { AppDeps } from '../../lib/context';
import { linkSigner } from '../../lib/link-signing';
import { enqueueEmails } from '../../lib/mail-queue';
import { compose } from '../auth/emails';
import * as repo from './repo';

/*
 * New-match alerts (docs/decisions/024-new-match-alerts.md). A run takes the saved searches whose
 * period has passed, reads once which physicians were added or changed since the oldest of their
 * windows, and for each search keeps those of its window that match it now, from the in-memory
 * index: the set difference of 'matches now' and 'matched at the last digest' is, among the rows
 * that did not change, empty, so only changed rows are looked at and no search is run over the
 * whole directory. A digest is queued only when something is new, in the transaction that moves
 * the window, so a crash never loses nor doubles one.
 */

export const ALERT_LINK_PURPOSE = 'alert-unsubscribe';
/** Alerts claimed per transaction. */
const BATCH = 500;
/**
 * The window ends this long before the run: a change is stamped with its transaction's start
 * (updated_at = now()), and another server's index follows a change within moments, so a change
 * still committing, or not yet in this process's index, is looked at by the next run instead.
 */
export const ALERT_SETTLE_MS = 2 * 60 * 1000;

export type AlertRunResult = { evaluated: number; digests: number; newMatches: number };

export async function runAlertDigests(
  deps: Pick<AppDeps, 'db' | 'env' | 'logger' | 'services'>,
  now = new Date(),
): Promise<AlertRunResult> {
  const upTo = new Date(now.getTime() - ALERT_SETTLE_MS);
  const result: AlertRunResult = { evaluated: 0, digests: 0, newMatches: 0 };
  for (;;) {
    const claimed = await deps.db.transaction(async (tx) => {
      const due = await repo.claimDueAlerts(tx, { now, upTo, limit: BATCH });
      if (due.length === 0) return 0;
      const changed = await repo.findChangedPhysicians(tx, {
        from: new Date(Math.min(...due.map((alert) => alert.since.getTime()))),
        upTo,
      });
      const found = due
        .map((alert) => ({ alert, ids: newMatches(deps, alert, changed) }))
        .filter(({ ids }) => ids.length > 0);
      result.evaluated += due.length;
      // One query for the listed rows, one insert for the emails, one update: per batch, not per digest.
      const listed = await repo.findDigestRows(tx, [
        ...new Set(found.flatMap(({ ids }) => ids.slice(0, ALERT_DIGEST_MAX))),
      ]);
      const sign = await linkSigner(tx, ALERT_LINK_PURPOSE);
      await enqueueEmails(
        tx,
        found.map(({ alert, ids }) => ({
          to: alert.email,
          ...digestEmail(deps, alert, ids, listed, sign(alert.id)),
        })),
      );
      await repo.markAlertsSent(
        tx,
        found.map(({ alert }) => alert.id),
        now,
      );
      result.digests += found.length;
      for (const { ids } of found) result.newMatches += ids.length;
      return due.length;
    });
    if (claimed < BATCH) break;
  }
  return result;
}

/** The physicians of the alert's window (changed after `since`) that match its search now, by name. */
export function newMatches(
  deps: Pick<AppDeps, 'services'>,
  alert: { params: Record<string, string>; since: Date },
  changed: { ids: Int32Array; changedAt: Float64Array },
): number[] {
  const request = SearchPhysiciansQuery.safeParse(alert.params);
  // A search saved under older rules that no longer parses matches nothing (it shows its error when opened).
  if (!request.success) return [];
  const since = alert.since.getTime();
  // Rows are ordered by change time: the window is a suffix.
  let start = 0;
  let end = changed.changedAt.length;
  while (start < end) {
    const mid = (start + end) >>> 1;
    if (changed.changedAt[mid] <= since) start = mid + 1;
    else end = mid;
  }
  if (start === changed.ids.length) return [];
  return deps.services.directory.matchingIds(request.data, changed.ids.subarray(start));
}

function digestEmail(
  deps: Pick<AppDeps, 'env'>,
  alert: repo.DueAlert,
  ids: number[],
  rows: Map<number, repo.DigestRow>,
  signature: string,
) {
  const base = deps.env.APP_URL.replace(/\/+$/, '');
  const listed = ids.slice(0, ALERT_DIGEST_MAX).flatMap((id) => rows.get(id) ?? []);
  const date = alert.since.toISOString().slice(0, 10);
  const search = new URLSearchParams({ ...alert.params, changedSince: alert.since.toISOString() });
  const unsubscribe = `${base}/alerts/${alert.id}/unsubscribe?signature=${signature}`;
  const count = ids.length;
  const lines = listed.map(
    (row) =>
      `${row.name}: ${[row.specialty && formatSpecialty(row.specialty), row.location].filter(Boolean).join(', ')}`,
  );
  const more = count > listed.length ? [`...and ${count - listed.length} more.`] : [];
  return compose(`${count} new ${count === 1 ? 'physician matches' : 'physicians match'} "${alert.name}"`, {
    paragraphs: [`New since ${date} in your saved search "${alert.name}":`, ...lines, ...more],
    action: {
      label: `See the ${count} new ${count === 1 ? 'match' : 'matches'}`,
      url: `${base}/search?${search}`,
    },
    after: [
      `You receive this because the ${alert.alert} alert is on for this saved search. Unsubscribe with one click: ${unsubscribe}`,
      `Or change your alerts under Account, Notifications: ${base}/account?tab=notifications`,
    ],
  });
}
