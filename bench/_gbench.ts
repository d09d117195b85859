import { DirectoryIndex, snapshotFormat } from '../server/features/directory/search-index';
import { scalarTerm, setTerm, wordPrefix } from '../server/features/directory/search-index/terms';
import { anyOf } from '../server/features/directory/search-index/clause';
import { gatherRows } from '../server/features/directory/search-index/postings';
import { INDEX_ROWS_SOURCE } from '../server/features/directory/repo';
const fmt = INDEX_ROWS_SOURCE;
const loaded = await DirectoryIndex.load('/tmp/physiciandirect-profile/directory.snapshot', snapshotFormat(fmt));
if (!('index' in loaded)) throw new Error(loaded.reason);
const s = (loaded.index as any).snapshot;
const n = s.cols.length;
const words = s.aliveBits.length;
for (const w of ['a', 'card', 'e', 'smith', 'jo']) {
  const terms = [
    scalarTerm(s, 'firstName', wordPrefix(w)),
    scalarTerm(s, 'lastName', wordPrefix(w)),
    scalarTerm(s, 'specialty', wordPrefix(w)),
    setTerm(s, 'skills', wordPrefix(w)),
    scalarTerm(s, 'organization', wordPrefix(w)),
    scalarTerm(s, 'title', wordPrefix(w)),
  ];
  const live = terms.filter((t) => t);
  const clause = anyOf(terms) as any;
  const bytes = new Uint8Array(n);
  const time = (f: () => void) => { let best = 1e9; for (let r = 0; r < 7; r++) { const t = performance.now(); f(); best = Math.min(best, performance.now() - t); } return best.toFixed(2); };
  const narrow = time(() => { bytes.fill(1); clause.narrow(bytes, 0, n); });
  const est = live.map((t: any) => `${t.estimate}${t.postings ? 'p' : ''}`).join(',');
  const gathers = live.map((t: any) => t.postings ? time(() => { const bits = new Uint32Array(words); gatherRows(t.postings, t.mask, bits); }) : '-').join(',');
  const singles = live.map((t: any) => time(() => { bytes.fill(1); (anyOf([t]) as any).narrow(bytes, 0, n); })).join(',');
  console.log(`${w}: n ${n} est ${est} narrow ${narrow} ms; gather per term ${gathers}; narrow per term ${singles}`);
}
