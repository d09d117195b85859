import { Resolver } from 'node:dns/promises';
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import { parsePhoneNumberFromString, type NumberType } from 'libphonenumber-js/max';
import isEmail from 'validator/lib/isEmail.js';
import type { ContactVerifier, PhoneKind, VerificationResult } from './provider';
import { isRoleLocalPart } from './role-addresses';

/*
 * The built-in verifier (the default; ADR 032): checks that need no account anywhere.
 * Emails: syntax (validator), disposable domains (a maintained list), role addresses, and the
 * domain's MX records through node:dns when a resolver answers; no answer means 'unknown', never
 * 'valid'. Phones: Google's libphonenumber metadata (libphonenumber-js): a valid US number, its
 * type where the numbering plan tells it, and its E.164 form. It cannot see a mailbox or a line's
 * carrier, so its 'valid' carries less confidence than a provider's.
 */

/**
 * What DNS says about a domain's mail: accepts (MX found), no MX record (mail may still go to its
 * A record), a null MX (RFC 7505: accepts no mail), no such domain, or no answer at all.
 */
export type MxAnswer = 'accepts' | 'no_mx' | 'null_mx' | 'no_domain' | 'no_answer';

export type BuiltinOptions = {
  /** false: never ask DNS (every domain not in `knownDomains` is 'no_answer'). */
  dns?: boolean;
  /** Per lookup; the resolver is asked once (no retries), so a dead resolver costs this much. */
  dnsTimeoutMs?: number;
  /** Answers given without DNS (the demo directory's fictional domains; tests). */
  knownDomains?: ReadonlyMap<string, MxAnswer>;
  /** A resolver's servers (tests point it at a local DNS server); unset: the system's. */
  dnsServers?: string[];
};

// Built once: the package's own isDisposableEmailDomain builds a Set of its whole list per call.
const DISPOSABLE_DOMAINS: ReadonlySet<string> = disposableEmailBlocklistSet();

const EMAIL_OPTIONS = { allow_display_name: false, require_tld: true, allow_ip_domain: false, allow_utf8_local_part: false };
/** Answers kept per domain (a batch holds many addresses of few domains). */
const MX_CACHE_MS = 10 * 60_000;
const MX_CACHE_MAX = 10_000;
const NO_ANSWER_CACHE_MS = 60_000;

export const BUILTIN_CONFIDENCE = {
  /** Syntax fine and the domain takes mail; the mailbox itself is not checked. */
  emailValid: 75,
  role: 35,
  noMx: 20,
  unknown: 50,
  disposable: 5,
  badSyntax: 0,
  noDomain: 2,
  /** A valid number for its kind in the numbering plan; the line itself is not checked. */
  phoneValid: 65,
  phoneWrongKind: 35,
  phoneInvalid: 0,
} as const;

const result = (status: VerificationResult['status'], confidence: number, reason: string): VerificationResult => ({
  status,
  confidence,
  method: 'builtin',
  reason,
});

/**
 * The email checks that need no network, or null when only the domain's MX can decide. Exported
 * for the bench and the demo generator's test.
 */
export function checkEmailOffline(email: string): { verdict: VerificationResult | null; domain: string; role: boolean } {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  const domain = at > 0 ? trimmed.slice(at + 1).toLowerCase() : '';
  if (at <= 0 || !isEmail(trimmed, EMAIL_OPTIONS)) {
    return { verdict: result('invalid', BUILTIN_CONFIDENCE.badSyntax, 'not a valid address'), domain, role: false };
  }
  if (DISPOSABLE_DOMAINS.has(domain)) {
    return { verdict: result('invalid', BUILTIN_CONFIDENCE.disposable, 'disposable domain'), domain, role: false };
  }
  return { verdict: null, domain, role: isRoleLocalPart(trimmed.slice(0, at)) };
}

/** The verdict once the domain's MX answer is known. */
export function emailVerdict(mx: MxAnswer, role: boolean): VerificationResult {
  if (mx === 'no_domain') return result('invalid', BUILTIN_CONFIDENCE.noDomain, 'domain does not exist');
  if (mx === 'null_mx') return result('invalid', BUILTIN_CONFIDENCE.noDomain, 'domain accepts no mail (null MX)');
  if (mx === 'no_mx') return result('risky', BUILTIN_CONFIDENCE.noMx, 'no MX record');
  if (mx === 'no_answer') {
    return role
      ? result('risky', BUILTIN_CONFIDENCE.role, 'role address; domain not checked')
      : result('unknown', BUILTIN_CONFIDENCE.unknown, 'no DNS answer for the domain');
  }
  return role
    ? result('risky', BUILTIN_CONFIDENCE.role, 'role address (a shared inbox)')
    : result('valid', BUILTIN_CONFIDENCE.emailValid, 'syntax and MX record');
}

const LINE_TYPES: Partial<Record<NonNullable<NumberType>, string>> = {
  MOBILE: 'mobile',
  FIXED_LINE: 'landline',
  FIXED_LINE_OR_MOBILE: 'landline or mobile',
  TOLL_FREE: 'toll-free',
  PREMIUM_RATE: 'premium rate',
  SHARED_COST: 'shared cost',
  VOIP: 'voip',
  PERSONAL_NUMBER: 'personal number',
  PAGER: 'pager',
  UAN: 'company number',
  VOICEMAIL: 'voicemail',
};

/** The phone checks (no network at all). */
export function checkPhone(phone: string, kind: PhoneKind): VerificationResult {
  const parsed = parsePhoneNumberFromString(phone, 'US');
  if (!parsed || !parsed.isValid() || parsed.country !== 'US') {
    return result('invalid', BUILTIN_CONFIDENCE.phoneInvalid, 'not a valid US number');
  }
  const type = parsed.getType();
  const lineType = (type && LINE_TYPES[type]) ?? 'unknown';
  const base = { e164: parsed.number, lineType };
  // US numbers do not tell mobile from landline (FIXED_LINE_OR_MOBILE): fine for either kind.
  const fits =
    type === undefined ||
    type === 'FIXED_LINE_OR_MOBILE' ||
    (kind === 'mobile' ? type === 'MOBILE' : type === 'FIXED_LINE' || type === 'TOLL_FREE' || type === 'UAN');
  return fits
    ? { ...result('valid', BUILTIN_CONFIDENCE.phoneValid, `valid US number (${lineType})`), ...base }
    : { ...result('risky', BUILTIN_CONFIDENCE.phoneWrongKind, `${lineType} number as ${kind} phone`), ...base };
}

/** Classifies a resolveMx outcome. Only an answer about the domain itself counts as one. */
export function classifyMx(records: Array<{ exchange: string; priority: number }> | Error): MxAnswer {
  if (records instanceof Error) {
    const code = (records as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND') return 'no_domain';
    if (code === 'ENODATA') return 'no_mx';
    return 'no_answer';
  }
  // RFC 7505: a single MX of '.' says the domain accepts no mail.
  const usable = records.filter((r) => r.exchange !== '' && r.exchange !== '.');
  if (usable.length > 0) return 'accepts';
  return records.length > 0 ? 'null_mx' : 'no_mx';
}

export function createBuiltinVerifier(options: BuiltinOptions = {}): ContactVerifier & { mxLookups(): number } {
  const useDns = options.dns ?? true;
  const resolver = new Resolver({ timeout: options.dnsTimeoutMs ?? 2_000, tries: 1 });
  if (options.dnsServers) resolver.setServers(options.dnsServers);
  const cache = new Map<string, { answer: Promise<MxAnswer>; at: number }>();
  let lookups = 0;

  function mxOf(domain: string): Promise<MxAnswer> {
    const known = options.knownDomains?.get(domain);
    if (known) return Promise.resolve(known);
    if (!useDns) return Promise.resolve('no_answer');
    const now = Date.now();
    const hit = cache.get(domain);
    if (hit && now - hit.at < MX_CACHE_MS) return hit.answer;
    if (cache.size >= MX_CACHE_MAX) cache.clear();
    lookups++;
    const answer = resolver.resolveMx(domain).then(classifyMx, (error: Error) => classifyMx(error));
    cache.set(domain, { answer, at: now });
    // No answer is remembered for a minute only: a resolver that is down is not asked once per
    // address, and the domain is asked again soon.
    void answer.then((a) => {
      if (a === 'no_answer') cache.set(domain, { answer, at: now - MX_CACHE_MS + NO_ANSWER_CACHE_MS });
    });
    return answer;
  }

  return {
    name: 'builtin',
    mxLookups: () => lookups,
    async verifyEmail(email) {
      const offline = checkEmailOffline(email);
      if (offline.verdict) return offline.verdict;
      return emailVerdict(await mxOf(offline.domain), offline.role);
    },
    async verifyPhone(phone, kind) {
      return checkPhone(phone, kind);
    },
  };
}
