// Timeouts and a connection cap for the emulator's HTTP server, so that connections sending their
// headers or body slowly are closed in bounded time and cannot lock other clients out.
import type { ServerOptions } from 'node:http';
import { connectionLimitsProblem, EMULATOR_DEFAULTS } from '../../config/emulator.ts';

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

/** The defaults of the EMULATOR_* connection settings (a slow-header or dripped-body connection is closed within 13 s). */
export const DEFAULT_CONNECTION_LIMITS: Readonly<ConnectionLimits> = Object.freeze({ ...EMULATOR_DEFAULTS.limits });

export { connectionLimitsProblem };

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
