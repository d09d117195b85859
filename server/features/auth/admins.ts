import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';

/** A verified account, not yet admin, whose address ADMIN_EMAILS ($1) lists. */
const CONFIGURED_ADMIN = "lower(email) = ANY($1::text[]) AND role <> 'admin' AND email_verified_at IS NOT NULL";

/**
 * Makes every verified address in ADMIN_EMAILS an admin (at every start). Unverified accounts
 * wait: anyone can sign up with an address, only its owner can verify it. Each grant writes an
 * audit row.
 */
export async function promoteConfiguredAdmins(db: Db, adminEmails: string[]): Promise<number> {
  if (!adminEmails.length) return 0;
  return db.transaction(async (tx) => {
    const { rows } = await tx.sql.query<{ id: string; email: string }>(
      `UPDATE users SET role = 'admin' WHERE ${CONFIGURED_ADMIN} RETURNING id, email`,
      [adminEmails],
    );
    for (const row of rows) {
      await recordAudit(tx, {
        action: 'role.granted',
        targetType: 'user',
        targetId: row.id,
        details: { role: 'admin', by: 'ADMIN_EMAILS', email: row.email },
      });
    }
    return rows.length;
  });
}

/** At verification (or a reset, which proves the address too): admin if ADMIN_EMAILS lists it. */
export async function grantConfiguredAdmin(
  tx: Db,
  adminEmails: string[],
  userId: string,
  ip?: string | null,
): Promise<void> {
  if (!adminEmails.length) return;
  const { rows } = await tx.sql.query<{ id: string; email: string }>(
    `UPDATE users SET role = 'admin' WHERE id = $2 AND ${CONFIGURED_ADMIN} RETURNING id, email`,
    [adminEmails, userId],
  );
  const row = rows[0];
  if (row) {
    await recordAudit(tx, {
      action: 'role.granted',
      targetType: 'user',
      targetId: row.id,
      details: { role: 'admin', by: 'ADMIN_EMAILS', email: row.email },
      ip,
    });
  }
}
