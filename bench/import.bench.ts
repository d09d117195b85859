/*
 * Import benchmark (`npm run bench:import`; bench/README.md). Prints a table; never asserts timings.
 *
 * Writes a synthetic NPPES data file in the real 330-column layout (server/features/import/
 * synthetic-nppes.ts: a fifth organisations, 3 % deactivated, a quarter physicians, the rest other
 * clinicians), kept under .tmp/ for the next run, then per engine imports it with the real CLI
 * (`scripts/import.ts`, a process of its own, as an operator runs it) into an empty database,
 * and again (a re-import of the same file: everything unchanged). For each run: rows read per
 * second (from the CLI's own summary, so start-up and migrations are left out), the wall time of
 * the whole command, and the process's peak resident memory (VmHWM).
 *
 * Engines: PGlite in a temporary DATA_DIR; PostgreSQL in schema `bench_import` of DATABASE_URL when set.
 * On PostgreSQL it then imports a hospitals file and a Facility_Affiliation file of
 * BENCH_AFFILIATION_ROWS (2,000,000) records over those physicians (ADR 063): first, again, and
 * next month's (a tenth of the physicians changed).
 * Settings: BENCH_IMPORT_ROWS (1000000), BENCH_AFFILIATION_ROWS (2000000). Flags: --no-pglite, --no-pg.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPgDriver } from '../server/db/pg-driver';
import { DAC } from '../server/features/import/dac';
import { leadingNpi, scatteredNpis } from '../server/features/import/groups';
import { openCsvSource } from '../server/features/import/source';
import { writeSyntheticNppesFile } from '../server/test/support/import/synthetic-nppes';
import { writeSyntheticDacFile } from './synthetic-dac';
import { writeSyntheticAffiliationsFile, writeSyntheticHospitalsFile } from './synthetic-affiliations';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
/** BENCH_AFFILIATION_ROWS: the Facility_Affiliation file's records (2,000,000, as CMS's monthly file). */
const AFFILIATION_ROWS = Number(process.env.BENCH_AFFILIATION_ROWS ?? 2_000_000);
const PG_URL = process.env.DATABASE_URL;
const flags = new Set(process.argv.slice(2));
const SCHEMA = 'bench_import';

type Run = {
  engine: string;
  run: string;
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  seconds: number;
  wallSeconds: number;
  cpuSeconds: number;
  peakRssMb: number;
};

async function syntheticFile(): Promise<string> {
  const folder = join(ROOT, '.tmp', 'bench-import');
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `npidata_pfile_synthetic_${ROWS}.csv`);
  if (existsSync(path)) return path;
  const started = performance.now();
  await writeSyntheticNppesFile(`${path}.partial`, { rows: ROWS, seed: 1 });
  renameSync(`${path}.partial`, path);
  console.error(`wrote ${path}: ${(statSync(path).size / 1e9).toFixed(2)} GB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return path;
}

/** The DAC file beside it: the NPPES file's physicians and as many new, 1-4 records each. */
async function syntheticDacFile(): Promise<string> {
  const path = join(ROOT, '.tmp', 'bench-import', `DAC_NationalDownloadableFile_synthetic_${ROWS}.csv`);
  if (existsSync(path)) return path;
  const started = performance.now();
  await writeSyntheticDacFile(`${path}.partial`, { nppesRows: ROWS });
  renameSync(`${path}.partial`, path);
  console.error(`wrote ${path}: ${(statSync(path).size / 1e6).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return path;
}

/** The hospitals and affiliations files (ADR 063): this month's, and next month's with a tenth changed. */
async function syntheticAffiliationFiles(): Promise<{ hospitals: string; affiliations: string; nextMonth: string }> {
  const folder = join(ROOT, '.tmp', 'bench-import');
  const hospitals = join(folder, 'Hospital_General_Information_synthetic.csv');
  if (!existsSync(hospitals)) await writeSyntheticHospitalsFile(hospitals);
  const files = { hospitals, affiliations: '', nextMonth: '' };
  for (const month of [0, 1]) {
    const path = join(folder, `Facility_Affiliation_synthetic_${ROWS}_${AFFILIATION_ROWS}_${month}.csv`);
    if (!existsSync(path)) {
      const started = performance.now();
      await writeSyntheticAffiliationsFile(`${path}.partial`, { rows: AFFILIATION_ROWS, nppesRows: ROWS, month });
      renameSync(`${path}.partial`, path);
      console.error(`wrote ${path}: ${(statSync(path).size / 1e6).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    if (month === 0) files.affiliations = path;
    else files.nextMonth = path;
  }
  return files;
}

/** Peak resident memory of a live process, in MB (Linux /proc; 0 elsewhere). */
function peakRssMb(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) a live process has used, in seconds (Linux /proc; 0 elsewhere). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command name), in ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const count = (text: string, label: string) => Number(new RegExp(`^\\s+${label}\\s+([\\d,]+)`, 'm').exec(text)?.[1]?.replaceAll(',', '') ?? NaN);

/** `npm run import -- nppes <file>` as a child process; its summary, wall time and peak memory. */
async function importOnce(engine: string, run: string, file: string, env: NodeJS.ProcessEnv, kind = 'nppes'): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/import.ts', kind, file], {
    cwd: ROOT,
    env: { ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(`  ${engine} ${run}: ${chunk}`));
  let peak = 0;
  let cpu = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, peakRssMb(child.pid!));
    cpu = Math.max(cpu, cpuSeconds(child.pid!));
  }, 100);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`${engine} ${run}: the import exited with ${code}\n${output}`);
  // "finished in 0m41s (41.3 s, 24,213 rows/s)": the time runImport measured, start-up left out.
  const seconds = Number(/finished in \S+ \(([\d.]+) s,/.exec(output)?.[1] ?? NaN);
  return {
    engine,
    run,
    read: count(output, 'read'),
    // A hospitals or affiliations summary says 'added' and 'changed' (progress.ts).
    inserted: kind === 'affiliations' ? 0 : count(output, kind === 'hospitals' ? 'added' : 'inserted'),
    updated: count(output, kind === 'affiliations' ? 'changed' : 'updated'),
    unchanged: count(output, 'unchanged'),
    seconds,
    wallSeconds: (performance.now() - started) / 1000,
    cpuSeconds: cpu,
    peakRssMb: peak,
  };
}

async function benchPglite(file: string): Promise<Run[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
    delete env.DATABASE_URL;
    return [
      await importOnce('PGlite', 'first import', file, env),
      await importOnce('PGlite', 're-import', file, env),
      await importOnce('PGlite', 'DAC first', dacFile, env, 'dac'),
      await importOnce('PGlite', 'DAC again', dacFile, env, 'dac'),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchPostgres(file: string): Promise<Run[]> {
  const admin = openPgDriver({ connectionString: PG_URL!, max: 1 });
  await admin.exec(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}; CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
  try {
    const url = new URL(PG_URL!);
    url.searchParams.set('options', `-c search_path=${SCHEMA},public`);
    const env = { ...process.env, DATABASE_URL: url.toString() };
    return [
      await importOnce('PostgreSQL', 'first import', file, env),
      await importOnce('PostgreSQL', 're-import', file, env),
      await importOnce('PostgreSQL', 'DAC first', dacFile, env, 'dac'),
      await importOnce('PostgreSQL', 'DAC again', dacFile, env, 'dac'),
      // ADR 063: the hospitals, then the affiliations: first, again unchanged, next month's.
      await importOnce('PostgreSQL', 'hospitals', affiliationFiles.hospitals, env, 'hospitals'),
      await importOnce('PostgreSQL', 'affil. first', affiliationFiles.affiliations, env, 'affiliations'),
      await importOnce('PostgreSQL', 'affil. again', affiliationFiles.affiliations, env, 'affiliations'),
      await importOnce('PostgreSQL', 'affil. month', affiliationFiles.nextMonth, env, 'affiliations'),
    ];
  } finally {
    await admin.exec(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await admin.close();
  }
}

const file = await syntheticFile();
const dacFile = await syntheticDacFile();
const affiliationFiles = await syntheticAffiliationFiles();
// The DAC fold's first pass alone (ADR 056): the NPIs whose records lie apart.
const passStarted = performance.now();
const apart = await scatteredNpis(await openCsvSource(dacFile, DAC.filePattern), leadingNpi);
const passSeconds = (performance.now() - passStarted) / 1000;
const runs: Run[] = [];
if (PG_URL && !flags.has('--no-pg')) runs.push(...(await benchPostgres(file)));
if (!flags.has('--no-pglite')) runs.push(...(await benchPglite(file)));

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const size = statSync(file).size;
console.log(`\nImport bench: synthetic NPPES file, ${int(ROWS)} rows, ${(size / 1e9).toFixed(2)} GB, 330 columns; load average ${loadavg().map((n) => n.toFixed(1)).join(' ')} on ${cpus().length} cores\n`);
console.log(
  `${'engine'.padEnd(11)} ${'run'.padEnd(13)} ${'rows read'.padStart(10)} ${'inserted'.padStart(9)} ${'updated'.padStart(9)} ${'unchanged'.padStart(10)} ${'import s'.padStart(9)} ${'rows/s'.padStart(8)} ${'wall s'.padStart(7)} ${'CPU s'.padStart(6)} ${'rows/CPU s'.padStart(11)} ${'peak RSS MB'.padStart(12)}`,
);
console.log(`DAC file: ${(statSync(dacFile).size / 1e6).toFixed(0)} MB; its first pass (NPIs whose records lie apart: ${int(apart.size)}) took ${passSeconds.toFixed(1)} s\n`);
for (const r of runs) {
  console.log(
    `${r.engine.padEnd(11)} ${r.run.padEnd(13)} ${int(r.read).padStart(10)} ${int(r.inserted).padStart(9)} ${int(r.updated).padStart(9)} ${int(r.unchanged).padStart(10)} ${r.seconds.toFixed(1).padStart(9)} ${int(r.read / r.seconds).padStart(8)} ${r.wallSeconds.toFixed(1).padStart(7)} ${r.cpuSeconds.toFixed(1).padStart(6)} ${int(r.read / r.cpuSeconds).padStart(11)} ${int(r.peakRssMb).padStart(12)}`,
  );
}
console.log('\nrows/s: rows read per second of the import (the CLI summary); CPU s: the import process\'s own CPU time,');
console.log('start-up included (on PostgreSQL the server\'s work is in its own processes; PGlite works inside the import process).');
