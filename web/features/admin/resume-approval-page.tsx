import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@web/components/ui/toast';
import { SUBMISSION_STATUSES, SUBMISSIONS_PAGE_SIZE, type Submission, type SubmissionStatus } from '@contract/admin';
import type { Specialty } from '@contract/directory-options';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { Tabs, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { ResultsPagination } from '@web/components/results-pagination';
import { formatDate, formatNumber } from '@web/lib/utils';
import { processSubmission, useRefreshAfterProcessing, useSubmissions, type SubmissionAction } from './api';
import { SubmissionMatchNote } from './submission-match';
import { needsSpecialtyChoice, SpecialtyChoice } from './specialty-choice';
import { bulkToast, companyOf, correctedPage, fullName, selectAllState, specialtyOf } from './format';
import { TableStates } from './table-states';

const LABELS: Record<SubmissionStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

function isStatus(value: string | null): value is SubmissionStatus {
  return SUBMISSION_STATUSES.includes(value as SubmissionStatus);
}

/** /resume-approval: Resume Submissions (docs/rules.md#admin). Tab and page live in the URL. */
export function ResumeApprovalPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const status: SubmissionStatus = isStatus(requested) ? requested : 'pending';
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);

  const submissions = useSubmissions(status, page);
  const refresh = useRefreshAfterProcessing();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [runningRow, setRunningRow] = useState<string | null>(null);
  const [bulkRunning, setBulkRunning] = useState(false);
  // 'Other' resumes: the specialty each is approved under (the suggestion until the operator picks).
  const [choices, setChoices] = useState<Record<string, Specialty>>({});
  const chosen = (s: Submission): Specialty | null => choices[s.id] ?? s.suggestedSpecialty;

  const { error, isError } = submissions;
  useEffect(() => {
    if (isError) toast.error('Error Loading Submissions', { description: error.message || 'Could not load resume submissions.' });
  }, [isError, error]);

  const data = submissions.data?.status === status ? submissions.data : undefined;
  const rows: Submission[] = data?.submissions ?? [];
  const counts = submissions.data?.counts;
  const busy = bulkRunning || submissions.isFetching;
  const ids = rows.map((r) => r.id);
  const selectedHere = ids.filter((id) => selected.has(id));

  function navigate(next: { status?: SubmissionStatus; page?: number }) {
    setSelected(new Set());
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        const nextStatus = next.status ?? status;
        const nextPage = next.page ?? 1;
        if (nextStatus === 'pending') params.delete('status');
        else params.set('status', nextStatus);
        if (nextPage === 1) params.delete('page');
        else params.set('page', String(nextPage));
        return params;
      },
      { replace: false, preventScrollReset: true },
    );
  }

  /** Reload, clear the selection, and step back if this page no longer exists (docs/rules.md#admin). */
  async function afterAction() {
    setSelected(new Set());
    await refresh();
  }
  const total = data?.total;
  useEffect(() => {
    if (total === undefined) return;
    const fixed = correctedPage(page, total, SUBMISSIONS_PAGE_SIZE);
    if (fixed !== page) {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (fixed === 1) params.delete('page');
          else params.set('page', String(fixed));
          return params;
        },
        { replace: true },
      );
    }
  }, [total, page, setSearchParams]);

  async function runOne(s: Submission, action: SubmissionAction) {
    setRunningRow(s.id);
    try {
      const result = await processSubmission(s.id, action, chosen(s));
      toast.success(action === 'approve' ? 'Resume Approved' : 'Resume Rejected', { description: result.message });
    } catch (err) {
      toast.error('Action Failed', { description: err instanceof Error ? err.message : undefined });
    } finally {
      setRunningRow(null);
      await afterAction();
    }
  }

  /** One at a time; every failure is counted and the rest go on (docs/rules.md#admin). */
  async function runBulk(action: SubmissionAction) {
    if (selectedHere.length === 0) {
      toast.error('No Submissions Selected', { description: 'Select at least one submission first.' });
      return;
    }
    setBulkRunning(true);
    let succeeded = 0;
    let failed = 0;
    for (const id of selectedHere) {
      const row = rows.find((r) => r.id === id);
      try {
        await processSubmission(id, action, row ? chosen(row) : null);
        succeeded += 1;
      } catch {
        failed += 1;
      }
    }
    const message = bulkToast({ action, succeeded, failed });
    if (message.kind === 'success') toast.success(message.title, { description: message.description });
    else toast.error(message.title, { description: message.description });
    setBulkRunning(false);
    await afterAction();
  }

  const isPending = status === 'pending';
  const dateColumn = status === 'approved' ? 'Approved At' : status === 'rejected' ? 'Processed At' : null;
  const columnCount = 5 + (isPending ? 2 : 0) + (dateColumn ? 1 : 0);
  const allState = selectAllState(ids, selected);

  return (
    <div className="bg-surface flex-1">
      <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <header>
          <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">Resume Submissions</h1>
          <p className="mt-1 text-muted-foreground">
            Approve a resume to add the physician to the directory; reject it to keep it out.
          </p>
        </header>

        <Tabs value={status} onValueChange={(value) => isStatus(value) && navigate({ status: value })}>
          <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:w-fit">
            {SUBMISSION_STATUSES.map((s) => (
              <TabsTrigger
                key={s}
                value={s}
                disabled={bulkRunning}
                className="px-2 sm:px-3"
                // The tabs filter the one table below (no panel per tab): it is what they control.
                aria-controls="submission-rows"
              >
                {LABELS[s]}
                <Badge variant={s === status ? 'default' : 'muted'} className="ml-1 tabular-nums">
                  {counts ? formatNumber(counts[s]) : '…'}
                </Badge>
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>

        {isPending && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p role="status" className="text-sm text-muted-foreground">
              {selectedHere.length} of {rows.length} selected
            </p>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={busy || runningRow !== null} onClick={() => runBulk('reject')}>
                Reject
              </Button>
              <Button size="sm" disabled={busy || runningRow !== null} onClick={() => runBulk('approve')}>
                Approve
              </Button>
            </div>
          </div>
        )}

        <Card id="submission-rows" className="overflow-hidden">
          <Table aria-label={`${LABELS[status]} submissions`} aria-busy={busy}>
            <TableHeader>
              <TableRow>
                {isPending && (
                  <TableHead className="w-10">
                    <Checkbox
                      aria-label="Select all on this page"
                      checked={allState}
                      disabled={busy || rows.length === 0}
                      onCheckedChange={(value) => setSelected(value === true ? new Set(ids) : new Set())}
                    />
                  </TableHead>
                )}
                <TableHead>Name</TableHead>
                <TableHead className="hidden sm:table-cell">Email</TableHead>
                <TableHead className="hidden md:table-cell">Company</TableHead>
                <TableHead className="hidden md:table-cell">Specialty</TableHead>
                <TableHead className="hidden sm:table-cell">Submitted</TableHead>
                {dateColumn && <TableHead className="hidden sm:table-cell">{dateColumn}</TableHead>}
                {isPending && <TableHead className="text-right">Actions</TableHead>}
              </TableRow>
            </TableHeader>
            <TableBody>
              <TableStates
                columns={columnCount}
                loading={!data && submissions.isPending}
                empty={
                  rows.length === 0 &&
                  (data && data.total > 0 ? 'No submissions on this page. Try another page.' : `No ${status} submissions found`)
                }
              >
                {rows.map((s) => {
                  const name = fullName(s);
                  const rowDisabled = busy || runningRow === s.id;
                  return (
                    <TableRow key={s.id} data-state={selected.has(s.id) ? 'selected' : undefined}>
                      {isPending && (
                        <TableCell>
                          <Checkbox
                            aria-label={`Select ${name}`}
                            checked={selected.has(s.id)}
                            disabled={busy}
                            onCheckedChange={(value) =>
                              setSelected((current) => {
                                const next = new Set(current);
                                if (value === true) next.add(s.id);
                                else next.delete(s.id);
                                return next;
                              })
                            }
                          />
                        </TableCell>
                      )}
                      <TableCell className="font-medium break-words">
                        {name}
                        <span className="block text-xs font-normal text-muted-foreground">{s.title}</span>
                        <span className="block max-w-36 truncate text-xs font-normal text-muted-foreground sm:hidden" title={s.email}>
                          {s.email}
                        </span>
                        <SubmissionMatchNote submission={s} />
                        {isPending && needsSpecialtyChoice(s) && (
                          <div className="mt-2 font-normal sm:hidden">
                            <SpecialtyChoice
                              className="max-w-40"
                              submission={s}
                              name={name}
                              value={chosen(s)}
                              disabled={rowDisabled}
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
                      {dateColumn && (
                        <TableCell className="hidden whitespace-nowrap sm:table-cell">
                          {formatDate(s.processedAt, '—')}
                          {s.processedByEmail && (
                            <span className="block text-xs text-muted-foreground">by {s.processedByEmail}</span>
                          )}
                        </TableCell>
                      )}
                      {isPending && (
                        <TableCell>
                          {needsSpecialtyChoice(s) && (
                            <div className="mb-2 hidden justify-end sm:flex">
                              <SpecialtyChoice
                                submission={s}
                                name={name}
                                value={chosen(s)}
                                disabled={rowDisabled}
                                onChange={(specialty) => setChoices((current) => ({ ...current, [s.id]: specialty }))}
                              />
                            </div>
                          )}
                          <div className="flex flex-col items-end gap-1.5 sm:flex-row sm:justify-end">
                            <Button
                              variant="outline"
                              size="sm"
                              aria-label={`Reject ${name}`}
                              disabled={rowDisabled}
                              onClick={() => runOne(s, 'reject')}
                            >
                              Reject
                            </Button>
                            <Button
                              size="sm"
                              aria-label={`Approve ${name}`}
                              disabled={rowDisabled || (needsSpecialtyChoice(s) && !chosen(s))}
                              onClick={() => runOne(s, 'approve')}
                            >
                              Approve
                            </Button>
                          </div>
                        </TableCell>
                      )}
                    </TableRow>
                  );
                })}
              </TableStates>
            </TableBody>
          </Table>
        </Card>

        {data && (
          <ResultsPagination page={page} pageCount={data.pageCount} onPageChange={(p) => navigate({ page: p })} />
        )}
      </div>
    </div>
  );
}
