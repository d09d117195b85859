import { useState, type FormEvent } from 'react';
import { toast } from '@web/components/ui/toast';
import { Upload } from 'lucide-react';
import type { ImportJob, ImportKindName, ImportSummary } from '@contract/import';
import { IMPORT_FILE_PATTERN } from '@contract/import';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { formatDateTime, formatNumber } from '@web/lib/utils';
import { useImportJob, useImports, useStartImport } from './api';
import { importStatusText, importStatusVariant } from './status-text';

const KINDS: { value: ImportKindName; label: string; hint: string }[] = [
  { value: 'nppes', label: 'NPPES', hint: 'npidata_pfile_*.csv, or the monthly NPPES .zip as downloaded' },
  { value: 'dac', label: 'Doctors and Clinicians', hint: 'DAC_NationalDownloadableFile.csv (after NPPES)' },
  { value: 'hospitals', label: 'Hospitals', hint: 'Hospital_General_Information.csv (names the facilities of the affiliations)' },
  { value: 'affiliations', label: 'Facility affiliations', hint: 'Facility_Affiliation.csv (after hospitals)' },
];

/** The kinds whose files carry no dates of their own: the file's date dates their values. */
const DATED_BY_FILE: ImportKindName[] = ['dac', 'affiliations'];

/**
 * /admin/import: an admin uploads a public CMS file and the server imports it, as
 * `npm run import` does (docs/imports.md, docs/decisions/015-public-data-import.md): progress while it
 * runs, the summary when it is done.
 */
export function ImportPage() {
  const [kind, setKind] = useState<ImportKindName>('nppes');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // DAC only: the day its values date from (freshest-wins against NPPES, ADR 035); the chosen
  // file's own modification day until the operator types another.
  const [typedDate, setTypedDate] = useState<string | null>(null);
  const fileDate = typedDate ?? (file ? dayOf(file.lastModified) : '');
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartImport();
  const job = useImportJob(jobId);
  const current = job.data?.import;
  const running = start.isPending || current?.status === 'running';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setFileError('Choose a file to import.');
    if (!IMPORT_FILE_PATTERN.test(file.name)) return setFileError('The file must be a .csv or a .zip.');
    setFileError(null);
    start.mutate(
      { kind, file, fileDate: DATED_BY_FILE.includes(kind) && fileDate ? fileDate : undefined },
      {
        onSuccess: (result) => setJobId(result.import.id),
        onError: (error) => toast.error('Import not started', { description: error.message }),
      },
    );
  }

  return (
    <div className="bg-surface flex-1">
      <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <header>
          <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">
            Import Physician Data
          </h1>
          <p className="mt-1 text-muted-foreground">
            Load the public CMS files into the directory. Physicians are matched by NPI; our own records are
            never overwritten, and NPIs on the removal list are skipped.
          </p>
        </header>

        <Card>
          <CardContent className="pt-6">
            <form onSubmit={submit} aria-label="Import a file" className="space-y-5" noValidate>
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium text-foreground">File type</legend>
                {KINDS.map((k) => (
                  <label key={k.value} className="flex cursor-pointer items-start gap-2 text-sm">
                    <input
                      type="radio"
                      name="kind"
                      value={k.value}
                      checked={kind === k.value}
                      disabled={running}
                      onChange={() => setKind(k.value)}
                      className="mt-0.5 size-4 accent-[var(--color-primary)]"
                    />
                    <span>
                      <span className="font-medium">{k.label}</span>
                      <span className="block text-muted-foreground">{k.hint}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
              <div className="space-y-2">
                <Label htmlFor="import-file">File</Label>
                <Input
                  id="import-file"
                  type="file"
                  accept=".csv,.zip"
                  disabled={running}
                  aria-invalid={fileError ? true : undefined}
                  aria-describedby={fileError ? 'import-file-error' : undefined}
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null);
                    setFileError(null);
                  }}
                />
                {fileError && (
                  <p id="import-file-error" role="alert" className="text-sm text-destructive">
                    {fileError}
                  </p>
                )}
              </div>
              {DATED_BY_FILE.includes(kind) && (
                <div className="space-y-2">
                  <Label htmlFor="import-file-date">File date</Label>
                  <Input
                    id="import-file-date"
                    type="date"
                    value={fileDate}
                    disabled={running}
                    aria-describedby="import-file-date-hint"
                    onChange={(event) => setTypedDate(event.target.value)}
                    className="w-full sm:w-48"
                  />
                  <p id="import-file-date-hint" className="text-sm text-muted-foreground">
                    {kind === 'dac'
                      ? 'When CMS released the file. Its addresses and phones replace NPPES’s only where they are newer.'
                      : 'When CMS released the file: the date of the new and ended affiliations it records.'}
                  </p>
                </div>
              )}
              <Button type="submit" disabled={running}>
                <Upload aria-hidden />
                Start import
              </Button>
            </form>
          </CardContent>
        </Card>

        {start.isPending && (
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner size="sm" label="Uploading" />
            Uploading {file?.name}…
          </div>
        )}
        {current && <ImportProgress job={current} />}
        <RecentImports />
      </div>
    </div>
  );
}

/** A file's modification time as its local calendar day (YYYY-MM-DD). */
function dayOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function ImportProgress({ job }: { job: ImportJob }) {
  return (
    <section aria-labelledby="import-progress-heading">
      <Card>
        <CardHeader>
          <CardTitle id="import-progress-heading" className="flex flex-wrap items-center gap-2 text-base">
            <span className="break-all">{job.fileName}</span>
            <Badge variant={importStatusVariant(job)}>{importStatusText(job)}</Badge>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <div role="status" aria-live="polite" className="space-y-2">
            <div
              role="progressbar"
              aria-label="Import progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={job.percent}
              className="h-2 w-full overflow-hidden rounded-full bg-muted"
            >
              <div
                className="h-full rounded-full bg-primary transition-[width]"
                style={{ width: `${job.percent}%` }}
              />
            </div>
            <p className="text-sm text-muted-foreground">
              {formatNumber(job.records)} rows read ({job.percent.toFixed(1)}% of the file)
              {job.status === 'finished' && job.summary && ` in ${job.summary.seconds.toFixed(1)} s`}
            </p>
          </div>
          {job.status === 'failed' && (
            <p role="alert" className="text-sm text-destructive">
              The import stopped: {job.error?.replace(/\.$/, '')}. What was imported before the error stays; upload the same file
              again to finish it.
            </p>
          )}
          {job.summary && <SummaryTable summary={job.summary} kind={job.kind} />}
        </CardContent>
      </Card>
    </section>
  );
}

/** What a hospitals or affiliations summary counts (its physician counts mean other things). */
function facilityRows(summary: ImportSummary, kind: ImportKindName): [string, number][] | null {
  if (kind === 'hospitals')
    return [
      ['Rows read', summary.read],
      ['Hospitals added', summary.inserted],
      ['Hospitals updated', summary.updated],
      ['Unchanged', summary.unchanged],
      ['Repaired (spreadsheet-saved CCNs, ZIPs, phones)', summary.repaired.zips + summary.repaired.codes + summary.repaired.phones],
      ['Skipped: malformed', summary.skipped.malformed],
    ];
  if (kind === 'affiliations')
    return [
      ['Rows read', summary.read],
      ['Physicians whose affiliations changed', summary.updated],
      ['Of those, affiliations ended (no longer in the file)', summary.notes.affiliationsEnded],
      ['Physicians unchanged', summary.unchanged],
      ['NPIs not in the directory (counted, not stored)', summary.skipped.notPhysician],
      ['Affiliations with a facility the hospitals file does not hold (kept with its CCN)', summary.notes.unknownFacilities],
      ['Skipped: on the removal list', summary.skipped.suppressed],
      ['Skipped: malformed', summary.skipped.malformed],
    ];
  return null;
}

function SummaryTable({ summary, kind }: { summary: ImportSummary; kind: ImportKindName }) {
  const rows: [string, number][] = facilityRows(summary, kind) ?? [
    ['Rows read', summary.read],
    ['Physicians inserted', summary.inserted],
    ['Physicians updated', summary.updated],
    ['Unchanged', summary.unchanged],
    ["Older than the directory's (left as they are)", summary.olderThanStored],
    ['Removed (deactivated NPIs)', summary.removed],
    ['In training (residents and fellows)', summary.notes.inTraining],
    ['Repaired (spreadsheet-saved dates, ZIPs, codes, phones)', summary.repaired.dates + summary.repaired.zips + summary.repaired.codes + summary.repaired.phones],
    ['Skipped: organisation', summary.skipped.organisation],
    ['Skipped: not a physician', summary.skipped.notPhysician],
    ['Skipped: MD or DO without a physician taxonomy', summary.skipped.credentialWithoutPhysicianCode],
    ['Skipped: physician taxonomy with a DDS, NP or other non-physician credential', summary.skipped.credentialNotPhysician],
    ['Skipped: deactivated', summary.skipped.deactivated],
    ['Skipped: on the removal list', summary.skipped.suppressed],
    ['Skipped: malformed', summary.skipped.malformed],
  ];
  return (
    <div className="space-y-3">
      <Table aria-label="Import summary">
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell className="text-muted-foreground">{label}</TableCell>
              <TableCell className="text-right font-medium tabular-nums">{formatNumber(value)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <p className="text-sm text-muted-foreground">
        Read as {summary.encoding}.
        {summary.fileDate &&
          ` Values dated ${summary.fileDate.date} (${summary.fileDate.from === 'option' ? 'the file date given' : "the file's modification day"}).`}
      </p>
      {summary.notes.unlistedTaxonomy > 0 && (
        <p className="text-sm text-muted-foreground">
          Taxonomy codes not in the table yet (filed under their classification's specialty; add them to
          contract/taxonomy-map.ts):{' '}
          {Object.entries(summary.notes.unlistedCodes)
            .sort(([, a], [, b]) => b - a)
            .map(([code, count]) => `${code} (${formatNumber(count)})`)
            .join(', ') || formatNumber(summary.notes.unlistedTaxonomy)}
          .
        </p>
      )}
      {summary.notes.affiliationsNotEnded && (
        <p role="alert" className="text-sm text-warning">
          Affiliations no longer in the file were not ended: {summary.notes.affiliationsNotEnded}.
        </p>
      )}
      {summary.advice && (
        <p role="alert" className="text-sm text-warning">
          {summary.advice}
        </p>
      )}
      {summary.malformed.length > 0 && (
        <div>
          <h3 className="text-sm font-medium">
            Lines skipped ({formatNumber(summary.skipped.malformed)}
            {summary.skipped.malformed > summary.malformed.length && `, the first ${summary.malformed.length} listed`})
          </h3>
          <ul className="mt-1 space-y-0.5 text-sm text-muted-foreground">
            {summary.malformed.map((m) => (
              <li key={m.line}>
                Line {formatNumber(m.line)}: {m.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function RecentImports() {
  const imports = useImports();
  const rows = imports.data?.imports ?? [];
  return (
    <section aria-labelledby="recent-imports-heading" className="space-y-3">
      <h2 id="recent-imports-heading" className="text-xl font-semibold tracking-tight">
        Uploaded imports
      </h2>
      <Card className="overflow-hidden">
        <Table aria-label="Uploaded imports" aria-busy={imports.isFetching}>
          <TableHeader>
            <TableRow>
              <TableHead>File</TableHead>
              <TableHead className="hidden sm:table-cell">Started</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Rows</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {imports.isError ? (
              <TableRow>
                <TableCell colSpan={4} role="alert" className="py-6 text-center text-destructive">
                  The imports could not be loaded: {imports.error.message}
                </TableCell>
              </TableRow>
            ) : rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} className="py-8 text-center text-muted-foreground">
                  {imports.isPending ? 'Loading…' : 'No uploads yet'}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((job) => (
                <TableRow key={job.id}>
                  <TableCell className="max-w-36 sm:max-w-80">
                    <span className="block truncate font-medium" title={job.fileName}>
                      {job.fileName}
                    </span>
                    <span className="block text-xs text-muted-foreground">
                      {KINDS.find((k) => k.value === job.kind)?.label}
                      {job.startedByEmail && ` · ${job.startedByEmail}`}
                    </span>
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap sm:table-cell">
                    {formatDateTime(job.startedAt)}
                  </TableCell>
                  <TableCell>
                    {/* 'Finished with N lines skipped' wraps on a phone rather than pushing Rows out of view. */}
                    <Badge variant={importStatusVariant(job)} className="whitespace-normal sm:whitespace-nowrap">
                      {importStatusText(job)}
                    </Badge>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(job.records)}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </Card>
    </section>
  );
}
