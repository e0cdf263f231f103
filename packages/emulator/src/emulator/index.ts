// Starts the emulator in-process: `startEmulator({ port: 0 })` from tests, `npm run emulator`
// from the command line.
import type { AddressInfo } from 'node:net';
import {
  FixtureError,
  type FixtureInput,
  loadFixture,
  parseFixture,
  parseOAuthClients,
  type OrgFixture,
} from './org/fixture.ts';
import { OrgSnapshots } from './org/snapshots.ts';
import { readSavedState, removeStrayTempFiles } from './org/persistence.ts';
import { StateWriter } from './org/stateWriter.ts';
import { seedFixturePolicies } from './routes/fixturePolicies.ts';
import { directoryForOlderState } from './directory/records.ts';
import { assignFixtureApps, emptyData, seedOAuthClients, seedOrg } from './org/seed.ts';
import { type RequestCounter, resetEverything } from './http/admin.ts';
import { type FaultRule, type FaultRuleInput, FaultRules, parseFaultRule } from './http/faultRules.ts';
import { DEFAULT_JOURNAL_BOUNDS, type JournalEntry, journalOptionProblems, RequestJournal } from './http/journal.ts';
import { type ConnectionLimits, connectionLimitsProblem, DEFAULT_CONNECTION_LIMITS } from './http/connectionLimits.ts';
import { type FaultHooks, Faults, type FaultSettings, NO_FAULTS, parseFaultChange } from './http/faults.ts';
import { createEmulatorServer } from './http/server.ts';
import { type OrgData, OrgStore } from './org/store.ts';
import type { Engine } from './policyTypes/registry.ts';
import type { Server } from 'node:http';
import { EMULATOR_DEFAULTS } from '../config/emulator.ts';
import { parseSigningKey } from '../config/signingKey.ts';
import { AuthorizationServer } from './auth/authServer.ts';
import type { OAuthClientInput } from './access/clients.ts';
import type { Authenticate } from './access/principal.ts';
import { Check } from './common/check.ts';

export type { FaultRule, FaultRuleInput } from './http/faultRules.ts';
export type { FaultSettings } from './http/faults.ts';
export type { JournalEntry } from './http/journal.ts';
export type { FixtureInput, FixturePolicy, FixtureRule } from './org/fixture.ts';
export type { Engine } from './policyTypes/registry.ts';

export interface EmulatorOptions {
  port: number;
  host?: string;
  /** The API token (`SSWS <token>`) of the fixture's first SUPER_ADMIN. */
  token: string;
  engine?: Engine;
  /** A fixture file; default: the built-in fixture. */
  fixturePath?: string;
  /** A fixture as an object, or the path of a fixture file; wins over fixturePath. */
  fixture?: FixtureInput | string;
  /** Keeps the org in this JSON file across restarts. */
  statePath?: string;
  /** The same as statePath (the name the command line uses). */
  state?: string;
  /** Journal entries kept in memory (the oldest are dropped); default 1000 (EMULATOR_JOURNAL_CAP). */
  journalCap?: number;
  /** Bytes the journal keeps, all entries as JSON (the oldest are dropped); default 16 MiB (EMULATOR_JOURNAL_BYTES). */
  journalBytes?: number;
  /** A journaled body over this many bytes is kept cut, with `bodyTruncated`; default 64 KiB (EMULATOR_JOURNAL_BODY_BYTES). */
  journalBodyBytes?: number;
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
  /** OAuth clients the org starts with, besides the fixture's (one of the same client_id replaces the fixture's). */
  oauthClients?: OAuthClientInput[];
  /** The authorization server: token lifetime, clock skew, signing key (PEM or JWK); default EMULATOR_DEFAULTS.oauth. */
  oauth?: Partial<{
    accessTokenSeconds: number;
    clockSkewSeconds: number;
    /** Seconds the previous refresh token stays valid after a rotation; default 30 (EMULATOR_REFRESH_TOKEN_LEEWAY_SECONDS). */
    refreshTokenLeewaySeconds: number;
    signingKey: string;
  }>;
  /** Milliseconds since the epoch as the authorization server sees them (tests move time); default Date.now. */
  clock?: () => number;
  /** Told once the org was replaced (reset, snapshot restored), before the request that did it is answered: e.g. a cache in front of the emulator empties itself. */
  onOrgReplaced?: () => void | Promise<void>;
}

export interface RunningEmulator {
  url: string;
  /** The live org (tests may inspect it). */
  store(): OrgStore;
  counter: RequestCounter;
  /** The live injected faults (also served at /__emulator/faults). */
  faults: Faults;
  /** The token the emulator accepts. */
  token: string;
  /** Who an Authorization header stands for (the API's check; tests may call it). */
  authenticate: Authenticate;
  /** The same as POST /__emulator/reset: start org, start faults, no fault rules, empty counter and journal. */
  reset(): Promise<void>;
  /** Keeps a copy of the org (POST /__emulator/snapshots); returns its id. */
  snapshot(): string;
  /** Puts the org back to a snapshot (ids, priorities, timestamps); throws for an unknown id. */
  restore(id: string): Promise<void>;
  /** The request journal (GET /__emulator/journal), after the entry `since` when given. */
  journal(since?: number): JournalEntry[];
  /** Changes the global faults (POST /__emulator/faults); throws on an invalid change. */
  setFaults(change: Partial<FaultSettings>): Promise<FaultSettings>;
  /** Adds a targeted fault (POST /__emulator/faults/rules); throws on an invalid rule. */
  addFaultRule(rule: FaultRuleInput): FaultRule;
  /** Removes a targeted fault; false when there is no such rule. */
  removeFaultRule(id: string): boolean;
  close(): Promise<void>;
  /** The same as close(). */
  stop(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const engine = options.engine ?? 'IE';
  const limits = checkedLimits(options);
  const oauth = oauthSettings(options.oauth);
  const fixture = startFixture(options);
  const startData = seedStartData(fixture, engine);
  const org = await openOrg(fixture, engine, startData, options.state ?? options.statePath);

  let url = '';
  const base = () => url;
  const authServer = new AuthorizationServer({
    fixture,
    token: options.token,
    store: org.current,
    durable: org.durable,
    base,
    ...oauth,
    now: options.clock,
  });
  const faults = new Faults(
    { ...NO_FAULTS, ...options.faults, rateLimitPerMinute: options.rateLimitPerMinute ?? 0 },
    options.faultHooks,
  );
  const served = serveOrg(options, { org, startData, authServer, faults, limits, base });
  url = await listen(served.server, options.port, options.host ?? '127.0.0.1');
  return runningEmulator(options, { url, org, authServer, faults, ...served });
}

/** The options' faults, journal bounds and connection limits, refused with every problem named. */
function checkedLimits(options: EmulatorOptions): ConnectionLimits {
  const badFaults = parseFaultChange(options.faults ?? {}).causes;
  if (badFaults.length) throw new Error(`invalid faults: ${badFaults.join('; ')}`);
  const badJournal = journalOptionProblems(options);
  if (badJournal.length) throw new Error(badJournal.join('; '));
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.limits };
  const badLimits = connectionLimitsProblem(limits);
  if (badLimits) throw new Error(`invalid limits: ${badLimits}`);
  return limits;
}

interface ServedParts {
  org: LiveOrg;
  startData: OrgData;
  authServer: AuthorizationServer;
  faults: Faults;
  limits: ConnectionLimits;
  base: () => string;
}

/** The HTTP server over the org: its API, authorization server, faults, journal and admin endpoints. */
function serveOrg(options: EmulatorOptions, { org, startData, authServer, faults, limits, base }: ServedParts) {
  const snapshots = new OrgSnapshots();
  const replaceOrg = async (data: OrgData) => {
    await org.replace(data);
    await options.onOrgReplaced?.();
  };
  return createEmulatorServer({
    token: options.token,
    authenticate: authServer.authenticate,
    oauth: authServer,
    admin: options.admin ?? true,
    faults,
    faultRules: new FaultRules(),
    journal: new RequestJournal({
      cap: options.journalCap ?? DEFAULT_JOURNAL_BOUNDS.cap,
      bytes: options.journalBytes ?? DEFAULT_JOURNAL_BOUNDS.bytes,
      bodyBytes: options.journalBodyBytes ?? DEFAULT_JOURNAL_BOUNDS.bodyBytes,
    }),
    limits,
    store: org.current,
    reset: () => replaceOrg(structuredClone(startData)),
    snapshot: () => snapshots.take(org.current().data),
    restore: async (id) => {
      const data = snapshots.copy(id);
      if (!data) return false;
      await replaceOrg(data);
      return true;
    },
    durable: org.durable,
    base,
  });
}

/** What startEmulator answers: the listening emulator's controls, the admin endpoints' as functions. */
function runningEmulator(
  options: EmulatorOptions,
  {
    url,
    org,
    authServer,
    faults,
    server,
    counter,
    admin,
  }: Pick<ServedParts, 'org' | 'authServer' | 'faults'> & ReturnType<typeof serveOrg> & { url: string },
): RunningEmulator {
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await org.close();
  };
  return {
    url,
    token: options.token,
    authenticate: authServer.authenticate,
    store: org.current,
    counter,
    faults,
    reset: () => resetEverything(admin),
    snapshot: admin.snapshot,
    restore: async (id) => {
      if (!(await admin.restore(id))) throw new Error(`no snapshot ${id}`);
    },
    journal: (since) => admin.journal.list(since),
    setFaults: async (change) => {
      const { causes } = parseFaultChange(change);
      if (causes.length) throw new Error(`invalid faults: ${causes.join('; ')}`);
      return faults.update(change);
    },
    addFaultRule: (input) => {
      const { rule, causes } = parseFaultRule(input);
      if (!rule) throw new Error(`invalid fault rule: ${causes.join('; ')}`);
      return admin.faultRules.add(rule);
    },
    removeFaultRule: (id) => admin.faultRules.remove(id),
    close,
    stop: close,
  };
}

/** The fixture the org starts from; the options' OAuth clients replace the fixture's of the same client_id. */
function startFixture(options: EmulatorOptions): OrgFixture {
  const fixture: OrgFixture =
    typeof options.fixture === 'string'
      ? loadFixture(options.fixture)
      : options.fixture !== undefined
        ? parseFixture(options.fixture)
        : loadFixture(options.fixturePath);
  if (!options.oauthClients) return fixture;
  const c = new Check();
  const extra = parseOAuthClients(c, options.oauthClients, 'oauthClients');
  if (!c.ok) throw new FixtureError(`invalid oauthClients: ${c.causes.join('; ')}`);
  const replaced = new Set(extra.map((client) => client.client_id));
  return { ...fixture, oauthClients: [...fixture.oauthClients.filter((x) => !replaced.has(x.client_id)), ...extra] };
}

/**
 * A new org, seeded once (so a bad fixture fails the start, state file or not) and copied on every
 * reset, so that its ids (default policies and rules, the default user type) stay valid.
 */
function seedStartData(fixture: OrgFixture, engine: Engine): OrgData {
  const seeded = new OrgStore(emptyData(), fixture, engine);
  seedOrg(seeded, fixture);
  seedFixturePolicies(seeded, fixture);
  assignFixtureApps(seeded, fixture);
  seedOAuthClients(seeded, fixture);
  return seeded.data;
}

/** The org being served, replaced on reset and restore, and its state file when there is one. */
interface LiveOrg {
  current(): OrgStore;
  /** Serves `data` from now on, durable before this resolves. */
  replace(data: OrgData): Promise<void>;
  durable(): Promise<void>;
  close(): Promise<void>;
}

async function openOrg(fixture: OrgFixture, engine: Engine, startData: OrgData, statePath?: string): Promise<LiveOrg> {
  // A damaged state file stops the start here, before anything is written.
  const saved = statePath ? readSavedState(statePath) : undefined;
  for (const warning of saved?.warnings ?? []) console.warn(`emulator: ${warning}`);
  if (statePath) removeStrayTempFiles(statePath);
  // A state file written before OAuth clients were org state starts with the fixture's.
  if (saved) saved.data.oauthClients ??= structuredClone(startData.oauthClients);
  // One written before the directory was org state starts with the fixture's directory.
  if (saved) directoryForOlderState(saved.data, startData);
  const writer = statePath ? new StateWriter(statePath, (): OrgData => store.data, saved?.generation) : undefined;
  const onChange = () => writer?.changed();
  const watched = (data: OrgData): OrgData => writer?.track(data) ?? data;
  let store = new OrgStore(watched(saved ? saved.data : structuredClone(startData)), fixture, engine, onChange);
  // A first snapshot folds the journal of the last run into the state file.
  writer?.changed();
  await writer?.durable();
  const durable = () => writer?.durable() ?? Promise.resolve();
  return {
    current: () => store,
    replace: async (data) => {
      store = new OrgStore(watched(data), fixture, engine, onChange);
      writer?.changed();
      await durable();
    },
    durable,
    close: async () => {
      await writer?.close();
    },
  };
}

/** The authorization server's settings: the options' over the defaults, checked as the variables are. */
function oauthSettings(given: EmulatorOptions['oauth'] = {}) {
  const settings = { ...EMULATOR_DEFAULTS.oauth, ...given };
  const { accessTokenSeconds, clockSkewSeconds, refreshTokenLeewaySeconds } = settings;
  if (!Number.isInteger(accessTokenSeconds) || accessTokenSeconds < 1 || accessTokenSeconds > 86_400) {
    throw new Error('invalid oauth.accessTokenSeconds: must be a whole number from 1 to 86400');
  }
  if (!Number.isInteger(clockSkewSeconds) || clockSkewSeconds < 0 || clockSkewSeconds > 300) {
    throw new Error('invalid oauth.clockSkewSeconds: must be a whole number from 0 to 300');
  }
  if (!Number.isInteger(refreshTokenLeewaySeconds) || refreshTokenLeewaySeconds < 0 || refreshTokenLeewaySeconds > 60) {
    throw new Error('invalid oauth.refreshTokenLeewaySeconds: must be a whole number from 0 to 60');
  }
  const parsed = settings.signingKey === undefined ? undefined : parseSigningKey(settings.signingKey);
  if (parsed?.problem) throw new Error(`invalid oauth.signingKey: ${parsed.problem}`);
  return { accessTokenSeconds, clockSkewSeconds, refreshTokenLeewaySeconds, signingKey: parsed?.key };
}

/** Listens on `port` (0: any free one) and returns the base URL. */
async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
