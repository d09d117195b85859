// Runs PGlite on its own thread so a long query never blocks the HTTP event loop.
// Plain JavaScript on purpose: it must load the same way under tsx, Vitest and plain node.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

// The database's files are its owner's only (ADR 049). PGlite's file system layer copies the modes
// of its emulated files onto the real ones (0777 at creation, then chmod 0666 or 0644 whatever the
// umask), so on this thread, which does nothing but run PGlite, every mode it sets or leaves to the
// default loses group and others' bits. (A worker thread cannot set the process's umask.)
const ownerOnly = (mode, fallback) => (typeof mode === 'number' ? mode & ~0o077 : fallback);
const withMode = (options, fallback) => {
  if (options === undefined || options === null) return { mode: fallback };
  if (typeof options === 'object') return { ...options, mode: ownerOnly(options.mode, fallback) };
  if (typeof options === 'string') return { encoding: options, mode: fallback }; // an encoding
  return ownerOnly(options, fallback); // a mode
};
const { mkdirSync, writeFileSync, openSync, chmodSync, fchmodSync } = fs;
fs.mkdirSync = (path, options) => mkdirSync(path, withMode(options, 0o700));
fs.writeFileSync = (path, data, options) => writeFileSync(path, data, withMode(options, 0o600));
fs.openSync = (path, flags, mode) => openSync(path, flags, ownerOnly(mode, 0o600));
fs.chmodSync = (path, mode) => chmodSync(path, ownerOnly(mode, mode));
fs.fchmodSync = (fd, mode) => fchmodSync(fd, ownerOnly(mode, mode));
syncBuiltinESMExports();

const { PGlite, types } = await import('@electric-sql/pglite');
const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');

// int8 to number (ids and counts fit easily), like the pg driver's parser.
const parsers = { [types.INT8]: (value) => Number(value) };

const { dataDir, loadDataDir } = workerData;
let db;

async function open() {
  // pg_trgm must be registered on every open, or trigram-indexed tables fail to load.
  db = await PGlite.create(dataDir ?? undefined, {
    extensions: { pg_trgm },
    parsers,
    loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
  });
}

const ready = open();

function serializeError(error) {
  return {
    message: error?.message ?? String(error),
    code: error?.code,
    detail: error?.detail,
    constraint: error?.constraint,
    position: error?.position,
  };
}

async function handle(message) {
  await ready;
  switch (message.type) {
    case 'query': {
      const result = await db.query(message.text, message.params ?? []);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    }
    case 'exec':
      await db.exec(message.text);
      return null;
    case 'copy': {
      await db.query(message.text.replace('FROM STDIN', "FROM '/dev/blob'"), [], {
        blob: new Blob([message.csv]),
      });
      return null;
    }
    case 'dump': {
      const file = await db.dumpDataDir(message.compression ?? 'none');
      return new Uint8Array(await file.arrayBuffer());
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`Unknown message type ${message.type}`);
  }
}

ready.then(
  () => parentPort.postMessage({ id: 0, ok: true, result: null }),
  (error) => parentPort.postMessage({ id: 0, ok: false, error: serializeError(error) }),
);

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => parentPort.postMessage({ id: message.id, ok: true, result }),
    (error) => parentPort.postMessage({ id: message.id, ok: false, error: serializeError(error) }),
  );
});
