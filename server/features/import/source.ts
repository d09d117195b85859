import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import yauzl from 'yauzl';

/** The CSV text of an import file, streamed, with a count of bytes read for progress. */
export type CsvSource = {
  stream: Readable;
  /** Bytes of the file on disk (of the CSV inside a zip: uncompressed). */
  totalBytes: number;
  bytesRead(): number;
  /** Name, size and modification time: a rerun on the same file resumes from its checkpoint. */
  fileKey: string;
  /** When the file (of a zip: its data entry) was last modified: a DAC file's default date. */
  modifiedAt: Date;
};

function counted(input: Readable): { stream: Readable; bytesRead(): number } {
  let bytes = 0;
  const stream = new PassThrough({ highWaterMark: 1 << 20 });
  input.on('data', (chunk: Buffer) => (bytes += chunk.length));
  input.on('error', (error) => stream.destroy(error));
  // The file starts flowing before the import iterates it (it opens the database meanwhile): a
  // read error then (a corrupt zip) waits in the stream for the reader, never as an unhandled
  // 'error' event that ends the process.
  stream.on('error', () => undefined);
  input.pipe(stream);
  return { stream, bytesRead: () => bytes };
}

/**
 * A .csv file as is; a .zip (the monthly NPPES download) streams its data CSV: the largest entry
 * named *.csv that is not the header-only "_fileheader" file nor the other-name/practice-location files.
 */
export async function openCsvSource(path: string, pattern: RegExp): Promise<CsvSource> {
  const info = await stat(path);
  const fileKey = `${basename(path)}:${info.size}:${Math.floor(info.mtimeMs)}`;
  if (!/\.zip$/i.test(path)) {
    return {
      ...counted(createReadStream(path, { highWaterMark: 1 << 20 })),
      totalBytes: info.size,
      fileKey,
      modifiedAt: info.mtime,
    };
  }
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const entry = await new Promise<yauzl.Entry>((resolve, reject) => {
    let best: yauzl.Entry | undefined;
    zip.on('entry', (e: yauzl.Entry) => {
      const name = basename(e.fileName);
      if (pattern.test(name) && !/fileheader/i.test(name) && (!best || e.uncompressedSize > best.uncompressedSize)) best = e;
      zip.readEntry();
    });
    zip.on('end', () => (best ? resolve(best) : reject(new Error(`No file matching ${pattern} in ${basename(path)}`))));
    zip.on('error', reject);
    zip.readEntry();
  });
  // lazyEntries + autoClose: the archive stays open until this entry's stream ends.
  const reopened = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const input = await new Promise<Readable>((resolve, reject) => {
    reopened.on('entry', (e: yauzl.Entry) => {
      if (e.fileName !== entry.fileName) return reopened.readEntry();
      reopened.openReadStream(e, (error, stream) => (error ? reject(error) : resolve(stream)));
    });
    reopened.on('error', reject);
    reopened.readEntry();
  });
  return {
    ...counted(input),
    totalBytes: entry.uncompressedSize,
    fileKey: `${fileKey}:${entry.fileName}`,
    modifiedAt: entry.getLastModDate(),
  };
}
