import { DirectoryIndex, snapshotFormat } from '../server/features/directory/search-index';
import { INDEX_ROWS_SOURCE } from '../server/features/directory/repo';
import { toCriteria } from '../server/features/directory/criteria';
import { byRelevance, tierTables } from '../server/features/directory/search-index/relevance';
import { evaluate, ClauseCache } from '../server/features/directory/search-index/evaluation';
import { buildClauses } from '../server/features/directory/search-index/filters';
import { runToEnd, Workspace } from '../server/features/directory/search-slices';
const loaded = await DirectoryIndex.load('/tmp/physiciandirect-profile/directory.snapshot', snapshotFormat(INDEX_ROWS_SOURCE));
if (!('index' in loaded)) throw new Error(loaded.reason);
const s = (loaded.index as any).snapshot;
const time = (label: string, f: () => void) => { const all: number[] = []; for (let r = 0; r < 15; r++) { const t = performance.now(); f(); all.push(performance.now() - t); } all.sort((a, b) => a - b); console.log(label, 'min', all[0].toFixed(2), 'med', all[7].toFixed(2)); };
const ws = new Workspace();
for (const q of process.argv.slice(2)) {
  const c = toCriteria({ query: q } as any, 2026);
  const specs = buildClauses(s, c);
  time(`${q} evaluate`, () => evaluate(new ClauseCache(() => s), s, specs));
  const { bits, total } = evaluate(new ClauseCache(() => s), s, specs);
  const copy = bits.slice();
  console.log(q, 'total', total);
  time(`${q} tierTables`, () => tierTables(s, c));
  time(`${q} byRelevance 250`, () => runToEnd(byRelevance(s, c, copy, 250, ws)));
}
{
  const c = toCriteria({ query: 'a' } as any, 2026);
  const { bits } = evaluate(new ClauseCache(() => s), s, buildClauses(s, c));
  const b = bits.slice();
  const t = tierTables(s, c);
  const n = s.cols.length;
  const tiers = new Uint8Array(n);
  const counts = new Int32Array(11);
  const { first, last, firstBits, lastBits, nameTier } = t;
  console.log(first.constructor.name, last.constructor.name, firstBits.length, lastBits.length, nameTier.length);
  const loop = () => {
    counts.fill(0);
    for (let w = 0; w < b.length; w++) {
      let v = b[w];
      while (v !== 0) {
        const low = v & -v;
        const row = (w << 5) + (31 - Math.clz32(low));
        v ^= low;
        let tier = 9;
        const name = nameTier[(firstBits[first[row]] << 6) | lastBits[last[row]]];
        if (name < tier) tier = name;
        tiers[row] = tier;
        counts[tier]++;
      }
    }
  };
  time('plain loop a', loop);
  const loop2 = () => {
    counts.fill(0);
    for (let w = 0; w < b.length; w++) {
      let v = b[w];
      while (v !== 0) {
        const low = v & -v;
        const row = (w << 5) + (31 - Math.clz32(low));
        v ^= low;
        tiers[row] = 9;
      }
    }
  };
  time('bits only loop', loop2);
}
