import { ExportFormat } from '../../../contract/exports';
import { RECENT_EXPORTS_SHOWN } from '../../../contract/limits';
import type {
  ExportStatsResponse,
  ProfileResponse,
  UpdateNotificationsRequest,
} from '../../../contract/auth';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import * as repo from './repo';
import type { ProfileRow } from './repo';

function toProfile(row: ProfileRow | undefined): ProfileResponse {
  if (!row) throw new AppError('unauthenticated', 'User not authenticated.');
  return {
    email: row.email,
    // The name defaults to the part of the email before the @ sign (docs/rules.md#account-settings).
    name: row.name ?? row.email.split('@')[0],
    bio: row.bio ?? '',
    notifications: {
      marketing: row.notifyMarketing,
      newFeatures: row.notifyNewFeatures,
      securityAlerts: row.notifySecurityAlerts,
    },
  };
}

export async function getProfile({ db, userId }: { db: Db; userId: string }): Promise<ProfileResponse> {
  return toProfile(await repo.findProfile(db, userId));
}

/** An empty name goes back to the default (the email's local part); an empty bio is stored empty. */
export async function updateProfile({
  db,
  userId,
  name,
  bio,
}: {
  db: Db;
  userId: string;
  name: string;
  bio: string;
}): Promise<ProfileResponse> {
  return toProfile(await repo.updateProfile(db, userId, { name: name || null, bio: bio || null }));
}

export async function updateNotifications({
  db,
  userId,
  changes,
}: {
  db: Db;
  userId: string;
  changes: UpdateNotificationsRequest;
}): Promise<ProfileResponse> {
  const set = {
    ...(changes.marketing !== undefined ? { notifyMarketing: changes.marketing } : {}),
    ...(changes.newFeatures !== undefined ? { notifyNewFeatures: changes.newFeatures } : {}),
    ...(changes.securityAlerts !== undefined ? { notifySecurityAlerts: changes.securityAlerts } : {}),
  };
  if (!Object.keys(set).length) return getProfile({ db, userId });
  return toProfile(await repo.updateProfile(db, userId, set));
}

/** The Exports tab (docs/rules.md#account-settings): the total of exported contacts, the latest 5 exports. */
export async function getExportStats({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<ExportStatsResponse> {
  const { total, recent } = await repo.exportStats(db, userId, RECENT_EXPORTS_SHOWN);
  return {
    totalExported: total,
    recent: recent.map((r) => ({
      exportDate: r.exportDate.toISOString(),
      exportCount: r.exportCount,
      format: ExportFormat.catch('csv').parse(r.format),
    })),
  };
}
