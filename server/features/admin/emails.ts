import type { MailMessage } from '../../lib/mailer';
import { escapeHtml } from '../../lib/mailer';

/** Sent when an operator approves a resume: the profile is now in the directory. */
export function profileLiveEmail(input: { firstName: string; profileUrl: string }): Omit<MailMessage, 'to'> {
  const subject = 'Your PhysicianDirect profile is live';
  const lines = [
    `Hello ${input.firstName},`,
    'Thank you for submitting your resume. We have reviewed it and your profile is now live in the PhysicianDirect directory, where healthcare recruiters can find you.',
    `View your profile: ${input.profileUrl}`,
    'If anything is wrong, or you would like your information removed, reply to this email or use the Remove My Information page on our site.',
    'The PhysicianDirect team',
  ];
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937;line-height:1.5">
<p style="font-size:20px;font-weight:700;color:#2563eb">PhysicianDirect</p>
<p>${escapeHtml(lines[0])}</p>
<p>${escapeHtml(lines[1])}</p>
<p><a href="${escapeHtml(input.profileUrl)}" style="color:#2563eb">View your profile</a></p>
<p>${escapeHtml(lines[3])}</p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(lines[4])}</p>
</body></html>`;
  return { subject, text: lines.join('\n\n'), html };
}
