import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** Makes every address in ADMIN_EMAILS an admin (at start and at sign-up). */
export async function promoteConfiguredAdmins(db: Db, adminEmails: string[]): Promise<number> {
  if (!adminEmails.length) return 0;
  const rows = await db.orm
    .update(users)
    .set({ role: 'admin' })
    .where(sql`lower(${users.email}) = ANY(${adminEmails}::text[]) AND ${users.role} <> 'admin'`)
    .returning({ id: users.id });
  return rows.length;
}
