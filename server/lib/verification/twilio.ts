import twilio from 'twilio';
import type { PhoneKind, VerificationResult } from './provider';
import { VerifierQuotaError, VerifierUnavailableError } from './provider';
import { checkPhone } from './builtin';

/*
 * Phones through Twilio Lookup v2 with Line Type Intelligence, with the official `twilio` SDK:
 * GET /v2/PhoneNumbers/{E.164}?Fields=line_type_intelligence answers `valid` and
 * `line_type_intelligence.type` (mobile, landline, fixedVoip, nonFixedVoip, tollFree, personal,
 * premium, sharedCost, uan, voicemail, pager, unknown) and the carrier's name. A number that does
 * not even parse as a US number is answered here without a (paid) lookup.
 */

export type TwilioOptions = {
  accountSid: string;
  authToken: string;
  /** Another Lookup address (tests: a local server); unset: https://lookups.twilio.com. */
  lookupUrl?: string;
  timeoutMs?: number;
};

const r = (status: VerificationResult['status'], confidence: number, reason: string): VerificationResult => ({
  status,
  confidence,
  method: 'twilio',
  reason,
});

/** Line type -> status and confidence, for the phone's kind (ADR 032 has the table). */
export function twilioResult(
  answer: { valid: boolean; lineType: string | null; carrier: string | null; e164: string },
  kind: PhoneKind,
): VerificationResult {
  const base = { e164: answer.e164, lineType: answer.lineType ?? 'unknown' };
  const carrier = answer.carrier ? `, ${answer.carrier}` : '';
  if (!answer.valid) return { ...r('invalid', 1, 'not a valid number'), ...base };
  const type = answer.lineType;
  const good = (confidence: number) => ({ ...r('valid', confidence, `${type}${carrier}`), ...base });
  const risky = (confidence: number) => ({ ...r('risky', confidence, `${type} number as ${kind} phone${carrier}`), ...base });
  switch (type) {
    case 'mobile':
      return good(kind === 'mobile' ? 96 : 85);
    case 'landline':
      return kind === 'office' ? good(92) : risky(40);
    case 'fixedVoip':
      return kind === 'office' ? good(80) : risky(45);
    case 'nonFixedVoip':
      return risky(35);
    case 'tollFree':
      return kind === 'office' ? good(60) : risky(30);
    case null:
    case 'unknown':
      return { ...r('unknown', 50, 'line type not known'), ...base };
    default:
      // personal, premium, sharedCost, uan, voicemail, pager: reaches someone, rarely the physician.
      return risky(25);
  }
}

type RestError = Error & { status?: number; code?: number | string };

export function createTwilioPhoneCheck(options: TwilioOptions): (phone: string, kind: PhoneKind) => Promise<VerificationResult> {
  const client = twilio(options.accountSid, options.authToken, { timeout: options.timeoutMs ?? 15_000, autoRetry: false });
  if (options.lookupUrl) client.lookups.baseUrl = options.lookupUrl;
  return async (phone, kind) => {
    const local = checkPhone(phone, kind);
    if (local.status === 'invalid' || !local.e164) return { ...local, method: 'twilio' };
    let answer;
    try {
      answer = await client.lookups.v2.phoneNumbers(local.e164).fetch({ fields: 'line_type_intelligence' });
    } catch (error) {
      const e = error as RestError;
      // 20005: the account is not active (out of funds); 20003: credentials refused.
      if (e.code === 20005 || e.code === 20003 || e.status === 401) throw new VerifierQuotaError('twilio', e.message);
      // 429 (20429) is safe to retry later; 5xx, timeouts and refused connections too.
      if (e.status === undefined || e.status === 429 || e.status >= 500) {
        throw new VerifierUnavailableError('twilio', e.message || String(e.code ?? 'request failed'));
      }
      // Another 4xx is about this number (e.g. not provisioned for lookups): nothing learned.
      return { ...r('unknown', 50, `lookup refused (${e.code ?? e.status})`), e164: local.e164 };
    }
    const line = answer.lineTypeIntelligence as { type?: string | null; carrier_name?: string | null; carrierName?: string | null } | null;
    return twilioResult(
      {
        valid: answer.valid !== false,
        lineType: line?.type ?? null,
        carrier: line?.carrierName ?? line?.carrier_name ?? null,
        e164: answer.phoneNumber ?? local.e164,
      },
      kind,
    );
  };
}
