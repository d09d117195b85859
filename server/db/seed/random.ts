/*
 * The demo generator's random numbers (generator.ts, demo-signals.ts, demo-reports.ts): one
 * small, fast stream restarted per (seed, stream) pair, and weighted choices over running sums.
 */

export type Random = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  below(n: number): number;
  /** Restarts the stream for one (seed, stream) pair. */
  reseed(seed: number, stream: number): void;
};

export function mix32(value: number): number {
  let x = value | 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}

/** sfc32: small, fast and statistically sound; the state is four 32-bit integers. */
export function createRandom(): Random {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 1;
  const nextUint = (): number => {
    d = (d + 1) | 0;
    const t = (((a + b) | 0) + d) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  return {
    next: () => nextUint() / 4_294_967_296,
    below: (n) => Math.floor((nextUint() / 4_294_967_296) * n),
    reseed(seed, stream) {
      a = mix32(seed);
      b = mix32(stream ^ 0x9e3779b9);
      c = mix32(a ^ Math.imul(b, 0x85ebca6b) ^ stream);
      d = 1;
      for (let i = 0; i < 12; i++) nextUint();
    },
  };
}

export type WeightedTable = { cumulative: Float64Array; total: number };

export function weightedTable(weights: readonly number[]): WeightedTable {
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((weight, i) => {
    total += weight;
    cumulative[i] = total;
  });
  return { cumulative, total };
}

/** Index of the entry that `r` in [0, 1) falls on (binary search over running sums). */
export function pick(table: WeightedTable, r: number): number {
  const target = r * table.total;
  const cumulative = table.cumulative;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (cumulative[mid] > target) high = mid;
    else low = mid + 1;
  }
  return low;
}
