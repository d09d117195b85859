import type { MailMessage } from './mailer';

/*
 * The one layout of every email: plain text and a simple branded HTML body built from the same
 * parts. Text a person typed (a name, a subject, a reason, a message, a saved search's name) is
 * passed as `userText(...)`, and this module alone decides how it appears: shortened, stripped of
 * invisible characters, every URL-like piece neutralised so no mail client turns it into a link
 * (`https[:]//evil[.]example/login`), and escaped in the HTML. Only our own strings become links.
 */

export const BRAND = 'PhysicianDirect';

export type Email = Omit<MailMessage, 'to'>;

const USER_TEXT: unique symbol = Symbol('userText');

/** Text a person typed, already neutralised (build it with `userText`). */
export type UserText = { readonly [USER_TEXT]: true; readonly text: string; readonly multiline: boolean };

/** Our own text (may hold our links), or text a person typed. */
export type Part = string | UserText;
/** One paragraph: a part, or parts joined without separators. */
export type Line = Part | readonly Part[];

/** Longest user text shown unless the caller says otherwise (a name, a short label). */
export const USER_TEXT_DEFAULT_MAX = 100;

// Controls (but tab and line breaks), zero-width characters, bidirectional marks, fillers and
// variation selectors: they can hide or reorder what a reader sees (e.g. split "evil.example" so
// the neutralising below misses it).
const INVISIBLE = /(?![\t\n\r])[\p{Cc}\p{Default_Ignorable_Code_Point}]/gu;
// A scheme followed by '//' (https://, ftp://, any other) or one that links without slashes.
const SCHEME = /\b([a-z][a-z0-9+.-]{0,30}):(?=\/\/)|\b(mailto|tel|sms|callto|javascript|data|file|vbscript|news|sip|skype|facetime|geo|market|intent|irc|xmpp|matrix|magnet):/gi;
// A dot between a letter or digit and a letter: the dots of host names (evil.example,
// www.evil.example, user@evil.example). Decimal numbers keep their dot.
const HOST_DOT = /(?<=[\p{L}\p{N}_-])\.(?=\p{L})/gu;
// Dotted addresses of numbers (192.0.2.1).
const DOTTED_NUMBERS = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g;

/**
 * What a person typed, made plain: Unicode-normalised (full-width letters and dots become
 * ASCII, so they are caught below), invisible characters dropped, whitespace collapsed (kept as
 * line breaks when `multiline`), shortened to `max` characters, and URL-like pieces neutralised.
 */
export function neutraliseUserText(value: string, options: { max?: number; multiline?: boolean } = {}): string {
  const max = options.max ?? USER_TEXT_DEFAULT_MAX;
  let text = value.normalize('NFKC').replace(/[\u3002\uFF61]/g, '.').replace(INVISIBLE, '');
  text = options.multiline
    ? text
        .replace(/\r\n?/g, '\n')
        .replace(/[^\S\n]+/g, ' ')
        .replace(/\n{3,}/g, '\n\n')
        .trim()
    : text.replace(/\s+/g, ' ').trim();
  const chars = [...text];
  if (chars.length > max) text = `${chars.slice(0, max).join('').trimEnd()}…`;
  return text
    .replace(DOTTED_NUMBERS, (address) => address.replace(/\./g, '[.]'))
    .replace(SCHEME, (_match, withSlashes: string | undefined, bare: string | undefined) => `${withSlashes ?? bare}[:]`)
    .replace(HOST_DOT, '[.]');
}

/** Marks text a person typed; see neutraliseUserText for what happens to it. */
export function userText(value: string | null | undefined, options: { max?: number; multiline?: boolean } = {}): UserText {
  return { [USER_TEXT]: true, text: neutraliseUserText(value ?? '', options), multiline: options.multiline ?? false };
}

const isUserText = (part: Part): part is UserText => typeof part === 'object' && part !== null && USER_TEXT in part;
const partsOf = (line: Line): readonly Part[] => (Array.isArray(line) ? (line as readonly Part[]) : [line as Part]);

/** Escapes text for HTML bodies. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const plain = (line: Line) => partsOf(line).map((part) => (isUserText(part) ? part.text : part)).join('');

// Our own links inside sentences stay clickable in the HTML body; user text is never linkified.
const linkify = (html: string) => html.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" style="color:#2563eb">${url}</a>`);
const html = (line: Line) => partsOf(line).map((part) => (isUserText(part) ? escapeHtml(part.text) : linkify(escapeHtml(part)))).join('');

/** A subject line: one line (a header cannot carry a break), at most 200 characters. */
function subjectOf(line: Line): string {
  const text = plain(line).replace(/[\r\n\t]+/g, ' ');
  const chars = [...text];
  return chars.length > 200 ? `${chars.slice(0, 199).join('')}…` : text;
}

export type Section = {
  paragraphs: Line[];
  /** A person's longer text (a message), shown as a quoted block after the paragraphs. */
  quote?: UserText;
  action?: { label: string; url: string };
  after?: Line[];
};

/** Plain text and a simple branded HTML body from the same parts, so both say the same (every email uses it). */
export function compose(subjectLine: Line, { paragraphs, quote, action, after = [] }: Section): Email {
  const subject = subjectOf(subjectLine);
  const text = [
    ...paragraphs.map(plain),
    ...(quote ? [quote.text] : []),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...after.map(plain),
    `The ${BRAND} team`,
  ].join('\n\n');

  const p = (line: Line) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2937">${html(line)}</p>`;
  const quoted = quote
    ? `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2937;white-space:pre-wrap;border-left:3px solid #d1d5db;padding-left:12px">${escapeHtml(quote.text)}</p>`
    : '';
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#6b7280">If the button does not work, open this link:<br><a href="${escapeHtml(action.url)}" style="color:#2563eb;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#2563eb">${BRAND}</p>
${paragraphs.map(p).join('\n')}
${quoted}
${button}
${after.map(p).join('\n')}
<p style="margin:24px 0 0;font-size:13px;color:#6b7280">The ${BRAND} team</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
  return { subject, text, html: body };
}
