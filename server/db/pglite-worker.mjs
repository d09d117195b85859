// Runs PGlite on its own thread so a long query never blocks the HTTP event loop.
// Plain JavaScript on purpose: it must load the same way under tsx, Vitest and plain node.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

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
      const result = await db.query(message.text, message.params ?? [], {
        rowMode: message.rowMode ?? 'object',
      });
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
