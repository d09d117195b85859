// The removal feature's entry: the suppression list other features check before they add a
// physician (resume approval, import). Other features import this module only (eslint.config.js).
export { addSuppressions, isSuppressed, loadSuppressionMatcher } from './suppression';
