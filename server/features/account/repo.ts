import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportLogs, users } from '../../db/schema';

const profileColumns = {
  email: users.email,
  name: users.name,
  bio: users.bio,
  notifyMarketing: users.notifyMarketing,
  notifyNewFeatures: users.notifyNewFeatures,
  notifySecurityAlerts: users.notifySecurityAlerts,
};

export type ProfileRow = {
  email: string;
  name: string | null;
  bio: string | null;
  notifyMarketing: boolean;
  notifyNewFeatures: boolean;
  notifySecurityAlerts: boolean;
};

export async function findProfile(db: Db, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.orm.select(profileColumns).from(users).where(eq(users.id, userId));
  return row;
}

export async function updateProfile(
  db: Db,
  userId: string,
  changes: Partial<Omit<ProfileRow, 'email'>>,
): Promise<ProfileRow | undefined> {
  const [row] = await db.orm.update(users).set(changes).where(eq(users.id, userId)).returning(profileColumns);
  return row;
}

export async function exportStats(db: Db, userId: string, recentCount: number) {
  const [{ total }] = await db.orm
    .select({ total: sql<number>`coalesce(sum(${exportLogs.exportCount}), 0)::int` })
    .from(exportLogs)
    .where(eq(exportLogs.userId, userId));
  const recent = await db.orm
    .select({
      exportDate: exportLogs.exportDate,
      exportCount: exportLogs.exportCount,
      format: exportLogs.format,
    })
    .from(exportLogs)
    .where(eq(exportLogs.userId, userId))
    .orderBy(desc(exportLogs.exportDate), desc(exportLogs.id))
    .limit(recentCount);
  return { total: Number(total), recent };
}
