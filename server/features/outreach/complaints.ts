import type { ComplaintResponse } from '../../../contract/outreach';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { verifyLink } from '../../lib/link-signing';
import { outreachIdOfMessageId, type FeedbackReport } from './feedback-report';
import * as repo from './repo';
import { UNSUBSCRIBE_PURPOSE } from './service';

/*
 * Spam complaints (docs/decisions/066-outreach.md): Gmail's and Yahoo's bulk-sender rules want
 * them under 0.3 %, and only the mail provider's feedback loop tells us of them. A complaint marks
 * the message 'complained' (counted in the operators' rates) and stops its sender's mail to that
 * recipient at once, as an unsubscribe does; a second report of the same message changes nothing.
 */

/** Feedback types that are a recipient's complaint (RFC 5965: abuse; fraud is a phishing report). */
const COMPLAINT_TYPES = new Set(['abuse', 'fraud']);

export type Complaint =
  /** An ARF report, read (feedback-report.ts). */
  | { source: 'arf'; report: FeedbackReport }
  /** The simple form: the outreach message id, or the Message-ID header we sent it with. */
  | { source: 'json'; messageId: string };

/** The outreach message a complaint names: a signed link first (proof it is ours), else a Message-ID of ours. */
async function messageOf(db: Db, complaint: Complaint): Promise<repo.MessageRow | undefined> {
  if (complaint.source === 'json') {
    const id = outreachIdOfMessageId(complaint.messageId);
    return id ? repo.findMessage(db, id) : undefined;
  }
  for (const { m, s } of complaint.report.links) {
    if (await verifyLink(db, UNSUBSCRIBE_PURPOSE, m, s)) return repo.findMessage(db, m);
  }
  for (const id of complaint.report.messageIds) {
    const message = await repo.findMessage(db, id);
    if (message) return message;
  }
  return undefined;
}

export async function recordComplaint(deps: { db: Db }, { complaint, ip }: { complaint: Complaint; ip: string }): Promise<ComplaintResponse> {
  const feedbackType = complaint.source === 'arf' ? complaint.report.feedbackType : 'abuse';
  if (feedbackType === null) {
    const message = 'Not an ARF report (RFC 5965): no message/feedback-report part. Send the report as received, or JSON {"messageId": "..."}.';
    throw new AppError('validation_failed', message, { fields: { body: message } });
  }
  if (!COMPLAINT_TYPES.has(feedbackType)) {
    return { outcome: 'ignored', messageId: null, detail: `Feedback-Type ${feedbackType.slice(0, 40)} is not a complaint (abuse or fraud): nothing recorded.` };
  }
  const message = await messageOf(deps.db, complaint);
  if (!message?.email) {
    return { outcome: 'ignored', messageId: null, detail: 'The report names no outreach message of ours (other mail, or the original message was left out): nothing recorded.' };
  }
  return deps.db.transaction(async (tx): Promise<ComplaintResponse> => {
    if (!(await repo.markComplained(tx, message.id))) {
      const { status } = (await repo.findMessage(tx, message.id))!;
      return status === 'complained'
        ? { outcome: 'already_recorded', messageId: message.id, detail: 'This complaint was recorded before.' }
        : { outcome: 'ignored', messageId: message.id, detail: `The message was not delivered (${status}): nothing recorded.` };
    }
    const withdrawn = await repo.unsubscribe(tx, { email: message.email!, sender: message.sender, messageId: message.id });
    await recordAudit(tx, {
      action: 'outreach.complained',
      targetType: 'outreach_message',
      targetId: message.id,
      details: { source: complaint.source, feedbackType, sender: message.sender, withdrawn },
      ip,
    });
    return { outcome: 'recorded', messageId: message.id, detail: 'Recorded: the recipient gets no more email from this sender.' };
  });
}
