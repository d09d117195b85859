import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '@web/components/ui/toast';
import { Check, X } from 'lucide-react';
import { DASHBOARD_PENDING_LIMIT, type Submission } from '@contract/admin';
import type { Specialty } from '@contract/directory-options';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { isApiError } from '@web/lib/api';
import { formatDate, formatNumber } from '@web/lib/utils';
import { ActivityChart } from './activity-chart';
import { RefundRequestsSection } from './refund-requests-section';
import { ContactReportsSection } from './contact-reports-section';
import { OutreachSendersSection } from '@web/features/outreach/senders-section';
import { processSubmission, useAdminOverview, useRefreshAfterProcessing, useSubmissions, type SubmissionAction } from './api';
import { companyOf, formatMoney, fullName, selectAllState, specialtyOf } from './format';
import { TableStates } from './table-states';
import { needsSpecialtyChoice, SpecialtyChoice } from './specialty-choice';

const isAuthError = (error: unknown) => isApiError(error) && (error.status === 401 || error.status === 403);

/** /admin-dashboard: profile approvals (docs/rules.md#admin) and the operator's numbers at a glance. */
export function AdminDashboardPage() {
  return (
    <div className="bg-surface flex-1">
      <div className="mx-auto w-full max-w-7xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
        <header>
          <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">Admin Dashboard</h1>
          <p className="mt-1 text-muted-foreground">Profile approvals, users, revenue, refund requests and reported contacts at a glance.</p>
        </header>
        <OperatorNumbers />
        <PendingSubmissions />
        <RefundRequestsSection />
        <ContactReportsSection />
        <OutreachSendersSection />
      </div>
    </div>
  );
}

function Stat({ label, value, children, to }: { label: string; value: string; children?: ReactNode; to?: string }) {
  return (
    <Card className="gap-1 p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-semibold tabular-nums text-foreground">
        {to ? (
          <Link to={to} className="hover:underline">
            {value}
          </Link>
        ) : (
          value
        )}
      </p>
      {children && <div className="text-xs text-muted-foreground">{children}</div>}
    </Card>
  );
}

function OperatorNumbers() {
  const overview = useAdminOverview();
  if (overview.isPending) {
    return (
      <section aria-label="Numbers" aria-busy className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </section>
    );
  }
  if (overview.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        The numbers could not be loaded: {overview.error.message}
      </p>
    );
  }
  const o = overview.data;
  const paying = o.plans.reduce((n, p) => n + p.subscribers, 0);
  return (
    <section aria-labelledby="numbers-heading" className="space-y-4">
      <h2 id="numbers-heading" className="sr-only">
        Numbers
      </h2>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label="Users" value={formatNumber(o.users)} to="/users" />
        <Stat label="Paying subscribers" value={formatNumber(paying)}>
          {o.plans.map((p) => `${p.name}: ${formatNumber(p.subscribers)}`).join(' · ')}
          {o.trialing > 0 && ` · Trials: ${formatNumber(o.trialing)}`}
        </Stat>
        <Stat label="Monthly recurring revenue" value={formatMoney(o.mrrCents)}>
          Annual plans counted at a twelfth of their price
        </Stat>
        <Stat label="Pending submissions" value={formatNumber(o.pendingSubmissions)} to="/resume-approval" />
        <Stat label="Exports (30 days)" value={formatNumber(o.exportsLast30Days)}>
          {formatNumber(o.exportedContactsLast30Days)} contacts exported
        </Stat>
        <Stat label="Reveals (30 days)" value={formatNumber(o.revealsLast30Days)} />
        {o.openRefundRequests !== null && <Stat label="Open refund requests" value={formatNumber(o.openRefundRequests)} />}
        {o.contactMessages !== null && (
          <Stat label="Contact messages" value={formatNumber(o.contactMessages)} to="/admin/messages" />
        )}
      </div>
      <Card>
        <CardHeader className="pb-2">
          <CardTitle className="text-base">Exports and reveals, last 30 days</CardTitle>
        </CardHeader>
        <CardContent>
          <ActivityChart days={o.activity} />
        </CardContent>
      </Card>
    </section>
  );
}

function PendingSubmissions() {
  const submissions = useSubmissions('pending', 1, DASHBOARD_PENDING_LIMIT);
  const refresh = useRefreshAfterProcessing();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [runningRow, setRunningRow] = useState<string | null>(null);
  const [bulkRunning, setBulkRunning] = useState(false);
  // 'Other' resumes: the specialty each is approved under (the suggestion until the operator picks).
  const [choices, setChoices] = useState<Record<string, Specialty>>({});

  // docs/rules.md#admin: an authorisation failure says so and shows an empty list.
  const authFailed = submissions.isError && isAuthError(submissions.error);
  const rows: Submission[] = authFailed ? [] : (submissions.data?.submissions ?? []);
  const total = authFailed ? 0 : (submissions.data?.total ?? 0);
  const { error, isError } = submissions;
  useEffect(() => {
    if (!isError) return;
    if (isAuthError(error)) toast.error('Authorization Error', { description: 'You are not authorized to perform this action.' });
    else toast.error('Failed to load submissions', { description: error.message });
  }, [isError, error]);

  const busy = bulkRunning || submissions.isFetching;
  const ids = rows.map((r) => r.id);
  const selectedHere = ids.filter((id) => selected.has(id));
  const chosenFor = (id: string): Specialty | null =>
    choices[id] ?? rows.find((r) => r.id === id)?.suggestedSpecialty ?? null;

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function afterAction() {
    setSelected(new Set());
    await refresh();
  }

  function successToast(action: SubmissionAction, count: number) {
    if (action === 'approve') {
      toast.success('Profiles approved successfully', { description: `${count} profile(s) have been approved and processed.` });
    } else {
      toast.success('Profiles rejected', { description: `${count} profile(s) have been rejected.` });
    }
  }
  const failureTitle = (action: SubmissionAction) => (action === 'approve' ? 'Approval failed' : 'Rejection failed');

  async function runOne(id: string, action: SubmissionAction) {
    setRunningRow(id);
    try {
      await processSubmission(id, action, chosenFor(id));
      successToast(action, 1);
    } catch (err) {
      toast.error(failureTitle(action), { description: err instanceof Error ? err.message : undefined });
    } finally {
      setRunningRow(null);
      await afterAction();
    }
  }

  /** One at a time, in order; the first failure stops the batch (docs/rules.md#admin). */
  async function runSelected(action: SubmissionAction) {
    if (selectedHere.length === 0) {
      toast.error('No profiles selected', { description: 'Please select at least one profile to perform this action.' });
      return;
    }
    setBulkRunning(true);
    let done = 0;
    try {
      for (const id of selectedHere) {
        await processSubmission(id, action, chosenFor(id));
        done += 1;
      }
      successToast(action, done);
    } catch (err) {
      const message = err instanceof Error ? err.message : '';
      toast.error(failureTitle(action), {
        description: `${done} of ${selectedHere.length} processed before this error: ${message}`,
      });
    } finally {
      setBulkRunning(false);
      await afterAction();
    }
  }

  const allState = selectAllState(ids, selected);

  return (
    <section aria-labelledby="pending-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="pending-heading" className="text-xl font-semibold tracking-tight">
          Pending Submissions ({formatNumber(total)})
        </h2>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={busy || runningRow !== null} onClick={() => runSelected('reject')}>
            <X aria-hidden />
            Reject Selected
          </Button>
          <Button size="sm" disabled={busy || runningRow !== null} onClick={() => runSelected('approve')}>
            <Check aria-hidden />
            Approve Selected
          </Button>
        </div>
      </div>
      <Card className="overflow-hidden">
        <Table aria-label="Pending submissions" aria-busy={busy}>
          <TableHeader>
            <TableRow>
              <TableHead className="w-10">
                <Checkbox
                  aria-label="Select all"
                  checked={allState}
                  disabled={busy || rows.length === 0}
                  onCheckedChange={(value) => setSelected(value === true ? new Set(ids) : new Set())}
                />
              </TableHead>
              <TableHead>Name</TableHead>
              <TableHead className="hidden sm:table-cell">Email</TableHead>
              <TableHead className="hidden md:table-cell">Company</TableHead>
              <TableHead className="hidden md:table-cell">Specialty</TableHead>
              <TableHead className="hidden sm:table-cell">Submitted</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableStates
              columns={7}
              loading={submissions.isPending}
              empty={rows.length === 0 && 'No pending submissions found'}
            >
              {rows.map((s) => {
                const name = fullName(s);
                const rowBusy = busy || runningRow !== null;
                return (
                  <TableRow key={s.id} data-state={selected.has(s.id) ? 'selected' : undefined}>
                    <TableCell>
                      <Checkbox
                        aria-label={`Select ${name}`}
                        checked={selected.has(s.id)}
                        disabled={busy}
                        onCheckedChange={(value) => toggle(s.id, value === true)}
                      />
                    </TableCell>
                    <TableCell className="font-medium break-words">
                      {name}
                      <span className="block text-xs font-normal text-muted-foreground">{s.title}</span>
                        <span className="block max-w-36 truncate text-xs font-normal text-muted-foreground sm:hidden" title={s.email}>
                          {s.email}
                        </span>
                      {needsSpecialtyChoice(s) && (
                        <div className="mt-2 font-normal sm:hidden">
                          <SpecialtyChoice
                            className="max-w-40"
                            submission={s}
                            name={name}
                            value={chosenFor(s.id)}
                            disabled={rowBusy}
                            onChange={(specialty) => setChoices((current) => ({ ...current, [s.id]: specialty }))}
                          />
                        </div>
                      )}
                    </TableCell>
                    <TableCell className="hidden max-w-48 truncate sm:table-cell" title={s.email}>
                      {s.email}
                    </TableCell>
                    <TableCell className="hidden md:table-cell">{companyOf(s)}</TableCell>
                    <TableCell className="hidden md:table-cell">
                      <Badge variant="soft">{specialtyOf(s)}</Badge>
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap sm:table-cell">{formatDate(s.createdAt)}</TableCell>
                    <TableCell>
                      {needsSpecialtyChoice(s) && (
                        <div className="mb-2 hidden justify-end sm:flex">
                          <SpecialtyChoice
                            submission={s}
                            name={name}
                            value={chosenFor(s.id)}
                            disabled={rowBusy}
                            onChange={(specialty) => setChoices((current) => ({ ...current, [s.id]: specialty }))}
                          />
                        </div>
                      )}
                      <div className="flex flex-col items-end gap-1.5 sm:flex-row sm:justify-end">
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Reject ${name}`}
                          disabled={rowBusy}
                          onClick={() => runOne(s.id, 'reject')}
                        >
                          Reject
                        </Button>
                        <Button
                          size="sm"
                          aria-label={`Approve ${name}`}
                          disabled={rowBusy || (needsSpecialtyChoice(s) && !chosenFor(s.id))}
                          onClick={() => runOne(s.id, 'approve')}
                        >
                          Approve
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableStates>
          </TableBody>
        </Table>
      </Card>
      {total > rows.length && (
        <p className="text-sm text-muted-foreground">
          Showing the oldest {formatNumber(rows.length)}. <Link to="/resume-approval" className="text-primary hover:underline">See all on Resume Approval</Link>
        </p>
      )}
    </section>
  );
}
