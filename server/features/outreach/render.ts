import { fillMergeFields, type MergeValues } from '../../../contract/outreach';
import { escapeHtml, neutraliseUserText } from '../../lib/mail-layout';

/*
 * An outreach email (docs/decisions/066-outreach.md): the recruiter's subject and body with the
 * merge fields filled, then what the law and the mailbox providers require in every message: who
 * sent it, a visible unsubscribe link, the operator's postal address (CAN-SPAM), and the one-click
 * headers (RFC 8058). The recruiter's text is a person's text: made plain, never linkified.
 */

export type OutreachEmail = { subject: string; text: string; html: string; headers: Record<string, string> };

export function renderOutreach(input: {
  subject: string;
  body: string;
  values: MergeValues;
  senderName: string;
  teamName: string | null;
  /** The one-click address (List-Unsubscribe, POSTed by mail clients). */
  unsubscribeUrl: string;
  /** The page the visible link opens (every sender, or only this one). */
  unsubscribePageUrl: string;
  /** The physician's preference centre (whether they are looking, how many emails a month). */
  preferencesUrl: string;
  postalAddress: string;
  brand: string;
}): OutreachEmail {
  const subject = neutraliseUserText(fillMergeFields(input.subject, input.values), { max: 200 }).replace(/[\r\n]+/g, ' ');
  const body = neutraliseUserText(fillMergeFields(input.body, input.values), { max: 10_000, multiline: true });
  const from = input.teamName ? `${input.senderName} (${input.teamName})` : input.senderName;
  const footer = [
    `${from} wrote to you through ${input.brand}. Reply to this email to answer them.`,
    `Choose how often recruiters may write to you: ${input.preferencesUrl}`,
    `Unsubscribe from recruiter emails: ${input.unsubscribePageUrl}`,
    input.postalAddress,
  ];
  const text = [body, '--', ...footer].join('\n\n');
  const small = 'margin:0 0 8px;font-size:12px;line-height:1.5;color:#6b7280';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<div style="max-width:600px;font-size:15px;line-height:1.6;white-space:pre-wrap">${escapeHtml(body)}</div>
<hr style="max-width:600px;margin:24px 0;border:none;border-top:1px solid #e5e7eb">
<p style="${small}">${escapeHtml(footer[0])}</p>
<p style="${small}"><a href="${escapeHtml(input.preferencesUrl)}" style="color:#2563eb">Choose how often recruiters may write to you</a> · <a href="${escapeHtml(input.unsubscribePageUrl)}" style="color:#2563eb">Unsubscribe from recruiter emails</a></p>
<p style="${small}">${escapeHtml(input.postalAddress)}</p>
</body></html>`;
  return {
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
