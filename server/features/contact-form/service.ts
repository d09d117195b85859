import {
  CONTACT_MESSAGES_PAGE_SIZE,
  type ListContactMessagesResponse,
} from '../../../contract/contact-form';
import type { Db } from '../../db/client';
import type { Env } from '../../lib/env';
import type { Logger } from '../../lib/logger';
import { enqueueEmail } from '../../lib/mail-queue';
import { contactCopyEmail } from './emails';
import { insertContactMessage, listContactMessages } from './repo';

/** What the contact form uses of the app (ADR 060). */
export type ContactFormDeps = { db: Db; env: Env; logger: Logger };

/**
 * Stores a visitor's message and queues a copy to every CONTACT_INBOX address, in one
 * transaction: the caller hears 'Message sent!' only once both exist.
 */
export async function sendContactMessage(options: {
  deps: ContactFormDeps;
  input: { name: string; email: string; subject: string; message: string };
}): Promise<void> {
  const { deps, input } = options;
  await deps.db.transaction(async (tx) => {
    await insertContactMessage(tx, input);
    const copy = contactCopyEmail({ ...input, inboxUrl: `${deps.env.APP_URL}/admin/messages` });
    for (const to of deps.env.CONTACT_INBOX) await enqueueEmail(tx, { to, ...copy });
    if (!deps.env.CONTACT_INBOX.length) {
      // Still stored and readable at /admin/messages; the operators just get no copy.
      deps.logger.warn('contact message stored, but neither CONTACT_INBOX nor ADMIN_EMAILS is set: no copy mailed');
    }
  });
}

export async function readContactMessages(options: { deps: ContactFormDeps; page: number }): Promise<ListContactMessagesResponse> {
  const { deps, page } = options;
  const pageSize = CONTACT_MESSAGES_PAGE_SIZE;
  const { messages, total } = await listContactMessages(deps.db, { limit: pageSize, offset: (page - 1) * pageSize });
  return { messages, total, page, pageSize };
}
