import { MATCH_FIELDS, type MatchField, type MatchFormat, type MatchMapping } from '../../../contract/matches';
import { fieldError } from '../../lib/errors';
import { writeCsv } from '../../lib/exporters/csv';
import type { ExportTable } from '../../lib/exporters/table';
import { writeXlsx } from '../../lib/exporters/xlsx';
import { readCsvRows } from './read-csv';
import { readXlsxRows } from './read-xlsx';
import { SheetRows } from './sheet-rows';

/** An uploaded sheet: its header (unique names) and its data rows as text cells. */
/** `rows`: the data rows kept (all unless a reading kept fewer); `total`: the data rows read. */
export type Sheet = { format: MatchFormat; columns: string[]; rows: string[][]; total: number };

/** 'csv' or 'xlsx' from the file name (and, for XLSX, its zip signature). */
export function formatOf(fileName: string, bytes: Buffer): MatchFormat {
  if (/\.xlsx$/i.test(fileName) || (bytes[0] === 0x50 && bytes[1] === 0x4b)) return 'xlsx';
  if (/\.(csv|txt|tsv)$/i.test(fileName) || !/\.\w+$/.test(fileName)) return 'csv';
  throw fieldError('file', 'The file must be a .csv or .xlsx spreadsheet.');
}

/**
 * Files read at once in this process. Each reading holds at most what the limits let through
 * (docs/decisions/048-spreadsheets-read-with-limits.md), so this bounds them all; an upload
 * beyond it waits its turn (a reading takes well under a second).
 */
const READS_AT_ONCE = 2;
let reading = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(read: () => Promise<T>): Promise<T> {
  if (reading < READS_AT_ONCE) reading++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await read();
  } finally {
    // The slot passes to the next upload waiting, or is freed.
    const next = waiting.shift();
    if (next) next();
    else reading--;
  }
}

/**
 * Reads an upload: the first non-blank row is the header, at most MATCH_MAX_ROWS data rows after
 * it. The file is read as it streams, with turns for the event loop, and refused (400 on 'file')
 * at the first limit of contract/matches.ts it passes. `keepRows` keeps only the first data rows
 * (a preview's sample); `total` counts them all either way.
 */
export async function readSheet(fileName: string, bytes: Buffer, options: { keepRows?: number } = {}): Promise<Sheet> {
  if (bytes.length === 0) throw fieldError('file', 'The file is empty.');
  const format = formatOf(fileName, bytes);
  const read = new SheetRows(options.keepRows === undefined ? undefined : options.keepRows + 1);
  await inTurn(() => (format === 'xlsx' ? readXlsxRows(bytes, read) : readCsvRows(bytes, read)));
  if (read.count < 2) throw fieldError('file', 'The file needs a header row and at least one row of data.');
  const [header, ...rows] = read.rows as [string[], ...string[][]];
  // At most MATCH_MAX_COLUMNS wide: SheetRows refused any wider row.
  const width = read.width;
  const seen = new Map<string, number>();
  const columns = Array.from({ length: width }, (_, i) => {
    const base = (header[i] ?? '').trim().slice(0, 200) || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
  // Short rows made as wide as the header (a row already so wide is kept as it is: no copy).
  for (const row of rows) if (row.length < width) row.push(...Array<string>(width - row.length).fill(''));
  return { format, columns, rows, total: read.count - 1 };
}

/** Header words -> field, tried exactly (letters and digits only, lower case), then by containment. */
const HEADER_NAMES: ReadonlyArray<readonly [MatchField, readonly string[]]> = [
  ['npi', ['npi', 'npinumber', 'nationalproviderid', 'nationalprovideridentifier']],
  ['firstName', ['first', 'firstname', 'fname', 'givenname', 'forename']],
  ['lastName', ['last', 'lastname', 'lname', 'surname', 'familyname']],
  ['middleName', ['middle', 'middlename', 'mi', 'middleinitial']],
  ['fullName', ['name', 'fullname', 'physician', 'physicianname', 'provider', 'providername', 'doctor', 'candidate', 'candidatename', 'contactname']],
  ['suffix', ['suffix', 'namesuffix']],
  ['credential', ['credential', 'credentials', 'degree', 'degrees']],
  ['city', ['city', 'town', 'practicecity']],
  ['state', ['state', 'st', 'province', 'practicestate']],
  ['zip', ['zip', 'zipcode', 'postalcode', 'postcode', 'zip5']],
  ['specialty', ['specialty', 'speciality', 'specialties', 'primaryspecialty', 'practicearea', 'department']],
  ['organization', ['organization', 'organisation', 'employer', 'hospital', 'practice', 'practicename', 'company', 'facility', 'group']],
  ['email', ['email', 'emailaddress', 'mail']],
  ['phone', ['phone', 'telephone', 'phonenumber', 'mobile', 'cell', 'tel']],
];
const CONTAINS: ReadonlyArray<readonly [MatchField, string]> = [
  ['npi', 'npi'],
  ['firstName', 'firstname'],
  ['lastName', 'lastname'],
  ['middleName', 'middle'],
  ['fullName', 'fullname'],
  ['zip', 'zip'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['specialty', 'special'],
  ['city', 'city'],
  ['state', 'state'],
  ['organization', 'organi'],
];

/** The mapping guessed from the header: each field at most once, first column wins. */
export function guessMapping(columns: readonly string[]): MatchMapping {
  const mapping: MatchMapping = {};
  const used = new Set<MatchField>();
  const take = (column: string, field: MatchField) => {
    if (used.has(field) || column in mapping) return;
    mapping[column] = field;
    used.add(field);
  };
  const keyOf = (column: string) => column.toLowerCase().replace(/[^a-z0-9]+/g, '');
  for (const column of columns) {
    const key = keyOf(column);
    const hit = HEADER_NAMES.find(([, names]) => names.includes(key));
    if (hit) take(column, hit[0]);
  }
  for (const column of columns) {
    if (column in mapping) continue;
    const key = keyOf(column);
    const hit = CONTAINS.find(([field, part]) => !used.has(field) && key.includes(part));
    if (hit) take(column, hit[0]);
  }
  return mapping;
}

/** Checks a mapping against the header: known columns, each field once, something to match on. */
export function checkMapping(mapping: MatchMapping, columns: readonly string[]): MatchMapping {
  const seen = new Set<MatchField>();
  for (const [column, field] of Object.entries(mapping)) {
    if (!columns.includes(column)) throw fieldError('mapping', `The file has no column named '${column.slice(0, 80)}'.`);
    if (seen.has(field)) throw fieldError('mapping', `Two columns are mapped to ${field}; map each field once.`);
    seen.add(field);
  }
  if (!seen.has('npi') && !seen.has('lastName') && !seen.has('fullName')) {
    throw fieldError('mapping', 'Map a column to NPI, Last name or Full name: the rows are matched on them.');
  }
  return mapping;
}

/** One row's mapped cells by field. */
export function mappedRow(cells: readonly string[], columns: readonly string[], mapping: MatchMapping): Partial<Record<MatchField, string>> {
  const out: Partial<Record<MatchField, string>> = {};
  columns.forEach((column, i) => {
    const field = mapping[column];
    if (field && MATCH_FIELDS.includes(field) && cells[i]?.trim()) out[field] = cells[i];
  });
  return out;
}

/** The enriched file: the user's columns unchanged, then ours (renamed if the user has one so named). */
export async function writeSheet(
  format: MatchFormat,
  columns: readonly string[],
  extra: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | null>>,
): Promise<Buffer> {
  const taken = new Set(columns);
  const table: ExportTable = {
    title: 'Matched',
    columns: [
      ...columns.map((header) => ({ header, width: 18 })),
      ...extra.map((header) => ({ header: taken.has(header) ? `${header} (PhysicianDirect)` : header, width: 20 })),
    ],
    rows,
  };
  return format === 'xlsx' ? writeXlsx(table) : writeCsv(table);
}
