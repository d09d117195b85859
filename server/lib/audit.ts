import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditAction } from '../../contract/admin';
import type { Db } from '../db/client';

/**
 * Actions that write an audit row: contract/admin.ts, where each has the words the operators'
 * audit view shows (a typo cannot invent a new one, and none goes without a label).
 */
export { AUDIT_ACTIONS, type AuditAction } from '../../contract/admin';

export type AuditEvent = {
  action: AuditAction;
  /** Who did it: null for anonymous callers, the CLI and the system. */
  actorUserId?: string | null;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
  ip?: string | null;
};

/**
 * Who is acting, beyond the user: app.ts runs a request made with an API key inside
 * `auditActor.run({ apiKeyId }, ...)`, and every audit row that request writes names the key
 * (details.apiKeyId), whichever feature writes it (ADR 022).
 */
export const auditActor = new AsyncLocalStorage<{ apiKeyId: string }>();

/**
 * Writes one audit row. Pass the transaction of the change it records (`db.transaction(tx =>
 * ... recordAudit(tx, ...))`) so the row exists exactly when the change does.
 */
export async function recordAudit(db: Db, event: AuditEvent): Promise<void> {
  const { sql, params } = auditInsert(event, 1);
  await db.sql.query(sql, params);
}

/**
 * recordAudit's INSERT with its parameters numbered from `first`, writing the row only `where` an
 * SQL condition holds if one is given: for a hot path that writes its change and the audit row in
 * one statement (`WITH change AS (...) ${sql}`), one round trip to the database instead of two.
 */
export function auditInsert(
  event: AuditEvent,
  first: number,
  where?: string,
): { sql: string; params: unknown[] } {
  const details = withActor(event.details);
  const $ = (i: number) => `$${first + i}`;
  return {
    sql: `INSERT INTO audit_events (action, actor_user_id, target_type, target_id, details, ip)
          SELECT ${$(0)}, ${$(1)}::uuid, ${$(2)}, ${$(3)}, ${$(4)}::jsonb, ${$(5)}${where ? ` WHERE ${where}` : ''}`,
    params: [
      event.action,
      event.actorUserId ?? null,
      event.targetType ?? null,
      event.targetId === undefined ? null : String(event.targetId),
      details === null ? null : JSON.stringify(details),
      event.ip ?? null,
    ],
  };
}

function withActor(details: Record<string, unknown> | undefined): Record<string, unknown> | null {
  const actor = auditActor.getStore();
  if (!actor) return details ?? null;
  return { ...details, apiKeyId: actor.apiKeyId };
}
