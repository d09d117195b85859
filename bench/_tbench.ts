import { DirectoryIndex, snapshotFormat } from '../server/features/directory/search-index';
import { scalarTerm, setTerm, wordPrefix } from '../server/features/directory/search-index/terms';
import { INDEX_ROWS_SOURCE } from '../server/features/directory/repo';
import { SCALAR_INDEX, SET_INDEX } from '../server/features/directory/search-index/wire-format';
const loaded = await DirectoryIndex.load('/tmp/physiciandirect-profile/directory.snapshot', snapshotFormat(INDEX_ROWS_SOURCE));
if (!('index' in loaded)) throw new Error(loaded.reason);
const s = (loaded.index as any).snapshot;
const time = (f: () => void) => { let best = 1e9; for (let r = 0; r < 7; r++) { const t = performance.now(); f(); best = Math.min(best, performance.now() - t); } return best.toFixed(2); };
for (const f of ['firstName', 'lastName', 'specialty', 'organization', 'title', 'city']) console.log(f, s.dicts.scalar[(SCALAR_INDEX as any)[f]].size);
console.log('skills items', s.dicts.sets[SET_INDEX.skills].items.size, 'sets', s.dicts.sets[SET_INDEX.skills].size);
for (const w of ['a', 'smith', 'card']) {
  const out: string[] = [];
  for (const f of ['firstName', 'lastName', 'specialty', 'organization', 'title', 'city']) out.push(`${f} ${time(() => scalarTerm(s, f as any, wordPrefix(w)))}`);
  out.push(`skills ${time(() => setTerm(s, 'skills', wordPrefix(w)))}`);
  console.log(w, out.join(', '));
}
