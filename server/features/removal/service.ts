import { REMOVAL_MESSAGES, REMOVAL_TOKEN_TTL_HOURS } from '../../../contract/removal';
import type { Db } from '../../db/client';
import type { Env } from '../../lib/env';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { enqueueEmail } from '../../lib/mail-queue';
import { hashToken, newToken } from '../../lib/tokens';
import { removalConfirmationEmail } from './emails';
import {
  claimRemovalRequest,
  deleteExpiredRequests,
  deletePhysicians,
  deleteSubmissionsFrom,
  findPhysiciansByEmail,
  forgetRequestsOf,
  hasSubmissionFrom,
  insertRemovalRequest,
} from './repo';
import { addSuppressions } from './suppression';
import type { DirectoryService } from '../directory';

/** What a removal uses of the app (ADR 060): the search index drops the removed physicians. */
export type RemovalDeps = { db: Db; env: Env; directory: Pick<DirectoryService, 'directoryChanged'> };

/**
 * Starts a removal: when the directory (or the resume queue) holds the address, stores the hash of
 * a new token and queues the link to it. The caller's answer is the same either way, so the form
 * cannot be used to learn who is in the directory.
 */
export async function requestRemoval(options: { deps: RemovalDeps; ip: string; email: string }): Promise<void> {
  const { deps, ip, email } = options;
  await deps.db.transaction(async (tx) => {
    await deleteExpiredRequests(tx);
    const known = (await findPhysiciansByEmail(tx, email)).length > 0 || (await hasSubmissionFrom(tx, email));
    if (!known) {
      await recordAudit(tx, { action: 'removal.requested', details: { known: false }, ip });
      return;
    }
    const token = newToken();
    const expiresAt = new Date(Date.now() + REMOVAL_TOKEN_TTL_HOURS * 3600_000);
    const id = await insertRemovalRequest(tx, { email, tokenHash: hashToken(token), expiresAt });
    await enqueueEmail(tx, {
      to: email,
      ...removalConfirmationEmail(`${deps.env.APP_URL}/confirm-removal?token=${encodeURIComponent(token)}`),
    });
    await recordAudit(tx, { action: 'removal.requested', targetType: 'removal_request', targetId: id, details: { known: true }, ip });
  });
}

/**
 * Confirms a removal, in one transaction: deletes every directory record whose personal or work
 * email is the address (contacts and list memberships go with them), deletes the submissions from
 * it, and suppresses the address and the records' NPIs so no later approval or import brings them
 * back. The search index drops the records before this returns. Audit rows keep counts, not the address.
 */
export async function confirmRemoval(options: { deps: RemovalDeps; ip: string; token: string }): Promise<{ removedPhysicians: number }> {
  const { deps, ip, token } = options;
  const result = await deps.db.transaction(async (tx) => {
    const request = await claimRemovalRequest(tx, hashToken(token));
    if (!request) throw new AppError('invalid_token', REMOVAL_MESSAGES.confirmFailed, {
      fields: { token: REMOVAL_MESSAGES.confirmFailed },
    });
    const physicians = await findPhysiciansByEmail(tx, request.email);
    const ids = physicians.map((p) => p.id);
    await deletePhysicians(tx, ids);
    const submissions = await deleteSubmissionsFrom(tx, request.email);
    await addSuppressions(tx, {
      emails: [request.email],
      npis: physicians.flatMap((p) => (p.npi ? [p.npi] : [])),
    });
    await forgetRequestsOf(tx, request.email, request.id, ids.length);
    await recordAudit(tx, {
      action: 'removal.confirmed',
      targetType: 'removal_request',
      targetId: request.id,
      details: {
        removedPhysicianIds: ids,
        withdrawnSubmissions: submissions.pending,
        deletedProcessedSubmissions: submissions.processed,
      },
      ip,
    });
    return { ids };
  });
  if (result.ids.length) await deps.directory.directoryChanged({ ids: result.ids });
  return { removedPhysicians: result.ids.length };
}
