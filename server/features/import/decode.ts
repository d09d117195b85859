import chardet from 'chardet';
import iconv from 'iconv-lite';

/**
 * The text of an import file, whatever its encoding (docs/decisions/029). CMS publishes UTF-8,
 * but files passed around (saved by a spreadsheet, older extracts) come in Windows-1252 or
 * Latin-1, and a UTF-8 reading of those turns every accented letter into U+FFFD: a name stored
 * as 'Wieb\uFFFD'. So the first bytes are examined by chardet, and the text is decoded
 *   - as UTF-8, except that any byte that is not part of a valid UTF-8 sequence (a Latin-1 letter
 *     further down a file that started plain ASCII) is read as Windows-1252;
 *   - as Windows-1252 (a superset of Latin-1's letters) when the sample is an 8-bit code page;
 *   - as UTF-16 when it says so.
 * No path ever yields U+FFFD: the five bytes Windows-1252 leaves undefined are read as Latin-1.
 */
export type TextEncoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

/** How much of the file chardet sees (the rest follows the same decoding). */
const SAMPLE_BYTES = 256 * 1024;

const CP1252: string[] = Array.from({ length: 256 }, (_, b) => {
  const text = iconv.decode(Buffer.from([b]), 'win1252');
  return text === '\uFFFD' ? String.fromCharCode(b) : text;
});

/** The encoding of a file from its first bytes. */
export function detectEncoding(sample: Uint8Array): TextEncoding {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf-8';
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf-16le';
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'utf-16be';
  if (!sample.some((b) => b >= 0x80)) return 'utf-8'; // ASCII so far: UTF-8, with the fallback below
  const name = (chardet.detect(sample) ?? '').toUpperCase();
  if (name === 'UTF-8' || name === 'ASCII') return 'utf-8';
  if (name === 'UTF-16LE') return 'utf-16le';
  if (name === 'UTF-16BE') return 'utf-16be';
  // ISO-8859-x, windows-125x and the like: in US files that is Windows-1252 / Latin-1.
  return 'windows-1252';
}

/** Windows-1252, every byte a character (no U+FFFD). */
function decodeCp1252(bytes: Uint8Array): string {
  const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'win1252');
  if (!text.includes('\uFFFD')) return text;
  let out = '';
  for (const b of bytes) out += CP1252[b];
  return out;
}

/** The length of the valid UTF-8 sequence at i (1-4), or 0 when the byte there starts none. */
function utf8SequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i]!;
  if (b < 0x80) return 1;
  const cont = (k: number) => i + k < bytes.length && (bytes[i + k]! & 0xc0) === 0x80;
  if (b >= 0xc2 && b <= 0xdf) return cont(1) ? 2 : 0;
  if (b >= 0xe0 && b <= 0xef) {
    const b1 = bytes[i + 1] ?? 0;
    if ((b === 0xe0 && b1 < 0xa0) || (b === 0xed && b1 > 0x9f)) return 0; // overlong, surrogate
    return cont(1) && cont(2) ? 3 : 0;
  }
  if (b >= 0xf0 && b <= 0xf4) {
    const b1 = bytes[i + 1] ?? 0;
    if ((b === 0xf0 && b1 < 0x90) || (b === 0xf4 && b1 > 0x8f)) return 0;
    return cont(1) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/** UTF-8 where valid, each other byte as Windows-1252. */
function decodeUtf8OrCp1252(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let out = '';
  let runStart = 0;
  let i = 0;
  while (i < bytes.length) {
    const n = utf8SequenceLength(bytes, i);
    if (n) {
      i += n;
      continue;
    }
    out += buffer.toString('utf8', runStart, i) + CP1252[bytes[i]!];
    i++;
    runStart = i;
  }
  return out + buffer.toString('utf8', runStart, i);
}

/** Where a UTF-8 sequence cut off by the chunk's end starts (the chunk's length if none is). */
function completeUtf8End(bytes: Uint8Array): number {
  for (let back = 1; back <= 3 && back <= bytes.length; back++) {
    const b = bytes[bytes.length - back]!;
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const needed = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return needed > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

/**
 * Decodes a byte stream to text chunks; `onEncoding` hears which encoding was chosen (once the
 * first bytes have been seen).
 */
export async function* decodeText(
  input: AsyncIterable<Buffer>,
  onEncoding?: (encoding: TextEncoding) => void,
): AsyncGenerator<string> {
  let encoding: TextEncoding | undefined;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let carry: Buffer | null = null;
  const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let utf16: iconv.DecoderStream | undefined;

  const decode = (chunk: Buffer): string => {
    if (encoding === 'windows-1252') return decodeCp1252(chunk);
    if (encoding !== 'utf-8') {
      utf16 ??= iconv.getDecoder(encoding!, { stripBOM: false });
      return utf16.write(chunk);
    }
    const bytes: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
    const end = completeUtf8End(bytes);
    carry = end < bytes.length ? Buffer.from(bytes.subarray(end)) : null;
    const whole = bytes.subarray(0, end);
    try {
      return strict.decode(whole);
    } catch {
      return decodeUtf8OrCp1252(whole);
    }
  };

  for await (const chunk of input) {
    if (encoding) {
      yield decode(chunk);
      continue;
    }
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes < SAMPLE_BYTES) continue;
    const sample = Buffer.concat(pending);
    pending = [];
    encoding = detectEncoding(sample.subarray(0, SAMPLE_BYTES));
    onEncoding?.(encoding);
    yield decode(sample);
  }
  if (!encoding) {
    const sample = Buffer.concat(pending);
    encoding = detectEncoding(sample);
    onEncoding?.(encoding);
    if (sample.length) yield decode(sample);
  }
  const tail = encoding === 'utf-8' ? (carry ? decodeUtf8OrCp1252(carry) : '') : (utf16?.end() ?? '');
  if (tail) yield tail;
}
