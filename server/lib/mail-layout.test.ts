import { describe, expect, it } from 'vitest';
import { profileLiveEmail } from '../features/admin/emails';
import { refundRequestedOperatorEmail } from '../features/billing/emails';
import { contactCopyEmail } from '../features/contact-form/emails';
import { submissionReceiptEmail } from '../features/submissions/emails';
import { compose, neutraliseUserText, userText } from './mail-layout';

/*
 * Text a person typed is plain in every email: no URL-like piece a mail client would make
 * clickable, escaped in the HTML, shortened. One layout (lib/mail-layout.ts) does it for all.
 */

const HOSTILE = 'Ann <b>verify</b> at https://evil.example/login, www.evil.example, evil.example/login or ann@evil.example';

/** No link to the hostile host, in either body, and no markup from the text. */
function expectPlain(mail: { subject: string; text: string; html: string }) {
  for (const body of [mail.subject, mail.text, mail.html]) {
    expect(body).not.toMatch(/evil\.example/);
    expect(body).not.toMatch(/https?:\/\/evil/);
  }
  expect(mail.html).not.toMatch(/<a [^>]*evil/);
  expect(mail.html).not.toContain('<b>');
}

describe('neutraliseUserText', () => {
  it.each([
    ['https://evil.example/login', 'https[:]//evil[.]example/login'],
    ['see evil.example/login now', 'see evil[.]example/login now'],
    ['www.evil.example', 'www[.]evil[.]example'],
    ['ann@evil.example', 'ann@evil[.]example'],
    ['mailto:ann@evil.example', 'mailto[:]ann@evil[.]example'],
    ['javascript:alert(1)', 'javascript[:]alert(1)'],
    ['ftp://192.0.2.1/x', 'ftp[:]//192[.]0[.]2[.]1/x'],
    // Full-width and ideographic dots, zero-width characters: caught after normalising.
    ['ｅｖｉｌ．ｅｘａｍｐｌｅ', 'evil[.]example'],
    ['evil。example', 'evil[.]example'],
    ['evil.exa\u200bmple/login', 'evil[.]example/login'],
    ['пример.рф', 'пример[.]рф'],
    // Ordinary text is left alone.
    ['Dr. Ann Smith, 1.5 years', 'Dr. Ann Smith, 1.5 years'],
  ])('%s -> %s', (input, expected) => {
    expect(neutraliseUserText(input, { max: 200 })).toBe(expected);
  });

  it('shortens to the given length and keeps one line unless multiline', () => {
    expect(neutraliseUserText('x'.repeat(150), { max: 100 })).toBe(`${'x'.repeat(100)}…`);
    expect(neutraliseUserText('a\r\nb\n\n\n\nc')).toBe('a b c');
    expect(neutraliseUserText('a\r\nb\n\n\n\nc', { multiline: true })).toBe('a\nb\n\nc');
  });
});

describe('every email that carries user text', () => {
  it('compose: our own links stay links; user text never becomes one', () => {
    const mail = compose(['Hello ', userText(HOSTILE)], {
      paragraphs: [['Dear ', userText(HOSTILE, { max: 200 }), ','], 'Open https://app.example/account to see it.'],
      quote: userText(HOSTILE, { multiline: true, max: 500 }),
      action: { label: 'Open', url: 'https://app.example/admin' },
    });
    expectPlain(mail);
    expect(mail.html).toContain('<a href="https://app.example/account"');
    expect(mail.html).toContain('href="https://app.example/admin"');
    expect(mail.text).toContain('https[:]//evil[.]example/login');
    expect(mail.html).toContain('&#60;b&#62;verify&#60;/b&#62;');
  });

  it('the resume receipt, the contact-form copy, the refund request to operators, the profile-live mail', () => {
    expectPlain(submissionReceiptEmail({ firstName: HOSTILE, appUrl: 'https://app.example' }));
    expectPlain(profileLiveEmail({ firstName: HOSTILE, profileUrl: 'https://app.example/physician/1' }));
    expectPlain(
      contactCopyEmail({ name: HOSTILE, email: 'rita@agency.test', subject: HOSTILE, message: HOSTILE, inboxUrl: 'https://app.example/admin/messages' }),
    );
    const refund = refundRequestedOperatorEmail({
      email: 'rita@agency.test',
      planName: 'Annual Plan',
      firstPaidAt: new Date('2026-11-01T00:00:00Z'),
      reason: HOSTILE,
      adminUrl: 'https://app.example/admin-dashboard',
    });
    expectPlain(refund);
    expect(refund.text).toContain('Reason given: Ann <b>verify</b> at https[:]//evil[.]example/login');
  });

  it('shortens long user text: a 5,000-character message becomes at most 2,000 in the copy', () => {
    const mail = contactCopyEmail({ name: 'Rita', email: 'rita@agency.test', subject: 'Hello there', message: 'y'.repeat(5000), inboxUrl: 'https://app.example/admin/messages' });
    expect(mail.text).toContain(`${'y'.repeat(2000)}…`);
    expect(mail.text).not.toContain('y'.repeat(2001));
  });
});
