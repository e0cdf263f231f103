// Starts the emulator in-process: `startEmulator({ port: 0 })` from tests, `npm run emulator`
// from the command line.
import type { AddressInfo } from 'node:net';
import { type FixtureInput, loadFixture, parseFixture, type OrgFixture } from './org/fixture.ts';
import { OrgSnapshots } from './org/snapshots.ts';
import { readSavedState, removeStrayTempFiles } from './org/persistence.ts';
import { StateWriter } from './org/stateWriter.ts';
import { seedFixturePolicies } from './org/fixturePolicies.ts';
import { assignFixtureApps, emptyData, seedOrg } from './org/seed.ts';
import { type RequestCounter, resetEverything } from './http/admin.ts';
import { type FaultRule, type FaultRuleInput, FaultRules, parseFaultRule } from './http/faultRules.ts';
import { DEFAULT_JOURNAL_BOUNDS, type JournalEntry, journalOptionProblems, RequestJournal } from './http/journal.ts';
import { type ConnectionLimits, connectionLimitsProblem, DEFAULT_CONNECTION_LIMITS } from './http/connectionLimits.ts';
import { type FaultHooks, Faults, type FaultSettings, NO_FAULTS, parseFaultChange } from './http/faults.ts';
import { createEmulatorServer } from './http/server.ts';
import { apiTokenOnly } from './auth/principalTypes.tmp.ts';
import { type OrgData, OrgStore } from './org/store.ts';
import type { Engine } from './policyTypes/registry.ts';

export type { FaultRule, FaultRuleInput } from './http/faultRules.ts';
export type { FaultSettings } from './http/faults.ts';
export type { JournalEntry } from './http/journal.ts';
export type { FixtureInput, FixturePolicy, FixtureRule } from './org/fixture.ts';
export type { Engine } from './policyTypes/registry.ts';

export interface EmulatorOptions {
  port: number;
  host?: string;
  /** The one API token accepted (as `SSWS <token>` or `Bearer <token>`). */
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
  const badFaults = parseFaultChange(options.faults ?? {}).causes;
  if (badFaults.length) throw new Error(`invalid faults: ${badFaults.join('; ')}`);
  const fixture: OrgFixture =
    typeof options.fixture === 'string'
      ? loadFixture(options.fixture)
      : options.fixture !== undefined
        ? parseFixture(options.fixture)
        : loadFixture(options.fixturePath);
  const statePath = options.state ?? options.statePath;
  const badJournal = journalOptionProblems(options);
  if (badJournal.length) throw new Error(badJournal.join('; '));
  const onChange = () => writer?.changed();
  // A new org is seeded once (so a bad fixture fails the start, state file or not) and copied on
  // every reset, so that its ids (default policies and rules, the default user type) stay valid.
  const seeded = new OrgStore(emptyData(), fixture, engine);
  seedOrg(seeded, fixture);
  seedFixturePolicies(seeded, fixture);
  assignFixtureApps(seeded, fixture);
  const startData = seeded.data;
  const watched = (data: OrgData): OrgData => writer?.track(data) ?? data;
  // A damaged state file stops the start here, before anything is written.
  const saved = statePath ? readSavedState(statePath) : undefined;
  for (const warning of saved?.warnings ?? []) console.warn(`emulator: ${warning}`);
  if (statePath) removeStrayTempFiles(statePath);
  const writer = statePath ? new StateWriter(statePath, (): OrgData => store.data, saved?.generation) : undefined;
  let store = new OrgStore(watched(saved ? saved.data : structuredClone(startData)), fixture, engine, onChange);
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
  const snapshots = new OrgSnapshots();
  /** Serves `data` from now on, durable before this resolves. */
  const replaceOrg = async (data: OrgData) => {
    store = new OrgStore(watched(data), fixture, engine, onChange);
    writer?.changed();
    await writer?.durable();
  };
  const { server, counter, admin } = createEmulatorServer({
    token: options.token,
    authenticate: apiTokenOnly(options.token),
    admin: options.admin ?? true,
    faults,
    faultRules: new FaultRules(),
    journal: new RequestJournal({
      cap: options.journalCap ?? DEFAULT_JOURNAL_BOUNDS.cap,
      bytes: options.journalBytes ?? DEFAULT_JOURNAL_BOUNDS.bytes,
      bodyBytes: options.journalBodyBytes ?? DEFAULT_JOURNAL_BOUNDS.bodyBytes,
    }),
    limits,
    store: () => store,
    reset: () => replaceOrg(structuredClone(startData)),
    snapshot: () => snapshots.take(store.data),
    restore: async (id) => {
      const data = snapshots.copy(id);
      if (!data) return false;
      await replaceOrg(data);
      return true;
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
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await writer?.close();
  };
  return {
    url,
    token: options.token,
    store: () => store,
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
