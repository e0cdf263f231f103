// The one table of transport failures (an attempt that got no complete answer): for each undici or
// system error code, the words an error message uses, whether an idempotent call is tried again,
// and whether the request may have reached the service (then a create's outcome is unknown). A
// code not in the table is not retried and may have reached the service: nothing is assumed.
// The retry policy, the client's error messages and docs/errors.md all read this table.

export interface TransportFailure {
  /** What happened, in the error message (`GET /api/v1/policies: connection refused`). */
  message: string;
  /** An idempotent call is tried again (within the retry settings and the operation's limits). */
  retryable: boolean;
  /** The service may have received, and acted on, the request. */
  mayHaveReachedService: boolean;
}

const notSent = (message: string): TransportFailure => ({ message, retryable: true, mayHaveReachedService: false });
const maybeSent = (message: string): TransportFailure => ({ message, retryable: true, mayHaveReachedService: true });

export const TRANSPORT_FAILURES: Readonly<Record<string, TransportFailure>> = {
  // No connection was made: the request was never sent.
  ECONNREFUSED: notSent('connection refused'),
  UND_ERR_CONNECT_TIMEOUT: notSent('connect timeout'),
  ENOTFOUND: notSent('host not found'),
  EAI_AGAIN: notSent('host not found'),
  EHOSTUNREACH: notSent('host unreachable'),
  ENETUNREACH: notSent('network unreachable'),
  ENETDOWN: notSent('network down'),
  EHOSTDOWN: notSent('host down'),
  // The connection broke or timed out after the request may have been written.
  ECONNRESET: maybeSent('connection reset'),
  EPIPE: maybeSent('connection closed'),
  UND_ERR_SOCKET: maybeSent('connection closed'),
  UND_ERR_CLOSED: maybeSent('client closed'),
  UND_ERR_HEADERS_TIMEOUT: maybeSent('timed out waiting for the response headers'),
  UND_ERR_BODY_TIMEOUT: maybeSent('timed out reading the response body'),
  // The system's TCP timeout: on connect or on an open connection, which the code does not tell apart.
  ETIMEDOUT: maybeSent('connection timed out'),
  // The pool was destroyed (the gateway is stopping): trying again cannot help.
  UND_ERR_DESTROYED: { message: 'client closed', retryable: false, mayHaveReachedService: true },
};

/** The table's row for a failure's `code`; undefined for an error without a known transport code. */
export function transportFailureOf(error: unknown): TransportFailure | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && Object.hasOwn(TRANSPORT_FAILURES, code) ? TRANSPORT_FAILURES[code] : undefined;
}
