import { USAGE_MAX_DAYS, type DayUsage, type MemberUsage, type TeamUsageResponse } from '../../../contract/team';
import type { Db } from '../../db/client';
import { fieldError } from '../../lib/errors';
import type { ExportTable } from '../../lib/exporters/table';

/*
 * A team's usage (docs/decisions/061-teams.md): per member and per day, searches, counted reveals,
 * exported contacts and physicians added to lists, kept as counters in usage_daily (written with
 * each reveal, export and list add, and every few seconds for searches), and the last time each
 * member was active. The page reads at most members x days rows, however many reveals there were
 * (bench/team-usage.bench.ts).
 */

const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** Adds physicians added to a list to the member's counters of today (UTC), in the add's transaction. */
export async function recordListAdds(db: Db, member: { userId: string; teamId: string }, added: number): Promise<void> {
  await db.sql.query(
    `INSERT INTO usage_daily (team_id, user_id, day, list_adds) VALUES ($1, $2, (now() AT TIME ZONE 'UTC')::date, $3)
     ON CONFLICT (team_id, day, user_id) DO UPDATE SET list_adds = usage_daily.list_adds + excluded.list_adds`,
    [member.teamId, member.userId, added],
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
  /** Counts by team and user ('<team> <user>'). */
  private pending = new Map<string, number>();

  add(member: { userId: string; teamId: string }): void {
    const key = `${member.teamId} ${member.userId}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
  }

  /** Writes what was counted; what fails to write is counted again for the next flush. */
  async flush(db: Db): Promise<number> {
    if (this.pending.size === 0) return 0;
    const batch = this.pending;
    this.pending = new Map();
    try {
      const keys = [...batch.keys()].map((key) => key.split(' '));
      await db.sql.query(
        `INSERT INTO usage_daily (team_id, user_id, day, searches)
         SELECT t, u, (now() AT TIME ZONE 'UTC')::date, n FROM unnest($1::uuid[], $2::uuid[], $3::int[]) AS x(t, u, n)
          -- An account or team deleted since its searches were counted: its counts go with it.
          WHERE EXISTS (SELECT 1 FROM users WHERE id = x.u) AND EXISTS (SELECT 1 FROM teams WHERE id = x.t)
         ON CONFLICT (team_id, day, user_id) DO UPDATE SET searches = usage_daily.searches + excluded.searches`,
        [keys.map(([team]) => team), keys.map(([, user]) => user), [...batch.values()]],
      );
    } catch (error) {
      for (const [key, n] of batch) this.pending.set(key, (this.pending.get(key) ?? 0) + n);
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

/** A member's sums (day null) or a day's (user_id null). */
type Row = { user_id: string | null; day: string | null; searches: number; reveals: number; exports: number; list_adds: number };

/**
 * The team's usage from `from` to `to` (UTC days, both included): every member who is in the team
 * or was during the period, with their counts, and the team's counts per day (every day present).
 */
export async function teamUsage(db: Db, teamId: string, period: { from: string; to: string }): Promise<TeamUsageResponse> {
  const start = `${period.from}T00:00:00Z`;
  const end = new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY_MS).toISOString();
  // The counters of the period summed per member and per day in one statement (a row per member and
  // one per day: PGlite hands rows over slowly, so 50 x 90 of them had cost 100 ms), and the members:
  // those in the team during the period, and anyone with counts in it.
  const { rows } = await db.sql.query<Row>(
    `SELECT user_id, day::text AS day, sum(searches)::int AS searches, sum(reveals)::int AS reveals,
            sum(exports)::int AS exports, sum(list_adds)::int AS list_adds FROM usage_daily
      WHERE team_id = $1 AND day >= $2::date AND day <= $3::date
      GROUP BY GROUPING SETS ((user_id), (day))`,
    [teamId, period.from, period.to],
  );
  const members = await db.sql.query<{ user_id: string; name: string | null; email: string; role: string; removed: boolean; last_active: Date | null }>(
    `SELECT DISTINCT ON (u.id) u.id AS user_id, u.name, u.email, coalesce(m.role, 'member') AS role, m.removed_at IS NOT NULL OR m.user_id IS NULL AS removed,
            (SELECT max(s.last_seen_at) FROM sessions s WHERE s.user_id = u.id) AS last_active
       FROM users u LEFT JOIN team_members m ON m.user_id = u.id AND m.team_id = $1
      WHERE (m.team_id = $1 AND m.joined_at < $3 AND (m.removed_at IS NULL OR m.removed_at >= $2)) OR u.id = ANY($4::uuid[])
      ORDER BY u.id, m.removed_at IS NULL DESC, m.joined_at DESC`,
    [teamId, start, end, rows.flatMap((r) => (r.user_id ? [r.user_id] : []))],
  );
  const perMember = new Map<string, Omit<MemberUsage, 'userId' | 'name' | 'email' | 'role' | 'lastActiveAt'>>();
  const perDay = new Map<string, DayUsage>();
  for (let t = Date.parse(start); t < Date.parse(end); t += DAY_MS) {
    const d = day(new Date(t));
    perDay.set(d, { day: d, searches: 0, reveals: 0, exports: 0, listAdds: 0 });
  }
  for (const row of rows) {
    const counts = { searches: row.searches, reveals: row.reveals, exports: row.exports, listAdds: row.list_adds };
    if (row.user_id) perMember.set(row.user_id, counts);
    else if (row.day && perDay.has(row.day)) perDay.set(row.day, { day: row.day, ...counts });
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
