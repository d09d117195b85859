// The outreach feature's entry (docs/decisions/066-outreach.md): the mail worker reports what became
// of an outreach mail (sent, or bounced: the address is then invalid).
export { lookingStatusesOf, lookingStatusOf, recordOutcome as recordOutreachMailOutcome } from './repo';
