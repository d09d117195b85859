import type { VerificationOverviewResponse } from '../../../contract/verification';
import { VERIFICATION_COVERAGE_DAYS } from '../../../contract/verification';
import type { Db } from '../../db/client';
import { CONTACT_FIELDS } from './repo';

/*
 * What the operators' page and the pages' copy read (ADR 032): one pass over the contact values
 * (each present value one row of a LATERAL VALUES), grouped as asked.
 */

const VALUES = `FROM physician_contacts c JOIN physicians p ON p.id = c.physician_id,
  LATERAL (VALUES ${CONTACT_FIELDS.map((f) => `(c.${f}, c.${f}_verification, c.${f}_method, c.${f}_verified_at)`).join(', ')})
    AS v(value, verification, method, checked_at)
  WHERE coalesce(v.value, '') <> ''`;

/** Share of values checked (by the pipeline) in the last 30 days, 0-100 with one decimal. */
export async function coverage(db: Db, now: Date): Promise<{ coverage: number; values: number; checked: number }> {
  const since = new Date(now.getTime() - VERIFICATION_COVERAGE_DAYS * 86_400_000);
  const { rows } = await db.sql.query<{ values: number; checked: number }>(
    `SELECT count(*)::int AS values,
            count(*) FILTER (WHERE v.method IS NOT NULL AND v.checked_at >= $1)::int AS checked ${VALUES}`,
    [since.toISOString()],
  );
  const { values, checked } = rows[0];
  return { values, checked, coverage: values === 0 ? 100 : Math.floor((checked / values) * 1000) / 10 };
}

const AGE_BUCKETS: Array<[string, number]> = [
  ['0-7 days', 7],
  ['8-14 days', 14],
  ['15-30 days', 30],
  ['31-60 days', 60],
  ['61-90 days', 90],
  ['over 90 days', Infinity],
];

export async function overview(
  db: Db,
  input: { now: Date; maxAgeDays: number; ratePerMinute: number; verifier: string },
): Promise<VerificationOverviewResponse> {
  const { now } = input;
  const since = new Date(now.getTime() - VERIFICATION_COVERAGE_DAYS * 86_400_000);
  // One pass over the values (about 1.2 million at 300,000 physicians), counted by source and
  // age bucket at once: the coverage, the histogram and the sources are sums of these groups.
  const age = `extract(epoch FROM ($1::timestamptz - v.checked_at)) / 86400`;
  const { rows: groups } = await db.sql.query<{
    source: string;
    bucket: number | null;
    n: number;
    checked: number;
    invalid: number;
    risky: number;
    valid: number;
    unknown: number;
  }>(
    `SELECT coalesce(p.source, 'unknown') AS source,
            CASE WHEN v.method IS NULL OR v.checked_at IS NULL THEN NULL
                 ${AGE_BUCKETS.map(([, max], i) => (Number.isFinite(max) ? `WHEN ${age} <= ${max} THEN ${i}` : `ELSE ${i}`)).join(' ')} END AS bucket,
            count(*)::int AS n,
            count(*) FILTER (WHERE v.method IS NOT NULL AND v.checked_at >= $2)::int AS checked,
            count(*) FILTER (WHERE v.verification = 'invalid')::int AS invalid,
            count(*) FILTER (WHERE v.verification = 'risky')::int AS risky,
            count(*) FILTER (WHERE v.verification = 'valid')::int AS valid,
            count(*) FILTER (WHERE v.verification = 'unknown')::int AS unknown
       ${VALUES} GROUP BY 1, 2`,
    [now.toISOString(), since.toISOString()],
  );
  const values = groups.reduce((sum, g) => sum + g.n, 0);
  const checked = groups.reduce((sum, g) => sum + g.checked, 0);
  const cover = { values, checked, coverage: values === 0 ? 100 : Math.floor((checked / values) * 1000) / 10 };
  const inBucket = (bucket: number | null) => groups.filter((g) => g.bucket === bucket).reduce((sum, g) => sum + g.n, 0);
  const histogram = AGE_BUCKETS.map(([label], i) => ({ label, count: inBucket(i) }));
  histogram.push({ label: 'never checked', count: inBucket(null) });

  const bySourceName = new Map<string, { source: string; values: number; invalid: number; risky: number; valid: number; unknown: number }>();
  for (const g of groups) {
    const s = bySourceName.get(g.source) ?? { source: g.source, values: 0, invalid: 0, risky: 0, valid: 0, unknown: 0 };
    s.values += g.n;
    s.invalid += g.invalid;
    s.risky += g.risky;
    s.valid += g.valid;
    s.unknown += g.unknown;
    bySourceName.set(g.source, s);
  }
  const sources = [...bySourceName.values()].sort((a, b) => b.values - a.values || a.source.localeCompare(b.source));
  const byStatus = { valid: 0, invalid: 0, risky: 0, unknown: 0 };
  for (const s of sources) {
    byStatus.valid += s.valid;
    byStatus.invalid += s.invalid;
    byStatus.risky += s.risky;
    byStatus.unknown += s.unknown;
  }
  const cutoff = new Date(now.getTime() - input.maxAgeDays * 86_400_000);
  const { rows: [queue] } = await db.sql.query<{ due: number; requested: number; claimed: number; retrying: number }>(
    `SELECT count(*) FILTER (WHERE checked_at IS NULL OR checked_at < $2)::int AS due,
            count(*) FILTER (WHERE verify_requested_at IS NOT NULL)::int AS requested,
            count(*) FILTER (WHERE verify_lease_until > $1 AND verify_error IS NULL)::int AS claimed,
            count(*) FILTER (WHERE verify_lease_until > $1 AND verify_error IS NOT NULL)::int AS retrying
       FROM physician_contacts`,
    [now.toISOString(), cutoff.toISOString()],
  );
  const { rows: [state] } = await db.sql.query<{ backoff_until: Date | string | null; failures: number; last_error: string | null; last_run_at: Date | string | null }>(
    `SELECT backoff_until, failures, last_error, last_run_at FROM verification_state WHERE id = 'queue'`,
  );
  const iso = (v: Date | string | null | undefined) => (v ? new Date(v).toISOString() : null);
  return {
    coverage: cover.coverage,
    values: cover.values,
    checkedRecently: cover.checked,
    maxAgeDays: input.maxAgeDays,
    ageHistogram: histogram,
    bySource: sources.map((s) => ({
      source: s.source,
      values: s.values,
      invalid: s.invalid,
      risky: s.risky,
      invalidRate: s.values === 0 ? 0 : Math.round((s.invalid / s.values) * 1000) / 10,
    })),
    byStatus,
    queue: {
      ...queue,
      backoffUntil: state && iso(state.backoff_until) && new Date(state.backoff_until!) > now ? iso(state.backoff_until) : null,
      failures: state?.failures ?? 0,
      lastError: state?.last_error ?? null,
      lastRunAt: iso(state?.last_run_at),
      ratePerMinute: input.ratePerMinute,
      verifier: input.verifier,
    },
  };
}
