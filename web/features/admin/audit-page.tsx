import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { auditActionLabel } from '@contract/admin';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { ResultsPagination } from '@web/components/results-pagination';
import { formatDateTime, formatNumber } from '@web/lib/utils';
import { useAuditEvents } from './api';
import { TableStates } from './table-states';

const FILTERS = ['user', 'action', 'from', 'to'] as const;

function describeDetails(details: Record<string, unknown> | null): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

/** /admin/audit: who did what and when, filtered by user, action and days; paged on the server. */
export function AuditPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const apiParams = new URLSearchParams();
  for (const key of FILTERS) {
    const value = searchParams.get(key);
    if (value) apiParams.set(key, value);
  }
  if (page > 1) apiParams.set('page', String(page));
  const events = useAuditEvents(apiParams.toString());
  const [draft, setDraft] = useState(() => Object.fromEntries(FILTERS.map((k) => [k, searchParams.get(k) ?? ''])));

  function apply(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const key of FILTERS) if (draft[key]?.trim()) next.set(key, draft[key].trim());
    setSearchParams(next);
  }
  function clear() {
    setDraft(Object.fromEntries(FILTERS.map((k) => [k, ''])));
    setSearchParams(new URLSearchParams());
  }
  function goToPage(next: number) {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next === 1) params.delete('page');
      else params.set('page', String(next));
      return params;
    });
  }

  const rows = events.data?.events ?? [];
  return (
    <div className="bg-surface flex-1">
      <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <header>
          <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">Audit Log</h1>
          <p className="mt-1 text-muted-foreground">Every approval, role change, reveal, export and sign-in, newest first.</p>
        </header>

        <form onSubmit={apply} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1fr_1fr_auto] lg:items-end" aria-label="Filter the audit log">
          <div className="grid gap-1.5">
            <Label htmlFor="audit-user">User email</Label>
            <Input id="audit-user" value={draft.user} onChange={(e) => setDraft({ ...draft, user: e.target.value })} placeholder="Actor or target" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="audit-action">Action</Label>
            <select
              id="audit-action"
              value={draft.action}
              onChange={(e) => setDraft({ ...draft, action: e.target.value })}
              className="h-10 rounded-md border border-input bg-background px-3 text-sm"
            >
              <option value="">All actions</option>
              {(events.data?.actions ?? []).map((a) => (
                <option key={a} value={a}>
                  {auditActionLabel(a)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="audit-from">From</Label>
            <Input id="audit-from" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="audit-to">To</Label>
            <Input id="audit-to" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </div>
          <div className="flex gap-2">
            <Button type="submit">Filter</Button>
            <Button type="button" variant="outline" onClick={clear}>
              Clear
            </Button>
          </div>
        </form>

        {events.isError && (
          <p role="alert" className="text-sm text-destructive">
            {events.error.message}
          </p>
        )}

        <Card className="overflow-hidden">
          <Table aria-label="Audit events" aria-busy={events.isFetching}>
            <TableHeader>
              <TableRow>
                <TableHead>When</TableHead>
                <TableHead>Action</TableHead>
                <TableHead>By</TableHead>
                <TableHead className="hidden md:table-cell">Target</TableHead>
                <TableHead className="hidden lg:table-cell">Details</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              <TableStates
                columns={5}
                loading={events.isPending}
                empty={rows.length === 0 && 'No audit events found'}
              >
                {rows.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell className="whitespace-nowrap">{formatDateTime(e.createdAt)}</TableCell>
                    <TableCell>
                      <span title={e.action}>{auditActionLabel(e.action)}</span>
                    </TableCell>
                    <TableCell className="max-w-48 truncate">{e.actorEmail ?? 'system'}</TableCell>
                    <TableCell className="hidden max-w-56 truncate md:table-cell">
                      {e.targetLabel ?? (e.targetType ? `${e.targetType} ${e.targetId ?? ''}` : '')}
                    </TableCell>
                    <TableCell className="hidden max-w-80 truncate text-xs text-muted-foreground lg:table-cell">
                      {describeDetails(e.details)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableStates>
            </TableBody>
          </Table>
          {events.data && (
            <p role="status" className="border-t px-4 py-3 text-sm text-muted-foreground">
              {formatNumber(events.data.total)} events
            </p>
          )}
        </Card>
        {events.data && <ResultsPagination page={page} pageCount={events.data.pageCount} onPageChange={goToPage} />}
      </div>
    </div>
  );
}
