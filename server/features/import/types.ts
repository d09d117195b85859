import type { Db } from '../../db/client';

export type SkipReason = 'organisation' | 'notPhysician' | 'deactivated' | 'suppressed' | 'malformed';

/** What one CSV record becomes. */
export type RowOutcome<Row> =
  | { kind: 'row'; npi: string; row: Row; email?: string | null }
  | { kind: 'deactivated'; npi: string }
  | { kind: 'skip'; reason: Exclude<SkipReason, 'malformed' | 'suppressed' | 'deactivated'> }
  | { kind: 'malformed'; reason: string };

export type BatchResult = {
  inserted: number;
  updated: number;
  removed: number;
  /** Rows handed to the batch (after folding). */
  written: number;
  /** Of those, rows not written because they turned out not to be physicians (DAC: unknown NPI, other specialty). */
  notPhysician?: number;
};

/** One public file's import: how to read its records and how to write a batch. */
export type ImportKind<Row> = {
  kind: 'nppes' | 'dac';
  /** The data CSV's name inside a .zip download. */
  filePattern: RegExp;
  mapper(header: string[]): (record: string[]) => RowOutcome<Row>;
  /** Several records of one NPI in a batch -> one row each. */
  fold(rows: Row[]): Row[];
  writeBatch(tx: Db, rows: Row[], deactivatedNpis: string[]): Promise<BatchResult>;
};

export type ImportSummary = {
  kind: 'nppes' | 'dac';
  /** Data records read (the header not counted). */
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Physicians deleted because their NPI was deactivated. */
  removed: number;
  skipped: Record<SkipReason, number>;
  /** The first 1,000 malformed records: line number in the file and why. */
  malformed: { line: number; reason: string }[];
  /** True when this run continued an interrupted one. */
  resumed: boolean;
  seconds: number;
};

export type ImportProgress = { records: number; bytesRead: number; totalBytes: number; elapsedMs: number };
