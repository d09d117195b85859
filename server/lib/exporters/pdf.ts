import PDFDocument from 'pdfkit';
import type { ExportTable } from './table';

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
const FONT_SIZE = 6.5;
const CELL_PAD = 2;

/**
 * Greedy word wrap with PDFKit's own font metrics, each word's width measured once per document
 * (skills, schools and cities repeat). PDFKit's line wrapper is far slower and would run twice
 * per cell (height, then text). A word wider than its column (an email, a URL) breaks between
 * characters, so nothing is ever cut. The caller sets the font size before calling.
 */
function textWrapper(doc: Doc) {
  const cache = new Map<string, number>();
  const measure = (font: string, text: string) => {
    const key = `${font}\u0000${text}`;
    let width = cache.get(key);
    if (width === undefined) {
      width = doc.widthOfString(text);
      cache.set(key, width);
    }
    return width;
  };
  return (font: string, text: string, max: number): string[] => {
    const lines: string[] = [];
    const space = measure(font, ' ');
    for (const paragraph of text.split(/\r?\n/)) {
      let line = '';
      let lineWidth = 0;
      for (const word of paragraph.split(' ')) {
        if (!word) continue;
        const width = measure(font, word);
        if (line && lineWidth + space + width <= max) {
          line += ` ${word}`;
          lineWidth += space + width;
          continue;
        }
        if (line) lines.push(line);
        let rest = word;
        let restWidth = width;
        // The longest prefix that fits (at least one character), found by halving.
        while (restWidth > max && rest.length > 1) {
          let low = 1;
          let high = rest.length - 1;
          while (low < high) {
            const mid = Math.ceil((low + high) / 2);
            if (doc.widthOfString(rest.slice(0, mid)) <= max) low = mid;
            else high = mid - 1;
          }
          lines.push(rest.slice(0, low));
          rest = rest.slice(low);
          restWidth = doc.widthOfString(rest);
        }
        line = rest;
        lineWidth = restWidth;
      }
      if (line) lines.push(line);
    }
    return lines;
  };
}

/** A one-line column may take at most this share of the page's width before its font shrinks instead. */
const ONE_LINE_MAX_SHARE = 0.24;
/** The other columns keep at least this share of their own width when one-line columns widen. */
const WRAPPED_MIN_SHARE = 0.6;

/**
 * Column widths in points: the table's weights, then each one-line column widened to its widest
 * value (up to ONE_LINE_MAX_SHARE of the page), the room taken from the wrapped columns in
 * proportion, none below WRAPPED_MIN_SHARE of its weighted width.
 */
function columnWidths(
  doc: Doc,
  table: ExportTable,
  usable: number,
): number[] {
  const totalWeight = table.columns.reduce((sum, c) => sum + c.width, 0);
  const widths = table.columns.map((c) => (c.width / totalWeight) * usable);
  doc.font(FONT).fontSize(FONT_SIZE);
  const wanted = table.columns.map((column, i) => {
    if (!column.oneLine) return widths[i];
    let widest = 0;
    for (const row of table.rows) {
      const cell = row[i];
      if (cell) widest = Math.max(widest, doc.widthOfString(cell));
    }
    return Math.max(widths[i], Math.min(widest + 2 * CELL_PAD, usable * ONE_LINE_MAX_SHARE));
  });
  const extra = wanted.reduce((sum, w, i) => sum + (w - widths[i]), 0);
  if (extra <= 0) return widths;
  const wrapped = table.columns.reduce((sum, c, i) => sum + (c.oneLine ? 0 : widths[i]), 0);
  const spare = wrapped * (1 - WRAPPED_MIN_SHARE);
  // Grant what the wrapped columns can spare; the one-line columns share any shortfall.
  const granted = Math.min(extra, spare);
  const shrink = wrapped > 0 ? (wrapped - granted) / wrapped : 1;
  const grow = granted / extra;
  return table.columns.map((c, i) => (c.oneLine ? widths[i] + (wanted[i] - widths[i]) * grow : widths[i] * shrink));
}

/**
 * The table as a landscape US Letter PDF: a title line, then rows with the header repeated on
 * every page. Cells wrap (nothing is cut), each row as tall as its tallest cell; one-line
 * columns (email, phone) never break their value: a wider column, else a smaller font.
 * PDFKit's built-in Helvetica covers Latin-1, which holds the accents of US names.
 */
export async function writePdfTable(table: ExportTable, subtitle: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: 28,
    info: { Title: table.title, Creator: 'PhysicianDirect' },
  });
  const output = collect(doc);
  const left = doc.page.margins.left;
  const usable = doc.page.width - left - doc.page.margins.right;
  const widths = columnWidths(doc, table, usable);
  const oneLine = table.columns.map((c) => c.oneLine === true);
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  const lineHeight = (font: string) => doc.font(font).fontSize(FONT_SIZE).currentLineHeight(true);
  const wrapText = textWrapper(doc);
  // Each row is laid out once (its cells' lines and font sizes), then measured and drawn from that layout.
  const layoutRow = (cells: ReadonlyArray<string>, font: string, header = false) => {
    doc.font(font).fontSize(FONT_SIZE);
    const room = (i: number) => widths[i] - 2 * CELL_PAD;
    const sizes = cells.map((cell, i) => {
      if (header || !oneLine[i] || !cell) return FONT_SIZE;
      const width = doc.widthOfString(cell);
      // A tenth of a point smaller than the exact fit, so rounding never tips it onto two lines.
      return width <= room(i) ? FONT_SIZE : Math.max(1, Math.floor(((FONT_SIZE * room(i)) / width) * 10) / 10 - 0.1);
    });
    const lines = cells.map((cell, i) => {
      if (!cell) return [];
      if (oneLine[i] && !header) return [cell];
      return wrapText(font, cell, room(i));
    });
    const single = lineHeight(font);
    return { lines, sizes, single, height: Math.max(1, ...lines.map((l) => l.length)) * single + 2 * CELL_PAD };
  };
  type RowLayout = ReturnType<typeof layoutRow>;
  const drawRow = (row: RowLayout, y: number, font: string, fill?: string) => {
    if (fill) doc.rect(left, y, usable, row.height).fill(fill);
    doc.fillColor('#111827').font(font);
    let x = left;
    row.lines.forEach((lines, i) => {
      doc.fontSize(row.sizes[i]);
      // A smaller font sits on the row's first line, vertically centred in it.
      const lift = (row.single - doc.currentLineHeight(true)) / 2;
      // Without a width PDFKit skips its line wrapper altogether.
      lines.forEach((line, k) =>
        doc.text(line, x + CELL_PAD, y + CELL_PAD + lift + k * row.single, { lineBreak: false }),
      );
      x += widths[i];
    });
    doc
      .moveTo(left, y + row.height)
      .lineTo(left + usable, y + row.height)
      .lineWidth(0.3)
      .strokeColor('#d1d5db')
      .stroke();
  };

  const header = layoutRow(
    table.columns.map((c) => c.header),
    BOLD,
    true,
  );
  let y = doc.page.margins.top;
  doc.font(BOLD).fontSize(13).fillColor('#0f172a').text(table.title, left, y);
  doc
    .font(FONT)
    .fontSize(8)
    .fillColor('#475569')
    .text(subtitle, left, doc.y + 2);
  y = doc.y + 8;
  drawRow(header, y, BOLD, '#e2e8f0');
  y += header.height;

  for (const cells of table.rows) {
    const row = layoutRow(
      cells.map((cell) => cell ?? ''),
      FONT,
    );
    if (y + row.height > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
      drawRow(header, y, BOLD, '#e2e8f0');
      y += header.height;
    }
    drawRow(row, y, FONT);
    y += row.height;
  }
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
