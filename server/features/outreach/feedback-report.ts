/*
 * Reading a spam complaint from a mail provider's feedback loop (docs/decisions/066-outreach.md):
 * an Abuse Reporting Format report (RFC 5965), a multipart/report whose parts are a note for
 * people, the machine-readable message/feedback-report (Feedback-Type: abuse) and the original
 * message or its headers (message/rfc822, text/rfc822-headers). The original is ours when it holds
 * our one-click List-Unsubscribe URL (or the email's visible unsubscribe or preferences link: the
 * signed m and s of the message) or a Message-ID we gave it ('<id.outreach@domain>'). Pure text
 * work, no database: the service checks what it finds.
 */

export type FeedbackReport = {
  /** The Feedback-Type of the report's message/feedback-report part (lower case); null when it has none. */
  feedbackType: string | null;
  /** The signed links of our outreach messages found in the report, in order, each once. */
  links: Array<{ m: string; s: string }>;
  /** Outreach message ids named by a Message-ID header of ours, in order, each once. */
  messageIds: string[];
};

type Entity = { headers: Map<string, string[]>; body: string };

/** Parts nested deeper than this are not read (a report is three parts, one message deep). */
const MAX_DEPTH = 6;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Our links: the one-click address, the unsubscribe page, the preference centre ('&amp;' in HTML). */
const LINK = new RegExp(`/(?:api/outreach/unsubscribe|outreach/unsubscribe|my-preferences)\\?m=(${UUID})&(?:amp;)?s=([A-Za-z0-9_-]{20,100})`, 'gi');
/** The Message-ID the mailer gives an outreach mail (lib/mailer.ts). */
const OUR_MESSAGE_ID = new RegExp(`<(${UUID})\\.outreach@[^>\\s]+>`, 'gi');

/** The outreach message id a Message-ID of ours names ('<id.outreach@domain>', without the brackets too, or the bare id). */
export function outreachIdOfMessageId(value: string): string | null {
  const text = value.trim();
  const match = new RegExp(`^<?(${UUID})(?:\\.outreach@[^>\\s]+)?>?$`, 'i').exec(text);
  return match ? match[1].toLowerCase() : null;
}

/**
 * What a report says: its feedback type and the outreach messages it names. `contentType` is the
 * HTTP request's: a multipart/report or message/feedback-report body has no headers of its own,
 * anything else (message/rfc822, text/plain, none) is the whole report email, headers first.
 */
export function readFeedbackReport(text: string, contentType: string | undefined): FeedbackReport {
  const type = mediaType(contentType);
  const root: Entity = type.startsWith('multipart/') || type === 'message/feedback-report'
    ? { headers: new Map([['content-type', [contentType!]]]), body: text }
    : parseEntity(text);
  const report: FeedbackReport = { feedbackType: null, links: [], messageIds: [] };
  visit(root, report, 0);
  return report;
}

function visit(entity: Entity, report: FeedbackReport, depth: number): void {
  if (depth > MAX_DEPTH) return;
  scanHeaders(entity.headers, report);
  const contentType = entity.headers.get('content-type')?.[0];
  const type = mediaType(contentType);
  const body = decodeBody(entity.body, entity.headers.get('content-transfer-encoding')?.[0]);
  if (type.startsWith('multipart/')) {
    const boundary = /boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
    if (!boundary) return;
    for (const part of splitParts(body, boundary[1] ?? boundary[2])) visit(parseEntity(part), report, depth + 1);
    return;
  }
  if (type === 'message/feedback-report') {
    // Its fields are written like headers ('Feedback-Type: abuse'), and may name the original too.
    const fields = parseHeaders(body);
    report.feedbackType ??= fields.get('feedback-type')?.[0]?.trim().toLowerCase() || null;
    scanHeaders(fields, report);
    return;
  }
  if (type === 'message/rfc822' || type === 'message/global' || type === 'text/rfc822-headers') {
    visit(parseEntity(body), report, depth + 1);
    return;
  }
  scanText(body, report);
}

/** Our links in any header (List-Unsubscribe may be folded inside its address: whitespace goes), our Message-IDs in the *Message-ID headers. */
function scanHeaders(headers: Map<string, string[]>, report: FeedbackReport): void {
  for (const [name, values] of headers) {
    for (const value of values) {
      const compact = value.replace(/\s+/g, '');
      if (name === 'list-unsubscribe') scanText(compact, report);
      else scanText(value, report);
      if (name.endsWith('message-id')) {
        for (const match of compact.matchAll(OUR_MESSAGE_ID)) add(report.messageIds, match[1].toLowerCase());
      }
    }
  }
}

function scanText(text: string, report: FeedbackReport): void {
  for (const match of text.matchAll(LINK)) {
    const m = match[1].toLowerCase();
    if (!report.links.some((link) => link.m === m && link.s === match[2])) report.links.push({ m, s: match[2] });
  }
}

const add = (list: string[], value: string) => {
  if (!list.includes(value)) list.push(value);
};

/** 'multipart/report' of 'multipart/report; report-type=feedback-report; boundary=...' (lower case); '' when absent. */
function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** Headers, then a blank line, then the body; a text that starts with a blank line has no headers. */
function parseEntity(text: string): Entity {
  const split = /\r?\n\r?\n/.exec(text);
  const head = split ? text.slice(0, split.index) : text;
  // A text without a header line first (a note, a body) is all body.
  if (!/^[!-9;-~]+:/.test(head)) return { headers: new Map(), body: text };
  return { headers: parseHeaders(head), body: split ? text.slice(split.index + split[0].length) : '' };
}

/** Header lines, unfolded (a line starting with a space or tab continues the one before), by lower-case name. */
function parseHeaders(text: string): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  for (const line of text.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return headers;
}

/** The parts between `--boundary` lines, up to the closing `--boundary--`. */
function splitParts(body: string, boundary: string): string[] {
  const parts: string[] = [];
  let current: string[] | null = null;
  for (const line of body.split(/\r?\n/)) {
    const trimmed = line.trimEnd();
    if (trimmed === `--${boundary}` || trimmed === `--${boundary}--`) {
      if (current) parts.push(current.join('\r\n'));
      if (trimmed === `--${boundary}--`) return parts;
      current = [];
      continue;
    }
    current?.push(line);
  }
  if (current) parts.push(current.join('\r\n'));
  return parts;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    default:
      return body;
  }
}
