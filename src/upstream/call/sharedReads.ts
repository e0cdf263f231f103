// Identical reads share one call. A GET whose caller's rights class for its kind of resource is known
// (rightsClasses.ts: what the service's own answers to it showed in the last window) leads a flight,
// keyed by its class and URL; an identical GET by another caller of that class while it is in flight
// waits for its answer instead of calling again. A caller of another class never takes it (the
// service's `_links` hints differ between them), and a caller whose class is not known makes its own
// call and leads none. Kinds are told apart (policies, user types, users) because a scoped token accepted
// for one is not proven for the other. Each joiner reads the shared answer itself (answer.ts parses the body per call, so no joiner
// sees another's objects), counts its bytes in its own operation, and makes its own call when the
// flight got no answer (its operation aborted, the transport failed) or the service refused the
// leader's credential.
//
// A flight that landed with a 2xx answer is kept a while for the operations that arrived before it
// took off: a read sent after an operation arrived is as fresh as one it would have made itself, so
// an operation that waited (in the memory admission's line, or for an earlier wave) takes it instead
// of calling again. Only such operations may take it, and only while one of them is under way; the
// kept answers stay under KEPT_BYTES together, the oldest landed dropped first.
//
// A write to a kind of resource through this client ends the sharing of that kind's flights, in
// flight and landed, when it starts and when it ends, so a read after a write never takes a read sent
// before it. Runs around the retry and budget steps: a joiner takes no budget token.
//
// Each read that may be shared is told to its caller (`onTaken`: its class, take-off and landing,
// the family's writes then), and `couldHaveTaken` applies the same rule to a later operation: what
// the gateway's joined answers (answerCache/flights.ts) hand a newcomer an answer made of such reads by.
import type { AttemptResult } from '../attempt.ts';
import type { ReadFamily } from '../routes.ts';
import { type CallContext, sharedReadOf } from './request.ts';
import { type RightsClass, RightsClasses, shareKey } from './rightsClasses.ts';
import type { TakenRead } from './takenRead.ts';

export type { TakenRead } from './takenRead.ts';
import { type Send, type Step, skipped } from './steps.ts';

/** One read that may be shared: what it reads, for whom, and what its operation allows. */
export interface SharedReadRequest {
  /** The request path (with the cache versions it was read under, when the read cache is on). */
  url: string;
  family: ReadFamily;
  /** The caller's rights class for the family; undefined: not known, so nothing is shared. */
  rights: RightsClass | undefined;
  /** When the caller's operation arrived; undefined: not known, takes no landed answer. */
  arrivedAt: number | undefined;
  guard: JoinerGuard;
  /** Told when the result came from another call. */
  joinedOne?: () => void;
  /**
   * Join a flight in progress only when it took off after the operation arrived, as for landed ones:
   * where another process may write to the org (replicas) without ending this one's flights.
   */
  onlyLaterFlights?: boolean;
  /** Told of the read an answer that another may share came from (this call's own or another's); not told otherwise. */
  onTaken?: (taken: TakenRead) => void;
}

/** What a joiner needs of its operation: its abort, and its byte budget. */
export interface JoinerGuard {
  readonly reason: Error | undefined;
  onAbort(callback: () => void): () => void;
  takeBytes(count: number): Error | undefined;
}

/**
 * Bytes of landed answers kept together at most. The 8-type dashboard on an org of 150 password
 * policies reads 0.4 MB: ten such sets, a small part of MEMORY_BUDGET_BYTES.
 */
export const KEPT_BYTES = 4 * 1024 * 1024;

interface Flight {
  family: ReadFamily;
  /** When it took off (the clock of the operations' arrivals). */
  startedAt: number;
  /** When its result came (Infinity until then). */
  landedAt: number;
  /** The family's writes counted when it took off. */
  writes: number;
  result: Promise<AttemptResult>;
}

interface Landed {
  flight: Flight;
  result: AttemptResult & { ok: true };
  bytes: number;
}

/**
 * The one rule of freshness every shared answer follows: an operation that arrived at `arrivedAt`
 * (undefined: not known) may take a flight that took off at `startedAt` when it took off after the
 * operation arrived, or, unless only such later flights may be joined, when it is in flight at the
 * moment the operation asks (`inFlight`).
 */
function takesFlight(
  arrivedAt: number | undefined,
  startedAt: number,
  inFlight: boolean,
  onlyLaterFlights: boolean,
): boolean {
  return (arrivedAt !== undefined && arrivedAt < startedAt) || (inFlight && !onlyLaterFlights);
}

/** An operation under way: when it arrived, and until when it may still read (its deadline). */
interface Arrival {
  at: number;
  until: number;
}

export class SharedReads {
  /** Class and URL (shareKey) -> the flight in progress. */
  private readonly flights = new Map<string, Flight>();
  /** Class and URL -> the latest flight that landed with a 2xx answer, in landing order (the oldest first). */
  private readonly landed = new Map<string, Landed>();
  private landedBytes = 0;
  /** The operations under way, by arrival (the oldest first). */
  private readonly arrivals: Arrival[] = [];
  /** Writes started or ended, by family: a flight taken off before the last one is no longer shared. */
  private readonly writes: Record<ReadFamily, number> = { policies: 0, userTypes: 0, users: 0 };
  /** Reads answered from another caller's flight, for metrics. */
  joined = 0;

  /**
   * `rights`: counts the shared answers a caller of another class was refused (shared with the read
   * cache); `clock`: the monotonic clock of arrivals and take-offs (the one `arrive` is given).
   */
  constructor(
    private readonly rights: RightsClasses = new RightsClasses(),
    private readonly clock: () => number = () => performance.now(),
    private readonly keptBytes: number = KEPT_BYTES,
  ) {}

  /**
   * An operation that arrived at `at` (on `clock`) and may read until `until` is under way: the
   * flights that take off from now on are kept for it once landed. Call the returned function when
   * it has answered (once is enough; more do nothing).
   */
  arrive(at: number, until: number): () => void {
    const arrival = { at, until };
    let place = this.arrivals.length;
    while (place > 0 && this.arrivals[place - 1].at > at) place--;
    this.arrivals.splice(place, 0, arrival);
    return () => {
      const index = this.arrivals.indexOf(arrival);
      if (index < 0) return;
      this.arrivals.splice(index, 1);
      // Only the oldest leaving can make a landed answer useless to everyone left.
      if (index === 0) this.dropUnwanted();
    };
  }

  /**
   * The result of the GET at `read.url` for a caller of class `rights` (undefined: not known), whose
   * operation arrived at `arrivedAt` (undefined: not known, takes no landed answer): a landed answer
   * of a flight of its class that took off after that, or one in progress, else `call()` (a flight
   * others of its class may join, when its class is known). `joinedOne` is told when the result came from another call.
   */
  async read(read: SharedReadRequest, call: () => Promise<AttemptResult>): Promise<AttemptResult> {
    const { url, family, rights } = read;
    this.rights.countIfRefused(
      family,
      rights,
      (other) => this.flights.has(shareKey(other, url)) || this.landed.has(shareKey(other, url)),
    );
    if (!rights) return call();
    return this.readAs(shareKey(rights, url), { ...read, rights }, call);
  }

  private async readAs(
    key: string,
    {
      family,
      rights,
      arrivedAt,
      guard,
      joinedOne,
      onlyLaterFlights = false,
      onTaken,
    }: SharedReadRequest & {
      rights: RightsClass;
    },
    call: () => Promise<AttemptResult>,
  ): Promise<AttemptResult> {
    const taken = (flight: Flight) =>
      onTaken?.({
        family,
        rights,
        startedAt: flight.startedAt,
        landedAt: flight.landedAt,
        writes: flight.writes,
        onlyLaterFlights,
      });
    const kept = this.landed.get(key);
    if (kept && takesFlight(arrivedAt, kept.flight.startedAt, false, onlyLaterFlights)) {
      taken(kept.flight);
      return this.handOut(kept.result, kept.bytes, guard, joinedOne);
    }
    const flight = this.flights.get(key);
    if (flight && takesFlight(arrivedAt, flight.startedAt, true, onlyLaterFlights)) {
      const shared = await untilAborted(flight.result, guard);
      if (shared && sharable(shared)) {
        taken(flight);
        return this.handOut(shared, Buffer.byteLength(shared.body), guard, joinedOne);
      }
      if (guard.reason) return { ok: false, error: guard.reason, durationMs: 0 };
    }
    const entry: Flight = {
      family,
      startedAt: this.clock(),
      landedAt: Number.POSITIVE_INFINITY,
      writes: this.writes[family],
      result: call().then((result) => {
        entry.landedAt = this.clock();
        return result;
      }),
    };
    this.flights.set(key, entry);
    try {
      const result = await entry.result;
      if (this.flights.get(key) === entry) this.keep(key, entry, result);
      if (sharable(result)) taken(entry);
      return result;
    } finally {
      if (this.flights.get(key) === entry) this.flights.delete(key);
    }
  }

  /**
   * Whether an operation of class `rights` for the read's family (undefined: not known) that arrived
   * at `arrivedAt` could have taken `read` itself at that moment, as `read` would have handed it:
   * of its class, in flight then or taken off since, and no write to its family since it took off.
   * One of another class (or none) is counted as refused for its rights, as `read` counts it.
   */
  couldHaveTaken(read: TakenRead, rights: RightsClass | undefined, arrivedAt: number): boolean {
    this.rights.countIfRefused(read.family, rights, (other) => other === read.rights);
    return (
      rights === read.rights &&
      this.writes[read.family] === read.writes &&
      takesFlight(arrivedAt, read.startedAt, read.landedAt > arrivedAt, read.onlyLaterFlights)
    );
  }

  /** A write to `family` starts or ends: no read may take a flight of that family sent before it. */
  written(family: ReadFamily): void {
    this.writes[family]++;
    for (const [url, flight] of this.flights) if (flight.family === family) this.flights.delete(url);
    for (const [url, kept] of this.landed) if (kept.flight.family === family) this.drop(url, kept);
  }

  /** Bytes of landed answers kept now, for tests. */
  get keptBytesNow(): number {
    return this.landedBytes;
  }

  /** Another call's answer, counted in the joiner's operation. */
  private handOut(
    shared: AttemptResult & { ok: true },
    bytes: number,
    guard: JoinerGuard,
    joinedOne: (() => void) | undefined,
  ): AttemptResult {
    this.joined++;
    joinedOne?.();
    const overBudget = guard.takeBytes(bytes);
    return overBudget ? { ok: false, error: overBudget, durationMs: 0 } : shared;
  }

  /** A flight landed: its 2xx answer is kept while an operation that arrived before it took off is under way. */
  private keep(url: string, flight: Flight, result: AttemptResult): void {
    if (!result.ok || result.status < 200 || result.status >= 300) return;
    if (!(this.oldestArrival() < flight.startedAt)) return;
    const bytes = Buffer.byteLength(result.body);
    if (bytes > this.keptBytes) return;
    const before = this.landed.get(url);
    if (before) this.drop(url, before);
    this.landed.set(url, { flight, result, bytes });
    this.landedBytes += bytes;
    for (const [oldest, kept] of this.landed) {
      if (this.landedBytes <= this.keptBytes) break;
      this.drop(oldest, kept);
    }
  }

  /** Drops the landed answers no operation under way may take: each took off before the oldest arrived. */
  private dropUnwanted(): void {
    const oldest = this.oldestArrival();
    for (const [url, kept] of this.landed) if (kept.flight.startedAt <= oldest) this.drop(url, kept);
  }

  /**
   * When the oldest operation under way arrived (Infinity: none). One past its deadline reads no
   * more (its calls are refused), whether or not it was told to leave.
   */
  private oldestArrival(): number {
    const now = this.clock();
    while (this.arrivals.length > 0 && this.arrivals[0].until <= now) this.arrivals.shift();
    return this.arrivals[0]?.at ?? Number.POSITIVE_INFINITY;
  }

  private drop(url: string, kept: Landed): void {
    this.landed.delete(url);
    this.landedBytes -= kept.bytes;
  }
}

export interface SharingStep {
  /** Identical reads in flight or landed; undefined: sharing is off, and so is the step. */
  shared: SharedReads | undefined;
  rights: RightsClasses;
  /** Other processes write to the org: without the cache's versions, only flights that took off after the operation arrived are joined. */
  replicated: boolean;
}

/**
 * The step, below the guard and above the retries: a GET takes an identical one that landed after
 * its operation arrived, or joins one in flight, or leads one; a write ends the sharing of its kind's
 * flights when it starts and when it ends. With the read cache on, only reads under the same cache
 * versions (`stamp`) are shared: a write through another replica moves them on but cannot end this
 * replica's flights.
 */
export function sharingReads({ shared, rights, replicated }: SharingStep): Step<AttemptResult> {
  if (!shared) return skipped;
  return (next) => (call) =>
    call.route.method === 'GET' ? sharedRead(shared, rights, replicated, call, next) : writing(shared, call, next);
}

function sharedRead(
  shared: SharedReads,
  rights: RightsClasses,
  replicated: boolean,
  call: CallContext,
  next: Send<AttemptResult>,
): Promise<AttemptResult> {
  const { route, operation, stamp } = call;
  const family = route.family;
  const path = call.options.path;
  return shared.read(
    {
      url: stamp === undefined ? path : `${path} ${stamp}`,
      family,
      rights: rights.classOf(operation.proofKey(), family),
      arrivedAt: operation.arrivedAt,
      guard: call.guard,
      joinedOne: () => {
        operation.observer?.onSharedRead?.(sharedReadOf(call));
        call.trace?.answeredWithout('shared');
      },
      onlyLaterFlights: replicated && stamp === undefined,
      // Only an operation that listens (the joined answers) is told: no closure for the others.
      onTaken: operation.onRead && tellTaken(call),
    },
    () => next(call),
  );
}

function tellTaken(call: CallContext): (taken: TakenRead) => void {
  return (taken) => {
    call.taken = taken;
  };
}

async function writing(shared: SharedReads, call: CallContext, next: Send<AttemptResult>): Promise<AttemptResult> {
  const family = call.route.family;
  shared.written(family);
  try {
    return await next(call);
  } finally {
    shared.written(family);
  }
}

/** An answer is shared, errors included, unless it refused the leader's credential (401, 403): that is the leader's alone. */
function sharable(result: AttemptResult): result is AttemptResult & { ok: true } {
  return result.ok && result.status !== 401 && result.status !== 403;
}

/** The flight's result, or undefined once the joiner's own operation is aborted. */
function untilAborted(result: Promise<AttemptResult>, guard: JoinerGuard): Promise<AttemptResult | undefined> {
  if (guard.reason) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const stop = guard.onAbort(() => resolve(undefined));
    result.then(
      (value) => {
        stop();
        resolve(value);
      },
      () => {
        stop();
        resolve(undefined);
      },
    );
  });
}
