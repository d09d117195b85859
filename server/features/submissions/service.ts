import type {
  ConfirmSubmissionResponse,
  CreateSubmissionInput,
  CreateSubmissionResponse,
} from '../../../contract/submissions';
import { SPECIALTIES } from '../../../contract/directory-options';
import { OTHER_SPECIALTY, SUBMISSION_CONFIRM_TTL_DAYS, SUBMISSION_MESSAGES } from '../../../contract/submissions';
import { recordAudit } from '../../lib/audit';
import type { Db } from '../../db/client';
import type { Env } from '../../lib/env';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { enqueueEmail } from '../../lib/mail-queue';
import { hashToken, newToken } from '../../lib/tokens';
import { isSuppressed } from '../removal';
import { submissionConfirmationEmail, submissionReceiptEmail } from './emails';
import {
  claimUnconfirmed,
  deletePendingByEmail,
  deleteUnconfirmedByEmail,
  insertUnconfirmedSubmission,
  markConfirmed,
} from './repo';

const DAY_MS = 86_400_000;

/** What a resume submission uses of the app (ADR 060). */
export type SubmissionDeps = { db: Db; env: Env };

/**
 * One of the 18 as chosen; anything else ('Other', or a value only the API could send) is kept as
 * 'Other' with the typed text, for the operator to place under one of the 18 (ADR 035).
 */
function specialtyOfSubmission(input: Pick<CreateSubmissionInput, 'specialty' | 'otherSpecialty'>): {
  specialty: string;
  otherSpecialty: string | null;
} {
  const sold = SPECIALTIES.find((name) => name.toLowerCase() === input.specialty.trim().toLowerCase());
  if (sold) return { specialty: sold, otherSpecialty: null };
  const typed = input.specialty === OTHER_SPECIALTY ? input.otherSpecialty : input.specialty;
  return { specialty: OTHER_SPECIALTY, otherSpecialty: typed?.trim() || null };
}

/**
 * Stores a resume as an unconfirmed submission and queues the confirmation link to its address,
 * in one transaction. Operators see it only once the link is followed (confirmSubmission), so a
 * resume cannot speak for an address its sender does not read. A newer unconfirmed submission
 * from the same address replaces the older one; an address on the suppression list (its owner
 * had their data removed) is refused.
 */
export async function createSubmission(options: {
  deps: SubmissionDeps;
  input: CreateSubmissionInput;
  now?: Date;
}): Promise<CreateSubmissionResponse> {
  const { deps, input } = options;
  const now = options.now ?? new Date();

  const submission = {
    firstName: input.firstName,
    middleName: input.middleName,
    lastName: input.lastName,
    title: input.title,
    organization: input.companyName,
    ...specialtyOfSubmission(input),
    email: input.email,
    phone: input.phone,
    location: input.location,
    linkedinUrl: input.linkedinUrl,
    education: input.education.map((e) => ({ ...e, field: null, startDate: null, endDate: null })),
    skills: input.skills,
  };

  const store = () =>
    deps.db.transaction(async (tx) => {
      if (await isSuppressed(tx, { email: input.email })) {
        throw new AppError('conflict', SUBMISSION_MESSAGES.suppressed, { fields: { email: SUBMISSION_MESSAGES.suppressed } });
      }
      const token = newToken();
      await deleteUnconfirmedByEmail(tx, input.email);
      await insertUnconfirmedSubmission(tx, submission, {
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + SUBMISSION_CONFIRM_TTL_DAYS * DAY_MS),
      });
      const appUrl = deps.env.APP_URL.replace(/\/+$/, '');
      await enqueueEmail(tx, {
        to: input.email,
        ...submissionConfirmationEmail({ link: `${appUrl}/confirm-resume?token=${encodeURIComponent(token)}`, appUrl }),
      });
    });
  try {
    await store();
  } catch (error) {
    // Two submissions from one address at the same moment: the unique index let one in; this
    // one replaces it on a second try.
    if (!isUniqueViolation(error)) throw error;
    await store();
  }
  return { status: 'unconfirmed', email: input.email };
}

/**
 * Follows the emailed link: the submission becomes 'pending' (the operators' queue), replacing
 * an earlier pending one from the same address, and the receipt goes to the now-confirmed
 * address. A token that is unknown, used or expired is a 400 naming `token`.
 */
export async function confirmSubmission(options: {
  deps: SubmissionDeps;
  ip: string;
  token: string;
  now?: Date;
}): Promise<ConfirmSubmissionResponse> {
  const { deps, ip } = options;
  const now = options.now ?? new Date();
  await deps.db.transaction(async (tx) => {
    const submission = await claimUnconfirmed(tx, hashToken(options.token.trim()), now);
    if (!submission) {
      throw new AppError('invalid_token', SUBMISSION_MESSAGES.confirmFailed, { fields: { token: SUBMISSION_MESSAGES.confirmFailed } });
    }
    await deletePendingByEmail(tx, submission.email);
    await markConfirmed(tx, submission.id, now);
    await recordAudit(tx, { action: 'submission.confirmed', targetType: 'submission', targetId: submission.id, ip });
    await enqueueEmail(tx, {
      to: submission.email,
      ...submissionReceiptEmail({ firstName: submission.firstName, appUrl: deps.env.APP_URL.replace(/\/+$/, '') }),
    });
  });
  return { status: 'pending' };
}
