import { DirectoryIndex, snapshotFormat } from '../server/features/directory/search-index';
import { INDEX_ROWS_SOURCE } from '../server/features/directory/repo';
import { toCriteria } from '../server/features/directory/criteria';
import { buildClauses } from '../server/features/directory/search-index/filters';
import { packWords } from '../server/features/directory/search-index/bitsets';
import { isSliced } from '../server/features/directory/search-index/clause';
import { runToEnd } from '../server/features/directory/search-slices';
const loaded = await DirectoryIndex.load('/tmp/physiciandirect-profile/directory.snapshot', snapshotFormat(INDEX_ROWS_SOURCE));
if (!('index' in loaded)) throw new Error(loaded.reason);
const s = (loaded.index as any).snapshot;
const n = s.cols.length;
const time = (f: () => void) => { const all: number[] = []; for (let r = 0; r < 9; r++) { const t = performance.now(); f(); all.push(performance.now() - t); } all.sort((a, b) => a - b); return `${all[0].toFixed(2)}/${all[4].toFixed(2)}`; };
const c = toCriteria(JSON.parse(process.argv[2]), 2026);
const bytes = new Uint8Array(n);
const bits = new Uint32Array(s.aliveBits.length);
for (const spec of buildClauses(s, c)) {
  const make = () => { const m = spec.make(); return isSliced(m) ? runToEnd(m) : m; };
  const clause: any = make();
  const tm = time(make);
  const tn = time(() => { bytes.fill(1); clause.narrow(bytes, 0, n); });
  const tp = time(() => packWords(bytes, n, bits, 0, bits.length));
  const tg = clause.gather ? time(() => clause.gather(bits.length)) : '-';
  console.log(spec.key.slice(0, 50), 'est', Math.round(clause.estimate), 'reads', clause.reads, 'gatherCost', Math.round(clause.gatherCost), 'make', tm, 'narrow', tn, 'pack', tp, 'gather', tg);
}
