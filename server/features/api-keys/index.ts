// The api-keys feature's entry: what other features use. Other features import this module only
// (eslint.config.js).
export { revokeAllApiKeys } from './service';
