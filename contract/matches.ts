import { z } from 'zod';

/*
 * Bring your own list (docs/decisions/033-list-matching.md): a recruiter uploads a CSV or XLSX,
 * maps its columns to the fields below, and gets each row matched to a physician of the
 * directory ('matched', 'ambiguous' with up to 5 candidates, or 'none'), then adds the matched
 * ones to a list or downloads the file enriched.
 */

/** The most data rows and bytes one upload may hold. */
export const MATCH_MAX_ROWS = 10_000;
export const MATCH_MAX_BYTES = 10 * 1024 * 1024;
/**
 * What else one upload may hold (docs/decisions/048-spreadsheets-read-with-limits.md): the file is
 * read as it streams and refused at the first one passed, with a message naming it. Columns count
 * every field of a CSV line, and an XLSX cell with a value; a cell's length is in characters.
 */
export const MATCH_MAX_COLUMNS = 50;
export const MATCH_MAX_CELL_CHARS = 1_000;
/**
 * The text of every cell together: what a CSV of MATCH_MAX_BYTES can hold at most (an XLSX cell
 * may repeat one shared text many times).
 */
export const MATCH_MAX_TEXT_CHARS = 10 * 1024 * 1024;
/** The parts of an XLSX read (workbook, styles, shared texts, first sheet), unzipped, together. */
export const MATCH_MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;
/** Uploads and their results are deleted this many days after the upload. */
export const MATCH_RETENTION_DAYS = 7;
/** Candidates kept for an ambiguous row. */
export const MATCH_MAX_CANDIDATES = 5;

export const MATCH_FIELDS = [
  'npi',
  'firstName',
  'lastName',
  'fullName',
  'middleName',
  'suffix',
  'credential',
  'city',
  'state',
  'zip',
  'specialty',
  'organization',
  'email',
  'phone',
] as const;
export const MatchField = z.enum(MATCH_FIELDS, { error: `each column maps to one of ${MATCH_FIELDS.join(', ')}` });
export type MatchField = z.infer<typeof MatchField>;

/** How the page names each field in the column mapping. */
export const MATCH_FIELD_LABEL: Record<MatchField, string> = {
  npi: 'NPI',
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  middleName: 'Middle name',
  suffix: 'Suffix',
  credential: 'Credential',
  city: 'City',
  state: 'State',
  zip: 'ZIP',
  specialty: 'Specialty',
  organization: 'Organization',
  email: 'Email',
  phone: 'Phone',
};

/** Column name (as in the file's header row) -> field; unmapped columns are kept, not read. */
export const MatchMapping = z.record(z.string().max(200), MatchField);
export type MatchMapping = z.infer<typeof MatchMapping>;

export const MatchFormat = z.enum(['csv', 'xlsx']);
export type MatchFormat = z.infer<typeof MatchFormat>;

/**
 * POST /api/matches (and /api/matches/preview): multipart/form-data with the file in `file` and,
 * for a match, an optional `mapping` (JSON of MatchMapping; the guessed mapping without it).
 */
export const CreateMatchForm = z.object({
  file: z
    .string()
    .meta({ format: 'binary' })
    .describe('The CSV or XLSX file (at most 10 MB, 10,000 data rows, 50 columns and 1,000 characters a cell)'),
  mapping: z.string().optional().describe('JSON: column name -> field (npi, firstName, lastName, ...)'),
});

export const CreateMatchResponse = z.object({ id: z.uuid() });
export type CreateMatchResponse = z.infer<typeof CreateMatchResponse>;

/** POST /api/matches/preview: the header, the first rows and the guessed mapping, nothing stored. */
export const MatchPreviewResponse = z.object({
  fileName: z.string(),
  format: MatchFormat,
  columns: z.array(z.string()),
  sample: z.array(z.array(z.string())),
  rows: z.number().int(),
  mapping: MatchMapping,
});
export type MatchPreviewResponse = z.infer<typeof MatchPreviewResponse>;

export const MatchIdParams = z.object({ id: z.uuid({ error: 'id must be a match id' }) });
export const MatchRowParams = z.object({
  id: z.uuid({ error: 'id must be a match id' }),
  row: z.string().regex(/^\d{1,5}$/, 'row must be a row number'),
});

export const MatchOutcome = z.enum(['matched', 'ambiguous', 'none']);
export type MatchOutcome = z.infer<typeof MatchOutcome>;
export const MatchStatus = z.enum(['queued', 'running', 'done', 'failed']);
export type MatchStatus = z.infer<typeof MatchStatus>;

/** A physician a row may be, with the score and the evidence for and against. */
export const MatchCandidate = z.object({
  physicianId: z.number().int(),
  name: z.string(),
  specialty: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  score: z.number(),
  /** The fields that agree ('NPI', 'last name', 'first name', 'nickname', 'state', 'city', ...). */
  agrees: z.array(z.string()),
  /** The fields given on both sides that disagree. */
  differs: z.array(z.string()),
});
export type MatchCandidate = z.infer<typeof MatchCandidate>;

export const MatchRow = z.object({
  /** 1 for the first data row. */
  row: z.number().int(),
  /** The uploaded row in a few words (name, place, specialty), for the review table. */
  label: z.string(),
  outcome: MatchOutcome,
  physicianId: z.number().int().nullable(),
  score: z.number().nullable(),
  /** Picked by the user on the review screen (not by the matcher). */
  resolved: z.boolean(),
  candidates: z.array(MatchCandidate),
});
export type MatchRow = z.infer<typeof MatchRow>;

export const MatchCounts = z.object({ matched: z.number().int(), ambiguous: z.number().int(), none: z.number().int() });
export type MatchCounts = z.infer<typeof MatchCounts>;

export const MatchJobResponse = z.object({
  id: z.uuid(),
  fileName: z.string(),
  format: MatchFormat,
  status: MatchStatus,
  /** Percent of the rows matched so far (0-100). */
  progress: z.number(),
  total: z.number().int(),
  counts: MatchCounts,
  createdAt: z.string(),
  /** When the upload and its results are deleted. */
  expiresAt: z.string(),
  error: z.string().nullable(),
  /** Every row, when status is 'done'. */
  rows: z.array(MatchRow).optional(),
});
export type MatchJobResponse = z.infer<typeof MatchJobResponse>;

/** POST /api/matches/{id}/rows/{row}: one of the row's candidates, or null for 'none of them'. */
export const ResolveMatchRowRequest = z.object({
  physicianId: z
    .number({ error: 'physicianId must be one of the row’s candidates, or null' })
    .int()
    .positive()
    .max(2_147_483_647)
    .nullable(),
});
export type ResolveMatchRowRequest = z.infer<typeof ResolveMatchRowRequest>;

export const ResolveMatchRowResponse = z.object({ row: MatchRow, counts: MatchCounts });
export type ResolveMatchRowResponse = z.infer<typeof ResolveMatchRowResponse>;

export const MATCH_MEDIA_TYPE: Record<MatchFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
