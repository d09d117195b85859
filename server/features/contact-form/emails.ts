import type { Email } from '../auth/emails';
import { escapeHtml } from '../../lib/mailer';

/**
 * The operators' copy of a contact message. Reply-to is not set by the queue, so the sender's
 * address is at the top; the visitor's text is quoted as-is (escaped in the HTML body).
 */
export function contactCopyEmail(input: { name: string; email: string; subject: string; message: string; inboxUrl: string }): Email {
  // Header-safe subject: the visitor's text must not break the mail headers.
  const subject = `Contact form: ${input.subject.replace(/[\r\n]+/g, ' ')}`.slice(0, 200);
  const text = [
    `From: ${input.name} <${input.email}>`,
    `Subject: ${input.subject}`,
    '',
    input.message,
    '',
    `All messages: ${input.inboxUrl}`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<p><strong>From:</strong> ${escapeHtml(input.name)} &lt;<a href="mailto:${escapeHtml(input.email)}">${escapeHtml(input.email)}</a>&gt;<br>
<strong>Subject:</strong> ${escapeHtml(input.subject)}</p>
<p style="white-space:pre-wrap;border-left:3px solid #d1d5db;padding-left:12px">${escapeHtml(input.message)}</p>
<p style="font-size:13px;color:#6b7280">All messages: <a href="${escapeHtml(input.inboxUrl)}">${escapeHtml(input.inboxUrl)}</a></p>
</body></html>`;
  return { subject, text, html };
}
