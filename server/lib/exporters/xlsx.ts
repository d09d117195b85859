import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import type { ExportTable } from './table';

/**
 * An .xlsx workbook of one sheet, written with ExcelJS's streaming writer (rows are committed as
 * they are added, so memory does not grow with the sheet). Every cell is a text cell: ExcelJS
 * never writes a string as a formula, so '=...' names stay text.
 */
export async function writeXlsx(table: ExportTable): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'PhysicianDirect';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(table.title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((column, index) => ({
    header: column.header,
    key: String(index),
    width: column.width,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const row of table.rows) sheet.addRow(row.map((cell) => cell ?? '')).commit();
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}
