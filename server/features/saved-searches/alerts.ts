import { formatSpecialty, SearchPhysiciansQuery } from '../../../contract/directory';
import { FREE_ALERT_DIGEST_MAX } from '../../../contract/limits';
import { ALERT_DIGEST_MAX } from '../../../contract/saved-searches';
import type { Db } from '../../db/client';
import type { Env } from '../../lib/env';
import { linkSigner } from '../../lib/link-signing';
import { enqueueEmails } from '../../lib/mail-queue';
import { compose, userText } from '../../lib/mail-layout';
import { IdSet, type ChangeWindow, type DirectoryService } from '../directory';
import { lookingIds } from '../outreach';
import * as repo from './repo';

/*
 * New-match alerts (docs/decisions/024-new-match-alerts.md). A run claims the saved searches whose
 * day or week has passed and reads once which physicians were added or changed since the oldest
 * of their windows. The in-memory index then gives each search its new matches: its criteria
 * evaluated as a search's (bitsets), intersected with the window's bitset, keeping the rows
 * changed after that search's own last run. Rows that did not change cannot have moved into a
 * match, so 'matches now' minus 'matched at the last digest' lies within the window; no
 * per-user scan, no stored result sets. A digest is queued only when something is new, in the
 * transaction that moves the window, so a crash never loses nor doubles one.
 */

export const ALERT_LINK_PURPOSE = 'alert-unsubscribe';
/** What a follower's unsubscribe link signs: the search and the follower (it stops their following only). */
export const followerLinkId = (savedSearchId: string, userId: string) => `${savedSearchId}:follower:${userId}`;
/** Alerts claimed per transaction. */
const BATCH = 500;
/**
 * The window ends this long before the run: a change is stamped with its transaction's start
 * (updated_at = now()), and another server's index follows a change within moments, so a change
 * still committing, or not yet in this process's index, is looked at by the next run instead.
 */
export const ALERT_SETTLE_MS = 2 * 60 * 1000;

/**
 * What an alert run uses of the app (ADR 060): the search index gives the window of changed rows
 * and each search's new matches within it.
 */
export type AlertDeps = { db: Db; env: Env; directory: Pick<DirectoryService, 'changeWindow' | 'matchesInWindow'> };

export type AlertRunResult = {
  evaluated: number;
  digests: number;
  newMatches: number;
  /** Time spent finding new matches in the index (the rest is the database and the emails). */
  evaluationMs: number;
};

export async function runAlertDigests(deps: AlertDeps, now = new Date()): Promise<AlertRunResult> {
  const upTo = new Date(now.getTime() - ALERT_SETTLE_MS);
  const result: AlertRunResult = { evaluated: 0, digests: 0, newMatches: 0, evaluationMs: 0 };
  for (;;) {
    const claimed = await deps.db.transaction(async (tx) => {
      const due = await repo.claimDueAlerts(tx, { now, upTo, limit: BATCH });
      if (due.length === 0) return 0;
      const changed = await repo.findChangedPhysicians(tx, {
        from: new Date(Math.min(...due.map((alert) => alert.since.getTime()))),
        upTo,
      });
      const looking = await lookingSetsFor(tx, due);
      const started = performance.now();
      const window = deps.directory.changeWindow(changed.ids, changed.changedAt);
      const found = due
        .map((alert) => ({ alert, ...newMatches(deps, alert, window, looking) }))
        .filter(({ total }) => total > 0);
      result.evaluationMs += performance.now() - started;
      result.evaluated += due.length;
      // One query for the listed rows, one insert for the emails, one update: per batch, not per digest.
      const listed = await repo.findDigestRows(tx, [...new Set(found.flatMap(({ ids }) => ids))]);
      const sign = await linkSigner(tx, ALERT_LINK_PURPOSE);
      // The creator's digest, and one per follower of a shared search, with a link that ends only theirs.
      await enqueueEmails(
        tx,
        found.flatMap(({ alert, total, ids }) => [
          { to: alert.email, ...digestEmail(deps, alert, total, ids, listed, { signature: sign(alert.id) }) },
          ...alert.followers.map((follower) => ({
            to: follower.email,
            ...digestEmail(deps, alert, total, ids, listed, {
              signature: sign(followerLinkId(alert.id, follower.userId)),
              follower: follower.userId,
            }),
          })),
        ]),
      );
      await repo.markAlertsSent(
        tx,
        found.map(({ alert }) => alert.id),
        now,
      );
      result.digests += found.length;
      for (const { total } of found) result.newMatches += total;
      return due.length;
    });
    if (claimed < BATCH) break;
  }
  result.evaluationMs = Math.round(result.evaluationMs);
  return result;
}

type LookingSets = Partial<Record<'now' | 'open', IdSet>>;

/**
 * 'Looking now' / 'Open to offers' (ADR 066) for the batch's searches that ask for it, read once a
 * batch: only for owners who may email physicians (paid or admin, as outreach:send), as the search.
 */
async function lookingSetsFor(db: Db, due: readonly repo.DueAlert[]): Promise<LookingSets> {
  const sets: LookingSets = {};
  for (const alert of due) {
    const looking = alert.paid ? SearchPhysiciansQuery.shape.looking.safeParse(alert.params.looking).data : undefined;
    if (looking && !sets[looking]) sets[looking] = new IdSet(await lookingIds(db, looking));
  }
  return sets;
}

/**
 * The alert's new matches: physicians of the window changed after its `since` that match its
 * search now; `ids` are the first ALERT_DIGEST_MAX by name (FREE_ALERT_DIGEST_MAX for a free user).
 * A physician who only said they are looking has not changed: not new (ADR 066).
 */
function newMatches(
  deps: Pick<AlertDeps, 'directory'>,
  alert: { params: Record<string, string>; since: Date; paid: boolean },
  window: ChangeWindow,
  looking: LookingSets,
): { total: number; ids: number[] } {
  const request = SearchPhysiciansQuery.safeParse(alert.params);
  // A search saved under older rules that no longer parses matches nothing (it shows its error when opened).
  if (!request.success) return { total: 0, ids: [] };
  const wanted = alert.paid && request.data.looking ? (looking[request.data.looking] ?? null) : null;
  return deps.directory.matchesInWindow(
    request.data,
    window,
    alert.since.getTime(),
    alert.paid ? ALERT_DIGEST_MAX : FREE_ALERT_DIGEST_MAX,
    wanted,
  );
}

function digestEmail(
  deps: Pick<AlertDeps, 'env'>,
  alert: repo.DueAlert,
  count: number,
  ids: number[],
  rows: Map<number, repo.DigestRow>,
  link: { signature: string; follower?: string },
) {
  const base = deps.env.APP_URL.replace(/\/+$/, '');
  const listed = ids.flatMap((id) => rows.get(id) ?? []);
  const date = alert.since.toISOString().slice(0, 10);
  const search = new URLSearchParams({ ...alert.params, changedSince: alert.since.toISOString() });
  const unsubscribe = `${base}/alerts/${alert.id}/unsubscribe?${new URLSearchParams({
    signature: link.signature,
    ...(link.follower ? { follower: link.follower } : {}),
  })}`;
  // Names, places and the search's name were typed by people (resumes, the recruiter): user text.
  const lines = listed.map((row) =>
    userText(`${row.name}: ${[row.specialty && formatSpecialty(row.specialty), row.location].filter(Boolean).join(', ')}`, {
      max: 200,
    }),
  );
  const more = count > listed.length ? [`...and ${count - listed.length} more.`] : [];
  const name = userText(alert.name);
  return compose([`${count} new ${count === 1 ? 'physician matches' : 'physicians match'} "`, name, '"'], {
    paragraphs: [[`New since ${date} in your saved search "`, name, '":'], ...lines, ...more],
    action: {
      label: `See the ${count} new ${count === 1 ? 'match' : 'matches'}`,
      url: `${base}/search?${search}`,
    },
    after: [
      link.follower
        ? `You receive this because you follow this saved search of your team. Stop following it with one click: ${unsubscribe}`
        : `You receive this because the ${alert.alert} alert is on for this saved search. Unsubscribe with one click: ${unsubscribe}`,
      `Or change your alerts under Account, Notifications: ${base}/account?tab=notifications`,
    ],
  });
}
