import type { Db } from '../../db/client';
import type { CurrentUser } from '../../lib/current-user';
import * as repo from './bullhorn/repo';
import { integrationOwnerOf } from './owner';

/* 'In your ATS' as other features read it (docs/decisions/064-ats-integrations.md). */

/** Of these physicians, those the caller's Bullhorn holds (the badge); [] without a connection. */
export function inAtsOf(db: Db, user: Pick<CurrentUser, 'id' | 'teamId'>, physicianIds: readonly number[]): Promise<number[]> {
  return repo.inAtsOf(db, integrationOwnerOf(user), physicianIds);
}

/** Every physician the caller's Bullhorn holds ('Not in my ATS'). */
export function allInAtsOf(db: Db, user: Pick<CurrentUser, 'id' | 'teamId'>): Promise<Int32Array> {
  return repo.allInAts(db, integrationOwnerOf(user));
}
