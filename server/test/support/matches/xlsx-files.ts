import { constants, crc32, deflateRawSync } from 'node:zlib';

/*
 * Workbooks written byte by byte for the upload-limit tests and bench (docs/decisions/048): a
 * minimal zip writer whose parts may repeat one piece of XML millions of times without ever
 * holding it (each piece deflated once with a full flush, so its bytes can simply be repeated:
 * 500 MB of rows is 2 MB on disk and made in milliseconds), and may declare a size that lies.
 */

/** One part: its text, or a head, a body repeated `times` and a tail. */
export type ZipPart = {
  name: string;
  head: string;
  body?: { text: string; times: number };
  tail?: string;
  /** The uncompressed size the zip claims (the true one by default). */
  declaredSize?: number;
};

function deflated(text: string, final: boolean): Buffer {
  return deflateRawSync(Buffer.from(text), final ? {} : { finishFlush: constants.Z_FULL_FLUSH });
}

export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const head = Buffer.from(part.head);
    const body = part.body ? Buffer.from(part.body.text) : Buffer.alloc(0);
    const times = part.body?.times ?? 0;
    const tail = Buffer.from(part.tail ?? '');
    let crc = crc32(head);
    for (let i = 0; i < times; i++) crc = crc32(body, crc);
    crc = crc32(tail, crc);
    const size = head.length + body.length * times + tail.length;
    const bodyDeflated = deflated(body.toString(), false);
    const pieces = [deflated(head.toString(), false), ...Array<Buffer>(times).fill(bodyDeflated), deflated(tail.toString(), true)];
    const compressed = pieces.reduce((n, piece) => n + piece.length, 0);
    const name = Buffer.from(part.name);
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt16LE(0x21, 14);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(compressed, 20);
    entry.writeUInt32LE(declared, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    locals.push(local, name, ...pieces);
    offset += local.length + name.length + compressed;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A row of inline strings, as streaming writers make them (no row or cell references). */
export function inlineRow(cells: readonly string[]): string {
  return `<row>${cells.map((cell) => `<c t="inlineStr"><is><t>${escape(cell)}</t></is></c>`).join('')}</row>`;
}

/**
 * A one-sheet workbook: its rows' XML given whole (`rows`) or as one row repeated (`repeat`),
 * optional shared strings, and optionally a size the sheet's zip entry claims.
 */
export function xlsxOf(sheet: {
  rows?: string;
  repeat?: { row: string; times: number };
  sharedStrings?: readonly string[];
  sheetDeclaredSize?: number;
}): Buffer {
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      head:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        (sheet.sharedStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : '') +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      head: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      head: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="List" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      head:
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        (sheet.sharedStrings ? `<Relationship Id="rId2" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/>` : '') +
        '</Relationships>',
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      head: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheetData>${sheet.rows ?? ''}`,
      body: sheet.repeat ? { text: sheet.repeat.row, times: sheet.repeat.times } : undefined,
      tail: '</sheetData></worksheet>',
      declaredSize: sheet.sheetDeclaredSize,
    },
  ];
  if (sheet.sharedStrings) {
    const items = sheet.sharedStrings.map((text) => `<si><t xml:space="preserve">${escape(text)}</t></si>`).join('');
    parts.push({
      name: 'xl/sharedStrings.xml',
      head: `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="${sheet.sharedStrings.length}" uniqueCount="${sheet.sharedStrings.length}">${items}</sst>`,
    });
  }
  return zipOf(parts);
}

/**
 * The review's hostile workbook: 2.2 million rows of 5 inline strings (about 500 MB of sheet
 * XML) in a file of about 2 MB. `sheetDeclaredSize` makes its zip claim another size.
 */
export function hostileWorkbook(options: { rows?: number; sheetDeclaredSize?: number } = {}): Buffer {
  const block = 1_000;
  const row = inlineRow(['Jonathan', 'Smithers', 'Springfield', 'IL', 'Cardiology']);
  return xlsxOf({
    rows: inlineRow(['First', 'Last', 'City', 'State', 'Specialty']),
    repeat: { row: row.repeat(block), times: Math.ceil((options.rows ?? 2_200_000) / block) },
    sheetDeclaredSize: options.sheetDeclaredSize,
  });
}

/** The review's hostile CSV: a header, then one row of a name and 4 million commas. */
export function commaCsv(commas = 4_000_000): Buffer {
  return Buffer.from(`Last,First\nSmith${','.repeat(commas)}\n`);
}
