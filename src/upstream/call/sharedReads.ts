// Concurrent identical reads share one call. A GET whose caller is proven for its kind of resource
// (the service answered that credential 2xx for a read of that kind in the last window) leads a
// flight, keyed by its URL; an identical GET by another proven caller while it is in flight waits for
// its answer instead of calling again. A caller not proven makes its own call and leads none. Kinds
// are told apart (policies and user types) because a scoped token accepted for one is not proven for
// the other. Each joiner reads the shared answer itself (answer.ts parses the body per call, so no
// joiner sees another's objects), counts its bytes in its own operation, and makes its own call when
// the flight got no answer (its operation aborted, the transport failed) or the service refused the
// leader's credential. A write to a kind of resource through this client ends the sharing of the
// flights of that kind when it starts and when it ends, so a read after a write never joins a read
// sent before it. Runs around the retry and budget steps: a joiner takes no budget token.
import type { Route } from '../routes.ts';
import { ProvenCallers } from './provenCallers.ts';
import type { RetriedResult } from './retry.ts';

/** The kind of resource a route is about: a credential proven for one is not proven for the other. */
export type ReadFamily = 'policies' | 'userTypes';

export function familyOf(route: Route): ReadFamily {
  return route.template.startsWith('/api/v1/meta/types/user') ? 'userTypes' : 'policies';
}

/** What a joiner needs of its operation: its abort, and its byte budget. */
export interface JoinerGuard {
  readonly reason: Error | undefined;
  onAbort(callback: () => void): () => void;
  takeBytes(count: number): Error | undefined;
}

export class SharedReads {
  /** URL -> the flight in progress, with its family. */
  private readonly flights = new Map<string, { family: ReadFamily; result: Promise<RetriedResult> }>();
  /** Reads answered from another caller's flight, for metrics. */
  joined = 0;

  /** `proven`: who may join, shared with the read cache's own check. */
  constructor(private readonly proven: ProvenCallers = new ProvenCallers()) {}

  /**
   * The result of the GET at `url` for `caller`: another proven caller's flight when one is in
   * progress, else `call()` (a flight others may join when `caller` is proven). `joinedOne` is told
   * when the result came from a flight.
   */
  async read(
    url: string,
    family: ReadFamily,
    caller: string,
    guard: JoinerGuard,
    call: () => Promise<RetriedResult>,
    joinedOne?: () => void,
  ): Promise<RetriedResult> {
    if (!this.isProven(caller, family)) return call();
    const flight = this.flights.get(url);
    if (flight) {
      const shared = await untilAborted(flight.result, guard);
      if (shared && sharable(shared)) {
        this.joined++;
        joinedOne?.();
        const overBudget = guard.takeBytes(Buffer.byteLength(shared.body));
        return overBudget
          ? { ok: false, error: overBudget, durationMs: 0, retriedAfterAmbiguousFailure: false }
          : shared;
      }
      if (guard.reason) return { ok: false, error: guard.reason, durationMs: 0, retriedAfterAmbiguousFailure: false };
    }
    const result = call();
    const entry = { family, result };
    this.flights.set(url, entry);
    try {
      return await result;
    } finally {
      if (this.flights.get(url) === entry) this.flights.delete(url);
    }
  }

  /** The service answered `caller` 2xx for a read of `family`: it is proven for that family for a window. */
  accepted(caller: string, family: ReadFamily): void {
    this.proven.accepted(caller, family);
  }

  /** A write to `family` starts or ends: no read may join a flight of that family sent before it. */
  written(family: ReadFamily): void {
    for (const [url, flight] of this.flights) if (flight.family === family) this.flights.delete(url);
  }

  private isProven(caller: string, family: ReadFamily): boolean {
    return this.proven.has(caller, family);
  }
}

/** An answer is shared, errors included, unless it refused the leader's credential (401, 403): that is the leader's alone. */
function sharable(result: RetriedResult): result is RetriedResult & { ok: true } {
  return result.ok && result.status !== 401 && result.status !== 403;
}

/** The flight's result, or undefined once the joiner's own operation is aborted. */
function untilAborted(result: Promise<RetriedResult>, guard: JoinerGuard): Promise<RetriedResult | undefined> {
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
