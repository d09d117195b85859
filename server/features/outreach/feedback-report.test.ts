import { describe, expect, it } from 'vitest';
import { outreachIdOfMessageId, readFeedbackReport } from './feedback-report';

/*
 * Reading a feedback loop's report (RFC 5965): the feedback type, and the outreach message the
 * original names, by its signed links (one-click header folded inside the address, the visible
 * links quoted-printable or base64 in the body) or by a Message-ID of ours.
 */

const ID = '0b7a4c1e-2f3d-4e5a-8b6c-7d8e9f0a1b2c';
const SIG = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd';

const original = [
  'From: "Ada Recruiter via PhysicianDirect" <outreach@physiciandirect.test>',
  'To: dr.renoir@example.org',
  'Subject: A Cardiology role near Reno',
  `Message-ID: <${ID}.outreach@physiciandirect.test>`,
  // Folded inside the address, as nodemailer may fold a long header.
  `List-Unsubscribe: <http://localhost:3000/api/outreach/unsubscribe?m=${ID}&s=${SIG.slice(0, 20)}`,
  ` ${SIG.slice(20)}>`,
  'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Dear Dr. Renoir,',
  '',
  `Unsubscribe from recruiter emails: http://localhost:3000/outreach/unsubscribe?m=3D${ID}&s=3D${SIG}`,
].join('\r\n');

function arf(feedbackType: string, originalPart: string, originalType = 'message/rfc822') {
  return [
    'From: feedback@mail-provider.example',
    'To: abuse@physiciandirect.test',
    'Subject: Complaint',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report;',
    '\tboundary="part_boundary_42"',
    '',
    'This is a multi-part message in MIME format.',
    '--part_boundary_42',
    'Content-Type: text/plain; charset="US-ASCII"',
    '',
    'This is an email abuse report for an email message received from IP 192.0.2.1.',
    '--part_boundary_42',
    'Content-Type: message/feedback-report',
    '',
    `Feedback-Type: ${feedbackType}`,
    'User-Agent: SomeGenerator/1.0',
    'Version: 1',
    'Original-Rcpt-To: <dr.renoir@example.org>',
    '',
    '--part_boundary_42',
    `Content-Type: ${originalType}`,
    'Content-Disposition: inline',
    '',
    originalPart,
    '--part_boundary_42--',
    '',
  ].join('\r\n');
}

describe('readFeedbackReport', () => {
  it('reads the feedback type and the signed link of the original (its folded List-Unsubscribe and its body) and its Message-ID', () => {
    const report = readFeedbackReport(arf('abuse', original), 'message/rfc822');
    expect(report.feedbackType).toBe('abuse');
    expect(report.links).toEqual([{ m: ID, s: SIG }]);
    expect(report.messageIds).toEqual([ID]);
  });

  it('takes the report as a multipart/report body with the boundary in the HTTP header', () => {
    const whole = arf('Abuse', original);
    const body = whole.slice(whole.indexOf('\r\n\r\n') + 4);
    const report = readFeedbackReport(body, 'multipart/report; report-type=feedback-report; boundary="part_boundary_42"');
    expect(report).toEqual({ feedbackType: 'abuse', links: [{ m: ID, s: SIG }], messageIds: [ID] });
  });

  it('finds the message by its Message-ID when only the headers were kept (text/rfc822-headers)', () => {
    const headers = `Message-ID: <${ID}.outreach@physiciandirect.test>\r\nSubject: A role\r\n`;
    const report = readFeedbackReport(arf('abuse', headers, 'text/rfc822-headers'), undefined);
    expect(report).toEqual({ feedbackType: 'abuse', links: [], messageIds: [ID] });
  });

  it('reads a base64 original, and HTML links written with &amp;', () => {
    const html = Buffer.from(`<a href="http://localhost:3000/my-preferences?m=${ID}&amp;s=${SIG}">Choose</a>`).toString('base64');
    const part = `Content-Type: text/html\r\nContent-Transfer-Encoding: base64\r\n\r\n${html.replace(/(.{60})/g, '$1\r\n')}`;
    const report = readFeedbackReport(arf('abuse', part), 'text/plain');
    expect(report.links).toEqual([{ m: ID, s: SIG }]);
  });

  it('says when a report has no feedback part, and names no message of ours for other mail', () => {
    expect(readFeedbackReport('Subject: hello\r\n\r\nJust a note.', 'text/plain')).toEqual({ feedbackType: null, links: [], messageIds: [] });
    const other = arf('abuse', 'Message-ID: <random-123@mailer.example>\r\nSubject: Reset your password\r\n\r\nhttps://evil.example/api/outreach/unsubscribe?m=nope&s=nope');
    expect(readFeedbackReport(other, undefined)).toEqual({ feedbackType: 'abuse', links: [], messageIds: [] });
  });

  it('survives hostile text (no boundary, deep nesting, binary) without throwing', () => {
    const nested = Array.from({ length: 40 }, () => 'Content-Type: message/rfc822\r\n\r\n').join('') + original;
    for (const text of ['', '\u0000\uffff', 'Content-Type: multipart/report\r\n\r\n--x\r\n', nested, ':::\r\n\r\n', 'a'.repeat(100_000)]) {
      expect(() => readFeedbackReport(text, undefined)).not.toThrow();
      expect(() => readFeedbackReport(text, 'multipart/report; boundary=')).not.toThrow();
    }
  });
});

describe('outreachIdOfMessageId', () => {
  it('takes the bare id, our Message-ID with or without brackets, and nothing else', () => {
    expect(outreachIdOfMessageId(ID)).toBe(ID);
    expect(outreachIdOfMessageId(`<${ID}.outreach@physiciandirect.test>`)).toBe(ID);
    expect(outreachIdOfMessageId(`${ID.toUpperCase()}.outreach@physiciandirect.test`)).toBe(ID);
    expect(outreachIdOfMessageId('<random-123@mailer.example>')).toBeNull();
    expect(outreachIdOfMessageId(`${ID}@elsewhere.example`)).toBeNull();
  });
});
