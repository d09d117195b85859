import { z } from 'zod';
import { isCalendarDay } from './dates';

/**
 * Admin upload of a public CMS file: POST /api/admin/imports streams the file to the
 * server, which runs the same import as `npm run import` in its own process; the page polls
 * GET /api/admin/imports/{id} for progress and the summary.
 */

/** NPPES and Doctors and Clinicians (physicians); hospitals and facility affiliations (ADR 063). */
export const IMPORT_KINDS = ['nppes', 'dac', 'hospitals', 'affiliations'] as const;
export const ImportKindName = z.enum(IMPORT_KINDS, { error: `kind must be one of ${IMPORT_KINDS.join(', ')}` });
export type ImportKindName = z.infer<typeof ImportKindName>;

/** The upload's file types: the NPPES monthly .zip or a data .csv (DAC: .csv). */
export const IMPORT_FILE_PATTERN = /\.(csv|zip)$/i;

export const StartImportQuery = z.object({
  kind: ImportKindName,
  /**
   * The date of a Doctors and Clinicians file's values (its release day), for freshest-wins
   * against NPPES's dated records; default: the day of the upload. Also the date of the changes a
   * Facility Affiliation file makes. NPPES and hospitals take none.
   */
  fileDate: z
    .string()
    .refine(isCalendarDay, 'fileDate must be a date (YYYY-MM-DD)')
    .optional()
    .describe("DAC and affiliations only: the file's date (YYYY-MM-DD); default the upload's day"),
  fileName: z
    .string({ error: 'fileName is required' })
    .trim()
    .min(1, 'fileName is required')
    .max(255, 'fileName must be at most 255 characters')
    .regex(IMPORT_FILE_PATTERN, 'fileName must end in .csv or .zip'),
});
export type StartImportQuery = z.infer<typeof StartImportQuery>;

export const ImportIdParams = z.object({ id: z.string().uuid('id must be a UUID') });

export const ImportSummary = z.object({
  read: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /**
   * Records older than the directory's (NPPES: an earlier Last Update Date than the stored one, or
   * not after the NPI's deactivation): left as they are, since files only move forward.
   */
  olderThanStored: z.number().int(),
  removed: z.number().int(),
  skipped: z.object({
    organisation: z.number().int(),
    notPhysician: z.number().int(),
    /** MD or DO credentials whose taxonomy codes are none of a physician's. */
    credentialWithoutPhysicianCode: z.number().int(),
    /** Physician codes with another profession's credential and no MD or DO (DDS, NP). */
    credentialNotPhysician: z.number().int(),
    deactivated: z.number().int(),
    suppressed: z.number().int(),
    /** Lines that could not be read (each listed in `malformed`, up to 20 here). */
    malformed: z.number().int(),
  }),
  /** Values a spreadsheet changed (dates, ZIPs, '1.0' codes, phones) read back; phonesLost could not be. */
  repaired: z.object({
    dates: z.number().int(),
    zips: z.number().int(),
    codes: z.number().int(),
    phones: z.number().int(),
    phonesLost: z.number().int(),
  }),
  notes: z.object({
    inTraining: z.number().int(),
    /** Records whose physician code the taxonomy table does not hold yet... */
    unlistedTaxonomy: z.number().int(),
    /** ...and those codes with their counts (at most 50 codes). */
    unlistedCodes: z.record(z.string(), z.number().int()),
    unknownSpecialty: z.number().int(),
    /** Affiliations: facilities the hospitals file does not hold (kept with their CCN). */
    unknownFacilities: z.number().int(),
    /** Affiliations: physicians whose affiliations ended (a whole file no longer lists them). */
    affiliationsEnded: z.number().int(),
    /** Affiliations: why ended ones were not ended (a cut-off file, unreadable lines), or null. */
    affiliationsNotEnded: z.string().nullable(),
  }),
  encoding: z.string(),
  /** DAC: the date its values were given (the option, or the file's modification day); NPPES: null. */
  fileDate: z.object({ date: z.string(), from: z.enum(['option', 'modified']) }).nullable(),
  /** What the operator should do about damaged values, or null. */
  advice: z.string().nullable(),
  /** The first malformed lines (at most 20 here), with line numbers. */
  malformed: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  seconds: z.number(),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

export const ImportJob = z.object({
  id: z.string(),
  kind: ImportKindName,
  fileName: z.string(),
  status: z.enum(['running', 'finished', 'failed']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  startedByEmail: z.string().nullable(),
  /** Rows read so far and how far through the file (0-100). */
  records: z.number().int(),
  percent: z.number(),
  summary: ImportSummary.nullable(),
  error: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJob>;

export const ImportJobResponse = z.object({ import: ImportJob });
export type ImportJobResponse = z.infer<typeof ImportJobResponse>;

/** The uploads (the last 20, from any server process), newest first. */
export const ListImportsResponse = z.object({ imports: z.array(ImportJob) });
export type ListImportsResponse = z.infer<typeof ListImportsResponse>;
