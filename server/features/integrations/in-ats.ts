import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/driver';
import type { CurrentUser } from '../../lib/current-user';
import { integrationOwnerOf, ownerMatch, ownerMatchSql } from './owner';

/*
 * 'In your ATS' as other features read it (docs/decisions/064-ats-integrations.md): the SQL here,
 * apart from the push's repo, so that the features the webhooks serve (contacts) can import the
 * feature's entry without a cycle through the push's contact columns.
 */

/** The page's 'In your ATS' flags (every signed-in search page: planned once per connection). */
const IN_ATS_OF_PAGE = preparedStatement(
  'in_ats_of_page',
  `SELECT r.physician_id FROM ats_records r JOIN ats_connections c ON c.id = r.connection_id
    WHERE r.physician_id = ANY($1::int[]) AND ${ownerMatchSql(2, 'c')}`,
);

/** Of these physicians, those the caller's Bullhorn holds (the badge); [] without a connection. */
export async function inAtsOf(db: Db, user: Pick<CurrentUser, 'id' | 'teamId'>, physicianIds: readonly number[]): Promise<number[]> {
  if (!physicianIds.length) return [];
  const match = ownerMatch(integrationOwnerOf(user), 2, 'c');
  const { rows } = await db.sql.query<{ physician_id: number }>(IN_ATS_OF_PAGE, [physicianIds, ...match.params]);
  return rows.map((row) => row.physician_id);
}

/** Every physician the caller's Bullhorn holds ('Not in my ATS'). */
export async function allInAtsOf(db: Db, user: Pick<CurrentUser, 'id' | 'teamId'>): Promise<Int32Array> {
  const match = ownerMatch(integrationOwnerOf(user), 1, 'c');
  const { rows } = await db.sql.query<{ ids: string | null }>(
    `SELECT string_agg(r.physician_id::text, ',') AS ids FROM ats_records r JOIN ats_connections c ON c.id = r.connection_id WHERE ${match.sql}`,
    match.params,
  );
  return rows[0]?.ids ? Int32Array.from(rows[0].ids.split(','), Number) : new Int32Array(0);
}
