import {
  PREFERENCES_ACCESS_MINUTES,
  PREFERENCES_LINK_MESSAGES,
  PREFERENCES_LINK_TTL_HOURS,
  type PreferencesAccess,
} from '../../../contract/outreach';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { Env } from '../../lib/env';
import { AppError } from '../../lib/errors';
import { enqueueEmail } from '../../lib/mail-queue';
import { hashToken, newToken } from '../../lib/tokens';
import { isSuppressed } from '../removal';
import { preferencesLinkEmail } from './emails';
import * as repo from './repo';

/*
 * The preference centre's link asked for by email (docs/decisions/066-outreach.md): a physician who
 * kept no recruiter email asks at /my-preferences; when the directory holds the address, one email
 * carries a random token (its hash stored) good once within 24 hours. Using it gives the page a
 * second random credential for an hour, which opens that physician's choices and nobody else's,
 * as a message's signed link does.
 */

export type PreferenceLinkDeps = { db: Db; env: Pick<Env, 'APP_URL'> };

/**
 * Queues the link when the address belongs to a physician of the directory (a value neither
 * invalid nor reported wrong, not on the removal suppression list). The caller answers the same
 * either way, so the form tells nobody who is in the directory.
 */
export async function requestPreferencesLink(deps: PreferenceLinkDeps, { email, ip }: { email: string; ip: string }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await repo.deleteOldPreferenceLinks(tx);
    const physician = await repo.physicianHoldingEmail(tx, email);
    if (!physician || (await isSuppressed(tx, { email, npi: physician.npi }))) {
      await recordAudit(tx, { action: 'outreach.preferences_link_requested', details: { known: false }, ip });
      return;
    }
    const token = newToken();
    const id = await repo.insertPreferenceLink(tx, {
      physicianId: physician.id,
      email,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + PREFERENCES_LINK_TTL_HOURS * 3_600_000),
    });
    const link = new URL(`/my-preferences?token=${encodeURIComponent(token)}`, deps.env.APP_URL).toString();
    await enqueueEmail(tx, { to: email, ...preferencesLinkEmail(link) });
    await recordAudit(tx, { action: 'outreach.preferences_link_requested', targetType: 'outreach_preference_link', targetId: id, details: { known: true }, ip });
  });
}

/** Uses an emailed link once: the page's credential for the next hour, or 400 saying whether the link was used, expired or never valid. */
export async function openPreferencesLink(deps: Pick<PreferenceLinkDeps, 'db'>, { token }: { token: string }): Promise<PreferencesAccess> {
  const tokenHash = hashToken(token);
  const access = newToken();
  const claimed = await repo.claimPreferenceLink(deps.db, { tokenHash, accessHash: hashToken(access), minutes: PREFERENCES_ACCESS_MINUTES });
  if (claimed) return { access, expiresAt: claimed.expiresAt.toISOString() };
  const state = await repo.preferenceLinkState(deps.db, tokenHash);
  const message = state === 'used' ? PREFERENCES_LINK_MESSAGES.used : state === 'expired' ? PREFERENCES_LINK_MESSAGES.expired : PREFERENCES_LINK_MESSAGES.invalid;
  throw new AppError('invalid_token', message, { fields: { token: message } });
}

/** The physician and address a page credential opens; 404 once its hour is over (or for a made-up one). */
export async function physicianOfAccess(db: Db, access: string): Promise<{ physicianId: number; email: string }> {
  const found = access ? await repo.findPreferenceAccess(db, hashToken(access)) : undefined;
  if (!found) throw new AppError('not_found', PREFERENCES_LINK_MESSAGES.accessExpired);
  return { physicianId: found.physician_id, email: found.email };
}
