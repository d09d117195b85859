import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { createLogger } from '../logger';
import { createMetrics } from '../metrics';
import { createJobRunner } from './index';

/*
 * The job runner (ADR 057) on a real database: a pass never overlaps itself, wake asks for one
 * more, stop aborts the signal and waits for the pass in flight, a failing pass is logged with its
 * job's name and the next one runs, and a leased job runs in one of two runners sharing a database.
 */

const database = await openTestDatabase();
afterAll(() => database.close());

function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger('debug', false, sink) };
}

const silent = createLogger('silent', false);

/** A promise and the function that resolves it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

describe('job runner', () => {
  it('never overlaps a pass with itself; a wake during a pass asks for one more pass after it', async () => {
    const runner = createJobRunner({ db: database.db, logger: silent });
    let inFlight = 0;
    let most = 0;
    let passes = 0;
    let hold = gate();
    runner.register({
      name: 'slow',
      every: 1,
      runAtStart: true,
      async runOnce() {
        inFlight++;
        most = Math.max(most, inFlight);
        passes++;
        await hold.opened;
        inFlight--;
        return null;
      },
    });
    runner.start();
    await until(() => passes === 1);
    // The period (1 ms) passes many times and wakes come while the first pass holds.
    for (let i = 0; i < 5; i++) runner.wake('slow');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(passes).toBe(1);
    const first = hold;
    hold = gate();
    first.open();
    // The wakes made one more pass, at once.
    await until(() => passes === 2);
    hold.open();
    await runner.stop();
    expect(most).toBe(1);
  });

  it('wake runs an on-demand job (no period), also before start; nothing runs after stop', async () => {
    const runner = createJobRunner({ db: database.db, logger: silent });
    let passes = 0;
    runner.register({ name: 'on-demand', runOnce: async () => ++passes });
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(passes).toBe(0);
    runner.wake('on-demand');
    await runner.idle('on-demand');
    expect(passes).toBe(1);
    await runner.stop();
    runner.wake('on-demand');
    await runner.idle();
    expect(passes).toBe(1);
    expect(() => runner.wake('unknown')).toThrow(/no job named "unknown"/);
  });

  it("stop aborts the pass's signal and resolves only once the pass in flight has ended", async () => {
    const runner = createJobRunner({ db: database.db, logger: silent });
    const events: string[] = [];
    const started = gate();
    runner.register({
      name: 'batches',
      every: 60_000,
      runAtStart: true,
      async runOnce(signal) {
        started.open();
        // Batches until the signal aborts, then the batch in progress still ends (and writes).
        while (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, 2));
        events.push('aborted');
        await new Promise((resolve) => setTimeout(resolve, 30));
        await database.db.sql.query('SELECT 1');
        events.push('pass ended');
        return null;
      },
    });
    runner.start();
    await started.opened;
    await runner.stop();
    events.push('stopped');
    expect(events).toEqual(['aborted', 'pass ended', 'stopped']);
  });

  it('logs a failing pass with its job name, counts it, and runs the next pass on time', async () => {
    const { lines, logger } = capturedLogger();
    const metrics = createMetrics({
      index: () => ({ physicians: 0, updatedAt: 0 }),
      mailQueue: async () => ({ queued: 0, sending: 0, failed: 0 }),
      importProgress: async () => ({ running: false, percent: 0, records: 0 }),
      pool: () => database.db.poolStats(),
    });
    const runner = createJobRunner({ db: database.db, logger, metrics });
    let passes = 0;
    runner.register({
      name: 'flaky',
      every: 5,
      runAtStart: true,
      async runOnce() {
        passes++;
        if (passes === 1) throw new Error('the provider is down');
        return { sent: passes === 2 ? 3 : 0 };
      },
    });
    runner.start();
    await until(() => passes >= 3);
    await runner.stop();
    const failed = lines.find((line) => line.msg === 'job: flaky failed');
    expect(failed).toMatchObject({ level: 50, job: 'flaky', err: { message: 'the provider is down' } });
    // The pass that did work is logged with its summary; the idle ones are not.
    expect(lines.filter((line) => line.msg === 'job: flaky').map((line) => line.summary)).toEqual([{ sent: 3 }]);
    const text = await metrics.registry.metrics();
    expect(text).toContain('job_failures_total{job="flaky"} 1');
    expect(text).toMatch(new RegExp(`job_runs_total\\{job="flaky"\\} ${passes}\\b`));
    expect(text).toMatch(new RegExp(`job_duration_seconds_count\\{job="flaky"\\} ${passes}\\b`));
  });

  it('a leased job runs in one of two runners on one database until its lease passes', async () => {
    let passes: string[] = [];
    const runners = ['a', 'b'].map((name) => {
      const runner = createJobRunner({ db: database.db, logger: silent });
      runner.register({ name: 'once-across', every: 60_000, lease: true, runAtStart: true, runOnce: async () => passes.push(name) });
      return runner;
    });
    for (const runner of runners) runner.start();
    await Promise.all(runners.map((runner) => runner.idle()));
    expect(passes).toHaveLength(1);
    const [holder] = passes;
    const other = runners[holder === 'a' ? 1 : 0];
    // The other runner is turned away while the lease runs; the holder renews its own.
    other.wake('once-across');
    await other.idle();
    runners[holder === 'a' ? 0 : 1].wake('once-across');
    await Promise.all(runners.map((runner) => runner.idle()));
    expect(passes).toEqual([holder, holder]);
    // The holder stopped (its lease lapses): the other takes the job over.
    passes = [];
    await database.db.sql.query(`UPDATE job_leases SET leased_until = now() - interval '1 second' WHERE name = 'once-across'`);
    other.wake('once-across');
    await other.idle();
    expect(passes).toEqual([holder === 'a' ? 'b' : 'a']);
    await Promise.all(runners.map((runner) => runner.stop()));
  });
});
