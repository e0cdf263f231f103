// Starts the emulator in-process: `startEmulator({ port: 0 })` from tests, `npm run emulator`
// from the command line.
import type { AddressInfo } from 'node:net';
import { loadFixture, parseFixture, type OrgFixture } from './org/fixture.ts';
import { readSavedState, removeStrayTempFiles } from './org/persistence.ts';
import { StateWriter } from './org/stateWriter.ts';
import { emptyData, seedOrg } from './org/seed.ts';
import type { RequestCounter } from './http/admin.ts';
import { type ConnectionLimits, connectionLimitsProblem, DEFAULT_CONNECTION_LIMITS } from './http/connectionLimits.ts';
import { type FaultHooks, Faults, type FaultSettings, NO_FAULTS, parseFaultChange } from './http/faults.ts';
import { createEmulatorServer } from './http/server.ts';
import { type OrgData, OrgStore } from './org/store.ts';
import type { Engine } from './policyTypes/registry.ts';

export interface EmulatorOptions {
  port: number;
  host?: string;
  /** The one API token accepted (as `SSWS <token>` or `Bearer <token>`). */
  token: string;
  engine?: Engine;
  /** A fixture file; default: the built-in fixture. */
  fixturePath?: string;
  /** An in-memory fixture (tests); wins over fixturePath. */
  fixture?: unknown;
  /** Keeps the org in this JSON file across restarts. */
  statePath?: string;
  /** Requests per minute before 429; 0 or absent: no limit (the start value of the faults' rate limit). */
  rateLimitPerMinute?: number;
  /** Faults injected from the start (see /__emulator/faults); default none. */
  faults?: Partial<Omit<FaultSettings, 'rateLimitPerMinute'>>;
  /** HTTP timeouts and the connection cap; default DEFAULT_CONNECTION_LIMITS. */
  limits?: Partial<ConnectionLimits>;
  /** Randomness and waiting of the faults (tests make them deterministic). */
  faultHooks?: Partial<FaultHooks>;
  /** Serve /__emulator/* (request counter, reset); default true. */
  admin?: boolean;
}

export interface RunningEmulator {
  url: string;
  /** The live org (tests may inspect it). */
  store(): OrgStore;
  counter: RequestCounter;
  /** The live injected faults (also served at /__emulator/faults). */
  faults: Faults;
  close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const engine = options.engine ?? 'IE';
  const badFaults = parseFaultChange(options.faults ?? {}).causes;
  if (badFaults.length) throw new Error(`invalid faults: ${badFaults.join('; ')}`);
  const fixture: OrgFixture =
    options.fixture !== undefined ? parseFixture(options.fixture) : loadFixture(options.fixturePath);
  const onChange = () => writer?.changed();
  // A new org is seeded once (so a bad fixture fails the start, state file or not) and copied on
  // every reset, so that its ids (default policies and rules, the default user type) stay valid.
  const seeded = new OrgStore(emptyData(), fixture, engine);
  seedOrg(seeded, fixture);
  const startData = seeded.data;
  const watched = (data: OrgData): OrgData => writer?.track(data) ?? data;
  const fresh = () => new OrgStore(watched(structuredClone(startData)), fixture, engine, onChange);
  if (options.statePath) removeStrayTempFiles(options.statePath);
  const saved = options.statePath ? readSavedState(options.statePath) : undefined;
  const writer = options.statePath
    ? new StateWriter(options.statePath, (): OrgData => store.data, saved?.generation)
    : undefined;
  let store: OrgStore = saved ? new OrgStore(watched(saved.data), fixture, engine, onChange) : fresh();
  // A first snapshot folds the journal of the last run into the state file.
  writer?.changed();
  await writer?.durable();

  let url = '';
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.limits };
  const badLimits = connectionLimitsProblem(limits);
  if (badLimits) throw new Error(`invalid limits: ${badLimits}`);
  const faults = new Faults(
    { ...NO_FAULTS, ...options.faults, rateLimitPerMinute: options.rateLimitPerMinute ?? 0 },
    options.faultHooks,
  );
  const { server, counter } = createEmulatorServer({
    token: options.token,
    admin: options.admin ?? true,
    faults,
    limits,
    store: () => store,
    reset: async () => {
      store = fresh();
      writer?.changed();
      await writer?.durable();
    },
    durable: () => writer?.durable() ?? Promise.resolve(),
    base: () => url,
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    store: () => store,
    counter,
    faults,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await writer?.close();
    },
  };
}
