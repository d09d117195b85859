// The verification feature's entry: what other features use (contacts, exports and the directory
// read each value's verification; eslint.config.js keeps other imports out).
export { EMAIL_VERIFIED_SQL, HAS_SHOWABLE, MOBILE_VALID_SQL } from './flags';
export { CHECKED_AT_SQL, requestVerification } from './repo';
