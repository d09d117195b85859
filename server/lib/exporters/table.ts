/** A table to write as a spreadsheet (CSV, Excel): column headers and rows of plain text cells (null: empty). */
export type ExportTable = {
  /** Sheet name, e.g. 'Physicians'. */
  title: string;
  columns: ReadonlyArray<{
    header: string;
    /** Column width in characters (Excel). */
    width: number;
  }>;
  rows: ReadonlyArray<ReadonlyArray<string | null>>;
};

/**
 * A table to read on paper (PDF): fewer columns than a spreadsheet, each cell a value with an
 * optional note drawn beneath it in grey (a contact value's check). Nothing is ever broken inside
 * a word: the writer drops optional columns instead (ADR 053).
 */
export type PdfTable = {
  /** Document title, e.g. 'Physicians'. */
  title: string;
  columns: ReadonlyArray<{
    header: string;
    /** How much of the room left once every column has its narrowest width this one takes. */
    weight: number;
    /** The value is one word even where it has spaces (a phone number, an email, an NPI): never wrapped. */
    keepWhole?: boolean;
    /**
     * A column that gives way when the others would not fit without breaking a word: the highest
     * number goes first. Absent: always drawn (unless onlyWithRoom).
     */
    dropOrder?: number;
    /** Drawn only when, with it, every column still has room for its widest value on one line. */
    onlyWithRoom?: boolean;
  }>;
  rows: ReadonlyArray<ReadonlyArray<PdfCell>>;
};

/** A value (null: empty) and the note beneath it. */
export type PdfCell = { text: string | null; note?: string | null };
