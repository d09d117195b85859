// The exports feature's entry: what other features use (list matching's enriched file is an
// export: the same ceiling and log; eslint.config.js keeps other imports out).
export { checkExportCeiling, exportFileName, logExport } from './service';
