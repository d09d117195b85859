/** A table to write as a file: column headers and rows of plain text cells (null: empty). */
export type ExportTable = {
  /** Sheet name / document title, e.g. 'Physicians'. */
  title: string;
  columns: ReadonlyArray<{
    header: string;
    /** Relative width (characters) for xlsx and pdf. */ width: number;
    /**
     * PDF: each value on one line, never broken (an email, a phone number): the column widens to
     * fit the widest value (within a limit), and a value wider still is drawn in a smaller font.
     */
    oneLine?: boolean;
  }>;
  rows: ReadonlyArray<ReadonlyArray<string | null>>;
};
