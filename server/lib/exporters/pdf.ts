import PDFDocument from 'pdfkit';
import type { PdfCell, PdfTable } from './table';

type Doc = InstanceType<typeof PDFDocument>;

/** Collects a PDFKit document into one buffer once `end()` has been called. */
function collect(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
/** The table's one size, for values, notes and headers alike: nothing smaller is drawn (ADR 053). */
const FONT_SIZE = 8;
const CELL_PAD = 3;
const TEXT_COLOUR = '#111827';
const NOTE_COLOUR = '#4b5563';

// Words that must not end a line or start one: a check's '·' and '%' stay with their number.
const TRAILING = /^[%·:;,.)\]]+$/;
const MONTH = /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)$/;

/**
 * The words of a text that a line may never break inside: space-separated words, with a day
 * ('12 Nov 2026') and a number with its unit ('65 %') each kept as one, and a lone '·' kept with
 * the word before it.
 */
function unbreakable(text: string): string[] {
  const words = text.split(' ').filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (out.length && TRAILING.test(word)) {
      out[out.length - 1] += ` ${word}`;
    } else if (/^\d{1,2}$/.test(word) && MONTH.test(words[i + 1] ?? '') && /^\d{4}\b/.test(words[i + 2] ?? '')) {
      out.push(`${word} ${words[i + 1]} ${words[i + 2]}`);
      i += 2;
    } else out.push(word);
  }
  return out;
}

/**
 * Measures with PDFKit's own font metrics, each string once per document (specialties, cities and
 * checks repeat); the caller's font size is FONT_SIZE throughout the table.
 */
function measurer(doc: Doc) {
  const cache = new Map<string, number>();
  return (font: string, text: string): number => {
    const key = `${font}\u0000${text}`;
    let width = cache.get(key);
    if (width === undefined) {
      doc.font(font).fontSize(FONT_SIZE);
      width = doc.widthOfString(text);
      cache.set(key, width);
    }
    return width;
  };
}

/**
 * Greedy word wrap that never breaks inside an unbreakable word: a line ends only between them.
 * A word wider than `max` (only when a value is wider than the page allows any column: the
 * writer's last resort) is split after its '@', '.', '/' or '-', else between characters, so
 * nothing is lost.
 */
function wrap(measure: ReturnType<typeof measurer>, font: string, text: string, max: number): string[] {
  const lines: string[] = [];
  const space = measure(font, ' ');
  let line = '';
  let lineWidth = 0;
  for (const word of unbreakable(text)) {
    const width = measure(font, word);
    if (line && lineWidth + space + width <= max) {
      line += ` ${word}`;
      lineWidth += space + width;
      continue;
    }
    if (line) lines.push(line);
    if (width <= max) {
      line = word;
      lineWidth = width;
      continue;
    }
    const pieces = splitOversized(measure, font, word, max);
    lines.push(...pieces.slice(0, -1));
    line = pieces[pieces.length - 1];
    lineWidth = measure(font, line);
  }
  if (line) lines.push(line);
  return lines;
}

/** A word wider than `max` in pieces that fit: after a separator where one fits, else by characters. */
function splitOversized(measure: ReturnType<typeof measurer>, font: string, word: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = word;
  while (measure(font, rest) > max && rest.length > 1) {
    let cut = 1;
    for (let i = 1; i < rest.length; i++) {
      if (measure(font, rest.slice(0, i)) > max) break;
      cut = i;
    }
    const separator = Math.max(...['@', '.', '/', '-'].map((s) => rest.lastIndexOf(s, cut - 1)));
    if (separator > 0) cut = separator + 1;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  pieces.push(rest);
  return pieces;
}

/**
 * The columns drawn and their widths in points. Each column needs at least its widest unbreakable
 * word (a whole value in a keepWhole column) and would like its widest cell on one line. A column
 * onlyWithRoom is left out unless every column would then have what it likes; while the columns'
 * needs pass the page's width, the column with the highest dropOrder gives way. Then every column
 * gets what it needs, the keepWhole ones (a phone and its check) what they like, and the rest of
 * the room goes by weight, no column past what it likes (then to the others).
 */
function layoutColumns(table: PdfTable, measure: ReturnType<typeof measurer>, usable: number) {
  const pad = 2 * CELL_PAD;
  const needs = table.columns.map((column, i) => {
    let least = Math.max(...unbreakable(column.header).map((word) => measure(BOLD, word)));
    let most = measure(BOLD, column.header);
    for (const row of table.rows) {
      const cell = row[i];
      for (const [text, whole] of [
        [cell?.text, column.keepWhole],
        [cell?.note, false],
      ] as const) {
        if (!text) continue;
        const width = measure(FONT, text);
        most = Math.max(most, width);
        least = Math.max(least, whole ? width : Math.max(...unbreakable(text).map((word) => measure(FONT, word))));
      }
    }
    return { least: least + pad, most: most + pad };
  });
  const sum = (columns: number[], of: 'least' | 'most') => columns.reduce((total, i) => total + needs[i][of], 0);
  let kept = table.columns.map((_, i) => i);
  if (sum(kept, 'most') > usable) kept = kept.filter((i) => !table.columns[i].onlyWithRoom);
  const optional = kept
    .filter((i) => table.columns[i].dropOrder !== undefined)
    .sort((a, b) => table.columns[b].dropOrder! - table.columns[a].dropOrder!);
  for (const i of optional) {
    if (sum(kept, 'least') <= usable) break;
    kept = kept.filter((k) => k !== i);
  }
  const widths = new Map(kept.map((i) => [i, needs[i].least]));
  // The last resort: a value wider than the page lets any column be (wrap() then splits it).
  const overflow = sum(kept, 'least') - usable;
  if (overflow > 0) {
    const widest = kept.reduce((a, b) => (needs[a].least >= needs[b].least ? a : b));
    widths.set(widest, Math.max(needs[widest].least - overflow, pad + 1));
  }
  let spare = usable - [...widths.values()].reduce((a, b) => a + b, 0);
  const grow = (columns: number[], byWeight: boolean) => {
    let open = columns.filter((i) => widths.get(i)! < needs[i].most - 0.01);
    while (spare > 0.5 && open.length) {
      const weight = open.reduce((total, i) => total + (byWeight ? table.columns[i].weight : 1), 0);
      let given = 0;
      for (const i of open) {
        const share = Math.min((spare * (byWeight ? table.columns[i].weight : 1)) / weight, needs[i].most - widths.get(i)!);
        widths.set(i, widths.get(i)! + share);
        given += share;
      }
      spare -= given;
      open = open.filter((i) => widths.get(i)! < needs[i].most - 0.01);
    }
  };
  grow(kept.filter((i) => table.columns[i].keepWhole), false);
  grow(kept, true);
  // Room no column wants: spread by weight, so the table spans the page.
  if (spare > 0.5) {
    const weight = kept.reduce((total, i) => total + table.columns[i].weight, 0);
    for (const i of kept) widths.set(i, widths.get(i)! + (spare * table.columns[i].weight) / weight);
  }
  return kept.map((index) => ({ index, width: widths.get(index)! }));
}

/**
 * The table as a landscape US Letter PDF a person reads: a title line, then rows with the header
 * repeated on every page, every text at 8 pt. Cells wrap between words only (a day, a number with
 * its unit, a phone number, an email or an NPI is never broken); a value's note (its check) sits
 * beneath it in grey. Columns that would not fit without breaking a word are left out, optional
 * ones first. PDFKit's built-in Helvetica covers Latin-1, which holds the accents of US names.
 */
export async function writePdfTable(table: PdfTable, subtitle: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: 28,
    info: { Title: table.title, Creator: 'PhysicianDirect' },
  });
  const output = collect(doc);
  const left = doc.page.margins.left;
  const usable = doc.page.width - left - doc.page.margins.right;
  doc.fontSize(FONT_SIZE);
  const measure = measurer(doc);
  const columns = layoutColumns(table, measure, usable);
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const lineHeight = doc.font(FONT).fontSize(FONT_SIZE).currentLineHeight(true);

  type Line = { text: string; note: boolean };
  const layoutRow = (cells: ReadonlyArray<PdfCell | null>, font: string, header = false) => {
    const lines: Line[][] = columns.map(({ index, width }) => {
      const cell = cells[index];
      const room = width - 2 * CELL_PAD;
      const whole = table.columns[index].keepWhole && !header;
      const text = cell?.text ? (whole ? wrapWhole(cell.text, room) : wrap(measure, font, cell.text, room)) : [];
      const note = cell?.note ? wrap(measure, FONT, cell.note, room) : [];
      return [...text.map((t) => ({ text: t, note: false })), ...note.map((t) => ({ text: t, note: true }))];
    });
    return { lines, height: Math.max(1, ...lines.map((l) => l.length)) * lineHeight + 2 * CELL_PAD };
  };
  // A keepWhole value fits its column (layoutColumns measured it), unless it passed the page's width.
  const wrapWhole = (text: string, room: number) => (measure(FONT, text) <= room ? [text] : splitOversized(measure, FONT, text, room));
  type RowLayout = ReturnType<typeof layoutRow>;
  const drawRow = (row: RowLayout, y: number, font: string, fill?: string) => {
    if (fill) doc.rect(left, y, usable, row.height).fill(fill);
    doc.fontSize(FONT_SIZE);
    let x = left;
    row.lines.forEach((lines, c) => {
      lines.forEach((line, k) => {
        doc
          .font(line.note ? FONT : font)
          .fillColor(line.note ? NOTE_COLOUR : TEXT_COLOUR)
          // Without a width PDFKit skips its line wrapper altogether.
          .text(line.text, x + CELL_PAD, y + CELL_PAD + k * lineHeight, { lineBreak: false });
      });
      x += columns[c].width;
    });
    doc
      .moveTo(left, y + row.height)
      .lineTo(left + usable, y + row.height)
      .lineWidth(0.4)
      .strokeColor('#d1d5db')
      .stroke();
  };

  const header = layoutRow(
    table.columns.map((c) => ({ text: c.header })),
    BOLD,
    true,
  );
  let y = doc.page.margins.top;
  doc.font(BOLD).fontSize(13).fillColor('#0f172a').text(table.title, left, y);
  doc
    .font(FONT)
    .fontSize(9)
    .fillColor('#475569')
    .text(subtitle, left, doc.y + 2);
  const firstTop = doc.y + 8;

  // Every row laid out first, so the pages are known before the first is drawn ('page 1 of 5')
  // without keeping every page in memory until the end.
  const rows = table.rows.map((cells) => layoutRow(cells, FONT));
  const pageOf: number[] = [];
  let pageCount = 1;
  y = firstTop + header.height;
  for (const row of rows) {
    if (y + row.height > bottom()) {
      pageCount += 1;
      y = doc.page.margins.top + header.height;
    }
    pageOf.push(pageCount);
    y += row.height;
  }
  const footer = (page: number) => {
    // Text below the bottom margin would make PDFKit start a new page: the footer sits in the margin.
    const footerY = doc.page.height - doc.page.margins.bottom + 8;
    doc.page.margins.bottom = 0;
    doc
      .font(FONT)
      .fontSize(FONT_SIZE)
      .fillColor(NOTE_COLOUR)
      .text(`${table.title} · page ${page} of ${pageCount}`, left, footerY, { width: usable, align: 'right', lineBreak: false });
  };

  y = firstTop;
  drawRow(header, y, BOLD, '#e2e8f0');
  y += header.height;
  let page = 1;
  rows.forEach((row, i) => {
    if (pageOf[i] !== page) {
      footer(page);
      page = pageOf[i];
      doc.addPage();
      y = doc.page.margins.top;
      drawRow(header, y, BOLD, '#e2e8f0');
      y += header.height;
    }
    drawRow(row, y, FONT);
    y += row.height;
  });
  footer(pageCount);
  doc.end();
  return output;
}

export type ProfileSection = {
  heading: string;
  /** `oneLine`: an email or a phone, never broken nor cut: drawn smaller when it does not fit. */
  lines: ReadonlyArray<readonly [label: string, value: string, options?: { oneLine?: boolean }]>;
};

/**
 * One physician on one portrait page: name, subtitle, then labelled sections. Long values are
 * cut with an ellipsis so the profile never spills onto a second page, except one-line values
 * (the contact), which shrink instead.
 */
export async function writePdfProfile(input: {
  title: string;
  subtitle: string;
  sections: ReadonlyArray<ProfileSection>;
  footer: string;
}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 48,
    info: { Title: input.title, Creator: 'PhysicianDirect' },
  });
  const output = collect(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const labelWidth = 130;
  const bottom = doc.page.height - doc.page.margins.bottom - 24;

  doc.font(BOLD).fontSize(20).fillColor('#0f172a').text(input.title, left, doc.page.margins.top, { width });
  doc.font(FONT).fontSize(11).fillColor('#475569').text(input.subtitle, { width });
  let y = doc.y + 10;
  for (const section of input.sections) {
    if (y > bottom - 40) break;
    doc.font(BOLD).fontSize(12).fillColor('#0f766e').text(section.heading, left, y, { width });
    y = doc.y + 2;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor('#cbd5e1')
      .stroke();
    y += 6;
    for (const [label, value, options] of section.lines) {
      if (options?.oneLine) {
        const room = width - labelWidth;
        doc.font(FONT).fontSize(10);
        const natural = doc.widthOfString(value || ' ');
        const size = natural <= room ? 10 : Math.max(1, Math.floor(((10 * room) / natural) * 10) / 10 - 0.1);
        const height = doc.currentLineHeight(true);
        if (y + height > bottom) break;
        doc
          .font(BOLD)
          .fontSize(10)
          .fillColor('#334155')
          .text(label, left, y, { width: labelWidth - 8, lineBreak: false, ellipsis: true });
        doc.font(FONT).fontSize(size).fillColor('#111827').text(value, left + labelWidth, y, { lineBreak: false });
        y += height + 4;
        continue;
      }
      const height = Math.min(
        doc
          .font(FONT)
          .fontSize(10)
          .heightOfString(value || ' ', { width: width - labelWidth }),
        36,
      );
      if (y + height > bottom) break;
      doc
        .font(BOLD)
        .fontSize(10)
        .fillColor('#334155')
        .text(label, left, y, { width: labelWidth - 8, lineBreak: false, ellipsis: true });
      doc
        .font(FONT)
        .fontSize(10)
        .fillColor('#111827')
        .text(value, left + labelWidth, y, {
          width: width - labelWidth,
          height,
          ellipsis: true,
        });
      y += height + 4;
    }
    y += 8;
  }
  // Text below the bottom margin would make PDFKit start a new page: the footer sits in the margin.
  const footerY = doc.page.height - doc.page.margins.bottom - 10;
  doc.page.margins.bottom = 0;
  doc.font(FONT).fontSize(8).fillColor('#64748b').text(input.footer, left, footerY, {
    width,
    lineBreak: false,
  });
  doc.end();
  return output;
}
