// The client's address, for its part of the unproven credentials' share of the upstream budget
// (src/upstream/budget/addresses.ts). It is the connection's peer: a header is believed only when
// that peer is a trusted proxy (TRUSTED_PROXIES), and then X-Forwarded-For is read from the right
// (each proxy appends the address it got the request from) up to the first address that is no
// trusted proxy; what a client wrote further left is never read. An IPv6 client is its /64.
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** The client's address from the connection's peer and the request's X-Forwarded-For; undefined without a connection. */
export type ClientAddressOf = (peer: string | undefined, forwardedFor: string | null) => string | undefined;

/** `trustedProxies`: addresses and CIDR ranges (checked by the TRUSTED_PROXIES setting). */
export function clientAddressOf(trustedProxies: readonly string[] = []): ClientAddressOf {
  const isTrusted = trustedProxyCheck(trustedProxies);
  return (peer, forwardedFor) => {
    let client = addressOf(peer);
    if (client === undefined) return undefined;
    if (trustedProxies.length > 0 && forwardedFor && isTrusted(client)) {
      const hops = forwardedFor.split(',');
      for (let i = hops.length - 1; i >= 0; i--) {
        const hop = addressOf(hops[i]?.trim());
        // Not an address: whoever wrote it is not known; the last proxy stands for the client.
        if (hop === undefined) break;
        client = hop;
        if (!isTrusted(hop)) break;
      }
    }
    return isIP(client) === 6 ? `${prefix64(client)}::/64` : client;
  };
}

/** Whether an address (IPv4, or IPv6 as the socket gives it) is one of `trustedProxies`' addresses or ranges. */
export function trustedProxyCheck(trustedProxies: readonly string[]): (address: string) => boolean {
  const trusted = new BlockList();
  for (const entry of trustedProxies) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) trusted.addAddress(address, family);
    else trusted.addSubnet(address, Number(prefix), family);
  }
  return (address) => isIP(address) !== 0 && trusted.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** The peer of the node request behind a yoga request (its server context); undefined in process. */
export function peerOf(serverContext: unknown): string | undefined {
  return (serverContext as { req?: IncomingMessage } | undefined)?.req?.socket?.remoteAddress;
}

/** An IP address, an IPv4 address mapped into IPv6 as IPv4; undefined when it is none. */
function addressOf(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const v4 = text.toLowerCase().startsWith('::ffff:') ? text.slice(7) : text;
  if (isIP(v4) === 4) return v4;
  return isIP(text) === 6 ? text : undefined;
}

/**
 * The first four groups of a valid IPv6 address, each without leading zeros: a client with IPv6
 * stands for its /64, since one host is usually given a whole /64 (2^64 addresses to rotate through).
 */
function prefix64(address: string): string {
  const [head = '', tail] = address.toLowerCase().split('::');
  const groups = head ? head.split(':') : [];
  // With `::`, the groups left out are zeros; an address of 8 groups has none left out.
  const given = groups.length + (tail ? tail.split(':').length : 0);
  if (tail !== undefined) groups.push(...Array<string>(Math.max(0, 8 - given)).fill('0'));
  while (groups.length < 4) groups.push('0');
  return groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':');
}
