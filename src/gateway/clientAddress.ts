// The client's address, for its part of the unproven credentials' share of the upstream budget
// (src/upstream/budget/addresses.ts). It is the connection's peer: a header is believed only when
// that peer is a trusted proxy (TRUSTED_PROXIES), and then X-Forwarded-For is read from the right
// (each proxy appends the address it got the request from) up to the first address that is no
// trusted proxy; what a client wrote further left is never read.
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** The client's address from the connection's peer and the request's X-Forwarded-For; undefined without a connection. */
export type ClientAddressOf = (peer: string | undefined, forwardedFor: string | null) => string | undefined;

/** `trustedProxies`: addresses and CIDR ranges (checked by the TRUSTED_PROXIES setting). */
export function clientAddressOf(trustedProxies: readonly string[] = []): ClientAddressOf {
  const trusted = new BlockList();
  for (const entry of trustedProxies) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) trusted.addAddress(address, family);
    else trusted.addSubnet(address, Number(prefix), family);
  }
  const isTrusted = (address: string) => trusted.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  return (peer, forwardedFor) => {
    let client = plain(peer);
    if (client === undefined || trustedProxies.length === 0 || !isTrusted(client) || !forwardedFor) return client;
    const hops = forwardedFor.split(',');
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = plain(hops[i]?.trim());
      // Not an address: whoever wrote it is not known; the last proxy stands for the client.
      if (hop === undefined) return client;
      client = hop;
      if (!isTrusted(hop)) return hop;
    }
    return client;
  };
}

/** The peer of the node request behind a yoga request (its server context); undefined in process. */
export function peerOf(serverContext: unknown): string | undefined {
  return (serverContext as { req?: IncomingMessage } | undefined)?.req?.socket?.remoteAddress;
}

/** An IP address as one spelling (an IPv4 address mapped into IPv6 as IPv4); undefined when it is none. */
function plain(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4;
  return isIP(address) === 6 ? address.toLowerCase() : undefined;
}
