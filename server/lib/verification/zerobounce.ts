import ZeroBounceSDK from '@zerobounce/zero-bounce-sdk';
import type { VerificationResult } from './provider';
import { VerifierQuotaError, VerifierUnavailableError, withTimeout } from './provider';

/*
 * Emails through ZeroBounce's validate API (v2), with its official SDK. Its documented answer is
 * HTTP 200 with `status` (valid, invalid, catch-all, unknown, spamtrap, abuse, do_not_mail) and
 * `sub_status`; a problem with the account comes back as `{ "error": "..." }`. An 'unknown'
 * costs no credit at ZeroBounce, and is 'unknown' here too (never 'valid').
 */

export type ZeroBounceOptions = {
  apiKey: string;
  /** Another API address (tests: a local server); unset: the SDK's default (api.zerobounce.net/v2). */
  apiUrl?: string;
  timeoutMs?: number;
};

type ZeroBounceAnswer = {
  status?: string;
  sub_status?: string;
  error?: string;
  Message?: string;
};

const r = (status: VerificationResult['status'], confidence: number, reason: string): VerificationResult => ({
  status,
  confidence,
  method: 'zerobounce',
  reason,
});

/** ZeroBounce's status and sub-status -> ours (ADR 032 has the table). */
export function zeroBounceResult(answer: ZeroBounceAnswer): VerificationResult {
  const sub = answer.sub_status || '';
  const why = (text: string) => (sub ? `${text} (${sub.replaceAll('_', ' ')})` : text);
  switch ((answer.status ?? '').toLowerCase()) {
    case 'valid':
      return r('valid', sub === 'alias_address' ? 90 : 97, why('mailbox exists'));
    case 'catch-all':
      return r('risky', 55, why('catch-all domain: any address is accepted'));
    case 'invalid':
      return r('invalid', 1, why('mailbox does not exist'));
    case 'spamtrap':
      return r('invalid', 0, why('spam trap'));
    case 'abuse':
      return r('risky', 20, why('known to complain'));
    case 'do_not_mail':
      return sub === 'role_based' || sub === 'role_based_catch_all'
        ? r('risky', 35, why('role address'))
        : r('invalid', 3, why('do not mail'));
    default:
      return r('unknown', 50, why('no conclusive answer'));
  }
}

export function createZeroBounceEmailCheck(options: ZeroBounceOptions): (email: string) => Promise<VerificationResult> {
  const sdk = new ZeroBounceSDK();
  sdk.init(options.apiKey, options.apiUrl ?? ZeroBounceSDK.ApiURL.DEFAULT_API_URL);
  const timeoutMs = options.timeoutMs ?? 15_000;
  return async (email) => {
    let answer: ZeroBounceAnswer;
    try {
      answer = (await withTimeout(sdk.validateEmail(email), timeoutMs, 'zerobounce')) as ZeroBounceAnswer;
    } catch (error) {
      if (error instanceof VerifierUnavailableError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      if (/api_key is invalid/i.test(message)) throw new VerifierQuotaError('zerobounce', 'API key refused');
      throw new VerifierUnavailableError('zerobounce', message);
    }
    if (!answer || typeof answer !== 'object') throw new VerifierUnavailableError('zerobounce', 'empty answer');
    const problem = answer.error ?? (answer.status ? undefined : answer.Message);
    if (problem !== undefined) {
      if (/credit|quota|limit/i.test(problem)) throw new VerifierQuotaError('zerobounce', problem);
      throw new VerifierUnavailableError('zerobounce', problem);
    }
    return zeroBounceResult(answer);
  };
}
