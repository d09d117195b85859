import type { CreateSubmissionInput, CreateSubmissionResponse } from '../../../contract/submissions';
import { OTHER_SPECIALTY, SUBMISSION_MESSAGES } from '../../../contract/submissions';
import type { AppDeps } from '../../lib/context';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { enqueueEmail } from '../../lib/mail-queue';
import { enforceRateLimits } from '../../lib/rate-limit';
import { isSuppressed } from '../removal/suppression';
import { submissionReceiptEmail } from './emails';
import { deletePendingByEmail, insertSubmission } from './repo';

/**
 * Stores a resume as a pending submission for the admins to review and queues the receipt, in
 * one transaction. A newer pending submission from the same address replaces the older one; an
 * address on the suppression list (its owner had their data removed) is refused.
 */
export async function createSubmission(options: {
  deps: AppDeps;
  ip: string;
  input: CreateSubmissionInput;
}): Promise<CreateSubmissionResponse> {
  const { deps, ip, input } = options;
  const limits = deps.services.submissionRateLimits;
  await enforceRateLimits([
    [limits.createPerIp, ip],
    [limits.createPerEmail, input.email],
  ]);

  const submission = {
    firstName: input.firstName,
    middleName: input.middleName,
    lastName: input.lastName,
    title: input.title,
    organization: input.companyName,
    specialty: input.specialty === OTHER_SPECIALTY && input.otherSpecialty ? input.otherSpecialty : input.specialty,
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
      await deletePendingByEmail(tx, input.email);
      await insertSubmission(tx, submission);
      await enqueueEmail(tx, {
        to: input.email,
        ...submissionReceiptEmail({ firstName: input.firstName, appUrl: deps.env.APP_URL }),
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
  return { status: 'pending', email: input.email };
}
