import type { VerificationStatus } from '../../../contract/verification';
import { BUILTIN_CONFIDENCE, checkPhone, emailVerdict } from '../../lib/verification/builtin';
import { DEMO_MAIL_DOMAINS } from '../../lib/verification/create-verifier';

/*
 * The demo's contact values and what the built-in checks find for each (ADR 032), shared by the
 * generator and its signals (demo-signals.ts: self-reported values are checked as the rest are).
 */

/**
 * One contact value's freshness and last check (ADR 022, 032): an absent value is 'unverified'
 * and never checked; a value found valid is 'verified'.
 */
export type ContactFreshness = {
  /** 'self_reported': a resume's value in an empty place, not (yet) found valid (ADR 030; demo-signals.ts). */
  status: 'verified' | 'unverified' | 'self_reported';
  verifiedAt: Date | null;
  verification: VerificationStatus;
  confidence: number | null;
  method: 'builtin' | null;
};
/** The order of `contactFreshness`: personal email, work email, mobile phone, office phone. */
export const CONTACT_VALUE_ORDER = ['personalEmail', 'workEmail', 'mobilePhone', 'officePhone'] as const;

/** Domains of disposable mailboxes (all on the maintained list the built-in verifier reads). */
export const DISPOSABLE_DOMAINS = ['mailinator.com', 'guerrillamail.com', 'yopmail.com', '10minutemail.com'];

/** What the built-in checks find for a demo email, decided by how the generator made it. */
export function demoEmailCheck(email: string): Pick<ContactFreshness, 'verification' | 'confidence'> {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (DISPOSABLE_DOMAINS.includes(domain)) return { verification: 'invalid', confidence: BUILTIN_CONFIDENCE.disposable };
  const verdict = emailVerdict(DEMO_MAIL_DOMAINS.get(domain) ?? 'no_answer', email.startsWith('office+'));
  return { verification: verdict.status, confidence: verdict.confidence };
}

/** The built-in phone check, once per number prefix and kind: the demo's numbers differ in their last two digits only. */
const phoneChecks = new Map<string, Pick<ContactFreshness, 'verification' | 'confidence'>>();
export function demoPhoneCheck(phone: string, kind: 'mobile' | 'office'): Pick<ContactFreshness, 'verification' | 'confidence'> {
  const key = `${kind}:${phone.slice(0, -2)}`;
  let found = phoneChecks.get(key);
  if (!found) {
    const verdict = checkPhone(phone, kind);
    found = { verification: verdict.status, confidence: verdict.confidence };
    phoneChecks.set(key, found);
  }
  return found;
}
