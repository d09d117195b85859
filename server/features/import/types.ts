import type { ImportKindName } from '../../../contract/import';
import type { Db } from '../../db/client';
import type { Repairs } from './text';

export type SkipReason =
  | 'organisation'
  | 'notPhysician'
  /** An MD or DO whose taxonomy codes are none of a physician's (nor a resident's). */
  | 'credentialWithoutPhysicianCode'
  /** A physician code with another profession's credential and no MD or DO (a DDS, an NP). */
  | 'credentialNotPhysician'
  | 'deactivated'
  | 'suppressed'
  | 'malformed';

/** Counted while mapping, reported in the summary. */
export type ImportNotes = {
  /** Residents and fellows imported with the 'In training' status. */
  inTraining: number;
  /** Records with a physician code the taxonomy table does not hold yet (filed as their classification's general code). */
  unlistedTaxonomy: number;
  /** Those codes and how many records had each (the first UNLISTED_CODES_KEPT codes seen). */
  unlistedCodes: Record<string, number>;
  /** DAC specialty values neither table holds: kept as 'Other'. */
  unknownSpecialty: number;
  /** Affiliations: facilities the hospitals file does not hold (kept with their CCN). */
  unknownFacilities: number;
  /** Affiliations: physicians whose affiliations ended because a whole file no longer named them. */
  affiliationsEnded: number;
  /** Affiliations: why ended affiliations were not ended (a cut-off file, malformed lines), or null. */
  affiliationsNotEnded: string | null;
};

/** How many distinct unlisted codes the notes name; the count above goes on past them. */
export const UNLISTED_CODES_KEPT = 50;

/** What a mapper counts as it goes (the run keeps it with its checkpoints). */
export type MapContext = { repairs: Repairs; notes: ImportNotes };

/** A file that cannot be read (not a zip, corrupt, no header, not the expected layout). */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}

/** What one CSV record becomes. */
export type RowOutcome<Row> =
  | { kind: 'row'; npi: string; row: Row; email?: string | null }
  /** `on`: the deactivation date (YYYY-MM-DD), kept so an older file cannot put the NPI back. */
  | { kind: 'deactivated'; npi: string; on: string }
  | { kind: 'skip'; reason: Exclude<SkipReason, 'malformed' | 'suppressed' | 'deactivated'> }
  | { kind: 'malformed'; reason: string };

/** A deactivated NPI of the file and its deactivation date (YYYY-MM-DD). */
export type Deactivation = { npi: string; on: string };

export type BatchResult = {
  inserted: number;
  updated: number;
  removed: number;
  /**
   * Rows left as they are because the directory holds a newer record of the NPI (a later Last
   * Update Date, or a later deactivation): files only move forward.
   */
  olderThanStored?: number;
  /** Rows handed to the batch (after folding). */
  written: number;
  /** Of those, rows not written because they turned out not to be physicians (DAC: unknown NPI, other specialty; affiliations: an NPI the directory does not hold). */
  notPhysician?: number;
  /** Affiliations whose facility the hospitals file does not hold. */
  unknownFacilities?: number;
};

/** What every batch of one run shares. */
export type BatchContext = {
  /**
   * The file's date (YYYY-MM-DD): the date of every value of a file whose records carry none
   * (DAC); null for NPPES, whose records carry their own Last Update Date.
   */
  fileDate: string | null;
  /** The run (import_runs.id): the same across a resumed run's batches. */
  runId: number | null;
};

/** What a kind's end-of-file step is told: the run, the file's date, and whether the file was read whole. */
export type FinishContext = { runId: number; fileDate: string | null; whole: boolean };


/** One public file's import: how to read its records and how to write a batch. */
export type ImportKind<Row> = {
  kind: ImportKindName;
  /**
   * Its rows are physicians' (NPI-keyed: the removal list's suppressed NPIs are skipped); false for
   * a file of facilities (hospitals).
   */
  physicians: boolean;
  /** Its records carry no date of their own: the run dates them by the file (BatchContext). */
  datedByFile: boolean;
  /** The data CSV's name inside a .zip download. */
  filePattern: RegExp;
  /** What a line that starts a record looks like: a record left open by a stray quote ends there. */
  recordStart: RegExp;
  mapper(header: string[], context: MapContext): (record: string[]) => RowOutcome<Row>;
  /** Several records of one NPI in a batch -> one row each. */
  fold(rows: Row[]): Row[];
  /**
   * A file with several records per NPI, folded once per NPI per file (ADR 056): a batch never
   * ends inside one NPI's run of records, and an NPI whose records lie apart (found by a first
   * pass over the lines) is held back, merged record by record, and written with the last batch.
   */
  grouped?: {
    /** The NPI a line starts with, or null (a line that does not start a record). */
    npiOfLine(line: string): number | null;
    /** The NPI of a parsed record, read as npiOfLine reads it. */
    npiOfRecord(fields: string[]): number | null;
    /** Two rows of one NPI -> one; associative and commutative. */
    merge(a: Row, b: Row): Row;
    npiOf(row: Row): string;
  };
  writeBatch(tx: Db, rows: Row[], deactivated: Deactivation[], context: BatchContext): Promise<BatchResult>;
  /**
   * After the last batch: what the absence of a record from a file read whole (not cut off, no
   * malformed line) means (affiliations: ended). Returns the physicians it changed.
   */
  finish?(tx: Db, context: FinishContext): Promise<number>;
};

export type ImportSummary = {
  kind: ImportKindName;
  /** Data records read (the header not counted). */
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Records older than the directory's (NPPES: Last Update Date, deactivation): left as they are. */
  olderThanStored: number;
  /** Physicians deleted because their NPI was deactivated. */
  removed: number;
  skipped: Record<SkipReason, number>;
  /** Values a spreadsheet changed, read back (phonesLost: could not be). */
  repaired: Repairs;
  notes: ImportNotes;
  /** How the file's text was decoded. */
  encoding: string;
  /**
   * The date given to the file's values (a file whose records carry none: DAC), and where it
   * came from: the operator's option, or the file's modification day; null for NPPES.
   */
  fileDate: { date: string; from: 'option' | 'modified' } | null;
  /** The first 1,000 malformed records: line number in the file and why. */
  malformed: { line: number; reason: string }[];
  /** True when this run continued an interrupted one. */
  resumed: boolean;
  seconds: number;
};

export type ImportProgress = { records: number; bytesRead: number; totalBytes: number; elapsedMs: number };
