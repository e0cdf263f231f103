// A request whose Host header is no `host[:port]` is answered 400 before yoga sees it: yoga's server
// adapter builds the request's URL from the header, and a malformed one made it answer 500 with a
// stack trace (and the install paths in it).
import type { IncomingMessage, ServerResponse } from 'node:http';

type Handler = (request: IncomingMessage, response: ServerResponse) => unknown;

/** A name or IPv4 address, or an IPv6 address in brackets, and an optional port. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::\d{1,5})?$/;

const BAD_HOST = JSON.stringify({
  errors: [
    { message: 'The Host header is not a host name with an optional port.', extensions: { code: 'BAD_REQUEST' } },
  ],
});

export function withValidHost(handler: Handler): Handler {
  return (request, response) => {
    if (isValidHost(request.headers.host)) return handler(request, response);
    response.writeHead(400, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(BAD_HOST),
      connection: 'close',
    });
    response.end(BAD_HOST);
  };
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
