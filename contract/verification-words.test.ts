import { describe, expect, it } from 'vitest';
import type { ContactVerification } from './verification';
import { checkDay, findingWords, latestValidCheckWords, verificationWords } from './verification-words';

const at = '2026-11-12T09:30:00.000Z';
const check = (status: ContactVerification['status'], confidence: number | null, method: ContactVerification['method'] = 'builtin'): ContactVerification => ({
  status,
  confidence,
  checkedAt: at,
  method,
});

describe('verificationWords: the one vocabulary of a check (ADR 053)', () => {
  it('says each finding in a short label and a sentence with the day', () => {
    expect(verificationWords(check('valid', 65))).toEqual({
      label: 'Verified valid · 65 %',
      sentence: 'Verified valid, 12 Nov 2026 · 65 % confidence',
      description: 'Verified valid, 12 Nov 2026 · 65 % confidence, by our built-in checks',
      day: '12 Nov 2026',
      tone: 'valid',
    });
    expect(verificationWords(check('risky', 35, 'twilio'))).toMatchObject({
      label: 'Risky · 35 %',
      sentence: 'Risky, 12 Nov 2026 · 35 % confidence',
      description: 'Risky, 12 Nov 2026 · 35 % confidence, by Twilio Lookup',
      tone: 'risky',
    });
    expect(verificationWords(check('unknown', 50))).toMatchObject({
      label: 'Inconclusive · 50 %',
      sentence: 'Inconclusive, 12 Nov 2026 · 50 % confidence',
      tone: 'unknown',
    });
    expect(verificationWords(check('invalid', 0, 'zerobounce'))).toMatchObject({
      label: 'Invalid · 0 %',
      sentence: 'Invalid, 12 Nov 2026 · 0 % confidence',
      tone: 'invalid',
    });
  });

  it('a value never checked (or dated without a method, before ADR 032) is Not yet checked', () => {
    expect(verificationWords({ status: 'unknown', confidence: null, checkedAt: null, method: null })).toEqual({
      label: 'Not yet checked',
      sentence: 'Not yet checked',
      description: 'Not yet checked',
      day: null,
      tone: 'unknown',
    });
  });

  it('a reported value says so first; a self-reported one says whose it is', () => {
    expect(verificationWords(check('valid', 90), 'reported')).toMatchObject({
      label: 'Reported wrong',
      sentence: 'Reported wrong · Verified valid, 12 Nov 2026 · 90 % confidence',
      tone: 'reported',
    });
    expect(verificationWords({ status: 'unknown', confidence: null, checkedAt: null, method: null }, 'self_reported')).toMatchObject({
      label: 'Self-reported · Not yet checked',
      sentence: 'Self-reported · Not yet checked',
    });
    // 'verified' and 'unverified' follow the check (ADR 032): they add nothing.
    expect(verificationWords(check('risky', 35), 'unverified').label).toBe('Risky · 35 %');
    expect(verificationWords(check('valid', 97), 'verified').label).toBe('Verified valid · 97 %');
  });

  it("a physician's latest valid check in the same words; none without one", () => {
    expect(latestValidCheckWords('2026-11-12T23:59:00Z')?.sentence).toBe('Verified valid, 12 Nov 2026');
    expect(latestValidCheckWords(null)).toBeNull();
    expect(latestValidCheckWords('not a date')).toBeNull();
  });

  it('a finding alone, for headings and counts', () => {
    expect(['valid', 'risky', 'unknown', 'invalid'].map((s) => findingWords(s as ContactVerification['status']))).toEqual([
      'Verified valid',
      'Risky',
      'Inconclusive',
      'Invalid',
    ]);
  });

  it('days in UTC, months spelt the same whatever the ICU version', () => {
    expect(checkDay('2026-09-01T00:00:00Z')).toBe('1 Sep 2026');
    expect(checkDay('2026-12-31T23:30:00-05:00')).toBe('1 Jan 2027');
  });
});
