import { mkdir, rename, writeFile } from 'node:fs/promises';
import { openPgliteDriver } from '../db/pglite-driver';
import { openPgDriver } from '../db/pg-driver';
import { migrate } from '../db/migrate';
import { TEMPLATE_PATH } from './template-path';

/**
 * Creating a PGlite database costs several seconds (initdb), so it is done once: migrate into a
 * template and dump it; every test file starts from a copy (see harness.ts).
 */
export default async function setup() {
  if (process.env.DATABASE_URL) {
    // Each file migrates a fresh schema; the extension is database-wide and CREATE EXTENSION is
    // not safe to race, so it is created once here.
    const driver = openPgDriver({ connectionString: process.env.DATABASE_URL, max: 1 });
    await driver.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    await driver.close();
  }
  // The template is made in both runs: a few files test the embedded database itself (a restart on
  // the same data folder, a crash) whatever DATABASE_URL says.
  const driver = await openPgliteDriver({});
  await migrate(driver);
  const tarball = await driver.dump();
  await driver.close();
  await mkdir(new URL('.', `file://${TEMPLATE_PATH}`), { recursive: true });
  // Written beside the template and renamed into place: a reader (another vitest run sharing
  // the checkout) sees either the old template or the whole new one, never a half-written file.
  const partial = `${TEMPLATE_PATH}.${process.pid}.partial`;
  await writeFile(partial, tarball);
  await rename(partial, TEMPLATE_PATH);
}
