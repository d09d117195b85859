// The lists feature's entry: what other features use (the ATS push reads a list's members as its
// reader may see them, ADR 064).
export { findListWithMemberIds } from './repo';
