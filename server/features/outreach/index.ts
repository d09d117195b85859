// The outreach feature's entry (docs/decisions/066-outreach.md): the mail worker reports what became
// of an outreach mail (sent, or bounced: the address is then invalid); the search reads who is looking.
export { lookingIds, lookingStatusesOf, lookingStatusOf, recordOutcome as recordOutreachMailOutcome } from './repo';
