// The directory feature's entry: what other features use (the service's type, the search
// criteria, the index's change window). Other features import this module only (eslint.config.js).
export { cityKey, haversineMiles, zipTable } from './geo';
export { affiliationsOf, sortAffiliations } from './affiliations';
export type { DirectoryService } from './service';
export {
  IdSet,
  resolveSort,
  stateCode,
  toCriteria,
  watchLongestSlice,
  type ChangeWindow,
  type DirectoryIndex,
  type PhysicianForMatching,
} from './search-index';
