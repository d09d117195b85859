import { describe, expect, it } from 'vitest';
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

  it('never returns to the login page itself', () => {
    expect(afterLoginPath({ returnTo: '/login?return_to=/x', state: null })).toBe('/directory');
  });
});
