import { afterAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../../contract/errors';
import type { MatchJobResponse } from '../../../contract/matches';
import { createTestContext, createTestUser } from '../../test/harness';
import { commaCsv, hostileWorkbook, inlineRow, xlsxOf } from '../../test/support/matches/xlsx-files';
import { createSession, SESSION_COOKIE } from '../auth';
import { receiveUpload } from './service';
import { multipartBody } from '../../test/support/multipart';

/*
 * Uploaded lists are read with hard limits (docs/decisions/048-spreadsheets-read-with-limits.md):
 * the files of the security review and one just past each limit, through the API as a Monthly
 * user sends them, on preview and on create. Each is a 400 on 'file' naming its limit, and
 * nothing is stored. (How long they take and what the server's other requests wait is measured
 * by `npm run bench:matches`, not asserted here.)
 */

const ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
const user = await createTestUser(ctx.db, { tier: 'basic' });
const { token } = await createSession(ctx.db, user.id);
afterAll(async () => {
  await ctx.deps.services.jobs.idle('matches');
  await ctx.close();
});

async function upload(path: '/api/matches' | '/api/matches/preview', name: string, body: Buffer | string) {
  const form = new FormData();
  form.append('file', new Blob([typeof body === 'string' ? body : new Uint8Array(body)]), name);
  const multipart = await multipartBody(form);
  const res = await ctx.app.request(path, {
    method: 'POST',
    body: multipart.body,
    headers: { cookie: `${SESSION_COOKIE}=${token}`, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': multipart.contentType },
  });
  return { status: res.status, body: await res.json() };
}

const jobs = async () => (await ctx.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM match_jobs WHERE user_id = $1', [user.id])).rows[0]!.n;

/** Preview and create both answer 400 on 'file' with a message matching `limit`; no job is stored. */
async function refused(name: string, body: Buffer | string, limit: RegExp) {
  const before = await jobs();
  for (const path of ['/api/matches/preview', '/api/matches'] as const) {
    const res = await upload(path, name, body);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(['file']);
    expect(res.body.error.fields.file).toMatch(limit);
  }
  expect(await jobs()).toBe(before);
}

const columns = (n: number) => Array.from({ length: n }, (_, i) => `Column ${i + 1}`);
const csvOf = (rows: string[][]) => rows.map((row) => row.join(',')).join('\n') + '\n';

describe("the security review's files", () => {
  it('the 1.9 MB workbook of 2.2 million rows (500 MB unzipped) is refused by its unzipped size', async () => {
    const bytes = hostileWorkbook();
    expect(bytes.length).toBeLessThan(3 * 1024 * 1024);
    await refused('rows.xlsx', bytes, /^The workbook unzips to more than 100 MB/);
  });

  it('the same workbook claiming a smaller size is read only until its 10,001st data row', async () => {
    await refused('rows.xlsx', hostileWorkbook({ sheetDeclaredSize: 90 * 1024 * 1024 }), /^The file holds more than 10,000 rows/);
  });

  it('a part that inflates past the size its zip declares is refused as it streams', async () => {
    await refused('rows.xlsx', hostileWorkbook({ sheetDeclaredSize: 64 * 1024 }), /unzips to more than the size its zip declares/);
  });

  it('the CSV line of 4 million commas is refused at its 51st column; no job of 4 million columns', async () => {
    await refused('commas.csv', commaCsv(), /^The file has more than 50 columns/);
  });
});

describe('one past each limit is refused, the limit itself is read', () => {
  it('51 columns (CSV and XLSX); 50 are read', async () => {
    await refused('wide.csv', csvOf([columns(51), columns(51)]), /^The file has more than 50 columns/);
    await refused('wide.xlsx', xlsxOf({ rows: inlineRow(columns(2)) + inlineRow([...columns(50), 'x']) }), /^The file has more than 50 columns/);
    const fifty = await upload('/api/matches/preview', 'fifty.csv', csvOf([columns(50), columns(50)]));
    expect(fifty.status).toBe(200);
    expect(fifty.body.columns).toHaveLength(50);
  });

  it('a cell of 1,001 characters (CSV, XLSX inline and shared texts) is refused, naming its line or row; 1,000 are read', async () => {
    const long = 'x'.repeat(1_001);
    await refused('long.csv', csvOf([['Last', 'Note'], ['Smith', 'ok'], ['Jones', long]]), /^Line 3 has a cell of more than 1,000 characters/);
    await refused('long.xlsx', xlsxOf({ rows: inlineRow(['Last', 'Note']) + inlineRow(['Jones', long]) }), /^Row 2 has a cell of more than 1,000 characters/);
    const shared = xlsxOf({
      rows: '<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="7"><c r="B7" t="s"><v>1</v></c></row>',
      sharedStrings: ['Last', long],
    });
    await refused('long.xlsx', shared, /^Row 7 has a cell of more than 1,000 characters/);
    // One field without an end: stopped long before it ends.
    await refused('endless.csv', `Last,Note\nSmith,"${'y'.repeat(5_000_000)}`, /^Line 2 has a cell of more than 1,000 characters/);
    const fits = await upload('/api/matches/preview', 'fits.csv', csvOf([['Last', 'Note'], ['Jones', 'x'.repeat(1_000)]]));
    expect(fits.status).toBe(200);
    expect(fits.body.sample[0][1]).toHaveLength(1_000);
  });

  it('10,001 data rows are refused, counted past blank lines; 10,000 are all read', async () => {
    // A blank line after each row: the old reading stopped at the file's 10,002nd line and took
    // the first half of the rows without a word.
    const rows = (n: number) => 'Last\n\n' + Array.from({ length: n }, (_, i) => `Smith${i}\n\n`).join('');
    await refused('long.csv', rows(10_001), /^The file holds more than 10,000 rows/);
    await refused('long.xlsx', xlsxOf({ rows: inlineRow(['Last']), repeat: { row: inlineRow(['Smith']), times: 10_001 } }), /^The file holds more than 10,000 rows/);
    const preview = await upload('/api/matches/preview', 'full.csv', rows(10_000));
    expect(preview.status).toBe(200);
    expect(preview.body.rows).toBe(10_000);
    const created = await upload('/api/matches', 'full.csv', rows(10_000));
    expect(created.status).toBe(202);
    await ctx.deps.services.jobs.idle('matches');
    const agent = ctx.agent();
    agent.setCookie(SESSION_COOKIE, token);
    const job = await agent.get<MatchJobResponse>(`/api/matches/${created.body.id}`);
    expect(job.body.total).toBe(10_000);
  }, 60_000);

  it('one shared text repeated in every cell cannot make more than 10 MB of text', async () => {
    // 10,000 rows of 50 cells, each the same 1,000-character text: 500 million characters.
    const row = `<row>${'<c t="s"><v>1</v></c>'.repeat(50)}</row>`;
    const bytes = xlsxOf({ rows: '<row><c t="s"><v>0</v></c></row>', repeat: { row, times: 10_000 }, sharedStrings: ['Last', 'z'.repeat(1_000)] });
    await refused('amplified.xlsx', bytes, /^The file holds more than 10,485,760 characters of text/);
  });
});

describe('uploads in flight', () => {
  const boundary = 'limits-test-boundary';
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const part = (name: string, value: string, fileName?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${fileName ? `; filename="${fileName}"` : ''}\r\n\r\n${value}\r\n`;
  /** A body whose pieces the test sends one at a time. */
  function trickle() {
    let send!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void (send = controller) });
    return { body, send: (text: string | Buffer) => send.enqueue(Buffer.from(text)), close: () => send.close() };
  }

  it('are read as their pieces arrive: the file, its UTF-8 name and the mapping; other parts ignored', async () => {
    const { body, send, close } = trickle();
    const receiving = receiveUpload({ body, contentType });
    send(part('note', 'ignored') + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Liste Zürich.csv"\r\n\r\nLa`);
    send('st\r\nSmi');
    send(`th\r\n${part('file', 'second file', 'other.csv')}${part('mapping', '{"Last":"lastName"}')}--${boundary}--\r\n`);
    close();
    expect(await receiving).toEqual({ fileName: 'Liste Zürich.csv', bytes: Buffer.from('Last\r\nSmith'), mapping: '{"Last":"lastName"}' });
  });

  it('a body past the limit is refused as it arrives, before it ends; a cut or missing file is named', async () => {
    const { body, send } = trickle();
    const receiving = receiveUpload({ body, contentType });
    send(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n\r\n`);
    const piece = Buffer.alloc(1024 * 1024, 'x');
    for (let i = 0; i < 11; i++) send(piece); // never closed: the refusal cannot wait for the end
    await expect(receiving).rejects.toMatchObject({ code: 'payload_too_large' });

    const cut = trickle();
    const reading = receiveUpload({ body: cut.body, contentType });
    cut.send(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="l.csv"\r\n\r\nLast\r\nSmi`);
    cut.close();
    await expect(reading).rejects.toMatchObject({ fields: { file: 'The upload could not be read as multipart/form-data.' } });

    const noFile = trickle();
    const without = receiveUpload({ body: noFile.body, contentType });
    noFile.send(`${part('mapping', '{}')}--${boundary}--\r\n`);
    noFile.close();
    await expect(without).rejects.toMatchObject({ fields: { file: 'Choose a CSV or XLSX file to upload (field file).' } });

    await expect(receiveUpload({ body: trickle().body, contentType: 'multipart/form-data' })).rejects.toMatchObject({
      fields: { file: 'The upload could not be read as multipart/form-data.' },
    });
  });
});
