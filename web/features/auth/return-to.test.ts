import { describe, expect, it } from 'vitest';
import { loginPath, signupPath } from '@contract/local-path';
import { afterLoginPath, safeLocalPath } from './return-to';

describe('safeLocalPath', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeLocalPath('/account?tab=exports#x')).toBe('/account?tab=exports#x');
  });

  it.each([
    '//evil.example/path',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'account',
    '',
    42,
  ])('rejects %s', (value) => {
    expect(safeLocalPath(value)).toBeNull();
  });
});

describe('afterLoginPath', () => {
  it('prefers return_to over the page the visitor came from', () => {
    expect(
      afterLoginPath({ returnTo: '/lists', state: { from: { pathname: '/account', search: '' } } }),
    ).toBe('/lists');
  });

  it('falls back to the origin location from navigation state', () => {
    expect(
      afterLoginPath({ returnTo: null, state: { from: { pathname: '/account', search: '?tab=exports' } } }),
    ).toBe('/account?tab=exports');
  });

  it('ignores an unsafe return_to and goes to /directory by default', () => {
    expect(afterLoginPath({ returnTo: 'https://evil.example', state: null })).toBe('/directory');
  });

  it('never returns to the login page itself, nor to another sign-in step', () => {
    expect(afterLoginPath({ returnTo: '/login?return_to=/x', state: null })).toBe('/directory');
    expect(afterLoginPath({ returnTo: '/verify-email?token=x', state: null })).toBe('/directory');
  });
});

describe('loginPath and signupPath', () => {
  it('come back to the page, its query and the card it names', () => {
    expect(loginPath('/physician/113048')).toBe('/login?return_to=/physician/113048');
    expect(loginPath('/search?query=card&page=2#physician-12')).toBe(
      '/login?return_to=/search%3Fquery%3Dcard%26page%3D2%23physician-12',
    );
    expect(signupPath('/start-trial')).toBe('/signup?return_to=/start-trial');
  });

  it('leave out the home page, the sign-in pages themselves and anything not of this site', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/login?return_to=/x')).toBe('/login');
    expect(loginPath('/verify-email?token=abc')).toBe('/login');
    expect(loginPath('https://evil.example/')).toBe('/login');
    expect(signupPath('//evil.example')).toBe('/signup');
    expect(loginPath(null)).toBe('/login');
  });

  it('round-trip: the login page reads back the path it was given', () => {
    const path = '/search?query=card&page=2#physician-12';
    const returnTo = new URL(loginPath(path), 'http://localhost').searchParams.get('return_to');
    expect(afterLoginPath({ returnTo, state: null })).toBe(path);
  });
});
