// The integrations feature's entry (docs/decisions/064-ats-integrations.md): what the directory and
// the lists read of it, the 'In your ATS' flags of a page and the 'Not in my ATS' filter's ids.
export { allInAtsOf, inAtsOf } from './in-ats';
