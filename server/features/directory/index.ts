// The directory feature's entry: what other features use (the service's type, the search
// criteria, the index's change window). Other features import this module only (eslint.config.js).
export { resolveSort, stateCode, toCriteria } from './search-index/query/criteria';
export { cityKey, haversineMiles, zipTable } from './geo';
export type { DirectoryService } from './service';
export type { ChangeWindow, DirectoryIndex, PhysicianForMatching } from './search-index';
export { watchLongestSlice } from './search-index/data/slices';
