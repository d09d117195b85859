import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { loadSuppressionMatcher } from '../removal';
import { basename } from 'node:path';
import { CsvRecords, TRUNCATED, type CsvRecord } from './csv-records';
import { decodeText } from './decode';
import { scatteredNpis } from './groups';
import { openCsvSource, type CsvSource } from './source';
import { emptyRepairs } from './text';
import { ImportFileError, type Deactivation, type ImportKind, type ImportProgress, type ImportSummary, type RowOutcome, type SkipReason } from './types';

export const DEFAULT_BATCH_SIZE = 5_000;
const MALFORMED_KEPT = 1_000;
// A file of mostly skipped rows still moves its checkpoint (and progress) along.
const RECORDS_PER_CHECKPOINT = 50_000;
/**
 * NPIs whose records lie apart that one run holds back (ADR 056: about 1 KB each). A real national
 * DAC extract has a few dozen; a file shuffled row by row has all of them.
 */
export const MAX_SCATTERED_NPIS = 250_000;

export type ImportOptions = {
  batchSize?: number;
  onProgress?(progress: ImportProgress): void;
  /** Called after each committed batch (tests use it to stop a run part-way). */
  onBatch?(recordsDone: number): void;
  /** The file's name in messages (an upload's own name, not the server's copy); default the path's. */
  fileName?: string;
  /** Who started it (an admin's upload), for the audit row; the CLI leaves it out. */
  actorUserId?: string;
  /**
   * The file's date (YYYY-MM-DD) for a file whose records carry none (DAC): its values are that
   * old when freshest-wins compares them (ADR 035). Default: the file's modification day (UTC).
   */
  fileDate?: string;
  /**
   * Aborts the import between batches (a server stopping, ADR 057): what is committed stays, and
   * the next run of the same file continues after it.
   */
  signal?: AbortSignal;
  /**
   * What makes a rerun the same file (its checkpoint's key): default the file's name, size and
   * modification time; an upload's is its content's hash, since each upload is a new file.
   */
  fileKey?: string;
};

type Counts = Omit<ImportSummary, 'kind' | 'malformed' | 'resumed' | 'seconds' | 'encoding' | 'fileDate'>;

function emptyNotes(): Counts['notes'] {
  return {
    inTraining: 0,
    unlistedTaxonomy: 0,
    unlistedCodes: {},
    unknownSpecialty: 0,
    unknownFacilities: 0,
    affiliationsEnded: 0,
    affiliationsNotEnded: null,
  };
}

function emptyCounts(): Counts {
  return {
    read: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    olderThanStored: 0,
    removed: 0,
    skipped: { organisation: 0, notPhysician: 0, credentialWithoutPhysicianCode: 0, credentialNotPhysician: 0, deactivated: 0, suppressed: 0, malformed: 0 },
    repaired: emptyRepairs(),
    notes: emptyNotes(),
  };
}

/** The counts of an interrupted run (older checkpoints lack the newer keys). */
function resumedCounts(saved: Partial<Counts>): Counts {
  const empty = emptyCounts();
  return {
    ...empty,
    ...saved,
    skipped: { ...empty.skipped, ...saved.skipped },
    repaired: { ...empty.repaired, ...saved.repaired },
    notes: { ...empty.notes, ...saved.notes },
  };
}

/** The file named `name` cannot be read; a server path in the reason (an fs error's) is not shown. */
function fileError(path: string, name: string, error: unknown): ImportFileError {
  if (error instanceof ImportFileError) return error;
  const reason = (error instanceof Error ? error.message : String(error)).replaceAll(path, name);
  return new ImportFileError(`Cannot read ${name}: ${reason}`);
}

/** The file's bytes; any failure to read them (a corrupt zip) is the file's fault. */
async function* fileBytes(source: CsvSource, path: string, name: string): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of source.stream as AsyncIterable<Buffer>) yield chunk;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ImportFileError(`Cannot read ${name}: the file is damaged (${reason.replaceAll(path, name)}; a corrupt or cut-off download?).`);
  }
}

/** What each kind's file should look like, for the one line that says a file is not one. */
const LAYOUTS: Record<ImportKind<unknown>['kind'], { label: string; expected: string }> = {
  nppes: {
    label: 'NPPES',
    expected:
      'expected the NPPES Data Dissemination layout (npidata_pfile_*.csv): 330 quoted columns separated by commas, starting "NPI","Entity Type Code","Replacement NPI"',
  },
  dac: {
    label: 'Doctors and Clinicians',
    expected:
      'expected the Doctors and Clinicians layout (DAC_NationalDownloadableFile.csv): columns separated by commas, starting NPI,Ind_PAC_ID,Ind_enrl_ID,Provider Last Name',
  },
  hospitals: {
    label: 'Hospital General Information',
    expected:
      'expected the Hospital General Information layout (Hospital_General_Information.csv): columns separated by commas, starting "Facility ID","Facility Name","Address","City/Town","State"',
  },
  affiliations: {
    label: 'Facility Affiliation',
    expected:
      'expected the Facility Affiliation layout (Facility_Affiliation.csv): columns separated by commas, starting NPI,Ind_PAC_ID,Provider Last Name,Provider First Name',
  },
};

const SEPARATORS: [character: string, name: string][] = [
  ['\t', 'tab'],
  [';', 'semicolon'],
  ['|', 'pipe'],
];

/**
 * One line saying a file's header is not its kind's (a tab-separated export, another file): what
 * the header looks like and what was expected, instead of a parser's or a missing column's words.
 */
function notTheLayout(spec: ImportKind<unknown>, name: string, headerLine: string, header: CsvRecord, reason: string): ImportFileError {
  const layout = LAYOUTS[spec.kind];
  const count = (character: string) => headerLine.split(character).length - 1;
  const separator = SEPARATORS.find(([character]) => count(character) > count(','));
  const columns = 'fields' in header ? header.fields.length : null;
  if (separator || columns === 1) {
    const shape = columns === null ? 'its header cannot be read as comma-separated' : `its header has ${columns} column${columns === 1 ? '' : 's'}`;
    return new ImportFileError(
      `${name} is not a comma-separated ${layout.label} file: ${shape}${separator ? ` (${separator[1]}-separated?)` : ''}; ${layout.expected}.`,
    );
  }
  // A comma-separated file without a column of the layout: the mapper's reason, without its own "Not a ... file: ".
  return new ImportFileError(`${name} is not in the ${layout.label} layout: ${reason.replace(/^Not an? [^:]*: /, '')}; ${layout.expected}.`);
}

/** The server stopped the import between two batches (its signal aborted). */
class ImportStoppedError extends ImportFileError {
  constructor() {
    super('The server stopped during the import.');
  }
}

/**
 * A file that could not be read to its end after some batches were committed: what is imported
 * stays, and the message says how much and how to finish (a rerun of the same file resumes after
 * the last committed batch; another copy is read from the start and leaves those rows unchanged).
 */
async function stoppedPartWay(db: Db, runId: number, error: ImportFileError): Promise<ImportFileError> {
  const { rows } = await db.sql.query<{ records_done: number; counts: Partial<Counts> }>(
    `SELECT records_done, counts FROM import_runs WHERE id = $1`,
    [runId],
  );
  const done = Number(rows[0]?.records_done ?? 0);
  if (!done && error instanceof ImportStoppedError) {
    return new ImportFileError(`${error.message} No physician was imported yet: upload the file again to import it.`);
  }
  if (!done) return error;
  const counts = resumedCounts(rows[0]!.counts);
  const physicians = counts.inserted + counts.updated + counts.unchanged + counts.olderThanStored;
  const n = (value: number) => value.toLocaleString('en-US');
  const rerun = error instanceof ImportStoppedError ? 'Upload the same file again' : 'Run the same import again on a good copy of the file';
  return new ImportFileError(
    `${error.message} ${n(physicians)} ${physicians === 1 ? 'physician was' : 'physicians were'} imported (up to line ${n(done)}) and stay in the directory. ` +
      `${rerun} to finish: it continues from there, and what is already imported is not imported twice.`,
  );
}

/**
 * A kind's end-of-file step (spec.finish), in one transaction named for the change trigger like
 * the batches'. A file cut off or with malformed lines is not whole: the step is told so, and the
 * summary says why nothing was ended (ADR 063).
 */
async function finishFile<Row>(db: Db, spec: ImportKind<Row>, runId: number, counts: Counts, truncated: boolean, fileDate: string | null) {
  const whole = !truncated && !counts.skipped.malformed;
  if (!whole) {
    counts.notes.affiliationsNotEnded = truncated
      ? 'the file is cut off (its last line is incomplete): import a whole download to end the affiliations it no longer lists'
      : `${counts.skipped.malformed.toLocaleString('en-US')} lines could not be read: import a whole, clean file to end the affiliations it no longer lists`;
  }
  await db.transaction(async (tx) => {
    await tx.sql.query(
      `SELECT set_config('physiciandirect.directory_notify', 'off', true),
              set_config('physiciandirect.change_source', $1, true),
              set_config('physiciandirect.change_date', $2, true)`,
      [spec.kind, fileDate ?? ''],
    );
    const ended = await spec.finish!(tx, { runId, fileDate, whole });
    counts.notes.affiliationsEnded += ended;
    counts.updated += ended;
  });
}

/**
 * Streams one public file into the directory. Records are mapped and filtered as they are parsed;
 * every `batchSize` accepted rows, one transaction writes them (staging COPY + upsert), the
 * deactivated NPIs' removals and the checkpoint (the last file line done, and the counts so far).
 * Killed at any point, the next run on the same file skips the lines already committed, so the
 * end result and the summary equal one uninterrupted run.
 *
 * The per-batch writes ask the directory triggers not to notify (physiciandirect.directory_notify
 * = off); one notification at the end makes running servers reload their index once.
 */
export async function runImport<Row>(
  db: Db,
  spec: ImportKind<Row>,
  path: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = performance.now();
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const name = options.fileName ?? basename(path);
  let source: CsvSource;
  try {
    source = await openCsvSource(path, spec.filePattern);
  } catch (error) {
    throw fileError(path, name, error);
  }
  // A file with several records per NPI: which NPIs' records lie apart (a first pass, ADR 056).
  let scattered = new Set<number>();
  if (spec.grouped) {
    const npiOfLine = spec.grouped.npiOfLine;
    try {
      scattered = await scatteredNpis(await openCsvSource(path, spec.filePattern), npiOfLine);
    } catch (error) {
      throw fileError(path, name, error);
    }
    if (scattered.size > MAX_SCATTERED_NPIS) {
      throw new ImportFileError(
        `${name}: the records of ${scattered.size.toLocaleString('en-US')} NPIs lie apart in the file, more than ` +
          `${MAX_SCATTERED_NPIS.toLocaleString('en-US')} can be held while it is read. Sort it by NPI (its first column) and import it again.`,
      );
    }
  }
  // Which run of this file an interrupted one was: by name, size and time, or what the caller says.
  const fileKey = options.fileKey ?? source.fileKey;
  const isSuppressed = spec.physicians ? await loadSuppressionMatcher(db) : () => false;
  const fileDate: ImportSummary['fileDate'] = !spec.datedByFile
    ? null
    : options.fileDate
      ? { date: options.fileDate, from: 'option' }
      : { date: source.modifiedAt.toISOString().slice(0, 10), from: 'modified' };

  const open = await db.sql.query<{ id: number; records_done: number; counts: Counts; malformed: ImportSummary['malformed'] }>(
    `SELECT id, records_done, counts, malformed FROM import_runs
     WHERE kind = $1 AND file_key = $2 AND finished_at IS NULL ORDER BY id DESC LIMIT 1`,
    [spec.kind, fileKey],
  );
  const resumedRun = open.rows[0];
  const runId =
    resumedRun?.id ??
    (
      await db.sql.query<{ id: number }>(
        `INSERT INTO import_runs (kind, file_key) VALUES ($1, $2) RETURNING id`,
        [spec.kind, fileKey],
      )
    ).rows[0]!.id;
  const skipThrough = resumedRun ? Number(resumedRun.records_done) : 0;
  const counts: Counts = resumedRun ? resumedCounts(resumedRun.counts) : emptyCounts();
  // The rows of NPIs whose records lie apart, one merged row each, written with the last batch.
  const held = new Map<number, Row>();
  const malformed = resumedRun ? [...resumedRun.malformed] : [];

  let rows: Row[] = [];
  let deactivated: Deactivation[] = [];
  let lastLine = skipThrough;
  let recordsSinceCheckpoint = 0;
  /** The file's last record was cut off (a broken download): the file is not whole. */
  let truncated = false;

  /**
   * Writes the rows gathered so far as one transaction, with the checkpoint as of the last line
   * read. The writing overlaps the parsing of the next batch (the database works in another
   * process or thread): at most one batch is in flight, and the next starts after it committed,
   * so checkpoints stay in file order.
   */
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    await writing;
    if (options.signal?.aborted) throw new ImportStoppedError();
    const batch = spec.fold(rows);
    const npis = deactivated;
    const lineDone = lastLine;
    // What the checkpoint records: the counts up to lineDone, plus this batch's own results.
    const checkpoint: Counts = structuredClone(counts);
    const malformedSoFar = [...malformed];
    rows = [];
    deactivated = [];
    recordsSinceCheckpoint = 0;
    writing = db.transaction(async (tx) => {
      // No notification per batch; and the change trigger records this import's changes, dated
      // by the file when its records carry no date (migration 0032, ADR 035).
      await tx.sql.query(
        `SELECT set_config('physiciandirect.directory_notify', 'off', true),
                set_config('physiciandirect.change_source', $1, true),
                set_config('physiciandirect.change_date', $2, true)`,
        [spec.kind, fileDate?.date ?? ''],
      );
      const result = await spec.writeBatch(tx, batch, npis, { fileDate: fileDate?.date ?? null, runId });
      const { inserted, updated, written } = result;
      const notPhysician = result.notPhysician ?? 0;
      for (const target of [counts, checkpoint]) {
        target.inserted += inserted;
        target.updated += updated;
        target.skipped.notPhysician += notPhysician;
        target.olderThanStored += result.olderThanStored ?? 0;
        target.unchanged += written - inserted - updated - notPhysician - (result.olderThanStored ?? 0);
        target.removed += result.removed;
        target.notes.unknownFacilities += result.unknownFacilities ?? 0;
      }
      await tx.sql.query(
        `UPDATE import_runs SET records_done = $2, counts = $3::jsonb, malformed = $4::jsonb, updated_at = now() WHERE id = $1`,
        [runId, lineDone, JSON.stringify(checkpoint), JSON.stringify(malformedSoFar)],
      );
    }).then(() => options.onBatch?.(lineDone));
    // A failed write surfaces at the next flush or at the end; never as an unhandled rejection.
    writing.catch(() => undefined);
  };

  let map: ((record: string[]) => RowOutcome<Row>) | undefined;
  /** The same mapping for records a resumed run reads again (their repairs were counted then). */
  let replay: ((record: string[]) => RowOutcome<Row>) | undefined;
  const hold = (npi: number, row: Row) => {
    const seen = held.get(npi);
    held.set(npi, seen ? spec.grouped!.merge(seen, row) : row);
  };
  /** The NPI of a record whose records lie apart in the file, else null. */
  const scatteredNpi = (record: CsvRecord): number | null => {
    if (!scattered.size || 'error' in record) return null;
    const npi = spec.grouped!.npiOfRecord(record.fields);
    return npi !== null && scattered.has(npi) ? npi : null;
  };
  let columns = 0;
  let lastProgress = 0;
  const malformedRecord = (line: number, reason: string) => {
    counts.skipped.malformed++;
    if (malformed.length < MALFORMED_KEPT) malformed.push({ line, reason });
  };
  /** One record; true when a batch is due. */
  const take = (record: CsvRecord): boolean => {
    if (!map) {
      if ('error' in record) throw notTheLayout(spec, name, headerLine ?? '', record, `the header row cannot be read: ${record.error}`);
      try {
        map = spec.mapper(record.fields, { repairs: counts.repaired, notes: counts.notes });
        if (scattered.size) replay = spec.mapper(record.fields, { repairs: emptyRepairs(), notes: emptyNotes() });
      } catch (error) {
        throw notTheLayout(spec, name, headerLine ?? '', record, error instanceof Error ? error.message : String(error));
      }
      columns = record.fields.length;
      return false;
    }
    if (record.line <= skipThrough) {
      // Done before the interruption, except the rows held back for the last batch: read again.
      const npi = scatteredNpi(record);
      if (npi !== null && !('error' in record) && record.fields.length === columns) {
        const outcome = replay!(record.fields);
        if (outcome.kind === 'row' && !isSuppressed({ npi: outcome.npi, email: outcome.email })) hold(npi, outcome.row);
      }
      return false;
    }
    lastLine = record.line;
    counts.read++;
    recordsSinceCheckpoint++;
    if ('error' in record) {
      if (record.error === TRUNCATED) truncated = true;
      malformedRecord(record.line, record.error);
    } else if (record.fields.length !== columns) {
      const cut = record.lastInFile && record.fields.length < columns;
      if (cut) truncated = true;
      malformedRecord(record.line, cut ? TRUNCATED : `expected ${columns} fields, found ${record.fields.length}`);
    } else {
      const outcome = map(record.fields);
      if (outcome.kind === 'row') {
        const npi = scatteredNpi(record);
        if (isSuppressed({ npi: outcome.npi, email: outcome.email })) counts.skipped.suppressed++;
        else if (npi !== null) hold(npi, outcome.row);
        else rows.push(outcome.row);
      } else if (outcome.kind === 'deactivated') {
        counts.skipped.deactivated++;
        deactivated.push({ npi: outcome.npi, on: outcome.on });
      } else if (outcome.kind === 'malformed') {
        malformedRecord(record.line, outcome.reason);
      } else {
        counts.skipped[outcome.reason as SkipReason]++;
      }
    }
    if (options.onProgress && counts.read - lastProgress >= 1000) {
      lastProgress = counts.read;
      options.onProgress({
        records: counts.read,
        bytesRead: source.bytesRead(),
        totalBytes: source.totalBytes,
        elapsedMs: performance.now() - started,
      });
    }
    return rows.length >= batchSize || deactivated.length >= batchSize || recordsSinceCheckpoint >= RECORDS_PER_CHECKPOINT;
  };

  const splitter = new CsvRecords({ recordStart: spec.recordStart });
  const completed: CsvRecord[] = [];
  // A batch of a grouped file ends where one NPI's run of records does: when it is due, it is
  // written just before the first record of another NPI.
  let due = false;
  const newGroup = (record: CsvRecord): boolean => {
    const last = rows[rows.length - 1];
    if (last === undefined || 'error' in record) return true;
    const npi = spec.grouped!.npiOfRecord(record.fields);
    return npi === null || String(npi) !== spec.grouped!.npiOf(last);
  };
  const drain = async () => {
    for (const record of completed) {
      if (due && newGroup(record)) {
        due = false;
        await flush();
      }
      if (!take(record)) continue;
      if (spec.grouped) due = true;
      else await flush();
    }
    completed.length = 0;
  };
  let encoding = 'utf-8';
  // The first line as text, to say what a header that is not the layout's looks like.
  let headerLine: string | undefined;
  try {
    for await (const chunk of decodeText(fileBytes(source, path, name), (e) => (encoding = e))) {
      headerLine ??= chunk.slice(0, 100_000).split(/\r?\n/, 1)[0];
      splitter.push(chunk, completed);
      await drain();
    }
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    // The batch in flight commits (or fails on its own) before the committed count is read.
    await writing;
    throw await stoppedPartWay(db, runId, error);
  }
  try {
    splitter.end(completed);
    await drain();
    if (!map) throw new ImportFileError(`${name} is empty (no header row).`);
    rows.push(...held.values());
    held.clear();
    await flush();
    await writing;
    if (spec.finish) await finishFile(db, spec, runId, counts, truncated, fileDate?.date ?? null);
  } catch (error) {
    if (!(error instanceof ImportStoppedError)) throw error;
    await writing;
    throw await stoppedPartWay(db, runId, error);
  }

  const summary: ImportSummary = {
    kind: spec.kind,
    ...counts,
    encoding,
    fileDate,
    malformed,
    resumed: !!resumedRun,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  await db.transaction(async (tx) => {
    await tx.sql.query(`UPDATE import_runs SET finished_at = now(), updated_at = now() WHERE id = $1`, [runId]);
    await recordAudit(tx, {
      action: 'import.completed',
      actorUserId: options.actorUserId ?? null,
      targetType: 'import_run',
      targetId: runId,
      details: { ...summary, malformed: summary.malformed.slice(0, 20) },
    });
    // One reload for the whole import in every server listening (PostgreSQL); sent at commit.
    if (counts.inserted || counts.updated || counts.removed) {
      await tx.sql.query(`SELECT pg_notify('directory_changed', '*')`);
    }
  });
  return summary;
}
