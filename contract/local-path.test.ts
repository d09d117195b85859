import { describe, expect, it } from 'vitest';
import { ReturnTo } from './auth';
import { safeLocalPath } from './local-path';

/*
 * The one local-path rule (return_to) on a table of hostile spellings. The first three are the
 * security review's (2026-11-28): each came out of the old check as '//evil.com'.
 */
const HOSTILE = [
  '/.//evil.com',
  '/a/..//evil.com',
  '/./\\evil.com',
  // their percent-encoded forms
  '/.%2F%2Fevil.com',
  '/%2e//evil.com',
  '/a/%2e%2e//evil.com',
  '/a/%2E%2E/%2Fevil.com',
  '/.%2F%5Cevil.com',
  '/%5Cevil.com',
  '/%5C%5Cevil.com',
  '/%2F%2Fevil.com',
  '/%252F%252Fevil.com',
  // the classics
  '//evil.com',
  '/\\evil.com',
  '\\\\evil.com',
  '/\t/evil.com',
  '/\n/evil.com',
  '/%09/evil.com',
  '/%0a/evil.com',
  '/\u0000',
  '/a\\b',
  'https://evil.com',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,x',
  ' /search',
  'search',
  '/%',
  '',
  null,
  42,
];

describe('safeLocalPath', () => {
  it.each(HOSTILE.map((value) => [JSON.stringify(value), value]))('refuses %s', (_, value) => {
    expect(safeLocalPath(value)).toBeNull();
    expect(ReturnTo.safeParse(value).success).toBe(false);
  });

  it.each([
    ['/account?tab=exports#x', '/account?tab=exports#x'],
    ['/search?query=a%5Cb%25&page=2#physician-12', '/search?query=a%5Cb%25&page=2#physician-12'],
    ['/search?query=//x', '/search?query=//x'],
    ['/physician/113048', '/physician/113048'],
    ['/a/./b/../c', '/a/c'],
    ['/start-trial', '/start-trial'],
  ])('keeps %s as %s', (value, path) => {
    expect(safeLocalPath(value)).toBe(path);
  });
});
