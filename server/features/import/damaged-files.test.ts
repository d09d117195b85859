import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { DAC_HEADER, dacLine, nppesIndividual, zipOf } from '../../test/support/import/fixtures';
import { DAC } from './dac';
import { nppesHeaderLine } from './nppes-layout';
import { NPPES } from './nppes';
import { runImport } from './service';
import { syntheticNppesLine } from '../../test/support/import/synthetic-nppes';

/*
 * Files that cannot be read whole say so in one line an operator can act on
 * (docs/decisions/029-import-resync-and-specialty-language.md).
 */

const database = await openTestDatabase();
afterAll(() => database.close());
const dir = mkdtempSync(join(tmpdir(), 'damaged-files-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, bytes: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

async function physicianCount(): Promise<number> {
  return (await database.db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM physicians`)).rows[0]!.n;
}

describe('a zip damaged part-way', () => {
  const rows = Array.from({ length: 4_000 }, (_, i) => syntheticNppesLine(i, 7)).join('');
  const good = zipOf({ 'npidata_pfile_1.csv': nppesHeaderLine() + rows });

  it('says how many physicians were imported before the damage and that a rerun on a good copy finishes', async () => {
    const damaged = Buffer.from(good);
    const at = Math.floor(damaged.length * 0.6);
    for (let i = at; i < at + 40; i++) damaged[i] = damaged[i]! ^ 0x5a;
    const error = await runImport(database.db, NPPES, file('NPPES_Data_Dissemination.zip', damaged), { batchSize: 100 }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.name).toBe('ImportFileError');
    const imported = await physicianCount();
    expect(imported).toBeGreaterThan(0);
    expect(error?.message).toMatch(
      /^Cannot read NPPES_Data_Dissemination\.zip: the file is damaged \(.+; a corrupt or cut-off download\?\)\. ([\d,]+) physicians were imported \(up to line [\d,]+\) and stay in the directory\. Run the same import again on a good copy of the file to finish: /,
    );
    expect(Number(/\. ([\d,]+) physicians were imported/.exec(error!.message)![1]!.replaceAll(',', ''))).toBe(imported);

    // The good copy finishes the import: the same directory as one clean run.
    const rerun = await runImport(database.db, NPPES, file('NPPES_Data_Dissemination_good.zip', good), { batchSize: 100 });
    expect(rerun.read).toBe(4_000);
    const clean = await openTestDatabase();
    try {
      const once = await runImport(clean.db, NPPES, file('NPPES_Data_Dissemination_once.zip', good), { batchSize: 100 });
      expect(await physicianCount()).toBe(once.inserted);
    } finally {
      await clean.close();
    }
  });

  it('a zip damaged before any batch was written says only that it is damaged', async () => {
    const damaged = Buffer.from(good);
    for (let i = 200; i < 260; i++) damaged[i] = damaged[i]! ^ 0x5a;
    await expect(runImport(database.db, NPPES, file('early.zip', damaged))).rejects.toThrow(
      /^Cannot read early\.zip: the file is damaged \(.+; a corrupt or cut-off download\?\)\.$/,
    );
  });
});

describe('a file that is not in the layout says what was expected, in one line', () => {
  const nppes = nppesHeaderLine() + nppesIndividual('1300000001', { 'Provider Last Name (Legal Name)': 'TABB', 'Provider First Name': 'ANN' });
  const dac = DAC_HEADER + '\n' + dacLine({ NPI: '1300000001', 'Provider Last Name': 'TABB', 'Provider First Name': 'ANN', pri_spec: 'CARDIOLOGY' });
  /** The file's values separated by another character (a spreadsheet's "save as" another format). */
  const separatedBy = (text: string, separator: string) => text.replaceAll('","', `"${separator}"`).replaceAll(',', separator);

  it('a tab-separated NPPES file (quoted, or not)', async () => {
    for (const text of [separatedBy(nppes, '\t'), separatedBy(nppes, '\t').replaceAll('"', '')]) {
      await expect(runImport(database.db, NPPES, file('npidata.csv', text))).rejects.toThrow(
        /^npidata\.csv is not a comma-separated NPPES file: its header (has 1 column|cannot be read as comma-separated) \(tab-separated\?\); expected the NPPES Data Dissemination layout \(npidata_pfile_\*\.csv\): 330 quoted columns separated by commas, starting "NPI","Entity Type Code","Replacement NPI"\.$/,
      );
    }
  });

  it('a semicolon-separated Doctors and Clinicians file; a comma-separated file of another layout', async () => {
    await expect(runImport(database.db, DAC, file('DAC_NationalDownloadableFile.csv', separatedBy(dac, ';')))).rejects.toThrow(
      /^DAC_NationalDownloadableFile\.csv is not a comma-separated Doctors and Clinicians file: its header has 1 column \(semicolon-separated\?\); expected the Doctors and Clinicians layout \(DAC_NationalDownloadableFile\.csv\): columns separated by commas, starting NPI,Ind_PAC_ID,Ind_enrl_ID,Provider Last Name\.$/,
    );
    // The DAC file imported as NPPES: comma-separated, but without NPPES's columns.
    await expect(runImport(database.db, NPPES, file('dac-as-nppes.csv', dac))).rejects.toThrow(
      /^dac-as-nppes\.csv is not in the NPPES layout: no column "Entity Type Code" in the header; expected the NPPES Data Dissemination layout/,
    );
  });
});
