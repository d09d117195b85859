// Imports the public CMS files:  npm run import -- nppes <npidata_pfile.csv | NPPES .zip>
//                                npm run import -- dac <DAC_NationalDownloadableFile.csv> [--file-date YYYY-MM-DD]
//                                npm run import -- hospitals <Hospital_General_Information.csv>
//                                npm run import -- affiliations <Facility_Affiliation.csv> [--file-date YYYY-MM-DD]
// --file-date: the date of a DAC file's values (its release), for freshest-wins against NPPES
// (docs/decisions/035-freshest-source-and-move-signals.md), and of the changes an affiliations
// file makes (ADR 063); default: the file's modification day. Import hospitals before
// affiliations: an affiliation names its facility by number, and the hospitals file gives the name.
// Opens the same database as the server (DATABASE_URL, else the embedded one in DATA_DIR).
// Exit codes: 0 every line was read; 3 some lines were skipped as malformed (the summary lists
// them); 2 the file cannot be read (missing, not a zip, corrupt, not the expected layout);
// 1 anything else (configuration, database).
import { existsSync } from 'node:fs';
import { isCalendarDay } from '../contract/dates';
import { IMPORT_KINDS as IMPORT_KIND_NAMES, type ImportKindName } from '../contract/import';
import { ConfigError, loadEnv } from '../server/lib/env';
import { openCliDatabase } from './cli-database';
import { IMPORT_KINDS, runImport } from '../server/features/import/service';
import { createProgressReporter, summaryText } from '../server/features/import/progress';
import { ImportFileError } from '../server/features/import/types';

const USAGE =
  'Usage: npm run import -- nppes <npidata_pfile_*.csv | NPPES_Data_Dissemination_*.zip>\n' +
  '       npm run import -- dac <DAC_NationalDownloadableFile.csv> [--file-date YYYY-MM-DD]\n' +
  '       npm run import -- hospitals <Hospital_General_Information.csv>\n' +
  '       npm run import -- affiliations <Facility_Affiliation.csv> [--file-date YYYY-MM-DD]';

/** The arguments, or null when they are not a command this script runs. */
function parseImportArgs(args: string[]): { kind: ImportKindName; file: string; fileDate?: string } | null {
  const rest = [...args];
  let fileDate: string | undefined;
  const at = rest.findIndex((arg) => arg === '--file-date' || arg.startsWith('--file-date='));
  if (at !== -1) {
    const [flag] = rest.splice(at, 1);
    fileDate = flag.includes('=') ? flag.slice(flag.indexOf('=') + 1) : rest.splice(at, 1)[0];
    if (!fileDate || !isCalendarDay(fileDate)) return null;
  }
  const [kind, file, ...extra] = rest;
  if (!(IMPORT_KIND_NAMES as readonly string[]).includes(kind) || !file || extra.length) return null;
  // NPPES records carry their own dates; a hospitals file dates nothing.
  if (fileDate && !IMPORT_KINDS[kind as ImportKindName].datedByFile) return null;
  return { kind: kind as ImportKindName, file, fileDate };
}

async function main(args: string[]): Promise<number> {
  const parsed = parseImportArgs(args);
  if (!parsed) {
    console.error(USAGE);
    return 2;
  }
  const { kind, file, fileDate } = parsed;
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
    const summary = await runImport(database.db, spec, file, { onProgress: progress.update, fileDate });
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
