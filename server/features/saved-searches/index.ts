// The saved-searches feature's entry: the alert run (the development routes trigger it). Other
// features import this module only (eslint.config.js).
export { ALERT_SETTLE_MS, runAlertDigests } from './alerts';
