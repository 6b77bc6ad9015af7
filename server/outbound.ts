import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Requests the server makes to addresses users configured (social providers, later datasources and job servers):
 * only to hosts an administrator allowed (`BLADE_OUTBOUND_ALLOW`), and never, through DNS, to a loopback,
 * link-local or private address unless that address itself is on the list. The check runs inside the connection's
 * own lookup, so a name cannot resolve to one address when checked and another when connected.
 */

const PRIVATE_RANGES = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['::ffff:0:0', 96],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv6');
}

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

export interface OutboundPolicy {
  /** Whether a URL's host may be asked at all (checked when an administrator saves the URL, and again per request). */
  hostAllowed(url: string): boolean;
  /** Whether a resolved address may be connected to. */
  addressAllowed(address: string): boolean;
}

/**
 * The allow-list: host names (`api.github.com`), wildcard domains (`*.example.com`), IP addresses and CIDR ranges
 * (`10.1.0.0/16`). A listed address or range is allowed even when private; a listed name only to public addresses.
 */
export function outboundPolicy(allowList: readonly string[]): OutboundPolicy {
  const names = new Set<string>();
  const suffixes: string[] = [];
  const addresses = new BlockList();
  for (const raw of allowList) {
    const entry = raw.trim().toLowerCase().replace(/^\[|\]$/g, '');
    if (!entry) continue;
    const [network, prefix] = entry.split('/');
    if (isIP(network)) {
      if (prefix === undefined) addresses.addAddress(network, family(network));
      else addresses.addSubnet(network, Number(prefix), family(network));
    } else if (entry.startsWith('*.')) {
      suffixes.push(entry.slice(1));
    } else {
      names.add(entry);
    }
  }
  const addressListed = (address: string) => addresses.check(address, family(address));
  return {
    hostAllowed(url) {
      let host: string;
      try {
        const parsed = new URL(url);
        if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
        host = parsed.hostname.toLowerCase().replace(/^\[|\]$/g, '');
      } catch {
        return false;
      }
      if (isIP(host)) return addressListed(host);
      return names.has(host) || suffixes.some((suffix) => host.endsWith(suffix));
    },
    addressAllowed(address) {
      return addressListed(address) || !PRIVATE_RANGES.check(address, family(address));
    },
  };
}

export class OutboundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'OPTIONS';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Answers larger than this are cut off and refused. */
  maxBytes?: number;
}

/**
 * A connection's DNS lookup under the policy: every address a name resolves to must be allowed, checked inside the
 * connection itself (so `http.Agent({ lookup })` gives a client library the same protection).
 */
export function checkedLookup(policy: OutboundPolicy) {
  return (
    hostname: string,
    lookupOptions: object,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, found) => {
      if (error) return callback(error, []);
      const refused = found.find((entry) => !policy.addressAllowed(entry.address));
      if (refused) return callback(new OutboundRefused(`address not allowed: ${refused.address}`), []);
      const wantsAll = (lookupOptions as { all?: boolean }).all;
      if (wantsAll) return callback(null, found);
      return callback(null, found[0].address, found[0].family);
    });
  };
}

/** One request under the policy; resolves with the status and the body as text. Redirects are not followed. */
export function outboundRequest(
  policy: OutboundPolicy,
  url: string,
  options: OutboundRequest,
): Promise<{ status: number; text: string; headers: Record<string, string | string[] | undefined> }> {
  if (!policy.hostAllowed(url)) return Promise.reject(new OutboundRefused(`host not allowed: ${url}`));
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      target,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        lookup: checkedLookup(policy) as never,
        timeout: options.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new OutboundRefused('answer too large'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: response.headers }),
        );
        response.on('error', reject);
      },
    );
    outgoing.setTimeout(options.timeoutMs, () => outgoing.destroy(new Error('outbound request timed out')));
    outgoing.on('error', reject);
    if (options.body !== undefined) outgoing.write(options.body);
    outgoing.end();
  });
}
