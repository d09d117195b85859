import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('turns http(s) addresses into links and keeps the text around them', () => {
    expect(linkify('Verify: https://x.test/verify-email?token=abc now')).toEqual([
      { kind: 'text', text: 'Verify: ' },
      {
        kind: 'link',
        text: 'https://x.test/verify-email?token=abc',
        href: 'https://x.test/verify-email?token=abc',
      },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('leaves trailing sentence punctuation out of the link', () => {
    expect(linkify('Sign in: http://a.test/login.')).toEqual([
      { kind: 'text', text: 'Sign in: ' },
      { kind: 'link', text: 'http://a.test/login', href: 'http://a.test/login' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('does not link other schemes or markup', () => {
    expect(linkify('<a href="javascript:alert(1)">x</a>')).toEqual([
      { kind: 'text', text: '<a href="javascript:alert(1)">x</a>' },
    ]);
  });
});
