// The auth feature's entry: what other features use (sessions and the subscription that entitles
// a user). Other features import this module, never the files behind it (eslint.config.js).
export {
  createSession,
  entitledSubscription,
  LAST_SEEN_WRITE_INTERVAL_MS,
  SESSION_COOKIE,
  sessionPolicy,
  toSubscriptionStatus,
} from './session';
