// The Host header, before yoga sees the request. One that is no `host[:port]` is answered 400: yoga's
// server adapter builds the request's URL from the header, and a malformed one made it answer 500
// with a stack trace (and the install paths in it). One that names no host the gateway answers to
// (ALLOWED_HOSTS) is answered 421 HOST_NOT_ALLOWED, pages and operations alike: a page of another
// site whose name was re-pointed at the gateway's address (DNS rebinding) is same-origin to the
// browser and would read GraphiQL, or post operations, as if it were the gateway. The embedded
// emulator's token is shown only to a loopback Host with no Origin but the gateway's own.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';

type Handler = (request: IncomingMessage, response: ServerResponse) => unknown;

/** A name or IPv4 address, or an IPv6 address in brackets, and an optional port. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::\d{1,5})?$/;

function answer(code: 'BAD_REQUEST' | 'HOST_NOT_ALLOWED', message: string): string {
  return JSON.stringify({ errors: [{ message, extensions: { code } }] });
}

const BAD_HOST = answer('BAD_REQUEST', 'The Host header is not a host name with an optional port.');
const FOREIGN_HOST = answer(
  'HOST_NOT_ALLOWED',
  'This gateway does not answer to the host this request names (ALLOWED_HOSTS); nothing was served or run.',
);

/** Whether the gateway answers to a Host (its name, lower-case, the port aside). */
export type HostCheck = (hostname: string) => boolean;

/** Any host (ALLOWED_HOSTS=`*`, or unset over UPSTREAM_URL). */
export const ANY_HOST: HostCheck = () => true;

/** ALLOWED_HOSTS: `*` (or undefined) any; else the names, `.domain` standing for it and its subdomains. */
export function allowedHosts(allowed: readonly string[] | '*' | undefined): HostCheck {
  if (allowed === undefined || allowed === '*') return ANY_HOST;
  const names = new Set(allowed.filter((entry) => !entry.startsWith('.')).map((entry) => entry.toLowerCase()));
  const domains = allowed.filter((entry) => entry.startsWith('.')).map((entry) => entry.toLowerCase());
  return (hostname) =>
    names.has(hostname) || domains.some((domain) => hostname.endsWith(domain) || hostname === domain.slice(1));
}

/**
 * ALLOWED_HOSTS' default with the embedded emulator: the loopback names, and the address the
 * gateway listens on when it is one (not `0.0.0.0` or `::`).
 */
export function loopbackHosts(listenHost: string | undefined): HostCheck {
  const own = listenHost && !['0.0.0.0', '::', ''].includes(listenHost) ? hostnameOf(listenHost) : undefined;
  return (hostname) => isLoopbackName(hostname) || hostname === own;
}

/** `localhost`, a name under `.localhost`, an address of 127.0.0.0/8 or `[::1]`. */
export function isLoopbackName(hostname: string): boolean {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  if (isIP(hostname) === 4) return hostname.startsWith('127.');
  return hostname === '[::1]';
}

/** The name part of a Host value, lower-case (an IPv6 address keeps its brackets). */
export function hostnameOf(host: string): string {
  const lower = host.toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  if (isIP(lower) === 6) return `[${lower}]`;
  const colon = lower.lastIndexOf(':');
  return colon < 0 ? lower : lower.slice(0, colon);
}

/**
 * Whether a page may hold the embedded emulator's token for this request: its Host is a loopback
 * name and its Origin, when it sends one, is the gateway's own (the request's own scheme and Host).
 */
export function mayShowEmulatorToken(request: Request): boolean {
  const url = new URL(request.url);
  if (!isLoopbackName(hostnameOf(url.host))) return false;
  const origin = request.headers.get('origin');
  return origin === null || origin === url.origin;
}

export function withValidHost(handler: Handler, isAllowed: HostCheck = ANY_HOST): Handler {
  // The last Host found allowed: clients name the gateway the same way request after request.
  let lastAllowed: string | undefined;
  return (request, response) => {
    const host = request.headers.host;
    if (!isValidHost(host)) return refuse(response, 400, BAD_HOST);
    // Absent is left to the server (Node refuses an HTTP/1.1 request without one).
    if (host && host !== lastAllowed && isAllowed !== ANY_HOST) {
      if (!isAllowed(hostnameOf(host))) return refuse(response, 421, FOREIGN_HOST);
      lastAllowed = host;
    }
    return handler(request, response);
  };
}

function refuse(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  response.end(body);
}

/** The last Host found valid: clients name the gateway the same way request after request. */
let lastValidHost = '';

/** Absent or empty is left to the server (Node refuses an HTTP/1.1 request without one). */
function isValidHost(host: string | undefined): boolean {
  if (!host || host === lastValidHost) return true;
  if (!HOST.test(host)) return false;
  try {
    if (new URL(`http://${host}/`).pathname !== '/') return false;
  } catch {
    return false;
  }
  lastValidHost = host;
  return true;
}
