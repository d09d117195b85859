/** A table to write as a file: column headers and rows of plain text cells (null: empty). */
export type ExportTable = {
  /** Sheet name / document title, e.g. 'Physicians'. */
  title: string;
  columns: ReadonlyArray<{
    header: string;
    /** Relative width (characters) for xlsx and pdf. */ width: number;
  }>;
  rows: ReadonlyArray<ReadonlyArray<string | null>>;
};
