// The contacts feature's entry: what other features use (exports and the enriched match file read
// values as the reveal shows them, through the same columns and rule; eslint.config.js keeps other
// imports out).
export { CONTACT_VALUE_COLUMNS, contactValuesOf } from './repo';
export { shownContact } from './shown-value';
export { teamRevealedIds, teamReveals } from './service';
