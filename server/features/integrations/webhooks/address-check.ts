import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { fieldError } from '../../../lib/errors';

/*
 * Where a webhook may be sent (docs/decisions/065-webhooks.md). In production an endpoint must be
 * https and its host must resolve to at least one public address: a recruiter must not make our
 * server call its own loopback, the cloud's metadata address or the private network behind it.
 * Checked when the endpoint is saved and again before every attempt; the attempt connects to the
 * address checked then (delivery.ts), so a DNS answer that changes in between (rebinding) cannot
 * turn it to a private one. Development and tests allow any http(s) address (a local receiver).
 */

// Two lists: one BlockList checks an IPv4 address against its IPv6 rules too (as IPv4-mapped),
// and the mapped range below would then refuse every IPv4 address.
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // 'this network'
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the cloud metadata address
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blockedV4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped: the IPv4 address decides, and a public host has a plain A record
  ['64:ff9b::', 96], // NAT64: would reach any IPv4 address, private ones too
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blockedV6.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one no webhook may reach in production. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 4 ? blockedV4.check(address, 'ipv4') : blockedV6.check(address, 'ipv6');
}

export type ResolvedAddress = { address: string; family: number };
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

const systemLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The address to connect to for a webhook URL, checked. */
export type WebhookTarget = { url: URL; hostname: string; address: string; family: 4 | 6 };

/**
 * Checks a webhook URL and resolves its host: in production (`production`) an https URL whose
 * host has a public address (the first is returned), else a 400 naming `url`; elsewhere any
 * http(s) URL and its first address.
 */
export async function checkWebhookTarget(
  raw: string,
  options: { production: boolean; lookup?: LookupAll },
): Promise<WebhookTarget> {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw fieldError('url', 'Please enter an http(s) address, e.g. https://example.com/webhooks.');
  }
  if (options.production && url.protocol !== 'https:') {
    throw fieldError('url', 'Webhooks are sent over https only: the address must start with https://.');
  }
  if (url.username || url.password) throw fieldError('url', 'The address may not hold a user name or password.');
  // An IPv6 literal comes in brackets.
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  try {
    addresses = isIP(hostname) ? [{ address: hostname, family: isIP(hostname) }] : await (options.lookup ?? systemLookup)(hostname);
  } catch {
    throw fieldError('url', `The host ${hostname} could not be found.`);
  }
  const allowed = options.production ? addresses.filter((a) => !isPrivateAddress(a.address)) : addresses;
  if (allowed.length === 0) {
    throw fieldError(
      'url',
      addresses.length === 0
        ? `The host ${hostname} could not be found.`
        : `The host ${hostname} is a private, loopback or link-local address: webhooks go to public https addresses only.`,
    );
  }
  return { url, hostname, address: allowed[0].address, family: allowed[0].family === 6 ? 6 : 4 };
}
