import type { Env } from '../env';
import { createBuiltinVerifier, type MxAnswer } from './builtin';
import type { ContactVerifier } from './provider';
import { createTwilioPhoneCheck } from './twilio';
import { createZeroBounceEmailCheck } from './zerobounce';

/**
 * The contact verifier chosen by configuration, like billing (ADR 012, 032): ZeroBounce for
 * emails with ZEROBOUNCE_API_KEY, Twilio Lookup for phones with TWILIO_ACCOUNT_SID and
 * TWILIO_AUTH_TOKEN, the built-in checks for whatever has no provider.
 */
export function createContactVerifier(
  env: Pick<Env, 'ZEROBOUNCE_API_KEY' | 'ZEROBOUNCE_API_URL' | 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_LOOKUP_URL' | 'VERIFY_DNS'>,
  options: { knownDomains?: ReadonlyMap<string, MxAnswer>; timeoutMs?: number } = {},
): ContactVerifier {
  const builtin = createBuiltinVerifier({ dns: env.VERIFY_DNS, knownDomains: options.knownDomains });
  const email = env.ZEROBOUNCE_API_KEY
    ? createZeroBounceEmailCheck({ apiKey: env.ZEROBOUNCE_API_KEY, apiUrl: env.ZEROBOUNCE_API_URL, timeoutMs: options.timeoutMs })
    : null;
  const phone =
    env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN
      ? createTwilioPhoneCheck({
          accountSid: env.TWILIO_ACCOUNT_SID,
          authToken: env.TWILIO_AUTH_TOKEN,
          lookupUrl: env.TWILIO_LOOKUP_URL,
          timeoutMs: options.timeoutMs,
        })
      : null;
  const name = [email ? 'zerobounce' : 'builtin', phone ? 'twilio' : 'builtin'];
  return {
    name: name[0] === name[1] ? name[0] : name.join('+'),
    verifyEmail: email ?? ((value) => builtin.verifyEmail(value)),
    verifyPhone: phone ?? ((value, kind) => builtin.verifyPhone(value, kind)),
  };
}

/**
 * The demo directory's addresses are at example.com, example.net and example.org (RFC 2606:
 * reserved, fictional). In the demo's world the first and the last take mail and .net's resolver
 * never answers (so the demo shows 'unknown' too); answered without DNS, as the demo runs offline.
 */
export const DEMO_MAIL_DOMAINS: ReadonlyMap<string, MxAnswer> = new Map([
  ['example.com', 'accepts'],
  ['example.org', 'accepts'],
  ['example.net', 'no_answer'],
]);
