import type { VerificationMethod, VerificationStatus } from '../../../contract/verification';

/*
 * The one interface every contact verifier implements (docs/decisions/032-contact-verification.md).
 * The built-in verifier is the default and needs no network beyond DNS; ZeroBounce (emails) and
 * Twilio Lookup v2 (phones) replace it for their kind when configured (create-verifier.ts).
 */

/** Which of a physician's phones is checked: a landline is fine for the office, not for the mobile. */
export type PhoneKind = 'mobile' | 'office';

/** What one check found about one value. */
export type VerificationResult = {
  status: VerificationStatus;
  /** How likely the value reaches the physician, 0 to 100. */
  confidence: number;
  method: VerificationMethod;
  /** Why, in a few words, for operators ('mailbox exists', 'no MX record', 'landline'). */
  reason: string;
  /** Phones: the number in E.164 form when it parses. */
  e164?: string;
  /** Phones: the line type where known (mobile, landline, voip, toll-free...). */
  lineType?: string;
};

export type ContactVerifier = {
  /** 'builtin', or the providers in use ('zerobounce+twilio'), for logs and the operators' page. */
  readonly name: string;
  verifyEmail(email: string): Promise<VerificationResult>;
  verifyPhone(phone: string, kind: PhoneKind): Promise<VerificationResult>;
};

/**
 * The provider could not answer now (timeout, 5xx, refused connection, rate limited): nothing is
 * known about the value, so the job leaves it as it was and tries again after a backoff.
 */
export class VerifierUnavailableError extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'VerifierUnavailableError';
  }
}

/** The account's credits or quota are spent: the job stops asking until the backoff passes. */
export class VerifierQuotaError extends VerifierUnavailableError {
  constructor(provider: string, message: string) {
    super(provider, message);
    this.name = 'VerifierQuotaError';
  }
}

/** Resolves with the promise, or rejects with VerifierUnavailableError after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, provider: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new VerifierUnavailableError(provider, `no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
