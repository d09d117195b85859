import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SearchPhysiciansQuery,
  type SearchPhysiciansQueryInput,
  type SortDirection,
  type SortKey,
} from '../../../contract/directory';
import { loadDemoDirectory } from '../../db/seed/demo';
import { createTestContext } from '../../test/harness';
import { toCriteria } from './search-index/query/criteria';
import type { SearchCriteria } from './search-index/query/criteria';
import { runInSlices, runToEnd, watchLongestSlice, Workspace, yieldToEventLoop } from './search-index/data/slices';

/*
 * The sliced search (ADR 027) is the same computation as the synchronous one, paused between
 * chunks of rows: it gives the same answers, pauses on every chunk, gives the event loop its turn
 * at each pause, and several runs interleaved (or a change of the index during one) leave each
 * other's answers and the caches alone. Timings are not asserted (a fixture is too small to
 * block anything); the pauses are counted instead, with chunks of 64 rows.
 */

const ROWS = 3_000;
const ctx = await createTestContext();
afterAll(() => ctx.close());
beforeAll(async () => {
  await loadDemoDirectory(ctx.driver, { count: ROWS });
  await ctx.deps.services.directory.directoryChanged();
}, 120_000);

const CASES: SearchPhysiciansQueryInput[] = [
  {},
  { query: 'a' },
  { query: 'a b c d e f g h i j' },
  { query: 'e, a, r' },
  { query: 'john smith' },
  { query: 'card', specialty: 'Cardiology,Pediatrics', state: 'TX,CA,NY' },
  { query: 'a e', skills: 'Leadership,Patient Care', language: 'Spanish', boardCertified: 'true' },
  { query: 'mar', education: 'MD', companySize: '5000+', gender: 'F', graduationYearMin: '1990' },
  { location: 'Houston, TX', title: 'director' },
  { near: '77030', radius: '250', sortKey: 'distance' },
  { query: 'zzzz-nothing' },
];
const SORTS: [SortKey, SortDirection][] = [
  ['relevance', 'asc'],
  ['name', 'asc'],
  ['name', 'desc'],
  ['location', 'desc'],
];
const criteriaOf = (input: SearchPhysiciansQueryInput) => toCriteria(SearchPhysiciansQuery.parse(input));
const index = () => ctx.deps.services.directory.index;
const options = (sortKey: SortKey, sortDirection: SortDirection, offset = 0) => ({
  sortKey,
  sortDirection,
  offset,
  limit: 60,
});

function counting() {
  const counter = { pauses: 0, pause: async () => void counter.pauses++ };
  return counter;
}

describe('workspaces', () => {
  it('are lent again once given back, at most a few kept; one never given back is not lent again', () => {
    const first = Workspace.borrow();
    const second = Workspace.borrow();
    expect(second).not.toBe(first);
    first.giveBack();
    first.giveBack(); // twice: kept once
    expect(Workspace.borrow()).toBe(first);
    expect(Workspace.borrow()).not.toBe(first);
    const many = Array.from({ length: 10 }, () => Workspace.borrow());
    for (const ws of many) ws.giveBack();
    const again = Array.from({ length: 10 }, () => Workspace.borrow());
    expect(again.filter((ws) => many.includes(ws)).length).toBeLessThan(10);
    expect(again).not.toContain(second);
  });
});

describe('a search in slices', () => {
  it('answers exactly as the synchronous search, pausing between chunks (search and facets)', async () => {
    const counter = counting();
    for (const input of CASES) {
      const criteria = criteriaOf(input);
      for (const [sortKey, direction] of SORTS) {
        if (sortKey === 'distance' && !criteria.near) continue;
        const sort = options(input.sortKey ?? sortKey, direction, input.query === 'a' ? 100 : 0);
        index().clearCache();
        const expected = index().search(criteria, sort);
        index().clearCache();
        const { value } = await runInSlices(index().searchSteps(criteria, sort, new Workspace(64)), {
          sliceMs: 0,
          pause: counter.pause,
        });
        expect(value, `${JSON.stringify(input)} ${sortKey} ${direction}`).toEqual(expected);
      }
      index().clearCache();
      const facets = index().facets(criteria);
      index().clearCache();
      const sliced = await runInSlices(index().facetsSteps(criteria, new Workspace(64)), {
        sliceMs: 0,
        pause: counter.pause,
      });
      expect(sliced.value, JSON.stringify(input)).toEqual(facets);
    }
    // 3,000 rows in chunks of 64: every full pass pauses about 47 times.
    expect(counter.pauses).toBeGreaterThan(CASES.length * SORTS.length * 40);
  });

  it('pauses in the heavy passes: a 10-word query over every row pauses at least once per 64 rows', async () => {
    const counter = counting();
    index().clearCache();
    const criteria = criteriaOf({ query: 'a b c d e f g h i j' });
    const { pauses } = await runInSlices(
      index().searchSteps(criteria, options('relevance', 'asc'), new Workspace(64)),
      { sliceMs: 0, pause: counter.pause },
    );
    expect(pauses).toBe(counter.pauses);
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(ROWS / 64));
    // Driven without pauses (the synchronous API), the same generator never waits.
    index().clearCache();
    expect(runToEnd(index().searchSteps(criteria, options('relevance', 'asc')))).toEqual(
      index().search(criteria, options('relevance', 'asc')),
    );
  });

  it('gives the event loop its turn at each pause: a timer and I/O run before a long search ends', async () => {
    index().clearCache();
    const events: string[] = [];
    setImmediate(() => events.push('immediate'));
    const timer = new Promise<void>((resolve) => setTimeout(() => (events.push('timer'), resolve()), 0));
    const io = ctx.db.sql.query('SELECT 1').then(() => events.push('database'));
    const run = runInSlices(
      index().facetsSteps(criteriaOf({ query: 'a b c d e f g h i j', state: 'TX' }), new Workspace(64)),
      { sliceMs: 0, pause: async () => void (await new Promise((resolve) => setTimeout(resolve, 1))) },
    ).then(() => events.push('search'));
    await Promise.all([run, timer, io]);
    expect(events.indexOf('search')).toBe(events.length - 1);
    expect(events).toEqual(expect.arrayContaining(['immediate', 'timer', 'database']));
  });

  it('hands out one turn per iteration of the event loop, however many runs are paused', async () => {
    let tick = 0;
    let ticking = true;
    const ticker = () => {
      tick++;
      if (ticking) setImmediate(ticker);
    };
    setImmediate(ticker);
    const turns: number[] = [];
    const runs = ['a', 'e', 'r', 'n', 'o', 'i', 's', 't'].map((letter) => {
      const criteria = criteriaOf({ query: `${letter} ${letter}${letter}`, state: 'TX' });
      return runInSlices(index().facetsSteps(criteria, new Workspace(256)), {
        sliceMs: 0,
        pause: async () => {
          await yieldToEventLoop();
          turns.push(tick);
        },
      });
    });
    await Promise.all(runs);
    ticking = false;
    expect(turns.length).toBeGreaterThan(8 * 5);
    // Every slice of every run began in an iteration of its own.
    expect(new Set(turns).size).toBe(turns.length);
  });

  it('runs interleaved with other sliced runs and synchronous calls, each answer unchanged', async () => {
    const work = CASES.flatMap((input) =>
      SORTS.map(([sortKey, direction]) => ({
        criteria: criteriaOf(input),
        sort: options(input.sortKey ?? sortKey, direction),
      })),
    );
    index().clearCache();
    const expected = work.map(({ criteria, sort }) => {
      index().clearCache();
      return index().search(criteria, sort);
    });
    index().clearCache();
    let syncCalls = 0;
    const results = await Promise.all(
      work.map(({ criteria, sort }) =>
        runInSlices(index().searchSteps(criteria, sort, new Workspace(64)), {
          sliceMs: 0,
          // While runs are paused, synchronous searches (Select All, lists) use the shared buffers.
          pause: async () => {
            await yieldToEventLoop();
            if (syncCalls++ % 7 === 0)
              index().search(work[syncCalls % work.length].criteria, options('name', 'asc'));
          },
        }),
      ),
    );
    expect(results.map((r) => r.value)).toEqual(expected);
    expect(syncCalls).toBeGreaterThan(work.length);
  });

  it('finishes on the snapshot it started with when the index changes during a pause, and keeps that out of the caches', async () => {
    const criteria: SearchCriteria = criteriaOf({ query: 'a', state: 'TX' });
    const sort = options('name', 'asc');
    index().clearCache();
    const before = index().search(criteria, sort);
    const [first] = before.ids;
    index().clearCache();
    let pauses = 0;
    const run = runInSlices(index().searchSteps(criteria, sort, new Workspace(64)), {
      sliceMs: 0,
      pause: async () => {
        // The first pause is the wait for a first turn, before the search has begun.
        if (++pauses !== 2) return;
        // The first match leaves Texas, while the search is paused.
        await ctx.db.sql.query(`UPDATE physicians SET state = 'VT' WHERE id = $1`, [first]);
        await ctx.deps.services.directory.directoryChanged({ ids: [first] });
      },
    });
    expect((await run).value).toEqual(before);
    const after = index().search(criteria, sort);
    expect(after.ids).not.toContain(first);
    expect(after.total).toBe(before.total - 1);
    index().clearCache();
    expect(index().search(criteria, sort)).toEqual(after);
  });
});

describe('the longest slice', () => {
  // A computation whose first step keeps the thread busy for `ms` of wall time.
  function* busy(ms: number) {
    const end = performance.now() + ms;
    let spins = 0;
    while (performance.now() < end) spins++;
    yield;
    return spins;
  }

  it("reads the thread's CPU time only once watched, and the watcher takes the longest since its last take", async () => {
    await runInSlices(busy(15), { pause: async () => {} });
    const take = watchLongestSlice();
    // Before the watch: the wall time is kept, the CPU time was not read.
    const before = take();
    expect(before.wallMs).toBeGreaterThanOrEqual(15);
    expect(before.cpuMs).toBe(0);
    await runInSlices(busy(15), { pause: async () => {} });
    await runInSlices(busy(5), { pause: async () => {} });
    const watched = take();
    expect(watched.wallMs).toBeGreaterThanOrEqual(15);
    expect(watched.cpuMs).toBeGreaterThan(0);
    expect(take()).toEqual({ wallMs: 0, cpuMs: 0 });
  });
});
