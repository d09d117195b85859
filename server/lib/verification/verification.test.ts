import { createSocket, type Socket } from 'node:dgram';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createBuiltinVerifier } from './builtin';
import { createContactVerifier } from './create-verifier';
import { VerifierQuotaError, VerifierUnavailableError } from './provider';
import { createTwilioPhoneCheck } from './twilio';
import { createZeroBounceEmailCheck } from './zerobounce';

/*
 * Every verifier against small local servers that answer as the real ones do: a DNS server on
 * UDP for the built-in MX lookups, ZeroBounce's validate API and Twilio Lookup v2 over HTTP, each
 * called through the code the app runs (the official SDKs for the providers).
 */

// --- a DNS server: MX for mail.test, null MX for nomail.test, NXDOMAIN for gone.test, no
// records for bare.test, and silence for slow.test (the resolver times out).
function encodeName(name: string): Buffer {
  return Buffer.concat([...name.split('.').map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)])), Buffer.from([0])]);
}
function dnsAnswer(query: Buffer): Buffer | null {
  let offset = 12;
  const labels: string[] = [];
  while (query[offset] !== 0) {
    labels.push(query.subarray(offset + 1, offset + 1 + query[offset]).toString());
    offset += query[offset] + 1;
  }
  const question = query.subarray(12, offset + 5);
  const name = labels.join('.').toLowerCase();
  if (name === 'slow.test') return null;
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  const rcode = name === 'gone.test' ? 3 : 0;
  const answers: Buffer[] = [];
  if (name === 'mail.test' || name === 'nomail.test') {
    const exchange = name === 'mail.test' ? encodeName('mx1.mail.test') : Buffer.from([0]);
    const rdata = Buffer.concat([Buffer.from([0, 10]), exchange]);
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0);
    rr.writeUInt16BE(15, 2); // MX
    rr.writeUInt16BE(1, 4);
    rr.writeUInt32BE(300, 6);
    rr.writeUInt16BE(rdata.length, 10);
    answers.push(Buffer.concat([rr, rdata]));
  }
  header.writeUInt16BE(0x8180 | rcode, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  return Buffer.concat([header, question, ...answers]);
}
const dnsServer: Socket = createSocket('udp4');
dnsServer.on('message', (msg, rinfo) => {
  const reply = dnsAnswer(msg);
  if (reply) dnsServer.send(reply, rinfo.port, rinfo.address);
});
await new Promise<void>((resolve) => dnsServer.bind(0, '127.0.0.1', resolve));
const dnsPort = dnsServer.address().port;

// --- ZeroBounce and Twilio Lookup: what they answer, per address or number.
const zeroBounceAnswers: Record<string, { status: number; body: unknown } | 'hang'> = {
  'jane.doe@clinic.test': { status: 200, body: { address: 'jane.doe@clinic.test', status: 'valid', sub_status: '', mx_found: 'true' } },
  'gone@clinic.test': { status: 200, body: { address: 'gone@clinic.test', status: 'invalid', sub_status: 'mailbox_not_found' } },
  'any@catchall.test': { status: 200, body: { address: 'any@catchall.test', status: 'catch-all', sub_status: '' } },
  'info@clinic.test': { status: 200, body: { address: 'info@clinic.test', status: 'do_not_mail', sub_status: 'role_based' } },
  'greylisted@clinic.test': { status: 200, body: { address: 'greylisted@clinic.test', status: 'unknown', sub_status: 'greylisted' } },
  'broke@clinic.test': { status: 200, body: { error: 'Invalid API Key or your account ran out of credits' } },
  'slow@clinic.test': 'hang',
};
const twilioAnswers: Record<string, { status: number; body: unknown } | 'hang'> = {
  '+12125550142': { status: 200, body: { phone_number: '+12125550142', valid: true, line_type_intelligence: { type: 'mobile', carrier_name: 'Verizon Wireless', error_code: null } } },
  '+12125550143': { status: 200, body: { phone_number: '+12125550143', valid: true, line_type_intelligence: { type: 'landline', carrier_name: 'Verizon', error_code: null } } },
  '+12125550144': { status: 200, body: { phone_number: '+12125550144', valid: false, validation_errors: ['NOT_A_NUMBER'], line_type_intelligence: null } },
  '+12125550145': { status: 200, body: { phone_number: '+12125550145', valid: true, line_type_intelligence: { type: 'nonFixedVoip', carrier_name: 'Bandwidth', error_code: null } } },
  '+12125550146': { status: 401, body: { code: 20005, message: 'Account not active', more_info: 'https://www.twilio.com/docs/errors/20005', status: 401 } },
  '+12125550147': { status: 429, body: { code: 20429, message: 'Too Many Requests', status: 429 } },
  '+12125550148': 'hang',
};
const seen: Array<{ path: string; query: URLSearchParams; authorization?: string }> = [];

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://local');
  seen.push({ path: url.pathname, query: url.searchParams, authorization: req.headers.authorization });
  let answer: { status: number; body: unknown } | 'hang' | undefined;
  if (url.pathname === '/v2/validate') {
    if (url.searchParams.get('api_key') !== 'zb-test-key') answer = { status: 403, body: {} };
    else answer = zeroBounceAnswers[url.searchParams.get('email') ?? ''];
  } else {
    const match = /^\/v2\/PhoneNumbers\/(.+)$/.exec(url.pathname);
    const expected = 'Basic ' + Buffer.from('AC0123456789abcdef0123456789abcdef:twilio-token').toString('base64');
    if (req.headers.authorization !== expected) answer = { status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } };
    else if (match) answer = twilioAnswers[decodeURIComponent(match[1])];
  }
  if (answer === 'hang') return; // never answers: the caller's timeout decides
  answer ??= { status: 404, body: { message: 'not found' } };
  res.writeHead(answer.status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(answer.body));
}
const http = createServer((req, res) => void handle(req, res));
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

afterAll(async () => {
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
  dnsServer.close();
});
beforeEach(() => {
  seen.length = 0;
});

describe('built-in verifier', () => {
  const verifier = createBuiltinVerifier({ dnsServers: [`127.0.0.1:${dnsPort}`], dnsTimeoutMs: 300 });

  it('emails: MX found -> valid; role -> risky; syntax, disposable, no domain, null MX -> invalid; no MX -> risky', async () => {
    expect(await verifier.verifyEmail('jane.doe@mail.test')).toMatchObject({ status: 'valid', confidence: 75, method: 'builtin' });
    expect(await verifier.verifyEmail('Office@mail.test')).toMatchObject({ status: 'risky', reason: expect.stringMatching(/role/) });
    expect(await verifier.verifyEmail('front-desk@mail.test')).toMatchObject({ status: 'risky' });
    expect(await verifier.verifyEmail('jane..doe@mail.test')).toMatchObject({ status: 'invalid', confidence: 0 });
    expect(await verifier.verifyEmail('jane.doe@mail')).toMatchObject({ status: 'invalid' });
    expect(await verifier.verifyEmail('jane@mailinator.com')).toMatchObject({ status: 'invalid', reason: 'disposable domain' });
    expect(await verifier.verifyEmail('jane@gone.test')).toMatchObject({ status: 'invalid', reason: 'domain does not exist' });
    expect(await verifier.verifyEmail('jane@nomail.test')).toMatchObject({ status: 'invalid', reason: expect.stringMatching(/null MX/) });
    expect(await verifier.verifyEmail('jane@bare.test')).toMatchObject({ status: 'risky', reason: 'no MX record' });
  });

  it('a resolver that does not answer gives unknown, never valid, within the timeout', async () => {
    const started = Date.now();
    expect(await verifier.verifyEmail('jane@slow.test')).toMatchObject({ status: 'unknown', confidence: 50 });
    expect(Date.now() - started).toBeLessThan(2_000);
    const offline = createBuiltinVerifier({ dns: false });
    expect(await offline.verifyEmail('jane.doe@mail.test')).toMatchObject({ status: 'unknown' });
    expect(offline.mxLookups()).toBe(0);
  });

  it('asks DNS once per domain for a batch of addresses', async () => {
    const fresh = createBuiltinVerifier({ dnsServers: [`127.0.0.1:${dnsPort}`], dnsTimeoutMs: 300 });
    await Promise.all(['a', 'b', 'c', 'd'].map((l) => fresh.verifyEmail(`${l}@mail.test`)));
    expect(fresh.mxLookups()).toBe(1);
  });

  it('phones: a valid US number in E.164 with its type; invalid ones; toll-free as a mobile is risky', async () => {
    expect(await verifier.verifyPhone('(212) 555-0142', 'mobile')).toMatchObject({
      status: 'valid',
      e164: '+12125550142',
      lineType: 'landline or mobile',
      confidence: 65,
    });
    expect(await verifier.verifyPhone('(555) 555-0142', 'mobile')).toMatchObject({ status: 'invalid' });
    expect(await verifier.verifyPhone('(123) 456-7890', 'office')).toMatchObject({ status: 'invalid' });
    expect(await verifier.verifyPhone('+44 20 7946 0958', 'office')).toMatchObject({ status: 'invalid', reason: 'not a valid US number' });
    expect(await verifier.verifyPhone('(800) 555-0199', 'mobile')).toMatchObject({ status: 'risky', lineType: 'toll-free' });
    expect(await verifier.verifyPhone('(800) 555-0199', 'office')).toMatchObject({ status: 'valid' });
  });
});

describe('ZeroBounce (official SDK against a local validate API)', () => {
  const check = createZeroBounceEmailCheck({ apiKey: 'zb-test-key', apiUrl: `${base}/v2`, timeoutMs: 500 });

  it('valid, invalid, catch-all (risky), role (risky) and unknown answers', async () => {
    expect(await check('jane.doe@clinic.test')).toMatchObject({ status: 'valid', confidence: 97, method: 'zerobounce' });
    expect(seen[0].path).toBe('/v2/validate');
    expect(seen[0].query.get('email')).toBe('jane.doe@clinic.test');
    expect(await check('gone@clinic.test')).toMatchObject({ status: 'invalid', reason: 'mailbox does not exist (mailbox not found)' });
    expect(await check('any@catchall.test')).toMatchObject({ status: 'risky', confidence: 55 });
    expect(await check('info@clinic.test')).toMatchObject({ status: 'risky', reason: expect.stringMatching(/role/) });
    expect(await check('greylisted@clinic.test')).toMatchObject({ status: 'unknown' });
  });

  it('a timeout is an unavailable provider, not a verdict', async () => {
    await expect(check('slow@clinic.test')).rejects.toBeInstanceOf(VerifierUnavailableError);
  });

  it('credits spent (or a refused key) is a quota error', async () => {
    const error = await check('broke@clinic.test').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VerifierQuotaError);
    expect((error as Error).message).toMatch(/ran out of credits/);
    const wrongKey = createZeroBounceEmailCheck({ apiKey: 'not-the-key', apiUrl: `${base}/v2`, timeoutMs: 500 });
    await expect(wrongKey('jane.doe@clinic.test')).rejects.toBeInstanceOf(VerifierQuotaError);
  });
});

describe('Twilio Lookup v2 (official SDK against a local Lookup API)', () => {
  const check = createTwilioPhoneCheck({
    accountSid: 'AC0123456789abcdef0123456789abcdef',
    authToken: 'twilio-token',
    lookupUrl: base,
    timeoutMs: 500,
  });

  it('asks for line type intelligence by E.164 with basic auth; a mobile is valid', async () => {
    expect(await check('(212) 555-0142', 'mobile')).toMatchObject({
      status: 'valid',
      confidence: 96,
      method: 'twilio',
      lineType: 'mobile',
      e164: '+12125550142',
      reason: 'mobile, Verizon Wireless',
    });
    expect(seen[0].path).toBe('/v2/PhoneNumbers/+12125550142');
    expect(seen[0].query.get('Fields')).toBe('line_type_intelligence');
  });

  it('invalid, a landline as mobile (risky) but fine as office, non-fixed VoIP (risky)', async () => {
    expect(await check('(212) 555-0144', 'mobile')).toMatchObject({ status: 'invalid' });
    expect(await check('(212) 555-0143', 'mobile')).toMatchObject({ status: 'risky', lineType: 'landline' });
    expect(await check('(212) 555-0143', 'office')).toMatchObject({ status: 'valid', confidence: 92 });
    expect(await check('(212) 555-0145', 'mobile')).toMatchObject({ status: 'risky', lineType: 'nonFixedVoip' });
  });

  it('a number that does not parse costs no lookup', async () => {
    expect(await check('(123) 456-7890', 'mobile')).toMatchObject({ status: 'invalid', method: 'twilio' });
    expect(seen).toHaveLength(0);
  });

  it('quota (account not active), rate limit and timeout are errors, not verdicts', async () => {
    await expect(check('(212) 555-0146', 'mobile')).rejects.toBeInstanceOf(VerifierQuotaError);
    const limited = await check('(212) 555-0147', 'mobile').catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(VerifierUnavailableError);
    expect(limited).not.toBeInstanceOf(VerifierQuotaError);
    await expect(check('(212) 555-0148', 'office')).rejects.toBeInstanceOf(VerifierUnavailableError);
  });
});

describe('chosen by configuration', () => {
  it('built-in without keys; ZeroBounce and Twilio with them', async () => {
    const none = createContactVerifier({ VERIFY_DNS: false });
    expect(none.name).toBe('builtin');
    const both = createContactVerifier({
      VERIFY_DNS: false,
      ZEROBOUNCE_API_KEY: 'zb-test-key',
      ZEROBOUNCE_API_URL: `${base}/v2`,
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'twilio-token',
      TWILIO_LOOKUP_URL: base,
    });
    expect(both.name).toBe('zerobounce+twilio');
    expect(await both.verifyEmail('jane.doe@clinic.test')).toMatchObject({ method: 'zerobounce', status: 'valid' });
    expect(await both.verifyPhone('(212) 555-0142', 'mobile')).toMatchObject({ method: 'twilio', status: 'valid' });
  });
});
