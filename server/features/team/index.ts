// The team feature's public entry (docs/decisions/061-teams.md): the plan a user gets (their team
// owner's subscription) for the queries that decide a caller's tier, and the seats a team uses.
export { payerIdOf, teamIdOf } from './repo';
export { seatsInUse } from './service';
export { recordListAdds, SearchCounts } from './usage';
