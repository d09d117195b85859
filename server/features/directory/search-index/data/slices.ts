/*
 * Search work in slices (docs/decisions/027-bounded-search-work.md).
 *
 * The index's long loops (a clause over every row, relevance tiers, walks of a sort order,
 * facet counts) are written as generators that `yield` between chunks of rows. The same code
 * then runs two ways: `runToEnd` drives it without ever pausing (the synchronous API, as before),
 * and `runInSlices` gives the event loop back whenever a slice has run for `sliceMs`, so no
 * request holds the server for long whatever its query. Results are identical by construction:
 * it is one computation, paused or not.
 */

/** A computation that may pause between chunks of work (it yields nothing) and returns T. */
export type Sliced<T> = Generator<void, T, void>;

/** Rows per chunk between two possible pauses: about 1-3 ms of the heaviest loops (a 10-word query). */
export const CHUNK_ROWS = 1 << 14;

/** Workspaces kept for the next runs, and how many at most (as many as searches usually overlap). */
const IDLE: Workspace[] = [];
const IDLE_MAX = 4;

/**
 * The scratch buffers of one computation: the bitset a search builds, relevance's bitset of rows
 * by name and the relevance tier of each row. The synchronous API shares one (its runs never
 * overlap); every sliced run has its own (lent: borrow), since other runs go on while it pauses.
 */
export class Workspace {
  private acc = new Uint32Array(0);
  private tiers = new Uint8Array(0);
  private names = new Uint32Array(0);

  /** `chunkRows`: rows per chunk (tests make it small to pause on a small index). */
  constructor(readonly chunkRows = CHUNK_ROWS) {}

  /**
   * A workspace for one run, from those earlier runs gave back (their buffers, megabytes at
   * 1,500,000 rows, are then not made again per search: less garbage to collect).
   */
  static borrow(): Workspace {
    return IDLE.pop() ?? new Workspace();
  }

  /**
   * Gives this workspace back for a later run, after a run that ended normally (one that threw
   * may have left a buffer not put back as its users promise: it is dropped instead).
   */
  giveBack(): void {
    if (IDLE.length < IDLE_MAX && !IDLE.includes(this)) IDLE.push(this);
  }

  /** A bitset of at least `words` words (contents undefined). */
  accumulator(words: number): Uint32Array {
    if (this.acc.length < words) this.acc = new Uint32Array(Math.ceil(words * 1.25));
    return this.acc;
  }

  /** A bitset of at least `words` words, all 0 (users clear what they set). */
  nameBits(words: number): Uint32Array {
    if (this.names.length < words) this.names = new Uint32Array(Math.ceil(words * 1.25));
    return this.names;
  }

  private bitsets: Uint32Array[] = [];
  private countArrays: Int32Array[] = [];

  /** Bitset number `i` of this run's own (at least `words` words, contents undefined). */
  bitset(i: number, words: number): Uint32Array {
    if (!(this.bitsets[i]?.length >= words)) this.bitsets[i] = new Uint32Array(Math.ceil(words * 1.25));
    return this.bitsets[i].subarray(0, words);
  }

  /** Counts array number `i` of this run's own: `size` counts, all 0. */
  counts(i: number, size: number): Int32Array {
    const kept = this.countArrays[i];
    if (!(kept?.length >= size)) return (this.countArrays[i] = new Int32Array(Math.ceil(size * 1.25))).subarray(0, size);
    const out = kept.subarray(0, size);
    out.fill(0);
    return out;
  }

  /** A byte per row, every one `empty` (users put the value back after use). */
  tierBuffer(n: number, empty: number): Uint8Array {
    if (this.tiers.length < n) {
      this.tiers = new Uint8Array(Math.ceil(n * 1.25));
      this.tiers.fill(empty);
    }
    return this.tiers;
  }

  /** Runs `body` over [0, n) in chunks of `chunkRows / per` items, pausing between chunks. */
  *chunks(n: number, body: (from: number, to: number) => void, per = 1): Sliced<void> {
    const size = Math.max(1, Math.floor(this.chunkRows / per));
    for (let from = 0; from < n; from += size) {
      body(from, Math.min(n, from + size));
      if (from + size < n) yield;
    }
  }
}

/** Runs a sliced computation to its end without pausing. */
export function runToEnd<T>(work: Sliced<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/*
 * Turns are handed out one per event-loop iteration, in arrival order: a plain setImmediate per
 * pause would let every paused run go on within the same iteration (Node runs all the immediates
 * queued before it reaches them), so 20 concurrent searches would hold the loop for 20 slices.
 */
const waiting: Array<() => void> = [];
let pumping = false;
function handOutTurn() {
  const next = waiting.shift();
  if (!next) {
    pumping = false;
    return;
  }
  next();
  // Queued now, so it runs in the next iteration, after that iteration's timers and I/O.
  setImmediate(handOutTurn);
}

/**
 * Waits for the event loop's turn: timers and I/O callbacks queued meanwhile run first, and only
 * one sliced run goes on per iteration of the loop.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!pumping) {
      pumping = true;
      setImmediate(handOutTurn);
    }
  });
}

export type SliceOptions = {
  /** Longest run between two pauses, in ms (a chunk already started is finished first). */
  sliceMs?: number;
  /** How to pause (tests count the pauses). */
  pause?: () => Promise<void>;
};
/** The default slice: well under the 50 ms bound, long enough that pausing costs little. */
export const SLICE_MS = 10;

/**
 * The longest slice run since the last take: wall time, and this thread's CPU time (what the slice
 * itself cost, without the time the machine gave to other processes). The CPU time is read only
 * once someone watches (`watchLongestSlice`, the event-loop statistics of EVENT_LOOP_STATS_FILE):
 * two reads of the thread's clock per slice are about 1 % of a server's CPU under load.
 */
let longest = { wallMs: 0, cpuMs: 0 };
let watched = false;
function takeLongestSlice(): { wallMs: number; cpuMs: number } {
  const taken = longest;
  longest = { wallMs: 0, cpuMs: 0 };
  return taken;
}
/** Starts measuring each slice's CPU time; returns the function that takes the longest so far. */
export function watchLongestSlice(): () => { wallMs: number; cpuMs: number } {
  watched = true;
  return takeLongestSlice;
}
const threadCpuMs = () => {
  if (!watched) return 0;
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};
function noteSlice(wallMs: number, cpuStart: number) {
  if (wallMs > longest.wallMs) longest.wallMs = wallMs;
  const cpuMs = threadCpuMs() - cpuStart;
  if (cpuMs > longest.cpuMs) longest.cpuMs = cpuMs;
}

/**
 * This thread's CPU milliseconds (the wall clock where Node.js cannot say): what a request's work
 * is charged in, so a machine busy with other work never makes a search cost its user more.
 */
const cpuNow: () => number =
  typeof process.threadCpuUsage === 'function'
    ? () => {
        const { user, system } = process.threadCpuUsage();
        return (user + system) / 1000;
      }
    : () => performance.now();

/**
 * Runs a sliced computation, pausing whenever a slice has run `sliceMs`; returns its value, the
 * CPU time spent computing (`busyMs`: pauses and waits for a core excluded, the work the request
 * caused) and the number of pauses.
 */
export async function runInSlices<T>(
  work: Sliced<T>,
  { sliceMs = SLICE_MS, pause = yieldToEventLoop }: SliceOptions = {},
): Promise<{ value: T; busyMs: number; pauses: number; longestSliceMs: number }> {
  let busyMs = 0;
  let pauses = 0;
  let longestSliceMs = 0;
  // The first slice waits for its turn too: requests arriving together must not each run one in
  // the same iteration of the loop.
  await pause();
  pauses++;
  let sliceStart = performance.now();
  let cpuStart = threadCpuMs();
  let chargedFrom = cpuNow();
  for (;;) {
    const step = work.next();
    const now = performance.now();
    if (step.done) {
      longestSliceMs = Math.max(longestSliceMs, now - sliceStart);
      noteSlice(now - sliceStart, cpuStart);
      return { value: step.value, busyMs: busyMs + cpuNow() - chargedFrom, pauses, longestSliceMs };
    }
    if (now - sliceStart >= sliceMs) {
      busyMs += cpuNow() - chargedFrom;
      longestSliceMs = Math.max(longestSliceMs, now - sliceStart);
      noteSlice(now - sliceStart, cpuStart);
      pauses++;
      await pause();
      sliceStart = performance.now();
      cpuStart = threadCpuMs();
      chargedFrom = cpuNow();
    }
  }
}
