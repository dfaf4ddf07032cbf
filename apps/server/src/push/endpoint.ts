import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Which push services the server posts to. A browser hands the server a URL and the server POSTs
 * to it: without these rules any user could aim the server at the network it runs in.
 */
export type PushEndpointPolicy = {
  /** When set, only these hosts and their subdomains (the browsers' push services) are accepted. */
  serviceHosts?: readonly string[] | undefined;
  /**
   * Origins the operator trusts although they are not public https (a push service on the local
   * network, a test stand-in): exempt from the address rules, never from `serviceHosts`.
   */
  trustedOrigins?: readonly string[] | undefined;
  /** Resolves a name to its addresses (all of them); node's resolver by default. */
  lookup?: LookupFunction | undefined;
};

export type EndpointRefusal = 'endpointNotHttps' | 'endpointNotPublic' | 'endpointNotAllowed';

// Everything that is not a public unicast address: loopback, private, shared (CGN), link-local,
// unique-local, unspecified, multicast, reserved and documentation ranges, and the IPv6 forms that
// carry an IPv4 address (mapped, translated, compatible, NAT64, 6to4, Teredo), which could carry a private one.
// Two lists: node checks an IPv4 address against IPv6 rules too (as IPv4-mapped), so `::ffff:0:0/96`
// in one list would refuse every IPv4 address.
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96],
  ['::ffff:0:0', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is a public unicast address (a literal; names are not addresses). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !NOT_PUBLIC_V4.check(address, 'ipv4') : !NOT_PUBLIC_V6.check(address, 'ipv6');
}

// Names that never lead out of the network, whatever a resolver says.
const LOCAL_NAME = /(?:^|\.)(?:localhost|local|localdomain|internal|intranet|lan|home|corp|home\.arpa|in-addr\.arpa|ip6\.arpa)$/;

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
}

function isTrusted(url: URL, policy: PushEndpointPolicy): boolean {
  return (policy.trustedOrigins ?? []).some((origin) => new URL(origin).origin === url.origin);
}

function isServiceHost(host: string, policy: PushEndpointPolicy): boolean {
  const hosts = policy.serviceHosts;
  if (!hosts || hosts.length === 0) return true;
  return hosts.some((allowed) => {
    const name = allowed.replace(/^\*?\./, '').toLowerCase();
    return host === name || host.endsWith(`.${name}`);
  });
}

/**
 * What the URL alone says: https, a public address or a name that can be public, an allowed push
 * service. Names are checked against what they resolve to by `checkPushEndpoint` and again when
 * sending (see `publicOnlyLookup`).
 */
export function endpointRefusalOf(endpoint: string, policy: PushEndpointPolicy): EndpointRefusal | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpointNotHttps';
  }
  const host = hostOf(url);
  if (!isServiceHost(host, policy)) return 'endpointNotAllowed';
  if (isTrusted(url, policy)) return undefined;
  if (url.protocol !== 'https:') return 'endpointNotHttps';
  if (url.username || url.password) return 'endpointNotPublic';
  if (isIP(host) !== 0) return isPublicAddress(host) ? undefined : 'endpointNotPublic';
  // A single label (`intranet`) or a local suffix names a machine of the network, not a service.
  if (!host.includes('.') || LOCAL_NAME.test(host)) return 'endpointNotPublic';
  return undefined;
}

type Resolved = { address: string; family: number };

/** A lookup answers one address or, asked for all, a list: either way a list here. */
function listOf(answer: string | Resolved[], family = 4): Resolved[] {
  return typeof answer === 'string' ? [{ address: answer, family }] : answer;
}

const RESOLVE_TIMEOUT_MS = 2_000;

function resolveAll(lookup: LookupFunction, host: string): Promise<Resolved[]> {
  return new Promise((resolve, reject) => {
    lookup(host, { all: true }, (error, addresses, family) => {
      if (error) reject(error);
      else resolve(listOf(addresses, family));
    });
  });
}

/**
 * `endpointRefusalOf`, then the name's addresses: one that is not public refuses the endpoint. A
 * name that does not resolve now is not refused (the push service may be unreachable for a moment):
 * the send checks again.
 */
export async function checkPushEndpoint(endpoint: string, policy: PushEndpointPolicy): Promise<EndpointRefusal | undefined> {
  const refusal = endpointRefusalOf(endpoint, policy);
  if (refusal) return refusal;
  const url = new URL(endpoint);
  const host = hostOf(url);
  if (isTrusted(url, policy) || isIP(host) !== 0) return undefined;
  // A slow resolver must not hold the request: after two seconds the name counts as unresolved.
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<Resolved[]>((resolve) => {
    timer = setTimeout(() => resolve([]), RESOLVE_TIMEOUT_MS);
  });
  const addresses = await Promise.race([resolveAll(policy.lookup ?? (dnsLookup as LookupFunction), host).catch(() => []), gaveUp]);
  clearTimeout(timer);
  return addresses.every((each) => isPublicAddress(each.address)) ? undefined : 'endpointNotPublic';
}

/**
 * A lookup for the connection that posts a push: it resolves the name and fails unless every
 * address is public, so the address connected to is the one checked (a name that resolved to a
 * public address when saved and to 127.0.0.1 now is not followed).
 */
export function publicOnlyLookup(policy: PushEndpointPolicy): LookupFunction {
  const lookup = policy.lookup ?? dnsLookup;
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses, family) => {
      if (error) return callback(error, '', 0);
      const list = listOf(addresses, family);
      if (list.length === 0 || !list.every((each) => isPublicAddress(each.address))) {
        const refused = Object.assign(new Error(`push endpoint ${hostname} resolves to an address that is not public`), { code: 'ENOTPUBLIC' });
        return callback(refused, '', 0);
      }
      if (options.all) return callback(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}
