import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Download, ListPlus, MoveHorizontal, Upload } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import {
  MATCH_FIELD_LABEL,
  MATCH_FIELDS,
  MATCH_MAX_BYTES,
  MATCH_MAX_CELL_CHARS,
  MATCH_MAX_COLUMNS,
  MATCH_MAX_ROWS,
  type MatchField,
  type MatchJobResponse,
  type MatchMapping,
  type MatchOutcome,
  type MatchPreviewResponse,
  type MatchRow,
} from '@contract/matches';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { useCan } from '@web/app/session';
import { formatNumber } from '@web/lib/utils';
import { useGuaranteeWarning } from '@web/features/billing/guarantee-warning';
import { useAddMatchedToList, useCreateMatch, useDownloadEnriched, useMatchJob, usePreviewMatch, useResolveRow } from './api';
import { matchedIds, outcomeLabel, rowsShown } from './review';

/**
 * /match-list ('Match a list', from My Lists): upload a spreadsheet, map its columns on a
 * preview, follow the matching, review the rows (resolve the ambiguous ones), then add the
 * matched physicians to a list or download the file enriched (docs/decisions/033-list-matching.md).
 * The job's id stays in the URL (?job=), so a reload or a shared tab finds it again.
 */
export function MatchListPage() {
  const canMatch = useCan('lists:add');
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">Match a list</h1>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
            Upload a list you already have (an ATS export, a conference sheet) and we find each person in the
            directory. Your file is kept for 7 days, is yours alone, and never changes the directory.
          </p>
        </div>
        <Button asChild variant="outline">
          <Link to="/lists">My Lists</Link>
        </Button>
      </div>
      <div className="mt-8">
        {!canMatch ? (
          <Card>
            <CardContent className="py-8 text-center">
              <p className="text-muted-foreground">Matching a list needs a Monthly or Annual Plan.</p>
              <Button asChild className="mt-4">
                <Link to="/pricing">See plans</Link>
              </Button>
            </CardContent>
          </Card>
        ) : jobId ? (
          <MatchJob id={jobId} onRestart={() => setParams({})} />
        ) : (
          <UploadStep onStarted={(id) => setParams({ job: id })} />
        )}
      </div>
    </div>
  );
}

function UploadStep({ onStarted }: { onStarted: (id: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<MatchMapping>({});
  const preview = usePreviewMatch();
  const create = useCreateMatch();

  function choose(chosen: File | null) {
    setFile(chosen);
    preview.reset();
    if (!chosen) return;
    if (!/\.(csv|xlsx)$/i.test(chosen.name)) return setFileError('Choose a .csv or .xlsx file.');
    if (chosen.size > MATCH_MAX_BYTES) return setFileError('The file is larger than 10 MB; split it into parts.');
    setFileError(null);
    preview.mutate(chosen, {
      onSuccess: (result) => setMapping(result.mapping),
      onError: (error) => setFileError(error.message),
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file || !preview.data) return setFileError('Choose a file to match.');
    create.mutate(
      { file, mapping },
      {
        onSuccess: (result) => onStarted(result.id),
        onError: (error) => toast.error('The list was not uploaded', { description: error.message }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-6" noValidate>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">1. Choose your file</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2">
          <Label htmlFor="match-file">Spreadsheet (CSV or XLSX)</Label>
          <Input
            id="match-file"
            type="file"
            accept=".csv,.xlsx"
            aria-invalid={!!fileError}
            aria-describedby="match-file-hint"
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
          <p id="match-file-hint" className="text-sm text-muted-foreground">
            Up to {formatNumber(MATCH_MAX_ROWS)} rows, {MATCH_MAX_COLUMNS} columns and 10 MB; at most{' '}
            {formatNumber(MATCH_MAX_CELL_CHARS)} characters a cell. The first row names the columns.
          </p>
          {fileError && (
            <p role="alert" className="text-sm text-destructive">
              {fileError}
            </p>
          )}
          {preview.isPending && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner /> Reading the file…
            </p>
          )}
        </CardContent>
      </Card>
      {preview.data && <MappingStep preview={preview.data} mapping={mapping} onChange={setMapping} />}
      {preview.data && (
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner /> : <Upload aria-hidden />} Match {formatNumber(preview.data.rows)} {preview.data.rows === 1 ? 'row' : 'rows'}
        </Button>
      )}
    </form>
  );
}

function MappingStep(props: { preview: MatchPreviewResponse; mapping: MatchMapping; onChange: (mapping: MatchMapping) => void }) {
  const { preview, mapping } = props;
  function set(column: string, field: MatchField | '') {
    const next: MatchMapping = {};
    for (const [c, f] of Object.entries(mapping)) if (c !== column && f !== field) next[c] = f;
    if (field) next[column] = field;
    props.onChange(next);
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">2. Tell us what each column holds</CardTitle>
        <p className="text-sm text-muted-foreground">
          We guessed from your headers. Map at least a last name, a full name or an NPI; columns you leave out
          come back unchanged in the enriched file.
        </p>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {preview.columns.length > 5 && (
          // A wide file's columns run past the card: say so, at every width (NPI and notes columns
          // are often last).
          <p className="mb-2 flex items-center gap-1.5 text-sm text-muted-foreground">
            <MoveHorizontal className="size-4" aria-hidden />
            {preview.columns.length} columns: scroll the table sideways to see and map them all.
          </p>
        )}
        <Table>
          <TableHeader>
            <TableRow>
              {preview.columns.map((column) => (
                <TableHead key={column} className="min-w-36 align-top">
                  <label className="flex flex-col gap-1 py-2">
                    <span className="font-medium text-foreground">{column}</span>
                    <select
                      aria-label={`Column ${column}`}
                      className="h-9 rounded-md border bg-background px-2 text-sm font-normal"
                      value={mapping[column] ?? ''}
                      onChange={(event) => set(column, event.target.value as MatchField | '')}
                    >
                      <option value="">Not used</option>
                      {MATCH_FIELDS.map((field) => (
                        <option key={field} value={field}>
                          {MATCH_FIELD_LABEL[field]}
                        </option>
                      ))}
                    </select>
                  </label>
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.sample.map((cells, i) => (
              <TableRow key={i}>
                {cells.map((cell, c) => (
                  <TableCell key={c} className="max-w-48 truncate">
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <p className="mt-2 text-sm text-muted-foreground">
          {preview.fileName}: {formatNumber(preview.rows)} rows (the first {preview.sample.length} shown).
        </p>
      </CardContent>
    </Card>
  );
}

function MatchJob({ id, onRestart }: { id: string; onRestart: () => void }) {
  const job = useMatchJob(id);
  if (job.isError) {
    return (
      <Card>
        <CardContent className="py-8 text-center">
          <p role="alert">{job.error.message}</p>
          <Button className="mt-4" onClick={onRestart}>
            Match another list
          </Button>
        </CardContent>
      </Card>
    );
  }
  const data = job.data;
  if (!data || data.status === 'queued' || data.status === 'running') {
    const progress = data?.progress ?? 0;
    return (
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Matching {data ? data.fileName : 'your list'}…</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2">
          <div
            role="progressbar"
            aria-label="Matching progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress)}
            className="h-3 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-all" style={{ width: `${progress}%` }} />
          </div>
          <p className="text-sm text-muted-foreground">
            {Math.round(progress)} % of {formatNumber(data?.total ?? 0)} rows
          </p>
        </CardContent>
      </Card>
    );
  }
  if (data.status === 'failed') {
    return (
      <Card>
        <CardContent className="py-8 text-center">
          <p role="alert">{data.error ?? 'The list could not be matched.'}</p>
          <Button className="mt-4" onClick={onRestart}>
            Match another list
          </Button>
        </CardContent>
      </Card>
    );
  }
  return <Review job={data} onRestart={onRestart} />;
}

const FILTERS: Array<{ value: MatchOutcome | 'all'; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'matched', label: 'Matched' },
  { value: 'ambiguous', label: 'Ambiguous' },
  { value: 'none', label: 'No match' },
];

function Review({ job, onRestart }: { job: MatchJobResponse; onRestart: () => void }) {
  const [filter, setFilter] = useState<MatchOutcome | 'all'>('all');
  const [limit, setLimit] = useState(100);
  const rows = job.rows ?? [];
  const shown = rowsShown(rows, filter);
  const count = (value: MatchOutcome | 'all') => (value === 'all' ? job.total : job.counts[value]);
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle className="text-lg">Review {job.fileName}</CardTitle>
          <Button variant="outline" size="sm" onClick={onRestart}>
            Match another list
          </Button>
        </CardHeader>
        <CardContent className="space-y-4">
          <div role="group" aria-label="Show rows" className="flex flex-wrap gap-2">
            {FILTERS.map((f) => (
              <Button key={f.value} size="sm" variant={filter === f.value ? 'default' : 'outline'} aria-pressed={filter === f.value} onClick={() => setFilter(f.value)}>
                {f.label} ({formatNumber(count(f.value))})
              </Button>
            ))}
          </div>
          <Results job={job} />
        </CardContent>
      </Card>
      <div className="overflow-x-auto rounded-xl border bg-card">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-14">Row</TableHead>
              <TableHead>Your row</TableHead>
              <TableHead>Outcome</TableHead>
              <TableHead>Physician and evidence</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.slice(0, limit).map((row) => (
              <ReviewRow key={row.row} jobId={job.id} row={row} />
            ))}
          </TableBody>
        </Table>
      </div>
      {shown.length > limit && (
        <Button variant="outline" onClick={() => setLimit(limit + 200)}>
          Show more rows ({formatNumber(shown.length - limit)} left)
        </Button>
      )}
    </div>
  );
}

function ReviewRow({ jobId, row }: { jobId: string; row: MatchRow }) {
  const chosen = row.candidates.find((c) => c.physicianId === row.physicianId);
  return (
    <TableRow>
      <TableCell className="align-top tabular-nums">{row.row}</TableCell>
      <TableCell className="max-w-64 align-top break-words">{row.label}</TableCell>
      <TableCell className="align-top">
        <Badge variant={row.outcome === 'matched' ? 'default' : row.outcome === 'ambiguous' ? 'secondary' : 'outline'}>
          {outcomeLabel(row)}
        </Badge>
      </TableCell>
      <TableCell className="align-top">
        {row.outcome === 'matched' && chosen ? (
          <div>
            <Link to={`/physician/${chosen.physicianId}`} className="font-medium text-primary hover:underline">
              {chosen.name}
            </Link>{' '}
            <span className="text-sm text-muted-foreground">
              {[chosen.specialty, [chosen.city, chosen.state].filter(Boolean).join(', ')].filter(Boolean).join(' · ')} · score{' '}
              {row.score?.toFixed(2)}
            </span>
            <p className="text-xs text-muted-foreground">
              Agrees: {chosen.agrees.join(', ')}
              {chosen.differs.length ? `; differs: ${chosen.differs.join(', ')}` : ''}
            </p>
          </div>
        ) : row.candidates.length > 0 ? (
          <div className="space-y-1">
            {row.outcome === 'none' && (
              <p className="text-sm text-muted-foreground">
                No physician fits this row. Near misses (one letter off, or the same initial):
              </p>
            )}
            <CandidateChoices jobId={jobId} row={row} />
          </div>
        ) : (
          <span className="text-sm text-muted-foreground">No physician in the directory fits this row.</span>
        )}
      </TableCell>
    </TableRow>
  );
}

/** The physicians a row may be (ambiguous) or nearly is (no match), each with 'Choose'. */
function CandidateChoices({ jobId, row }: { jobId: string; row: MatchRow }) {
  const resolve = useResolveRow(jobId);
  return (
    <ul className="space-y-2" aria-label={`${row.outcome === 'none' ? 'Near misses' : 'Candidates'} for row ${row.row}`}>
      {row.candidates.map((c) => (
        <li key={c.physicianId} className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={resolve.isPending}
            aria-label={`Choose ${c.name} for row ${row.row}`}
            onClick={() =>
              resolve.mutate(
                { row: row.row, physicianId: c.physicianId },
                { onError: (error) => toast.error('Not saved', { description: error.message }) },
              )
            }
          >
            Choose
          </Button>
          <span>
            {c.name}{' '}
            <span className="text-sm text-muted-foreground">
              {[c.specialty, [c.city, c.state].filter(Boolean).join(', ')].filter(Boolean).join(' · ')} · score {c.score.toFixed(2)}
            </span>
            <span className="block text-xs text-muted-foreground">
              Agrees: {c.agrees.join(', ') || 'nothing'}
              {c.differs.length ? `; differs: ${c.differs.join(', ')}` : ''}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function Results({ job }: { job: MatchJobResponse }) {
  const canDownload = useCan('exports:create');
  const ids = matchedIds(job.rows ?? []);
  const [name, setName] = useState(`Matched from ${job.fileName}`.slice(0, 100));
  const add = useAddMatchedToList();
  const download = useDownloadEnriched(job.id);
  // The enriched file is an export: one that ends a running money-back guarantee asks first.
  const guarantee = useGuaranteeWarning();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <form
        className="space-y-2 rounded-lg border p-4"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(
            { name, physicianIds: ids },
            {
              onSuccess: (list) => toast.success(`${formatNumber(ids.length)} physicians added to ${list.name}`),
              onError: (error) => toast.error('Not added', { description: error.message }),
            },
          );
        }}
      >
        <Label htmlFor="match-list-name">New list name</Label>
        <Input id="match-list-name" value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
        <Button type="submit" disabled={ids.length === 0 || !name.trim() || add.isPending}>
          {add.isPending ? <Spinner /> : <ListPlus aria-hidden />} Add matched to a list ({formatNumber(ids.length)})
        </Button>
        {add.data && (
          <p className="text-sm">
            <Link to={`/lists/${add.data.id}`} className="text-primary hover:underline">
              Open {add.data.name}
            </Link>
          </p>
        )}
      </form>
      <div className="space-y-2 rounded-lg border p-4">
        <p className="text-sm text-muted-foreground" id="enriched-note">
          {canDownload
            ? `Your file back with NPI, specialty, location and contacts. This is an export: its ${formatNumber(ids.length)} matched physicians count against your daily export limit, and downloading ends the 30-day money-back guarantee.`
            : 'Downloading the enriched file needs the Annual Plan.'}
        </p>
        <Button
          variant="outline"
          aria-describedby="enriched-note"
          disabled={!canDownload || download.isPending || guarantee.checking}
          onClick={() =>
            void guarantee.confirm(() =>
              download.mutate(undefined, {
                onSuccess: (count) => toast.success(`Downloaded, ${formatNumber(count)} contacts exported`),
                onError: (error) => toast.error('Not downloaded', { description: error.message }),
              }),
            )
          }
        >
          {download.isPending ? <Spinner /> : <Download aria-hidden />} Download enriched file
        </Button>
        {guarantee.dialog}
      </div>
    </div>
  );
}
