// The emulator's settings (`npm run emulator`, and the embedded emulator of `npm start`).
import {
  type ConnectionLimits,
  connectionLimitsProblem,
  DEFAULT_CONNECTION_LIMITS,
} from '../emulator/http/connectionLimits.ts';
import { type FaultSettings, faultProblem, NO_FAULTS } from '../emulator/http/faults.ts';
import { DEFAULT_JOURNAL_CAP } from '../emulator/http/journal.ts';
import type { Engine } from '../emulator/policyTypes/registry.ts';
import { type Env, EnvReader } from './env.ts';

export interface EmulatorConfig {
  port: number;
  host: string;
  token: string;
  engine: Engine;
  fixturePath?: string;
  statePath?: string;
  /** Requests per minute before 429; 0 turns the limit off. */
  rateLimitPerMinute: number;
  admin: boolean;
  /** Entries of the request journal kept in memory; the oldest are dropped beyond it. */
  journalCap: number;
  /** Faults injected from the start (the rate limit is `rateLimitPerMinute`). */
  faults: Omit<FaultSettings, 'rateLimitPerMinute'>;
  limits: ConnectionLimits;
}

export function readEmulatorConfig(env: Env): EmulatorConfig {
  const r = new EnvReader(env);
  // Fault settings have the bounds of the /__emulator/faults endpoint.
  const fault = (key: keyof FaultSettings, name: string) => r.number(name, NO_FAULTS[key], (n) => faultProblem(key, n));
  const config: EmulatorConfig = {
    port: r.port('EMULATOR_PORT', 4001),
    host: r.host('EMULATOR_HOST'),
    token: r.token('EMULATOR_TOKEN', 'dev-token'),
    engine: r.engine('EMULATOR_ENGINE'),
    fixturePath: r.text('EMULATOR_FIXTURE'),
    statePath: r.text('EMULATOR_STATE'),
    rateLimitPerMinute: r.integer('EMULATOR_RATE_LIMIT', 0, 0, 1_000_000),
    admin: r.boolean('EMULATOR_ADMIN', true),
    journalCap: r.integer('EMULATOR_JOURNAL_CAP', DEFAULT_JOURNAL_CAP, 1, 1_000_000),
    faults: {
      latencyMs: fault('latencyMs', 'EMULATOR_LATENCY_MS'),
      jitterMs: fault('jitterMs', 'EMULATOR_JITTER_MS'),
      errorRate: fault('errorRate', 'EMULATOR_ERROR_RATE'),
      status: fault('status', 'EMULATOR_ERROR_STATUS'),
      resetRate: fault('resetRate', 'EMULATOR_RESET_RATE'),
    },
    limits: {
      headersTimeoutMs: r.integer(
        'EMULATOR_HEADERS_TIMEOUT_MS',
        DEFAULT_CONNECTION_LIMITS.headersTimeoutMs,
        100,
        600_000,
      ),
      requestTimeoutMs: r.integer(
        'EMULATOR_REQUEST_TIMEOUT_MS',
        DEFAULT_CONNECTION_LIMITS.requestTimeoutMs,
        100,
        600_000,
      ),
      keepAliveTimeoutMs: r.integer(
        'EMULATOR_KEEPALIVE_MS',
        DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs,
        100,
        600_000,
      ),
      maxConnections: r.integer('EMULATOR_MAX_CONNECTIONS', DEFAULT_CONNECTION_LIMITS.maxConnections, 1, 100_000),
    },
  };
  const limitsProblem = connectionLimitsProblem(config.limits);
  if (limitsProblem) r.problem(`EMULATOR_HEADERS_TIMEOUT_MS, EMULATOR_REQUEST_TIMEOUT_MS: ${limitsProblem}`);
  r.throwIfInvalid();
  return config;
}
