// The kill -9 test's child process (import-kill.test.ts): opens the database exactly as
// `npm run import` does (DATABASE_URL, else the embedded one in DATA_DIR) and imports, printing
// "checkpoint <line>" after every committed batch so the test can kill it at a known point.
//   node --import tsx server/test/support/import/import-child.ts <nppes|dac> <file> <batch size>
import { loadEnv } from '../../../lib/env';
import { createLogger } from '../../../lib/logger';
import { openDatabase } from '../../../db/open';
import { IMPORT_KINDS, runImport } from '../../../features/import/service';

const [kind, file, batchSize] = process.argv.slice(2);
if ((kind !== 'nppes' && kind !== 'dac') || !file) throw new Error('usage: import-child.ts <nppes|dac> <file> <batch size>');
const database = await openDatabase(loadEnv(), createLogger('silent', false));
await runImport(database.db, IMPORT_KINDS[kind], file, {
  batchSize: Number(batchSize) || undefined,
  onBatch: (line) => process.stdout.write(`checkpoint ${line}\n`),
});
process.stdout.write('finished\n');
await database.close();
