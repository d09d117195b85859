import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Db } from '../../../db/client';
import type { JobDefinition } from '../../../lib/jobs';
import type { Logger } from '../../../lib/logger';
import { AppError } from '../../../lib/errors';
import { integrationsBox } from '../../../lib/secret-box';
import { checkWebhookTarget, type LookupAll, type WebhookTarget } from './address-check';
import * as repo from './repo';
import { signedHeaders } from './signing';

/*
 * Delivers queued webhooks (docs/decisions/065-webhooks.md): a job of the one runner (ADR 057) in
 * every server process. Rows are claimed with a lease (SKIP LOCKED), so any process delivers and a
 * stopped one's rows are taken over when the lease passes. An enqueue wakes the job of its own
 * process; the runner also polls (moves are enqueued by an import's trigger, and other processes'
 * rows wait at most a period).
 */

export const WEBHOOKS_JOB = 'webhooks';
/** How long a receiver has to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** A claimed row is this process's for this long (well past the timeout). */
const LEASE_MS = 60_000;
const POLL_MS = 5_000;
/** Deliveries claimed (and sent in parallel) at a time. */
const BATCH = 10;
/**
 * Wait after each failed attempt: 30 s, 2 min, 10 min, 1 h, 3 h, then 6 h three times: nine attempts
 * over about 22 hours, within a day of the first; then the delivery is failed ('Send again' starts
 * the schedule over).
 */
export const RETRY_DELAYS_MS = [30e3, 120e3, 600e3, 3_600e3, 10_800e3, 21_600e3, 21_600e3, 21_600e3];
/** Delivered and failed deliveries are kept this long (the log shows the latest 50 anyway). */
export const DELIVERY_RETENTION_DAYS = 30;
const PURGE_EVERY_MS = 3_600_000;
/** Of a receiver's answer, at most this much is read (then dropped). */
const MAX_ANSWER_BYTES = 64 * 1024;

export type AttemptResult = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

/** POSTs `body` to the checked address (never one DNS gives later), within the timeout. */
function post(target: WebhookTarget, headers: Record<string, string>, body: string): Promise<AttemptResult> {
  // Whatever name the client library asks about, the answer is the address checked.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      target.url,
      {
        method: 'POST',
        lookup,
        // SNI and the certificate check name the host, not the address.
        servername: target.url.protocol === 'https:' && !isIP(target.hostname) ? target.hostname : undefined,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'PhysicianDirect-Webhooks/1',
        },
        timeout: WEBHOOK_TIMEOUT_MS,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => {
          const statusCode = response.statusCode ?? 0;
          resolve(statusCode >= 200 && statusCode < 300 ? { ok: true, statusCode } : { ok: false, statusCode, error: `HTTP ${statusCode}` });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => resolve({ ok: false, statusCode: null, error: describe(error) }));
    request.end(body);
  });
}

function describe(error: unknown): string {
  if (error instanceof Error && error.name === 'AbortError') return `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`;
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  return (code && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 300);
}

/** What the delivery job uses (ADR 060); `lookup` and `now` for tests. */
export type WebhookDeliveryDeps = { db: Db; logger: Logger; production: boolean; lookup?: LookupAll };

export function createWebhookDeliveryJob(deps: WebhookDeliveryDeps) {
  const owner = randomUUID();
  let purgedAt = 0;

  async function attempt(delivery: repo.ClaimedDelivery): Promise<AttemptResult> {
    let target: WebhookTarget;
    try {
      // Checked again at every attempt: the host may resolve elsewhere since the endpoint was saved.
      target = await checkWebhookTarget(delivery.url, { production: deps.production, lookup: deps.lookup });
    } catch (error) {
      return { ok: false, statusCode: null, error: error instanceof AppError ? error.message : describe(error) };
    }
    const secret = (await integrationsBox(deps.db)).open(delivery.secretSealed);
    const body = JSON.stringify(delivery.payload);
    const headers = signedHeaders({ secret, id: delivery.id, timestamp: Math.floor(Date.now() / 1000), body });
    return post(target, headers, body);
  }

  async function deliver(delivery: repo.ClaimedDelivery): Promise<boolean> {
    // A secret that no longer opens (the key changed) fails the attempt like an unreachable receiver.
    const result = await attempt(delivery).catch((error: unknown): AttemptResult => ({ ok: false, statusCode: null, error: describe(error) }));
    const lease = { id: delivery.id, owner };
    if (result.ok) {
      await repo.finishAttempt(deps.db, lease, { status: 'delivered', statusCode: result.statusCode, error: null, retryInMs: null });
      return true;
    }
    const retryInMs = RETRY_DELAYS_MS[delivery.attempts - 1];
    await repo.finishAttempt(deps.db, lease, {
      status: retryInMs === undefined ? 'failed' : 'queued',
      statusCode: result.statusCode,
      error: result.error,
      retryInMs: retryInMs ?? null,
    });
    return false;
  }

  return {
    name: WEBHOOKS_JOB,
    every: POLL_MS,
    runAtStart: true,
    /** Sends every due delivery, a batch at a time, until none is left or the server stops. */
    async runOnce(signal: AbortSignal): Promise<{ delivered: number; failedAttempts: number; purged: number }> {
      let delivered = 0;
      let failedAttempts = 0;
      let purged = 0;
      // Housekeeping of its own table, once an hour in each process (batches split the rows).
      if (Date.now() - purgedAt >= PURGE_EVERY_MS) {
        purgedAt = Date.now();
        purged = await repo.purgeFinishedDeliveries(deps.db, new Date(Date.now() - DELIVERY_RETENTION_DAYS * 86_400_000));
      }
      while (!signal.aborted) {
        const batch = await repo.claimDeliveries(deps.db, owner, LEASE_MS, BATCH);
        if (batch.length === 0) break;
        const outcomes = await Promise.all(
          batch.map((delivery) =>
            deliver(delivery).catch((error: unknown) => {
              deps.logger.error({ err: error, deliveryId: delivery.id }, 'webhook delivery failed');
              return false;
            }),
          ),
        );
        for (const ok of outcomes) {
          if (ok) delivered++;
          else failedAttempts++;
        }
      }
      return { delivered, failedAttempts, purged };
    },
    didWork: (summary) => summary.delivered + summary.failedAttempts + summary.purged > 0,
  } satisfies JobDefinition<{ delivered: number; failedAttempts: number; purged: number }>;
}
