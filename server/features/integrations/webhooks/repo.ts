import type { Db } from '../../../db/client';
import { preparedStatement } from '../../../db/driver';
import type { WebhookDeliveryStatus, WebhookEvent } from '../../../../contract/webhooks';
import { teamIdOf } from '../../team';
import { ownerMatch, type IntegrationOwner } from '../owner';

/*
 * The webhooks feature's SQL (docs/decisions/065-webhooks.md).
 */

export type EndpointRow = {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEvent[];
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
};

const ENDPOINT_COLUMNS = `id, url, description, events, enabled, created_at AS "createdAt", updated_at AS "updatedAt"`;

export async function insertEndpoint(
  db: Db,
  values: { owner: IntegrationOwner; url: string; description: string | null; events: string[]; secretSealed: string; createdBy: string },
): Promise<EndpointRow> {
  const { rows } = await db.sql.query<EndpointRow>(
    `INSERT INTO webhook_endpoints (team_id, user_id, url, description, events, secret_sealed, created_by)
     VALUES ($1, $2, $3, $4, $5::text[], $6, $7) RETURNING ${ENDPOINT_COLUMNS}`,
    [values.owner.teamId, values.owner.userId, values.url, values.description, values.events, values.secretSealed, values.createdBy],
  );
  return rows[0];
}

/** Serialises endpoint changes of one owner (the per-owner ceiling holds under concurrent calls). */
export async function lockOwnerEndpoints(db: Db, owner: IntegrationOwner): Promise<void> {
  await db.sql.query(`SELECT pg_advisory_xact_lock(hashtext('webhook_endpoints:' || $1))`, [owner.teamId ?? owner.userId]);
}

export async function countEndpoints(db: Db, owner: IntegrationOwner): Promise<number> {
  const match = ownerMatch(owner, 1);
  const { rows } = await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_endpoints WHERE ${match.sql}`, match.params);
  return rows[0].n;
}

export async function listEndpoints(db: Db, owner: IntegrationOwner): Promise<EndpointRow[]> {
  const match = ownerMatch(owner, 1);
  const { rows } = await db.sql.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE ${match.sql} ORDER BY created_at DESC, id DESC`,
    match.params,
  );
  return rows;
}

/** One of the owner's endpoints (undefined: unknown or another owner's), with its sealed secret. */
export async function findEndpoint(db: Db, owner: IntegrationOwner, id: string): Promise<(EndpointRow & { secretSealed: string }) | undefined> {
  const match = ownerMatch(owner, 2);
  const { rows } = await db.sql.query<EndpointRow & { secretSealed: string }>(
    `SELECT ${ENDPOINT_COLUMNS}, secret_sealed AS "secretSealed" FROM webhook_endpoints WHERE id = $1 AND ${match.sql}`,
    [id, ...match.params],
  );
  return rows[0];
}

export async function updateEndpoint(
  db: Db,
  owner: IntegrationOwner,
  id: string,
  patch: { url?: string; description?: string | null; events?: string[]; enabled?: boolean; secretSealed?: string },
): Promise<EndpointRow | undefined> {
  const match = ownerMatch(owner, 2);
  const { rows } = await db.sql.query<EndpointRow>(
    `UPDATE webhook_endpoints SET
        url = coalesce($4, url),
        description = CASE WHEN $5::boolean THEN $6 ELSE description END,
        events = coalesce($7::text[], events),
        enabled = coalesce($8::boolean, enabled),
        secret_sealed = coalesce($9, secret_sealed),
        updated_at = now()
      WHERE id = $1 AND ${match.sql} RETURNING ${ENDPOINT_COLUMNS}`,
    [
      id,
      ...match.params,
      patch.url ?? null,
      patch.description !== undefined,
      patch.description ?? null,
      patch.events ?? null,
      patch.enabled ?? null,
      patch.secretSealed ?? null,
    ],
  );
  return rows[0];
}

/** Deletes one of the owner's endpoints and its deliveries; the row deleted, or undefined. */
export async function deleteEndpoint(db: Db, owner: IntegrationOwner, id: string): Promise<EndpointRow | undefined> {
  const match = ownerMatch(owner, 2);
  const { rows } = await db.sql.query<EndpointRow>(
    `DELETE FROM webhook_endpoints WHERE id = $1 AND ${match.sql} RETURNING ${ENDPOINT_COLUMNS}`,
    [id, ...match.params],
  );
  return rows[0];
}

export type DeliveryRow = {
  id: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: Date;
  createdAt: Date;
  deliveredAt: Date | null;
};

const DELIVERY_COLUMNS = `id, event_type AS "eventType", status, attempts, last_status_code AS "lastStatusCode",
  last_error AS "lastError", next_attempt_at AS "nextAttemptAt", created_at AS "createdAt", delivered_at AS "deliveredAt"`;

/** An endpoint's latest deliveries, newest first. */
export async function listDeliveries(db: Db, endpointId: string, limit: number): Promise<DeliveryRow[]> {
  const { rows } = await db.sql.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [endpointId, limit],
  );
  return rows;
}

/** One delivery to the endpoint, due now (a test event). */
export async function insertDelivery(db: Db, endpointId: string, eventType: string, body: unknown): Promise<DeliveryRow> {
  const { rows } = await db.sql.query<DeliveryRow>(
    `INSERT INTO webhook_deliveries (endpoint_id, event_type, payload) VALUES ($1, $2, $3::jsonb) RETURNING ${DELIVERY_COLUMNS}`,
    [endpointId, eventType, JSON.stringify(body)],
  );
  return rows[0];
}

/**
 * 'Send again': the delivery queued again, due now, its schedule from the start; the same id (the
 * receiver's idempotency key) and body. A delivery being sent right now is left alone.
 */
export async function requeueDelivery(db: Db, endpointId: string, deliveryId: string): Promise<DeliveryRow | undefined> {
  const { rows } = await db.sql.query<DeliveryRow>(
    `UPDATE webhook_deliveries SET status = 'queued', attempts = 0, next_attempt_at = now(), lease_owner = NULL, lease_until = NULL
      WHERE id = $1 AND endpoint_id = $2 AND status <> 'delivering' RETURNING ${DELIVERY_COLUMNS}`,
    [deliveryId, endpointId],
  );
  return rows[0];
}

export async function deliveryStatus(db: Db, endpointId: string, deliveryId: string): Promise<WebhookDeliveryStatus | undefined> {
  const { rows } = await db.sql.query<{ status: WebhookDeliveryStatus }>(
    `SELECT status FROM webhook_deliveries WHERE id = $1 AND endpoint_id = $2`,
    [deliveryId, endpointId],
  );
  return rows[0]?.status;
}

// Prepared once per connection: it runs beside every reveal, list add and export (ADR 065).
const ENQUEUE = preparedStatement(
  'enqueue_webhook_event',
  `WITH queued AS (
       INSERT INTO webhook_deliveries (endpoint_id, event_type, payload)
       SELECT e.id, $2, jsonb_build_object('type', $2::text, 'timestamp', $3::text, 'data', $4::jsonb || jsonb_build_object($6::text,
                (SELECT CASE WHEN $6 = 'physician' THEN list->0 ELSE coalesce(list, '[]'::jsonb) END FROM (
                   SELECT jsonb_agg(jsonb_build_object('id', p.id, 'npi', p.npi, 'name', concat_ws(' ', p.first_name, p.last_name)) ORDER BY p.id) AS list
                     FROM physicians p
                    WHERE p.id = ANY ($5::int[])
                      AND ($7::uuid IS NULL OR EXISTS (
                        SELECT 1 FROM list_members m WHERE m.list_id = $7::uuid AND m.physician_id = p.id AND m.added_at = now()))) l)))
         FROM webhook_endpoints e
        WHERE e.enabled AND $2 = ANY (e.events)
          AND (e.team_id = ${teamIdOf('$1::uuid')} OR (e.user_id = $1::uuid AND ${teamIdOf('$1::uuid')} IS NULL))
       RETURNING 1)
     SELECT count(*)::int AS n FROM queued`,
);

/**
 * One delivery per enabled endpoint of the actor's owner (their team, or themselves in none:
 * integrations/owner.ts) that takes the event, in the caller's transaction. The body is made here,
 * once, so every attempt sends the same bytes. `physicianIds` become the data's `physician` (one)
 * or `physicians` (id, NPI, name; `onlyAddedToList`: those this transaction added to that list).
 * With no endpoint the SELECT finds no row (an index probe) and nothing else is evaluated.
 * Returns how many deliveries were queued.
 */
export async function enqueueEvent(
  db: Db,
  event: {
    actorUserId: string;
    type: WebhookEvent;
    data: Record<string, unknown>;
    physicianIds: readonly number[];
    physicianKey: 'physician' | 'physicians';
    onlyAddedToList?: string;
    at: Date;
  },
): Promise<number> {
  const { rows } = await db.sql.query<{ n: number }>(
    ENQUEUE,
    [
      event.actorUserId,
      event.type,
      event.at.toISOString(),
      JSON.stringify(event.data),
      event.physicianIds,
      event.physicianKey,
      event.onlyAddedToList ?? null,
    ],
  );
  return rows[0].n;
}

/** A claimed delivery with what sending it needs. */
export type ClaimedDelivery = {
  id: string;
  endpointId: string;
  attempts: number;
  payload: unknown;
  url: string;
  secretSealed: string;
};

/**
 * Claims due deliveries of enabled endpoints (queued, or left 'delivering' by a process whose lease
 * passed) for `owner` until the lease ends, counting the attempt. SKIP LOCKED: two processes never
 * claim one row.
 */
export async function claimDeliveries(db: Db, owner: string, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
  const { rows } = await db.sql.query<ClaimedDelivery>(
    `WITH claimed AS (
       UPDATE webhook_deliveries d SET status = 'delivering', attempts = d.attempts + 1, lease_owner = $1,
              lease_until = now() + $2::int * interval '1 millisecond'
        WHERE d.id IN (
          SELECT x.id FROM webhook_deliveries x
           WHERE x.status IN ('queued', 'delivering') AND x.next_attempt_at <= now()
             AND (x.status = 'queued' OR x.lease_until < now())
             AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = x.endpoint_id AND e.enabled)
           ORDER BY x.next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING d.id, d.endpoint_id, d.attempts, d.payload)
     SELECT c.id, c.endpoint_id AS "endpointId", c.attempts, c.payload, e.url, e.secret_sealed AS "secretSealed"
       FROM claimed c JOIN webhook_endpoints e ON e.id = c.endpoint_id`,
    [owner, leaseMs, limit],
  );
  return rows;
}

/** Records an attempt's outcome, if `owner` still holds the delivery. */
export async function finishAttempt(
  db: Db,
  attempt: { id: string; owner: string },
  outcome: { status: 'queued' | 'delivered' | 'failed'; statusCode: number | null; error: string | null; retryInMs: number | null },
): Promise<void> {
  await db.sql.query(
    `UPDATE webhook_deliveries SET status = $3, last_status_code = $4, last_error = $5,
            next_attempt_at = CASE WHEN $6::int IS NULL THEN next_attempt_at ELSE now() + $6::int * interval '1 millisecond' END,
            delivered_at = CASE WHEN $3 = 'delivered' THEN now() ELSE delivered_at END,
            lease_owner = NULL, lease_until = NULL
      WHERE id = $1 AND lease_owner = $2`,
    [attempt.id, attempt.owner, outcome.status, outcome.statusCode, outcome.error, outcome.retryInMs],
  );
}

/** Deletes delivered and failed deliveries made before `before`, in SKIP LOCKED batches; how many. */
export async function purgeFinishedDeliveries(db: Db, before: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await db.sql.query<{ n: number }>(
      `WITH gone AS (DELETE FROM webhook_deliveries WHERE id IN (
         SELECT id FROM webhook_deliveries WHERE status IN ('delivered', 'failed') AND created_at < $1
          ORDER BY created_at LIMIT 500 FOR UPDATE SKIP LOCKED) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [before.toISOString()],
    );
    total += rows[0].n;
    if (rows[0].n < 500) return total;
  }
}
