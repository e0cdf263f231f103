// Joined answers (the read cache off, shared reads on): a plain query that arrives while an
// identical one (the same answer key) is being answered waits for that answer instead of running
// the operation again, and takes it only when it could have taken every upstream read the answer was
// made of itself, by the shared reads' own rule (SharedReads.couldHaveTaken: each a GET shared under
// the newcomer's rights class for its family, in flight when the newcomer arrived or taken off
// since, no write to its family since it took off). So a joined answer is the one the newcomer would
// have made with all its reads shared. Otherwise, or when the answer had errors, was not a query,
// or never came, the newcomer runs the operation itself: correctness never depends on the join.
import type { IncomingMessage } from 'node:http';
import type { SharedReads, TakenRead } from '../../upstream/call/sharedReads.ts';
import type { UpstreamClient } from '../../upstream/client.ts';
import type { AnswerHit } from './answerCache.ts';

/** Newcomers one answer may have waiting at most; more run the operation themselves. */
export const MAX_JOINERS = 1_000;

/** What a flight's query answered, without errors: what a joiner takes of it. */
export interface FlightAnswer {
  data: unknown;
  estimate: { calls: number; size: number } | null;
  name: string;
}

/** A joined answer: the flight's, its `data` as JSON text, with the joiner's throttle status. */
export type JoinedAnswer = Omit<FlightAnswer, 'data'> & { data: string; throttleStatus: AnswerHit['throttleStatus'] };

interface Joiner {
  arrivedAt: number;
  authorization: string;
  bytes: number;
  done: (answer: JoinedAnswer | undefined) => void;
}

interface Flight {
  key: string;
  /** The reads it took, each reported when it settled; a read that may not be shared makes it unjoinable. */
  reads: TakenRead[];
  unjoinable: boolean;
  joiners: Set<Joiner>;
}

/** The counts /metrics reports. */
export interface AnswerFlightCounters {
  readonly joined: number;
  readonly refused: number;
  readonly waiting: number;
  readonly waitingBytes: number;
}

export class AnswerFlights implements AnswerFlightCounters {
  /** Answer key -> the operation being answered for it. */
  private readonly byKey = new Map<string, Flight>();
  /** The leading request -> its flight. */
  private readonly byRequest = new WeakMap<IncomingMessage, Flight>();
  /** Newcomers answered from a flight. */
  joined = 0;
  /** Newcomers that waited and then ran the operation themselves. */
  refused = 0;
  waiting = 0;
  /** The request bodies the waiting newcomers hold. */
  waitingBytes = 0;

  constructor(
    private readonly upstream: Pick<UpstreamClient, 'callerView'>,
    private readonly shared: SharedReads,
    private readonly maxJoiners = MAX_JOINERS,
  ) {}

  /**
   * A newcomer of `key` that arrived at `arrivedAt` (performance.now()) with a body of `bytes`: the
   * answer it may take once the flight in progress ends (undefined: run it yourself), or undefined
   * at once when there is none to wait for. `leave()` when its client goes: it is told undefined.
   */
  join(
    key: string,
    arrivedAt: number,
    authorization: string,
    bytes: number,
  ): { answer: Promise<JoinedAnswer | undefined>; leave: () => void } | undefined {
    const flight = this.byKey.get(key);
    if (!flight || flight.unjoinable || flight.joiners.size >= this.maxJoiners) return undefined;
    let joiner!: Joiner;
    const answer = new Promise<JoinedAnswer | undefined>((resolve) => {
      joiner = { arrivedAt, authorization, bytes, done: resolve };
    });
    // A read already told that it could not take (landed before it arrived, of another class): no wait.
    if (!this.couldTake(joiner, flight.reads)) return undefined;
    flight.joiners.add(joiner);
    this.waiting++;
    this.waitingBytes += bytes;
    return { answer, leave: () => this.release(flight, joiner) && joiner.done(undefined) };
  }

  /** `request` will answer `key`: newcomers of that key wait for it until `answered`. */
  lead(key: string, request: IncomingMessage): void {
    const flight: Flight = { key, reads: [], unjoinable: false, joiners: new Set() };
    this.byKey.set(key, flight);
    this.byRequest.set(request, flight);
  }

  /** Where the leading `request`'s upstream calls report what they read (the client's `onRead`); undefined for another. */
  readsOf(request: IncomingMessage | undefined): ((entry: unknown, taken?: TakenRead) => void) | undefined {
    const flight = request && this.byRequest.get(request);
    if (!flight) return undefined;
    return (_entry, taken) => {
      if (taken) flight.reads.push(taken);
      else flight.unjoinable = true;
      // A newcomer that could not take this read goes now, to join the reads still in the air itself.
      for (const joiner of [...flight.joiners]) {
        if (!taken || !this.couldTake(joiner, [taken])) {
          this.release(flight, joiner);
          this.refused++;
          joiner.done(undefined);
        }
      }
    };
  }

  /**
   * The leading `request` answered (`answer`: a query's data without errors; undefined: anything
   * else, or no answer; called again, nothing more happens): each waiting newcomer takes it when it
   * could have taken every read itself. A flight that read nothing is not joined (its answer may
   * depend on the credential alone).
   */
  answered(request: IncomingMessage | undefined, answer: FlightAnswer | undefined): void {
    const flight = request && this.byRequest.get(request);
    if (!flight) return;
    this.byRequest.delete(request);
    if (this.byKey.get(flight.key) === flight) this.byKey.delete(flight.key);
    if (flight.joiners.size === 0) return;
    const joinable =
      answer && !flight.unjoinable && flight.reads.length > 0
        ? { ...answer, data: JSON.stringify(answer.data) }
        : undefined;
    for (const joiner of [...flight.joiners]) {
      this.release(flight, joiner);
      const view = joinable && this.couldTake(joiner, flight.reads);
      if (view) this.joined++;
      else this.refused++;
      joiner.done(view ? { ...joinable, throttleStatus: view.throttleStatus() } : undefined);
    }
  }

  /** The joiner's caller view when it could have taken each of `reads` itself; undefined when not. */
  private couldTake(joiner: Joiner, reads: readonly TakenRead[]) {
    const view = this.upstream.callerView(joiner.authorization);
    const takes = reads.every((read) => this.shared.couldHaveTaken(read, view.rights(read.family), joiner.arrivedAt));
    return takes ? view : undefined;
  }

  /** Takes `joiner` off `flight`; false when it was not on it any more. */
  private release(flight: Flight, joiner: Joiner): boolean {
    if (!flight.joiners.delete(joiner)) return false;
    this.waiting--;
    this.waitingBytes -= joiner.bytes;
    return true;
  }
}

/** Joined answers over `upstream`: only with its reads shared and no read cache (the answer cache serves repeats then). */
export function answerFlightsOf(upstream: UpstreamClient): AnswerFlights | undefined {
  if (!upstream.sharedReads || upstream.readCache) return undefined;
  return new AnswerFlights(upstream, upstream.sharedReads);
}
