import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { MATCH_MAX_CELL_CHARS, MATCH_MAX_COLUMNS, MATCH_MAX_ROWS, MATCH_MAX_TEXT_CHARS, MATCH_MAX_UNZIPPED_BYTES } from '../../../contract/matches';
import { AppError, fieldError } from '../../lib/errors';
import { sheetLimit, turnTaker, type SheetRows } from './sheet-rows';
import { attributeOf, XmlScanner, type XmlHandler } from './xml-scan';

/*
 * An XLSX's first sheet read as it unzips (docs/decisions/048-spreadsheets-read-with-limits.md):
 * yauzl opens the zip from the uploaded bytes and inflates one part at a time; each part's bytes
 * are counted against MATCH_MAX_UNZIPPED_BYTES before it is opened (the size the zip declares)
 * and as it inflates (the bytes that come: yauzl also fails a part that inflates to more than it
 * declares), and xml-scan.ts reads them as they come. Cells are read as ExcelJS's `cell.text`
 * gave them (shared and inline strings, numbers, dates, booleans, errors, formulas' results),
 * except that a date reads as ISO 8601 (not the server's local time) and a merged range's value
 * stays in its first cell, as in the CSV Excel saves.
 */

const notWorkbook = () => fieldError('file', 'The Excel file could not be read (is it an .xlsx workbook?).');
const sizeLie = () => fieldError('file', 'The Excel file could not be read: a part of it unzips to more than the size its zip declares.');

/** An .xlsx holds a dozen parts or so. */
const MAX_ZIP_ENTRIES = 10_000;
/** A cell's XML text may be up to 7 times its text (each character escaped as _xHHHH_). */
const RAW_CELL_CHARS = 7 * (MATCH_MAX_CELL_CHARS + 1);
/** The sheet can use no more shared texts than it has cells. */
const MAX_SHARED_TEXTS = (MATCH_MAX_ROWS + 1) * MATCH_MAX_COLUMNS;
/** Excel has at most 64,000 cell formats. */
const MAX_CELL_FORMATS = 65_536;
/** The built-in number formats that show a date or a time. */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** Text as OOXML escapes characters XML cannot hold (_x000D_ is a carriage return). */
const unescapeText = (text: string) => (text.indexOf('_x') === -1 ? text : text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));

/** A number format that shows a date, as ExcelJS told them: date letters outside quotes and brackets. */
const isDateFormat = (code: string) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** A date cell's text: its day, and its time when it has one (Excel's serial days, 1900 or 1904 based). */
function dateText(serial: number, date1904: boolean): string {
  const ms = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000);
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return String(serial);
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

/** 'A' -> 0, 'AB12' -> 27; Infinity past Excel's columns. */
function columnOf(reference: string): number {
  let column = 0;
  for (let i = 0; i < reference.length; i++) {
    const c = reference.charCodeAt(i) | 0x20;
    if (c < 0x61 || c > 0x7a) break;
    column = column * 26 + (c - 0x60);
    if (column > 16_384) return Infinity;
  }
  return column - 1;
}

type Budget = { left: number };

async function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entries.size >= MAX_ZIP_ENTRIES) return reject(notWorkbook());
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

/** Inflates one part into `handler`, counting its bytes; stops early once `handler.finished`. */
async function readPart(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: Budget, handler: XmlHandler & { finished?: boolean }) {
  if (entry.uncompressedSize > budget.left) throw sheetLimit.unzipped();
  const stream: Readable = await zip.openReadStreamPromise(entry);
  const decoder = new TextDecoder('utf-8');
  const scanner = new XmlScanner(handler);
  const pause = turnTaker();
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.left -= chunk.length;
      if (budget.left < 0) throw sheetLimit.unzipped();
      scanner.push(decoder.decode(chunk, { stream: true }));
      if (handler.finished) return;
      await pause();
    }
    scanner.push(decoder.decode());
    scanner.end();
  } finally {
    stream.destroy();
  }
}

/** workbook.xml: the first sheet's relationship id, and the date system. */
function workbookHandler() {
  return {
    sheetId: undefined as string | undefined,
    date1904: false,
    open(name: string, attributes: string) {
      if (name === 'sheet' && this.sheetId === undefined) this.sheetId = attributeOf(attributes, 'id') ?? '';
      else if (name === 'workbookPr') this.date1904 = ['1', 'true'].includes(attributeOf(attributes, 'date1904') ?? '');
    },
    close() {},
    text() {},
  };
}

/** The workbook's relationships: id -> target part. */
function relationshipsHandler() {
  return {
    targets: new Map<string, string>(),
    open(name: string, attributes: string) {
      const id = attributeOf(attributes, 'Id');
      const target = attributeOf(attributes, 'Target');
      if (name === 'Relationship' && id && target && this.targets.size < MAX_ZIP_ENTRIES) this.targets.set(id, target);
    },
    close() {},
    text() {},
  };
}

/** styles.xml: which cell formats (a cell's `s`) show a date. */
function stylesHandler() {
  const custom = new Map<number, boolean>();
  let inCellFormats = false;
  return {
    dateFormats: [] as boolean[],
    open(name: string, attributes: string, selfClosing: boolean) {
      if (name === 'numFmt') {
        const id = Number(attributeOf(attributes, 'numFmtId'));
        if (custom.size < MAX_CELL_FORMATS) custom.set(id, isDateFormat(attributeOf(attributes, 'formatCode') ?? ''));
      } else if (name === 'cellXfs') {
        inCellFormats = !selfClosing;
      } else if (name === 'xf' && inCellFormats && this.dateFormats.length < MAX_CELL_FORMATS) {
        const id = Number(attributeOf(attributes, 'numFmtId') ?? 0);
        this.dateFormats.push(custom.get(id) ?? DATE_FORMAT_IDS.has(id));
      }
    },
    close(name: string) {
      if (name === 'cellXfs') inCellFormats = false;
    },
    text() {},
  };
}

/** sharedStrings.xml: each shared text (null when longer than a cell may be), within the limits. */
function sharedTextsHandler() {
  let raw: string | null = null;
  let phonetic = 0;
  let inText = false;
  let chars = 0;
  return {
    texts: [] as Array<string | null>,
    open(name: string, _attributes: string, selfClosing: boolean) {
      if (name === 'si') raw = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && !selfClosing) inText = raw !== null && phonetic === 0;
    },
    close(name: string) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si' && raw !== null) {
        if (this.texts.length >= MAX_SHARED_TEXTS) throw sheetLimit.text();
        const text = raw.length > RAW_CELL_CHARS ? null : unescapeText(raw);
        this.texts.push(text !== null && text.length <= MATCH_MAX_CELL_CHARS ? text : null);
        chars += text?.length ?? 0;
        if (chars > MATCH_MAX_TEXT_CHARS) throw sheetLimit.text();
        raw = null;
      }
    },
    text(text: string) {
      if (inText && raw !== null && raw.length <= RAW_CELL_CHARS) raw += text;
    },
  };
}

type SheetContext = { rows: SheetRows; texts: ReadonlyArray<string | null>; dateFormats: readonly boolean[]; date1904: boolean };

/** The sheet: each row's cells by column, handed to `rows` as each cell and row ends. */
function sheetHandler({ rows, texts, dateFormats, date1904 }: SheetContext) {
  let row: string[] | null = null;
  let rowNumber = 0;
  let column = -1;
  let type = '';
  let style = 0;
  /** The cell's <v> or inline text so far, or null outside a cell. */
  let raw: string | null = null;
  let capturing = false;
  let inline = false;
  let phonetic = 0;

  const where = () => `Row ${rowNumber}`;
  const cellText = (value: string): string | null => {
    switch (type) {
      case 's': {
        const text = texts[parseInt(value, 10)];
        if (text === null) rows.checkCell(column, MATCH_MAX_CELL_CHARS + 1, where());
        return text ?? '';
      }
      case 'inlineStr':
      case 'str':
        return unescapeText(value);
      case 'b':
        return value === '' ? '' : String(parseInt(value, 10) !== 0);
      case 'e':
      case 'd':
        return value;
      default: {
        if (value.trim() === '') return '';
        const number = parseFloat(value);
        return dateFormats[style] && Number.isFinite(number) ? dateText(number, date1904) : String(number);
      }
    }
  };
  const endCell = () => {
    if (row && raw !== null) {
      const text = cellText(raw);
      if (text) {
        rows.checkCell(column, text.length, where());
        while (row.length < column) row.push('');
        row[column] = text;
      }
    }
    raw = null;
    capturing = false;
    inline = false;
  };
  return {
    finished: false,
    open(name: string, attributes: string, selfClosing: boolean) {
      switch (name) {
        case 'row': {
          const number = Number(attributeOf(attributes, 'r'));
          rowNumber = Number.isInteger(number) && number > 0 ? number : rowNumber + 1;
          row = [];
          column = -1;
          break;
        }
        case 'c': {
          const reference = attributeOf(attributes, 'r');
          const at = reference ? columnOf(reference) : -1;
          column = at >= 0 ? at : column + 1;
          type = attributeOf(attributes, 't') ?? 'n';
          style = Number(attributeOf(attributes, 's') ?? 0);
          raw = '';
          if (selfClosing) endCell();
          break;
        }
        case 'v':
          // An inline string's text is in <is>; its <v>, if any, is ignored as ExcelJS did.
          capturing = raw !== null && !inline && !selfClosing;
          if (capturing) raw = '';
          break;
        case 'is':
          inline = raw !== null;
          if (inline) raw = '';
          break;
        case 'rPh':
          phonetic++;
          break;
        case 't':
          capturing = inline && phonetic === 0 && !selfClosing;
          break;
      }
    },
    close(name: string) {
      switch (name) {
        case 'v':
        case 't':
          capturing = false;
          break;
        case 'rPh':
          phonetic--;
          break;
        case 'c':
          endCell();
          break;
        case 'row':
          if (row) rows.add(row);
          row = null;
          break;
        case 'sheetData':
          this.finished = true;
          break;
      }
    },
    text(text: string) {
      if (!capturing || raw === null) return;
      raw += text;
      // A formula's cached result or a value this long is a cell over the limit: no need to read on.
      if (raw.length > RAW_CELL_CHARS) rows.checkCell(column, MATCH_MAX_CELL_CHARS + 1, where());
    },
  };
}

/** Resolves a relationship target against xl/ (or from the package root when absolute). */
function partPath(target: string): string {
  return target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join('xl', target));
}

/** Reads an XLSX's first sheet into `rows`. */
export async function readXlsxRows(bytes: Buffer, rows: SheetRows): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch {
    throw notWorkbook();
  }
  try {
    const entries = await listEntries(zip);
    const budget: Budget = { left: MATCH_MAX_UNZIPPED_BYTES };
    const part = (name: string) => entries.get(name);

    const workbookEntry = part('xl/workbook.xml');
    const relationshipsEntry = part('xl/_rels/workbook.xml.rels');
    if (!workbookEntry || !relationshipsEntry) throw notWorkbook();
    const workbook = workbookHandler();
    await readPart(zip, workbookEntry, budget, workbook);
    const relationships = relationshipsHandler();
    await readPart(zip, relationshipsEntry, budget, relationships);
    const target = workbook.sheetId === undefined ? undefined : relationships.targets.get(workbook.sheetId);
    if (target === undefined) return; // no sheet: nothing to read
    const sheetEntry = part(partPath(target));
    if (!sheetEntry) throw notWorkbook();

    const styles = stylesHandler();
    const stylesEntry = part('xl/styles.xml');
    if (stylesEntry) await readPart(zip, stylesEntry, budget, styles);
    const sharedTexts = sharedTextsHandler();
    const sharedTextsEntry = part('xl/sharedStrings.xml');
    if (sharedTextsEntry) await readPart(zip, sharedTextsEntry, budget, sharedTexts);

    await readPart(
      zip,
      sheetEntry,
      budget,
      sheetHandler({ rows, texts: sharedTexts.texts, dateFormats: styles.dateFormats, date1904: workbook.date1904 }),
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /too many bytes in the stream/.test(error.message)) throw sizeLie();
    // A broken zip, deflate stream or XML (XmlError): unreadable, as ExcelJS's errors were.
    throw notWorkbook();
  } finally {
    zip.close();
  }
}
