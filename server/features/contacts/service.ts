import {
  FREE_REVEAL_DAYS,
  type RevealAllowance,
  type RevealContactResponse,
} from '../../../contract/contacts';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { nextUtcMidnight, resetSentence, startOfUtcDay } from '../../lib/daily-ceiling';
import { AppError } from '../../lib/errors';
import * as repo from './repo';

const DAY_MS = 86_400_000;

function allowanceOf(used: number, dailyLimit: number, now: Date): RevealAllowance {
  return {
    dailyLimit,
    remaining: Math.max(0, dailyLimit - used),
    resetsAt: nextUtcMidnight(now).toISOString(),
  };
}

/** What is left of today's reveal allowance (for the count shown beside the contact buttons). */
export async function getRevealAllowance(options: {
  db: Db;
  userId: string;
  dailyLimit: number;
  now?: Date;
}): Promise<RevealAllowance> {
  const now = options.now ?? new Date();
  const used = await repo.countCountedRevealsSince(options.db, options.userId, startOfUtcDay(now));
  return allowanceOf(used, options.dailyLimit, now);
}

/**
 * Reveals one physician's email and phone. The caller has 'contacts:reveal'. In one transaction:
 * a contact_reveals row and an audit row. A reveal of a physician this user already paid for in
 * the last 30 days is free (recorded with counted = false); any other counts against the daily
 * ceiling, and past it the call is refused with 429 and nothing is written. A physician with no
 * email and no phone on file discloses nothing, so it is neither counted nor recorded.
 */
export async function revealContact(options: {
  db: Db;
  userId: string;
  physicianId: number;
  dailyLimit: number;
  ip: string | null;
  now?: Date;
}): Promise<RevealContactResponse> {
  const { userId, physicianId, dailyLimit } = options;
  const now = options.now ?? new Date();
  return options.db.transaction(async (tx) => {
    const contact = await repo.findContact(tx, physicianId);
    if (!contact) throw new AppError('not_found', 'Physician Not Found');
    await repo.lockUserReveals(tx, userId);

    let used = await repo.countCountedRevealsSince(tx, userId, startOfUtcDay(now));
    const disclosed = contact.email !== null || contact.phone !== null;
    let counted = false;
    if (disclosed) {
      const paid = await repo.hasCountedRevealSince(
        tx,
        userId,
        physicianId,
        new Date(now.getTime() - FREE_REVEAL_DAYS * DAY_MS),
      );
      counted = !paid;
      if (counted && used >= dailyLimit) {
        throw new AppError(
          'rate_limited',
          `You have reached today's limit of ${dailyLimit.toLocaleString('en-US')} contact reveals. ${resetSentence(now)}`,
        );
      }
      await repo.insertReveal(tx, { userId, physicianId, counted, at: now });
      await recordAudit(tx, {
        action: 'contact.revealed',
        actorUserId: userId,
        targetType: 'physician',
        targetId: physicianId,
        details: { counted },
        ip: options.ip,
      });
      if (counted) used += 1;
    }
    return {
      physicianId,
      email: contact.email,
      phone: contact.phone,
      verifiedAt: contact.verifiedAt?.toISOString() ?? null,
      counted,
      allowance: allowanceOf(used, dailyLimit, now),
    };
  });
}
