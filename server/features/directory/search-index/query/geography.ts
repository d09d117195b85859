import type { SortDirection } from '../../../../../contract/directory';
import type { NearCriterion } from './criteria';
import { ZIP_SPACE, zipsWithin } from '../../geo';
import { anyOf, rangeClause, type ClauseDraft } from './clause';
import type { Snapshot } from '../data/snapshot';

/*
 * Geography: the radius (ADR 023) and ZIP prefix clauses, and the distance order.
 */

/**
 * Rows within the radius: the ZIPs whose centroid is within it (bounding box, then haversine,
 * over the ~42,000 ZIPs: geo.ts) as a mask over ZIP numbers, then one pass over the rows.
 */
export function nearClause(near: NearCriterion): ClauseDraft {
  return {
    key: `near:${near.lat},${near.lon},${near.miles}`,
    make(s) {
      const { zips } = zipsWithin(near, near.miles);
      const mask = new Uint8Array(ZIP_SPACE + 1);
      let estimate = 0;
      for (let k = 0; k < zips.length; k++) {
        mask[zips[k] + 1] = 1;
        estimate += s.zipCounts[zips[k] + 1];
      }
      return anyOf([estimate > 0 ? { codes: s.cols.zip, mask, size: mask.length, estimate } : null]);
    },
  };
}

/** Rows whose ZIP starts with `prefix` (1 to 5 digits). */
export function zipPrefixClause(prefix: string): ClauseDraft {
  // A prefix of k digits is the ZIP range [p * 10^(5-k), (p + 1) * 10^(5-k)), stored plus one.
  const scale = 10 ** (5 - prefix.length);
  const low = Number(prefix) * scale + 1;
  const high = low + scale;
  return {
    key: `zip:${prefix}`,
    make(s) {
      return rangeClause(s.cols.zip, low, high, s.aliveCount / 10 ** Math.max(0, prefix.length - 1));
    },
  };
}

/**
 * Distance order (ADR 023): nearest first, equal distances (the same ZIP) by id; descending
 * reverses both. The matches' ZIPs are ranked by distance, then one counting sort of the
 * matches (taken in id order) by their ZIP's rank. Returns the first `take` rows.
 */
export function byDistance(
  s: Snapshot,
  near: NearCriterion,
  bits: Uint32Array,
  total: number,
  take: number,
  direction: SortDirection,
): Int32Array {
  const { distance, zips } = zipsWithin(near, near.miles);
  const order = Array.from(zips).sort((a, b) => distance[a] - distance[b]);
  const rankOf = new Int32Array(ZIP_SPACE + 1);
  let rank = -1;
  let previous = NaN;
  for (const z of order) {
    if (distance[z] !== previous) rank++;
    previous = distance[z];
    rankOf[z + 1] = rank;
  }
  // The matches in id order.
  const rows = new Int32Array(total);
  let k = 0;
  if (s.monotonic) {
    for (let w = 0; w < bits.length; w++) {
      let v = bits[w];
      while (v !== 0) {
        const low = v & -v;
        rows[k++] = (w << 5) + (31 - Math.clz32(low));
        v ^= low;
      }
    }
  } else {
    for (const row of s.byId) if (((bits[row >>> 5] >>> (row & 31)) & 1) === 1) rows[k++] = row;
  }
  const starts = new Int32Array(rank + 2);
  const zip = s.cols.zip;
  for (let j = 0; j < total; j++) starts[rankOf[zip[rows[j]]] + 1]++;
  for (let b = 1; b < starts.length; b++) starts[b] += starts[b - 1];
  const sorted = new Int32Array(total);
  for (let j = 0; j < total; j++) sorted[starts[rankOf[zip[rows[j]]]]++] = rows[j];
  if (direction === 'desc') sorted.reverse();
  return take === total ? sorted : sorted.slice(0, take);
}
