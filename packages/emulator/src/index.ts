// policy-service-emulator: a stateful emulator of the Policy and User Types REST services for other
// projects' test suites. `startEmulator({ port: 0 })` starts one in-process over real HTTP; the
// `policy-emulator` command starts one in its own process. The REST contract and the wire types are
// the subpaths `policy-service-emulator/contract` and `policy-service-emulator/types`.
import { EMULATOR_DEFAULTS } from './config/emulator.ts';
import {
  type EmulatorOptions,
  type FixtureInput,
  type RunningEmulator,
  startEmulator as startEmulatorServer,
} from './emulator/index.ts';
import type { FaultSettings } from './emulator/http/faults.ts';
import type { Engine } from './emulator/policyTypes/registry.ts';
import type { OAuthClientInput } from './emulator/access/clients.ts';

/** The emulator with every option `policy-emulator` reads (timeouts, connection cap, admin endpoints on or off). */
export { startEmulatorServer };
export { FixtureError } from './emulator/org/fixture.ts';
export { StateFileError } from './emulator/org/persistence.ts';
export type { ConnectionLimits } from './emulator/http/connectionLimits.ts';
export type { FaultRule, FaultRuleInput, JournalEntry, FixturePolicy, FixtureRule } from './emulator/index.ts';
export type { EmulatorOptions, RunningEmulator, Engine, FaultSettings, FixtureInput, OAuthClientInput };
export { GRAPHIQL_CLIENT_ID, graphiqlClient } from './emulator/access/clients.ts';
export { API_SCOPES } from './emulator/access/principal.ts';
export type {
  AdminRole,
  ApiScope,
  Authenticate,
  Authentication,
  Principal,
} from './emulator/access/principal.ts';

/** The token `startEmulator` accepts when none is given (the same default as `policy-emulator`). */
export const DEFAULT_TOKEN = EMULATOR_DEFAULTS.token;

export interface StartEmulatorOptions {
  /** TCP port; default 0: any free port (read the chosen one from `url`). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The API token of the fixture's first SUPER_ADMIN (carol in the built-in org), as `SSWS <token>`; default `dev-token`. */
  token?: string;
  /** Which policy engine the org has; default IE. */
  engine?: Engine;
  /** The org's directory data and policies: a fixture object, or the path of a fixture JSON file; default the built-in fixture. */
  fixture?: FixtureInput | string;
  /** Keeps the org in this file across restarts (a snapshot plus a journal next to it); default in memory only. */
  state?: string;
  /** Faults from the start (latency, jitter, error rate and status, reset rate); default none. */
  faults?: Partial<Omit<FaultSettings, 'rateLimitPerMinute'>>;
  /** Requests per minute before 429; default no limit. */
  rateLimitPerMinute?: number;
  /** Entries the request journal keeps (the oldest go first); default 1000. */
  journalCap?: number;
  /** Bytes the request journal keeps, all entries as JSON (the oldest go first); default 16 MiB. */
  journalBytes?: number;
  /** A journaled body over this many bytes is kept cut (`bodyTruncated: true`); default 64 KiB. */
  journalBodyBytes?: number;
  /** OAuth clients the org starts with besides the fixture's, in its shape (e.g. `graphiqlClient([callback])`). */
  oauthClients?: OAuthClientInput[];
  /** The authorization server: access token lifetime, clock skew (seconds), signing key (PEM or JWK). */
  oauth?: EmulatorOptions['oauth'];
}

/** A running emulator: the live handle of the engine plus the calls a test suite needs. */
export type Emulator = RunningEmulator & {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`; the API is under `/api/v1`. */
  url: string;
  /** The token the API accepts. */
  token: string;
  /** Puts the org back to its start state and clears the request counter and the faults (`POST /__emulator/reset`). */
  reset(): Promise<void>;
  /** Closes the server; with `state`, after the last change is on disk. */
  stop(): Promise<void>;
};

export async function startEmulator(options: StartEmulatorOptions = {}): Promise<Emulator> {
  const token = options.token ?? DEFAULT_TOKEN;
  const { fixture } = options;
  const running = await startEmulatorServer({
    port: options.port ?? 0,
    host: options.host,
    token,
    engine: options.engine,
    ...(typeof fixture === 'string' ? { fixturePath: fixture } : { fixture }),
    statePath: options.state,
    faults: options.faults,
    rateLimitPerMinute: options.rateLimitPerMinute,
    journalCap: options.journalCap,
    journalBytes: options.journalBytes,
    journalBodyBytes: options.journalBodyBytes,
    oauthClients: options.oauthClients,
    oauth: options.oauth,
  });
  const admin = async (method: string, path: string): Promise<void> => {
    const res = await fetch(`${running.url}${path}`, { method, headers: { authorization: `SSWS ${token}` } });
    if (!res.ok) throw new Error(`emulator: ${method} ${path} answered ${res.status}: ${await res.text()}`);
  };
  return {
    ...running,
    token,
    reset: () => admin('POST', '/__emulator/reset'),
    stop: () => running.close(),
  };
}
