// The directory feature's entry: what other features use (the service's type, the search
// criteria, the index's change window). Other features import this module only (eslint.config.js).
export { resolveSort, toCriteria } from './criteria';
export type { DirectoryService } from './service';
export type { ChangeWindow } from './search-index';
