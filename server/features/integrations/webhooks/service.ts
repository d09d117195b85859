import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_TEST_EVENT,
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  type WebhookDelivery,
  type WebhookDeliveriesResponse,
  type WebhookEndpoint,
  type WebhookEndpointsResponse,
  type WebhookEndpointWithSecretResponse,
  type WebhookEvent,
} from '../../../../contract/webhooks';
import type { Db } from '../../../db/client';
import { recordAudit } from '../../../lib/audit';
import type { CurrentUser } from '../../../lib/current-user';
import { AppError } from '../../../lib/errors';
import { integrationsBox } from '../../../lib/secret-box';
import { managedOwnerOf } from '../owner';
import { checkWebhookTarget, type LookupAll } from './address-check';
import * as repo from './repo';
import { newWebhookSecret } from './signing';

/*
 * Webhook endpoints (docs/decisions/065-webhooks.md): a team's owners and admins, or a recruiter in
 * no team, manage and read them (managedOwnerOf: a team's recruiters get 403); the secret is sealed
 * at rest and shown only when made. Every change is audited in its transaction.
 */

/** Deliveries an endpoint's log shows. */
export const DELIVERY_LOG_SIZE = 50;

type Caller = Pick<CurrentUser, 'id' | 'teamId'>;
/** Where endpoints may point: production refuses private addresses (address-check.ts). */
export type AddressRules = { production: boolean; lookup?: LookupAll };

function toEndpoint(row: repo.EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toDelivery(row: repo.DeliveryRow): WebhookDelivery {
  const pending = row.status === 'queued' || row.status === 'delivering';
  return {
    id: row.id,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt: pending ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

const endpointNotFound = () => new AppError('not_found', 'Webhook endpoint not found.');

export async function createEndpoint(options: {
  db: Db;
  user: Caller;
  request: CreateWebhookEndpointRequest;
  rules: AddressRules;
  ip: string | null;
}): Promise<WebhookEndpointWithSecretResponse> {
  const owner = await managedOwnerOf(options.db, options.user);
  await checkAddress(options.request.url, options.rules);
  const secret = newWebhookSecret();
  const box = await integrationsBox(options.db);
  return options.db.transaction(async (tx) => {
    await repo.lockOwnerEndpoints(tx, owner);
    if ((await repo.countEndpoints(tx, owner)) >= WEBHOOK_ENDPOINTS_MAX) {
      throw new AppError('conflict', `You can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Delete one you no longer use first.`);
    }
    const row = await repo.insertEndpoint(tx, {
      owner,
      url: options.request.url,
      description: options.request.description || null,
      events: options.request.events,
      secretSealed: box.seal(secret),
      createdBy: options.user.id,
    });
    await recordAudit(tx, {
      action: 'webhook.created',
      actorUserId: options.user.id,
      targetType: 'webhook_endpoint',
      targetId: row.id,
      details: { url: row.url, events: row.events, teamId: owner.teamId },
      ip: options.ip,
    });
    return { endpoint: toEndpoint(row), secret };
  });
}

/** Production's rule checked when an endpoint is saved (delivery checks again at each attempt). */
async function checkAddress(url: string, rules: AddressRules): Promise<void> {
  if (rules.production) await checkWebhookTarget(url, rules);
}

export async function listEndpoints(options: { db: Db; user: Caller }): Promise<WebhookEndpointsResponse> {
  const owner = await managedOwnerOf(options.db, options.user);
  return { endpoints: (await repo.listEndpoints(options.db, owner)).map(toEndpoint) };
}

export async function updateEndpoint(options: {
  db: Db;
  user: Caller;
  id: string;
  request: UpdateWebhookEndpointRequest;
  rules: AddressRules;
  ip: string | null;
}): Promise<WebhookEndpoint> {
  const owner = await managedOwnerOf(options.db, options.user);
  const { request } = options;
  if (request.url !== undefined) await checkAddress(request.url, options.rules);
  return options.db.transaction(async (tx) => {
    const row = await repo.updateEndpoint(tx, owner, options.id, {
      url: request.url,
      events: request.events,
      enabled: request.enabled,
      description: request.description === undefined ? undefined : request.description || null,
    });
    if (!row) throw endpointNotFound();
    await recordAudit(tx, {
      action: 'webhook.updated',
      actorUserId: options.user.id,
      targetType: 'webhook_endpoint',
      targetId: row.id,
      details: { changed: Object.keys(request).filter((k) => request[k as keyof typeof request] !== undefined), teamId: owner.teamId },
      ip: options.ip,
    });
    return toEndpoint(row);
  });
}

/** A new secret for the endpoint (the old one stops signing at once), shown this once. */
export async function rotateSecret(options: { db: Db; user: Caller; id: string; ip: string | null }): Promise<WebhookEndpointWithSecretResponse> {
  const owner = await managedOwnerOf(options.db, options.user);
  const secret = newWebhookSecret();
  const box = await integrationsBox(options.db);
  return options.db.transaction(async (tx) => {
    const row = await repo.updateEndpoint(tx, owner, options.id, { secretSealed: box.seal(secret) });
    if (!row) throw endpointNotFound();
    await recordAudit(tx, {
      action: 'webhook.updated',
      actorUserId: options.user.id,
      targetType: 'webhook_endpoint',
      targetId: row.id,
      details: { changed: ['secret'], teamId: owner.teamId },
      ip: options.ip,
    });
    return { endpoint: toEndpoint(row), secret };
  });
}

export async function deleteEndpoint(options: { db: Db; user: Caller; id: string; ip: string | null }): Promise<void> {
  const owner = await managedOwnerOf(options.db, options.user);
  await options.db.transaction(async (tx) => {
    const row = await repo.deleteEndpoint(tx, owner, options.id);
    if (!row) throw endpointNotFound();
    await recordAudit(tx, {
      action: 'webhook.deleted',
      actorUserId: options.user.id,
      targetType: 'webhook_endpoint',
      targetId: row.id,
      details: { url: row.url, teamId: owner.teamId },
      ip: options.ip,
    });
  });
}

async function requireEndpoint(db: Db, user: Caller, id: string) {
  const owner = await managedOwnerOf(db, user);
  const endpoint = await repo.findEndpoint(db, owner, id);
  if (!endpoint) throw endpointNotFound();
  return endpoint;
}

export async function listDeliveries(options: { db: Db; user: Caller; id: string }): Promise<WebhookDeliveriesResponse> {
  const endpoint = await requireEndpoint(options.db, options.user, options.id);
  return { deliveries: (await repo.listDeliveries(options.db, endpoint.id, DELIVERY_LOG_SIZE)).map(toDelivery) };
}

/** 'Send again': the delivery queued now with the same id and body, its retries from the start. */
export async function retryDelivery(options: { db: Db; user: Caller; id: string; deliveryId: string }): Promise<WebhookDelivery> {
  const endpoint = await requireEndpoint(options.db, options.user, options.id);
  const row = await repo.requeueDelivery(options.db, endpoint.id, options.deliveryId);
  if (row) return toDelivery(row);
  if (await repo.deliveryStatus(options.db, endpoint.id, options.deliveryId)) {
    throw new AppError('conflict', 'This delivery is being sent right now.');
  }
  throw new AppError('not_found', 'Delivery not found.');
}

/** 'Send test event': a 'webhook.test' delivery to this endpoint only, due now. */
export async function sendTestEvent(options: { db: Db; user: Caller; id: string; now?: Date }): Promise<WebhookDelivery> {
  const endpoint = await requireEndpoint(options.db, options.user, options.id);
  const row = await repo.insertDelivery(options.db, endpoint.id, WEBHOOK_TEST_EVENT, {
    type: WEBHOOK_TEST_EVENT,
    timestamp: (options.now ?? new Date()).toISOString(),
    data: { endpointId: endpoint.id, message: 'A test event from PhysicianDirect.' },
  });
  return toDelivery(row);
}

/**
 * Queues an event for the actor's owner's endpoints, inside the caller's transaction (`tx`): the
 * delivery exists exactly when the change does. Returns how many were queued (the caller wakes the
 * delivery job after its commit when any were).
 */
export function enqueueWebhookEvent(
  tx: Db,
  event: {
    actorUserId: string;
    type: WebhookEvent;
    data?: Record<string, unknown>;
    physicianIds: readonly number[];
    physicianKey: 'physician' | 'physicians';
    onlyAddedToList?: string;
    at?: Date;
  },
): Promise<number> {
  return repo.enqueueEvent(tx, { ...event, data: event.data ?? {}, at: event.at ?? new Date() });
}
