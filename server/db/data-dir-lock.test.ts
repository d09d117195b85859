import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';

const LOCK_MODULE = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

/** The pid of a process that has exited: a lock naming it is stale. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

// A taker in a process of its own: waits until `startAt` (so all takers start together), tries
// once, prints 'won' or 'lost <message>', and holds what it won until its stdin closes.
const TAKER = `
const [modulePath, dir, startAt] = process.argv.slice(1);
const { lockDataDir } = await import(modulePath);
while (Date.now() < Number(startAt)) {}
let line;
try { lockDataDir(dir); line = 'won'; } catch (error) { line = 'lost ' + error.message; }
process.stdout.write(line + '\\n');
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
`;

// Loops until `until`: take the lock; on success create the critical-section mark (EEXIST: a
// second holder exists), hold it a moment, remove it, then leave a stale lock in place as a
// process that died would (written aside and renamed over, so nobody reads it half-written).
const STRESS_TAKER = `
import * as fs from 'node:fs';
import { join } from 'node:path';
const [modulePath, dir, startAt, until, deadPid] = process.argv.slice(1);
const { lockDataDir } = await import(modulePath);
const lock = join(dir, 'server.lock');
const mark = join(dir, 'critical');
let wins = 0, violations = 0, n = 0;
const errors = [];
while (Date.now() < Number(startAt)) {}
while (Date.now() < Number(until)) {
  try { lockDataDir(dir); } catch (error) {
    if (!/in use by another server process/.test(error.message)) errors.push(error.message);
    continue;
  }
  wins++;
  let marked = false;
  try { fs.writeFileSync(mark, String(process.pid), { flag: 'wx' }); marked = true; } catch { violations++; }
  const end = Date.now() + 2;
  while (Date.now() < end) {}
  if (marked) fs.rmSync(mark, { force: true });
  const aside = join(dir, 'stale-' + process.pid + '-' + n++);
  fs.writeFileSync(aside, deadPid);
  fs.renameSync(aside, lock);
}
process.stdout.write(JSON.stringify({ wins, violations, errors: errors.slice(0, 3) }));
`;

type Taker = { pid: number; line: Promise<string>; done: Promise<void>; release(): void };

function startTaker(dir: string, startAt: number): Taker {
  const child = spawn(
    process.execPath,
    ['--no-warnings', '--input-type=module', '-e', TAKER, LOCK_MODULE, dir, String(startAt)],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const line = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.on('exit', (code) => reject(new Error(`taker exited (${code}) before answering: ${err}`)));
  });
  const done = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { pid: child.pid!, line, done, release: () => child.stdin.end() };
}

describe('DATA_DIR lock', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(join(tmpdir(), 'lock-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a second holder while the first is alive, and frees on release', () => {
    const first = lockDataDir(dir);
    first.release();
    expect(fs.existsSync(join(dir, 'server.lock'))).toBe(false);
    // Another live process holding it (an older server wrote only its pid): the parent's pid is alive.
    fs.writeFileSync(join(dir, 'server.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/in use by another server process \(pid \d+\)/);
    fs.rmSync(join(dir, 'server.lock'));
    const again = lockDataDir(dir);
    again.release();
  });

  it('takes over a lock left by a dead process, in either format', () => {
    for (const stale of [String(deadPid()), `${deadPid()} 0123456789abcdef\n`, '']) {
      fs.writeFileSync(join(dir, 'server.lock'), stale);
      const lock = lockDataDir(dir);
      expect(fs.readFileSync(join(dir, 'server.lock'), 'utf8').split(/\s+/)[0]).toBe(String(process.pid));
      lock.release();
      expect(fs.readdirSync(dir)).toEqual([]);
    }
  });

  it('release leaves a lock that is no longer its own alone', () => {
    const lock = lockDataDir(dir);
    fs.writeFileSync(join(dir, 'server.lock'), `${process.ppid} feedfacefeedface\n`);
    lock.release();
    expect(fs.readFileSync(join(dir, 'server.lock'), 'utf8')).toBe(`${process.ppid} feedfacefeedface\n`);
    fs.rmSync(join(dir, 'server.lock'));
  });

  // Under load: five processes take the lock over and over for a few seconds.
  // Each winner marks a critical section (a file only one process may create), then "dies": it
  // puts a lock naming a dead process in place, which the others race to take over. A second
  // holder at any moment finds the mark and counts a violation.
  it('never has two holders while processes keep taking over stale locks', async () => {
    const raceDir = fs.mkdtempSync(join(dir, 'stress-'));
    const dead = deadPid();
    fs.writeFileSync(join(raceDir, 'server.lock'), String(dead));
    const startAt = Date.now() + 1500;
    const until = startAt + 3000;
    const children = Array.from({ length: 5 }, () =>
      spawn(
        process.execPath,
        ['--no-warnings', '--input-type=module', '-e', STRESS_TAKER, LOCK_MODULE, raceDir, String(startAt), String(until), String(dead)],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      ),
    );
    const results = await Promise.all(
      children.map(
        (child) =>
          new Promise<{ wins: number; violations: number; errors: string[] }>((resolve, reject) => {
            let out = '';
            let err = '';
            child.stdout.on('data', (d: Buffer) => (out += d.toString()));
            child.stderr.on('data', (d: Buffer) => (err += d.toString()));
            child.on('exit', (code) => {
              if (code === 0) resolve(JSON.parse(out));
              else reject(new Error(`stress taker exited ${code}: ${err}`));
            });
          }),
      ),
    );
    const wins = results.reduce((n, r) => n + r.wins, 0);
    const violations = results.reduce((n, r) => n + r.violations, 0);
    // Enough takeovers to mean something, never two holders at once, and no taker failing.
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    expect(wins).toBeGreaterThanOrEqual(10);
    expect(violations, `${violations} overlapping holders in ${wins} takeovers`).toBe(0);
  }, 90_000);

  // Processes starting together on a stale lock. Each round, six takers in
  // their own processes start at the same millisecond; exactly one may win, and the lock file
  // names that one. (Before the takeover was atomic, a taker could delete the lock another had
  // just taken and take it too.)
  it('gives a stale lock to exactly one of several processes starting together', async () => {
    const rounds = 3;
    const takersPerRound = 6;
    for (let round = 0; round < rounds; round++) {
      const roundDir = fs.mkdtempSync(join(dir, `race-${round}-`));
      fs.writeFileSync(join(roundDir, 'server.lock'), round % 2 ? String(deadPid()) : `${deadPid()} 00000000deadbeef\n`);
      // Far enough ahead for every taker to have loaded the module.
      const startAt = Date.now() + 1500;
      const takers = Array.from({ length: takersPerRound }, () => startTaker(roundDir, startAt));
      try {
        const lines = await Promise.all(takers.map((t) => t.line));
        const winners = takers.filter((_, i) => lines[i] === 'won');
        expect(winners, `round ${round}: ${lines.join(' | ')}`).toHaveLength(1);
        for (const line of lines.filter((l) => l !== 'won')) expect(line).toMatch(/^lost .*in use by another server process/);
        const holder = fs.readFileSync(join(roundDir, 'server.lock'), 'utf8').split(/\s+/)[0];
        expect(holder).toBe(String(winners[0].pid));
      } finally {
        for (const taker of takers) taker.release();
        await Promise.all(takers.map((t) => t.done));
      }
    }
  }, 90_000);
});
