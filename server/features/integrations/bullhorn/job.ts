import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/client';
import type { Env } from '../../../lib/env';
import type { JobDefinition } from '../../../lib/jobs';
import type { Logger } from '../../../lib/logger';
import { BullhornError, createPacer, lucenePhrase, type Pacer, type RetryPolicy } from './client';
import { PUSH_BATCH, pushBatch } from './push';
import * as repo from './repo';
import { bullhornConfig, openRestClient, type BullhornConfig } from './session';
import type { IntegrationOwner } from '../owner';

/*
 * The Bullhorn job (ADR 064), on the one job runner in every server process: it pushes waiting
 * pushes, one at a time per connection, in batches each saved with its outcomes and the renewed
 * lease, so a push whose process stopped is taken over at its first physician without an outcome
 * once the lease passes. Then it checks 'In your ATS' for a connection not checked for a day.
 * Calls are paced below Bullhorn's 1,500 a minute.
 */

/** Calls a minute a push or a check makes: Bullhorn allows 1,500; the rest is left for the recruiters' own use of it. */
export const BULLHORN_CALLS_PER_MINUTE = 1_200;
/** A claimed push is this process's for this long after its last saved batch. */
export const PUSH_LEASE_MS = 120_000;
/** Physicians a daily check looks at per connection (NPIs, 50 a search: 100 calls). */
export const REFRESH_MAX = 5_000;
const POLL_MS = 5_000;

export type BullhornJobDeps = {
  db: Db;
  env: Pick<Env, 'BULLHORN_CLIENT_ID' | 'BULLHORN_CLIENT_SECRET' | 'BULLHORN_LOGIN_INFO_URL'>;
  logger: Logger;
  /** Tests and the bench: another pace and retry schedule. */
  callsPerMinute?: number;
  retry?: RetryPolicy;
};

/** Whose connection a row is (exactly one of team_id and user_id is set). */
const ownerOfConnection = (row: { team_id: string | null; user_id: string | null }): IntegrationOwner =>
  row.team_id ? { teamId: row.team_id, userId: null } : { teamId: null, userId: row.user_id! };

const describe = (error: unknown) => (error instanceof BullhornError ? error.message : 'Bullhorn could not be reached.');

export function bullhornJob(deps: BullhornJobDeps) {
  const owner = randomUUID();
  const pacer = (): Pacer => createPacer(deps.callsPerMinute ?? BULLHORN_CALLS_PER_MINUTE);

  async function runPush(config: BullhornConfig, push: NonNullable<Awaited<ReturnType<typeof repo.claimPush>>>, signal: AbortSignal): Promise<number> {
    const lease = { id: push.id, owner, leaseMs: PUSH_LEASE_MS };
    const connection = await repo.findConnectionById(deps.db, push.connection_id);
    if (!connection || connection.status !== 'connected') {
      await repo.finishPush(deps.db, lease, 'Bullhorn is no longer connected: connect it again and push again.');
      return 0;
    }
    let client;
    try {
      client = await openRestClient(deps.db, config, push.connection_id, { pacer: pacer(), retry: deps.retry, signal });
    } catch (error) {
      await repo.finishPush(deps.db, lease, describe(error));
      return 0;
    }
    let pushed = 0;
    while (!signal.aborted) {
      const items = await repo.nextItems(deps.db, push.id, PUSH_BATCH);
      if (!items.length) break;
      const physicians = await repo.pushPhysicians(deps.db, ownerOfConnection(connection), items.map((item) => item.physician_id));
      let outcomes;
      try {
        outcomes = await pushBatch(client, items, physicians, { updateExisting: push.update_existing });
      } catch (error) {
        if (signal.aborted) return pushed; // stopping: the lease passes and another process resumes
        if (error instanceof BullhornError && error.authFailed) await repo.markBroken(deps.db, push.connection_id, error.message);
        await repo.finishPush(deps.db, lease, describe(error));
        return pushed;
      }
      if (!(await repo.saveOutcomes(deps.db, lease, push.connection_id, outcomes))) return pushed;
      pushed += outcomes.length;
    }
    if (!signal.aborted) await repo.finishPush(deps.db, lease, null);
    return pushed;
  }

  /** 'In your ATS' for one connection: its physicians' NPIs looked up 50 a search. */
  async function refresh(config: BullhornConfig, signal: AbortSignal): Promise<number> {
    const connection = await repo.claimRefresh(deps.db);
    if (!connection) return 0;
    const physicians = await repo.refreshCandidates(deps.db, connection.id, ownerOfConnection(connection), REFRESH_MAX);
    try {
      const client = await openRestClient(deps.db, config, connection.id, { pacer: pacer(), retry: deps.retry, signal });
      for (let start = 0; start < physicians.length && !signal.aborted; start += PUSH_BATCH) {
        const batch = physicians.slice(start, start + PUSH_BATCH);
        const candidates = await client.search(`externalID:(${batch.map((p) => lucenePhrase(p.npi)).join(' OR ')})`, 500);
        const byNpi = new Map(candidates.map((c) => [c.externalID ?? '', c.id]));
        const found = batch.filter((p) => byNpi.has(p.npi)).map((p) => ({ physicianId: p.id, candidateId: byNpi.get(p.npi)! }));
        await repo.applyRefresh(deps.db, connection.id, batch.map((p) => p.id), found);
      }
    } catch (error) {
      if (error instanceof BullhornError && error.authFailed) await repo.markBroken(deps.db, connection.id, error.message);
      deps.logger.warn({ err: { message: describe(error) }, connectionId: connection.id }, 'bullhorn: the In your ATS check stopped');
    }
    return physicians.length;
  }

  return {
    name: 'bullhorn',
    every: POLL_MS,
    runAtStart: true,
    async runOnce(signal: AbortSignal): Promise<{ pushes: number; pushed: number; checked: number } | null> {
      const config = bullhornConfig(deps.env);
      if (!config) return null;
      let pushes = 0;
      let pushed = 0;
      while (!signal.aborted) {
        const push = await repo.claimPush(deps.db, owner, PUSH_LEASE_MS);
        if (!push) break;
        pushes++;
        pushed += await runPush(config, push, signal);
      }
      const checked = signal.aborted ? 0 : await refresh(config, signal);
      return pushes || checked ? { pushes, pushed, checked } : null;
    },
  } satisfies JobDefinition<{ pushes: number; pushed: number; checked: number } | null>;
}
