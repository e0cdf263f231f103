// A share of MAX_CONNECTIONS per client address, so that one client holding sockets open (a
// slowloris trickling its headers, a pool left idle) cannot take every slot from the others. A
// connection is counted by its peer's address (an IPv6 peer by its /64, as clientAddress.ts does)
// from the moment it is accepted, before any header is read; one past the address's share is
// answered at once with a coded 503 and closed. A trusted proxy's connections carry many clients (a
// keep-alive connection one client's request, then another's), so they have no address to count by
// and only MAX_CONNECTIONS bounds them; a proxy reads a request's headers before it forwards them,
// so a slow client holds the proxy's connection, not the gateway's (docs/choices.md).
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { clientAddressOf, trustedProxyCheck } from './clientAddress.ts';

/** How long a refused client is told to wait before it connects again. */
const RETRY_AFTER_SECONDS = 1;

const BODY = JSON.stringify({
  errors: [
    {
      message:
        'This client address holds its share of the gateway’s connections already; close idle ones or retry later.',
      extensions: { code: 'TOO_MANY_CONNECTIONS' },
    },
  ],
});

const REFUSAL = [
  'HTTP/1.1 503 Service Unavailable',
  'content-type: application/json; charset=utf-8',
  `content-length: ${Buffer.byteLength(BODY)}`,
  `retry-after: ${RETRY_AFTER_SECONDS}`,
  'connection: close',
  '',
  BODY,
].join('\r\n');

export interface ConnectionShares {
  /** Connections refused for their address's share so far. */
  readonly refused: number;
  /** Connections open now per counted address. */
  openOf(address: string): number;
}

/** The most connections one address may hold: `share` of `maxConnections`, at least one. */
export function connectionsPerAddress(maxConnections: number, share: number): number {
  return Math.max(1, Math.floor(maxConnections * share));
}

/**
 * Counts the server's connections per peer address and refuses one past `perAddress`; the peers in
 * `trustedProxies` are not counted.
 */
export function shareConnectionsByAddress(
  server: Server,
  perAddress: number,
  trustedProxies: readonly string[] = [],
): ConnectionShares {
  const open = new Map<string, number>();
  const addressOf = clientAddressOf();
  const isProxy = trustedProxyCheck(trustedProxies);
  let refused = 0;
  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress;
    const address = addressOf(peer, null);
    // A trusted proxy's connection is no one client's (an IPv4 peer may come mapped into IPv6).
    if (address === undefined || isProxy(address) || isProxy(peer?.replace(/^::ffff:/i, '') ?? '')) return;
    const held = open.get(address) ?? 0;
    if (held >= perAddress) {
      refused++;
      refuse(socket);
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return {
    get refused() {
      return refused;
    },
    openOf: (address) => open.get(address) ?? 0,
  };
}

/** The coded answer, then the connection closed: nothing it sends is read. */
function refuse(socket: Socket): void {
  socket.pause();
  socket.end(REFUSAL);
  socket.once('finish', () => socket.destroy());
  // A client that reads nothing does not hold the socket either.
  socket.setTimeout(1_000, () => socket.destroy());
}
