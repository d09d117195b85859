import { compose, userText, type Email } from '../../lib/mail-layout';

/**
 * The operators' copy of a contact message. Reply-to is not set by the queue, so the sender's
 * address is at the top (a validated address, kept whole so operators can write back); the
 * visitor's name, subject and message are user text: shortened and made plain by the layout. The
 * whole message is always at /admin/messages.
 */
export function contactCopyEmail(input: { name: string; email: string; subject: string; message: string; inboxUrl: string }): Email {
  return compose(['Contact form: ', userText(input.subject, { max: 150 })], {
    paragraphs: [
      ['From: ', userText(input.name), ` <${input.email}>`],
      ['Subject: ', userText(input.subject, { max: 150 })],
    ],
    quote: userText(input.message, { max: 2000, multiline: true }),
    action: { label: 'All messages', url: input.inboxUrl },
  });
}
