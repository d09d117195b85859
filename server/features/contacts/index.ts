// The contacts feature's entry: what other features use (exports reads values as the reveal shows
// them; eslint.config.js keeps other imports out).
export { verificationOf } from './repo';
export { shownValue, type ValueStanding } from './shown-value';
