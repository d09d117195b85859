import { useId, useMemo, useState } from 'react';
import { Download } from 'lucide-react';
import type { DayUsage, MemberUsage } from '@contract/team';
import { Button } from '@web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { formatDateTime, formatNumber, pluralize } from '@web/lib/utils';
import { usageSearch, useTeamUsage } from './api';

/*
 * The team's usage (docs/decisions/061-teams.md), for owners and admins: a period, the reveals and
 * searches per day as bars, and per member their searches, reveals, exported contacts, list adds
 * and last activity; the same as a CSV file.
 */

const DAY_MS = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

const PERIODS = {
  'this-month': 'This month',
  'last-month': 'Last month',
  'last-30': 'Last 30 days',
  'last-90': 'Last 90 days',
} as const;
type PeriodKey = keyof typeof PERIODS;

/** The UTC days of a named period, as of `now`. */
export function periodOf(key: PeriodKey, now = new Date()): { from: string; to: string } {
  const today = iso(now.getTime());
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  switch (key) {
    case 'this-month':
      return { from: iso(monthStart), to: today };
    case 'last-month':
      return { from: iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)), to: iso(monthStart - DAY_MS) };
    case 'last-30':
      return { from: iso(now.getTime() - 29 * DAY_MS), to: today };
    case 'last-90':
      return { from: iso(now.getTime() - 89 * DAY_MS), to: today };
  }
}

const ROLE = { owner: 'Owner', admin: 'Admin', member: 'Member', removed: 'Removed' } as const;

export function UsageSection() {
  const id = useId();
  const [key, setKey] = useState<PeriodKey>('this-month');
  const period = useMemo(() => periodOf(key), [key]);
  const usage = useTeamUsage(period);
  const totals = usage.data?.days.reduce(
    (sum, d) => ({ searches: sum.searches + d.searches, reveals: sum.reveals + d.reveals, exports: sum.exports + d.exports, listAdds: sum.listAdds + d.listAdds }),
    { searches: 0, reveals: 0, exports: 0, listAdds: 0 },
  );
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id={`${id}-title`} className="text-base font-semibold text-foreground">
            Usage
          </h3>
          <p className="text-sm text-muted-foreground">What each recruiter did in the period (UTC days).</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Select value={key} onValueChange={(value) => setKey(value as PeriodKey)}>
            <SelectTrigger className="h-9 w-40" aria-label="Usage period">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(Object.keys(PERIODS) as PeriodKey[]).map((k) => (
                <SelectItem key={k} value={k}>
                  {PERIODS[k]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button asChild variant="outline" size="sm">
            <a href={`/api/team/usage?${usageSearch(period, 'csv')}`} download>
              <Download aria-hidden />
              Download CSV
            </a>
          </Button>
        </div>
      </div>
      {usage.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading the usage">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : usage.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The usage could not be loaded. Try again in a moment.
        </p>
      ) : (
        <div className="flex flex-col gap-4" aria-busy={usage.isFetching || undefined}>
          {totals && (
            <p className="text-sm text-foreground">
              {pluralize(totals.searches, 'search', 'searches')}, {pluralize(totals.reveals, 'reveal')},{' '}
              {pluralize(totals.exports, 'exported contact')} and {pluralize(totals.listAdds, 'list add')} from {usage.data.from} to {usage.data.to}.
            </p>
          )}
          <DayChart days={usage.data.days} />
          <MembersUsage members={usage.data.members} />
        </div>
      )}
    </section>
  );
}

/** Reveals (teal) and searches (grey) per day: bars scaled to the busiest day. */
function DayChart({ days }: { days: DayUsage[] }) {
  const max = Math.max(1, ...days.map((d) => Math.max(d.reveals, d.searches)));
  const width = 640;
  const height = 120;
  const step = width / Math.max(days.length, 1);
  const bar = Math.max(1, step / 2 - 1);
  const busiest = days.reduce<DayUsage | null>((best, d) => (!best || d.reveals > best.reveals ? d : best), null);
  const summary = busiest && busiest.reveals > 0
    ? `Reveals and searches per day; the most reveals, ${formatNumber(busiest.reveals)}, on ${busiest.day}.`
    : 'Reveals and searches per day: none in this period.';
  return (
    <figure className="flex flex-col gap-2">
      <svg viewBox={`0 0 ${width} ${height}`} className="h-28 w-full" role="img" aria-label={summary} preserveAspectRatio="none">
        {days.map((d, i) => {
          const reveals = (d.reveals / max) * (height - 4);
          const searches = (d.searches / max) * (height - 4);
          return (
            <g key={d.day}>
              <title>{`${d.day}: ${d.reveals} reveals, ${d.searches} searches`}</title>
              <rect x={i * step} y={height - searches} width={bar} height={searches} className="fill-slate-300" />
              <rect x={i * step + bar + 1} y={height - reveals} width={bar} height={reveals} className="fill-brand-teal" />
            </g>
          );
        })}
      </svg>
      <figcaption className="flex gap-4 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-2.5 rounded-sm bg-brand-teal" aria-hidden /> Reveals
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-2.5 rounded-sm bg-slate-300" aria-hidden /> Searches
        </span>
      </figcaption>
    </figure>
  );
}

function MembersUsage({ members }: { members: MemberUsage[] }) {
  if (members.length === 0) return <p className="text-sm text-muted-foreground">Nobody was in the team in this period.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border">
      <Table aria-label="Usage per member">
        <TableHeader>
          <TableRow>
            <TableHead>Member</TableHead>
            <TableHead className="text-right">Searches</TableHead>
            <TableHead className="text-right">Reveals</TableHead>
            <TableHead className="text-right">Exported</TableHead>
            <TableHead className="text-right">List adds</TableHead>
            <TableHead>Last active</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {members.map((m) => (
            <TableRow key={m.userId}>
              <TableCell className="max-w-56">
                <span className="block truncate font-medium">{m.name ?? m.email}</span>
                <span className="block truncate text-xs text-muted-foreground">
                  {m.name ? `${m.email} · ` : ''}
                  {ROLE[m.role]}
                </span>
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(m.searches)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(m.reveals)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(m.exports)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(m.listAdds)}</TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">{formatDateTime(m.lastActiveAt, 'Never')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
