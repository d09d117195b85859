import type { Db } from '../../db/client';

// One statement on both engines (migration 0052): the row is inserted, or taken over when its lease
// has passed, or renewed by its own holder; otherwise nothing is returned and another process
// holds the job. Times are the database's, so the processes' clocks need not agree.
const TAKE = `
INSERT INTO job_leases (name, holder, leased_until)
VALUES ($1, $2, now() + $3::int * interval '1 millisecond')
ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, leased_until = excluded.leased_until
WHERE job_leases.leased_until <= now() OR job_leases.holder = excluded.holder
RETURNING holder`;

/** Takes (or renews) the job's lease for `ms`; false when another holder's lease is still running. */
export async function takeJobLease(db: Db, input: { name: string; holder: string; ms: number }): Promise<boolean> {
  const { rows } = await db.sql.query<{ holder: string }>(TAKE, [input.name, input.holder, Math.round(input.ms)]);
  return rows.length === 1;
}
