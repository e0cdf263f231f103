// Timeouts and a connection cap for the emulator's HTTP server, so that connections sending their
// headers or body slowly are closed in bounded time and cannot lock other clients out.
import type { ServerOptions } from 'node:http';

export interface ConnectionLimits {
  /** Time to receive a request's headers (408 and close after). */
  headersTimeoutMs: number;
  /** Time to receive a whole request, body included (408 and close after). */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Connections beyond this are dropped at once. */
  maxConnections: number;
}

/** With these, a slow-header or dripped-body connection is closed within 13 s. */
export const DEFAULT_CONNECTION_LIMITS: Readonly<ConnectionLimits> = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 12_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1024,
});

/** What is wrong with a combination of limits, if anything (Node requires headers ≤ request timeout). */
export function connectionLimitsProblem(limits: ConnectionLimits): string | undefined {
  return limits.headersTimeoutMs > limits.requestTimeoutMs
    ? 'the headers timeout must not be longer than the request timeout'
    : undefined;
}

/** Options for `createServer`: Node checks the two timeouts only every `connectionsCheckingInterval`. */
export function serverTimeouts(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Checked often enough that a timed-out connection outlives its timeout by at most a quarter of it (≤ 1 s).
    connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(limits.headersTimeoutMs / 4))),
  };
}
