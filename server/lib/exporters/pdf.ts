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
 * The table as a landscape US Letter PDF: a title line, then rows with the header repeated on
 * every page. Cells wrap (an email is never cut), each row as tall as its tallest cell.
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
  const totalWeight = table.columns.reduce((sum, c) => sum + c.width, 0);
  const widths = table.columns.map((c) => (c.width / totalWeight) * usable);
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  // Most cells fit on one line: measuring their width is much cheaper than PDFKit's line
  // wrapper, which only runs for the cells that really wrap.
  const lineHeight = (font: string) => doc.font(font).fontSize(FONT_SIZE).currentLineHeight(true);
  const fits = (cell: string, i: number) => doc.widthOfString(cell) <= widths[i] - 2 * CELL_PAD;
  const rowHeight = (cells: ReadonlyArray<string>, font: string) => {
    const single = lineHeight(font);
    let height = single;
    cells.forEach((cell, i) => {
      if (!cell || fits(cell, i)) return;
      height = Math.max(height, doc.heightOfString(cell, { width: widths[i] - 2 * CELL_PAD }));
    });
    return height + 2 * CELL_PAD;
  };
  const drawRow = (cells: ReadonlyArray<string>, y: number, height: number, font: string, fill?: string) => {
    if (fill) doc.rect(left, y, usable, height).fill(fill);
    doc.fillColor('#111827').font(font).fontSize(FONT_SIZE);
    let x = left;
    cells.forEach((cell, i) => {
      if (cell) {
        // Without a width PDFKit skips its line wrapper altogether.
        if (fits(cell, i)) doc.text(cell, x + CELL_PAD, y + CELL_PAD, { lineBreak: false });
        else doc.text(cell, x + CELL_PAD, y + CELL_PAD, { width: widths[i] - 2 * CELL_PAD });
      }
      x += widths[i];
    });
    doc.moveTo(left, y + height).lineTo(left + usable, y + height).lineWidth(0.3).strokeColor('#d1d5db').stroke();
  };

  const headers = table.columns.map((c) => c.header);
  const headerHeight = rowHeight(headers, BOLD);
  let y = doc.page.margins.top;
  doc.font(BOLD).fontSize(13).fillColor('#0f172a').text(table.title, left, y);
  doc
    .font(FONT)
    .fontSize(8)
    .fillColor('#475569')
    .text(subtitle, left, doc.y + 2);
  y = doc.y + 8;
  drawRow(headers, y, headerHeight, BOLD, '#e2e8f0');
  y += headerHeight;

  for (const row of table.rows) {
    const cells = row.map((cell) => cell ?? '');
    const height = rowHeight(cells, FONT);
    if (y + height > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
      drawRow(headers, y, headerHeight, BOLD, '#e2e8f0');
      y += headerHeight;
    }
    drawRow(cells, y, height, FONT);
    y += height;
  }
  doc.end();
  return output;
}

export type ProfileSection = { heading: string; lines: ReadonlyArray<[label: string, value: string]> };

/**
 * One physician on one portrait page: name, subtitle, then labelled sections. Long values are
 * cut with an ellipsis so the profile never spills onto a second page.
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
    for (const [label, value] of section.lines) {
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
