// Imports the public CMS files:  npm run import -- nppes <npidata_pfile.csv | NPPES .zip>
//                                npm run import -- dac <DAC_NationalDownloadableFile.csv>
// Opens the same database as the server (DATABASE_URL, else the embedded one in DATA_DIR).
// Exit codes: 0 every line was read; 3 some lines were skipped as malformed (the summary lists
// them); 2 the file cannot be read (missing, not a zip, corrupt, not the expected layout);
// 1 anything else (configuration, database).
import { existsSync } from 'node:fs';
import { ConfigError, loadEnv } from '../server/lib/env';
import { openCliDatabase } from './cli-database';
import { IMPORT_KINDS, runImport } from '../server/features/import/service';
import { createProgressReporter, summaryText } from '../server/features/import/progress';
import { ImportFileError } from '../server/features/import/types';

const USAGE =
  'Usage: npm run import -- nppes <npidata_pfile_*.csv | NPPES_Data_Dissemination_*.zip>\n' +
  '       npm run import -- dac <DAC_NationalDownloadableFile.csv>';

async function main(args: string[]): Promise<number> {
  const [kind, file, ...rest] = args;
  if ((kind !== 'nppes' && kind !== 'dac') || !file || rest.length) {
    console.error(USAGE);
    return 2;
  }
  if (!existsSync(file)) {
    console.error(`No such file: ${file}`);
    return 2;
  }
  const spec = IMPORT_KINDS[kind];
  const env = loadEnv();
  const database = await openCliDatabase(
    env,
    'Stop the server, run the import, then start the server again (it loads the imported physicians at start). ' +
      'Or run the server on PostgreSQL (DATABASE_URL): there an import runs while the server keeps serving.',
  );
  if (!database) return 1;
  const progress = createProgressReporter(process.stderr);
  try {
    const summary = await runImport(database.db, spec, file, { onProgress: progress.update });
    progress.done();
    console.log(summaryText(summary));
    return summary.skipped.malformed ? 3 : 0;
  } catch (error) {
    progress.done();
    if (error instanceof ImportFileError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(
      error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error,
    );
    process.exit(1);
  },
);
