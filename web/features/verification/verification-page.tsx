import { useState, type FormEvent } from 'react';
import { toast } from '@web/components/ui/toast';
import { VERIFIED_MONTHLY_MIN_COVERAGE, type VerificationOverviewResponse, type VerifyPhysicianResponse } from '@contract/verification';
import { findingWords, verificationWords } from '@contract/verification-words';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { isApiError } from '@web/lib/api';
import { formatDateTime, formatNumber } from '@web/lib/utils';
import { useVerificationOverview, useVerifyPhysician } from './api';

const FIELD_LABEL = { personal_email: 'Personal email', work_email: 'Work email', mobile_phone: 'Mobile phone', office_phone: 'Office phone' } as const;

/** Horizontal bars (inline SVG, no chart library); the numbers are also in the table beside it. */
function Bars({ title, rows, unit = '' }: { title: string; rows: Array<{ label: string; value: number; tone?: 'warn' }>; unit?: string }) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  const summary = `${title}: ${rows.map((r) => `${r.label} ${formatNumber(r.value)}${unit}`).join(', ')}.`;
  return (
    <svg viewBox={`0 0 320 ${rows.length * 26}`} role="img" aria-label={summary} className="w-full max-w-md">
      {rows.map((r, i) => (
        <g key={r.label} transform={`translate(0 ${i * 26})`}>
          <text x={0} y={15} className="fill-muted-foreground text-[11px]">
            {r.label}
          </text>
          <rect x={110} y={4} height={14} width={Math.max(1, (r.value / max) * 160)} rx={2} className={r.tone === 'warn' ? 'fill-amber-500' : 'fill-primary'} />
          <text x={114 + Math.max(1, (r.value / max) * 160)} y={15} className="fill-foreground text-[11px]">
            {formatNumber(r.value)}
            {unit}
          </text>
        </g>
      ))}
    </svg>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card className="p-5">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-semibold tracking-tight">{value}</p>
      {note && <p className="mt-1 text-xs text-muted-foreground">{note}</p>}
    </Card>
  );
}

function QueueState({ queue }: { queue: VerificationOverviewResponse['queue'] }) {
  const rows: Array<[string, string]> = [
    ['Verifier', queue.verifier],
    ['Rate', `${formatNumber(queue.ratePerMinute)} values a minute`],
    ['Physicians due', formatNumber(queue.due)],
    ['Put first by a report or an operator', formatNumber(queue.requested)],
    ['Being checked now', formatNumber(queue.claimed)],
    ['Waiting after a provider error', formatNumber(queue.retrying)],
    ['Last run', queue.lastRunAt ? formatDateTime(queue.lastRunAt) : 'not yet'],
    ['Backing off until', queue.backoffUntil ? formatDateTime(queue.backoffUntil) : 'no'],
    ['Provider errors in a row', formatNumber(queue.failures)],
  ];
  if (queue.lastError) rows.push(['Last error', queue.lastError]);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="min-w-0 break-words font-medium">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** 'Personal email: Verified valid, 28 Nov 2026 · 75 % confidence, by our built-in checks' (checked just now). */
function resultWords(result: VerifyPhysicianResponse['results'][number], checkedAt: string): string {
  const words = verificationWords({ status: result.status, confidence: result.confidence, checkedAt, method: result.method });
  return `${FIELD_LABEL[result.field]}: ${words.description}`;
}

function VerifyNow() {
  const [id, setId] = useState('');
  const verify = useVerifyPhysician();
  function submit(event: FormEvent) {
    event.preventDefault();
    const physicianId = Number(id);
    if (!Number.isInteger(physicianId) || physicianId <= 0) {
      toast.error('Enter a physician id');
      return;
    }
    verify.mutate(physicianId, {
      onSuccess: (r) => {
        const now = new Date().toISOString();
        toast.success(`Physician ${r.physicianId} checked`, { description: r.results.map((x) => resultWords(x, now)).join('; ') || 'No values on file' });
      },
      onError: (error) => toast.error('Could not verify', { description: isApiError(error) ? error.message : 'Please try again later' }),
    });
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Verify one physician now">
      <div className="grid gap-1.5">
        <Label htmlFor="verify-physician">Physician id</Label>
        <Input id="verify-physician" inputMode="numeric" value={id} onChange={(e) => setId(e.target.value)} className="w-40" placeholder="e.g. 1042" />
      </div>
      <Button type="submit" disabled={verify.isPending}>
        {verify.isPending ? 'Checking…' : 'Verify now'}
      </Button>
      {verify.data && (
        <ul className="w-full text-sm" aria-live="polite">
          {verify.data.results.map((r) => (
            <li key={r.field}>{resultWords(r, new Date(verify.submittedAt).toISOString())}</li>
          ))}
        </ul>
      )}
    </form>
  );
}

/** /admin/verification: is 'verified monthly' true, what the checks find, and the queue (ADR 032). */
export function VerificationPage() {
  const overview = useVerificationOverview();
  const data = overview.data;
  return (
    <div className="bg-surface flex-1">
      <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <header>
          <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">Verification</h1>
          <p className="mt-1 text-muted-foreground">
            How fresh the directory’s contact checks are, what they find, and the re-verification queue.
          </p>
        </header>
        {overview.isError && <p role="alert">Could not load the verification overview.</p>}
        {!data ? (
          overview.isLoading && <p>Loading…</p>
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Stat
                label={`Checked in the last 30 days`}
                value={`${data.coverage} %`}
                note={
                  data.coverage >= VERIFIED_MONTHLY_MIN_COVERAGE
                    ? "The pages say 'verified monthly'"
                    : `Below ${VERIFIED_MONTHLY_MIN_COVERAGE} %: the pages say what is true instead`
                }
              />
              <Stat label="Contact values" value={formatNumber(data.values)} note={`${formatNumber(data.checkedRecently)} checked recently`} />
              <Stat
                label={findingWords('valid')}
                value={formatNumber(data.byStatus.valid)}
                note={`${formatNumber(data.byStatus.risky)} ${findingWords('risky').toLowerCase()}, ${formatNumber(data.byStatus.unknown)} ${findingWords('unknown').toLowerCase()} or not yet checked`}
              />
              <Stat label={`${findingWords('invalid')} (never shown)`} value={formatNumber(data.byStatus.invalid)} />
            </div>
            <div className="grid gap-4 lg:grid-cols-2">
              <Card className="p-5">
                <h2 className="text-lg font-semibold">Age of the last check</h2>
                <Bars title="Values by age of their last check" rows={data.ageHistogram.map((b) => ({ label: b.label, value: b.count, tone: b.label === 'never checked' || b.label.startsWith('over') || b.label.startsWith('31') || b.label.startsWith('61') ? 'warn' : undefined }))} />
              </Card>
              <Card className="p-5">
                <h2 className="text-lg font-semibold">Invalid rate per source</h2>
                <Bars title="Share of values found invalid, per source" unit=" %" rows={data.bySource.map((s) => ({ label: s.source, value: s.invalidRate, tone: 'warn' as const }))} />
                <Table className="mt-3">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Source</TableHead>
                      <TableHead className="text-right">Values</TableHead>
                      <TableHead className="text-right">Invalid</TableHead>
                      <TableHead className="text-right">Risky</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {data.bySource.map((s) => (
                      <TableRow key={s.source}>
                        <TableCell>{s.source}</TableCell>
                        <TableCell className="text-right">{formatNumber(s.values)}</TableCell>
                        <TableCell className="text-right">
                          {formatNumber(s.invalid)} ({s.invalidRate} %)
                        </TableCell>
                        <TableCell className="text-right">{formatNumber(s.risky)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Card>
            </div>
            <div className="grid gap-4 lg:grid-cols-2">
              <Card className="p-5">
                <h2 className="mb-3 text-lg font-semibold">Queue</h2>
                <QueueState queue={data.queue} />
              </Card>
              <Card className="p-5">
                <h2 className="mb-3 text-lg font-semibold">Verify one physician now</h2>
                <p className="mb-3 text-sm text-muted-foreground">
                  Checks every contact value of the physician at once with the configured verifier (audited).
                </p>
                <VerifyNow />
              </Card>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
