import { USAGE_MAX_DAYS, type DayUsage, type MemberUsage, type TeamUsageResponse } from '../../../contract/team';
import type { Db } from '../../db/client';
import { fieldError } from '../../lib/errors';
import type { ExportTable } from '../../lib/exporters/table';

/*
 * A team's usage (docs/decisions/061-teams.md): per member and per day, searches and physicians
 * added to lists (usage_daily, counted for members of a team), counted reveals and exported
 * contacts under the team (their logs' team_id), and the last time each was active. One grouped
 * query per source over the period, filtered by the team: a 50-member team with 100,000 reveals
 * reads in a few milliseconds (bench/team-usage.ts).
 */

const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Adds to the caller's counters of today (UTC) when they are in a team: a search, or physicians
 * added to a list. A failure is the caller's to log: it must never fail the search or the add.
 */
export async function recordUsage(db: Db, userId: string, counts: { searches?: number; listAdds?: number }): Promise<void> {
  await db.sql.query(
    `INSERT INTO usage_daily (user_id, day, searches, list_adds) VALUES ($1, (now() AT TIME ZONE 'UTC')::date, $2, $3)
     ON CONFLICT (user_id, day) DO UPDATE SET searches = usage_daily.searches + $2, list_adds = usage_daily.list_adds + $3`,
    [userId, counts.searches ?? 0, counts.listAdds ?? 0],
  );
}

/**
 * Searches counted in this process and written to usage_daily every few seconds (the
 * 'usage-counts' job, and before a usage read): one upsert per member per period instead of one
 * per search, which had cost a team member's search 30 ms under load (bench:load, 'search (team)').
 * Counts are additions, so every process may flush its own; a crash loses at most a few seconds of
 * searches on the usage page (ADR 061).
 */
export class SearchCounts {
  private pending = new Map<string, number>();

  add(userId: string): void {
    this.pending.set(userId, (this.pending.get(userId) ?? 0) + 1);
  }

  /** Writes what was counted; what fails to write is counted again for the next flush. */
  async flush(db: Db): Promise<number> {
    if (this.pending.size === 0) return 0;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await db.sql.query(
        `INSERT INTO usage_daily (user_id, day, searches)
         SELECT u, (now() AT TIME ZONE 'UTC')::date, n FROM unnest($1::uuid[], $2::int[]) AS t(u, n)
         ON CONFLICT (user_id, day) DO UPDATE SET searches = usage_daily.searches + excluded.searches`,
        [[...batch.keys()], [...batch.values()]],
      );
    } catch (error) {
      for (const [userId, n] of batch) this.pending.set(userId, (this.pending.get(userId) ?? 0) + n);
      throw error;
    }
    return batch.size;
  }
}

/** The period: both days given or this calendar month (UTC) so far; at most USAGE_MAX_DAYS days. */
export function usagePeriod(input: { from?: string; to?: string }, now = new Date()): { from: string; to: string } {
  const to = input.to ?? day(now);
  const from = input.from ?? `${to.slice(0, 7)}-01`;
  if (from > to) throw fieldError('from', 'from must be on or before to');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > USAGE_MAX_DAYS) throw fieldError('from', `The period is at most ${USAGE_MAX_DAYS} days`);
  return { from, to };
}

type Row = { user_id: string; day: string; searches: number; reveals: number; exports: number; list_adds: number };

/**
 * The team's usage from `from` to `to` (UTC days, both included): every member who is in the team
 * or was during the period, with their counts, and the team's counts per day (every day present).
 */
export async function teamUsage(db: Db, teamId: string, period: { from: string; to: string }): Promise<TeamUsageResponse> {
  const start = `${period.from}T00:00:00Z`;
  const end = new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY_MS).toISOString();
  // Members: active ones, and removed ones whose membership overlapped the period.
  const members = await db.sql.query<{ user_id: string; name: string | null; email: string; role: string; removed: boolean; last_active: Date | null }>(
    `SELECT DISTINCT ON (m.user_id) m.user_id, u.name, u.email, m.role, m.removed_at IS NOT NULL AS removed,
            (SELECT max(s.last_seen_at) FROM sessions s WHERE s.user_id = m.user_id) AS last_active
       FROM team_members m JOIN users u ON u.id = m.user_id
      WHERE m.team_id = $1 AND m.joined_at < $3 AND (m.removed_at IS NULL OR m.removed_at >= $2)
      ORDER BY m.user_id, m.removed_at IS NULL DESC, m.joined_at DESC`,
    [teamId, start, end],
  );
  const ids = members.rows.map((m) => m.user_id);
  // One grouped query over the three sources, per member and day.
  const { rows } = await db.sql.query<Row>(
    `SELECT user_id, day::text AS day, sum(searches)::int AS searches, sum(reveals)::int AS reveals,
            sum(exports)::int AS exports, sum(list_adds)::int AS list_adds FROM (
       SELECT user_id, day, searches, 0 AS reveals, 0 AS exports, list_adds FROM usage_daily
        WHERE user_id = ANY($2::uuid[]) AND day >= $3::date AND day <= $5::date
       UNION ALL
       SELECT user_id, (created_at AT TIME ZONE 'UTC')::date, 0, count(*), 0, 0 FROM contact_reveals
        WHERE team_id = $1 AND counted AND created_at >= $3::timestamptz AND created_at < $4::timestamptz
        GROUP BY 1, 2
       UNION ALL
       SELECT user_id, (export_date AT TIME ZONE 'UTC')::date, 0, 0, sum(export_count), 0 FROM export_logs
        WHERE team_id = $1 AND export_date >= $3::timestamptz AND export_date < $4::timestamptz
        GROUP BY 1, 2
     ) u GROUP BY user_id, day`,
    [teamId, ids, start, end, period.to],
  );
  const perMember = new Map<string, Omit<MemberUsage, 'userId' | 'name' | 'email' | 'role' | 'lastActiveAt'>>();
  const perDay = new Map<string, DayUsage>();
  for (let t = Date.parse(start); t < Date.parse(end); t += DAY_MS) {
    const d = day(new Date(t));
    perDay.set(d, { day: d, searches: 0, reveals: 0, exports: 0, listAdds: 0 });
  }
  for (const row of rows) {
    const m = perMember.get(row.user_id) ?? { searches: 0, reveals: 0, exports: 0, listAdds: 0 };
    m.searches += row.searches;
    m.reveals += row.reveals;
    m.exports += row.exports;
    m.listAdds += row.list_adds;
    perMember.set(row.user_id, m);
    const d = perDay.get(row.day);
    if (d) {
      d.searches += row.searches;
      d.reveals += row.reveals;
      d.exports += row.exports;
      d.listAdds += row.list_adds;
    }
  }
  const rank = { owner: 0, admin: 1, member: 2, removed: 3 } as const;
  const list: MemberUsage[] = members.rows
    .map((m) => ({
      userId: m.user_id,
      name: m.name,
      email: m.email,
      role: (m.removed ? 'removed' : m.role) as MemberUsage['role'],
      ...(perMember.get(m.user_id) ?? { searches: 0, reveals: 0, exports: 0, listAdds: 0 }),
      lastActiveAt: m.last_active ? new Date(m.last_active).toISOString() : null,
    }))
    .sort((a, b) => rank[a.role] - rank[b.role] || b.reveals - a.reveals || a.email.localeCompare(b.email));
  return { ...period, members: list, days: [...perDay.values()] };
}

/** The usage as a spreadsheet (the CSV download): one row per member. */
export function usageTable(usage: TeamUsageResponse): ExportTable {
  return {
    title: 'Team usage',
    columns: [
      { header: 'Name', width: 24 },
      { header: 'Email', width: 32 },
      { header: 'Role', width: 10 },
      { header: `Searches ${usage.from} to ${usage.to}`, width: 12 },
      { header: 'Reveals', width: 10 },
      { header: 'Exported contacts', width: 12 },
      { header: 'List adds', width: 10 },
      { header: 'Last active (UTC)', width: 20 },
    ],
    rows: usage.members.map((m) => [
      m.name,
      m.email,
      m.role,
      String(m.searches),
      String(m.reveals),
      String(m.exports),
      String(m.listAdds),
      m.lastActiveAt ? m.lastActiveAt.slice(0, 16).replace('T', ' ') : null,
    ]),
  };
}
