import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';

/** A verified account, not yet admin, whose address ADMIN_EMAILS lists. */
const configuredAdmin = (adminEmails: string[]) =>
  and(
    inArray(sql`lower(${users.email})`, adminEmails),
    ne(users.role, 'admin'),
    isNotNull(users.emailVerifiedAt),
  );

/**
 * Makes every verified address in ADMIN_EMAILS an admin (at every start). Unverified accounts
 * wait: anyone can sign up with an address, only its owner can verify it. Each grant writes an
 * audit row.
 */
export async function promoteConfiguredAdmins(db: Db, adminEmails: string[]): Promise<number> {
  if (!adminEmails.length) return 0;
  return db.transaction(async (tx) => {
    const rows = await tx.orm
      .update(users)
      .set({ role: 'admin' })
      .where(configuredAdmin(adminEmails))
      .returning({ id: users.id, email: users.email });
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
  const [row] = await tx.orm
    .update(users)
    .set({ role: 'admin' })
    .where(and(eq(users.id, userId), configuredAdmin(adminEmails)))
    .returning({ id: users.id, email: users.email });
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
