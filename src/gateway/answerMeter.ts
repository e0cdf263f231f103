// The run-time bounds of one operation's execution, whatever its estimate said: the bytes of the
// answer it produces (MAX_RESPONSE_BYTES), the fields it resolves (MAX_RESOLVED_FIELDS: what
// executing them holds in memory grows with their number, not with their bytes), the memory it
// holds in the process's budget, and its deadline (OPERATION_TIMEOUT_MS). Every field resolver
// reports to the meter (see meteredSchema.ts); once a bound is crossed the meter stops the
// operation: every field then throws the meter's one error (so nothing more is resolved and the
// execution unwinds at once), its signal cancels the upstream calls in flight, and the operation
// answers that error. Long synchronous stretches are cut into turns, so one operation cannot hold
// the event loop.
import { GraphQLError, type ResponsePath, responsePathAsArray } from 'graphql';
import type { MemoryBudget, MemoryHold } from './memoryBudget.ts';

export interface AnswerLimits {
  /** The largest answer, serialised: MAX_RESPONSE_BYTES. */
  maxBytes: number;
  /** The most fields one operation resolves, list items' fields each counting: MAX_RESOLVED_FIELDS. */
  maxFields: number;
  /** Epoch ms by which execution must be done: the operation's start plus OPERATION_TIMEOUT_MS. */
  deadline: number;
  timeoutMs: number;
}

/** Where a field stands in the answer: graphql's path, or the root. */
type Where = ResponsePath | undefined;

/** What the answer holds besides its data: `{"data":…}`, `extensions.cost`. */
const ENVELOPE_BYTES = 1024;
/**
 * What a field holds in memory while the operation runs, besides its bytes in the answer (the
 * executor's bookkeeping of it), as held in the memory budget.
 */
const FIELD_HOLD_BYTES = 256;
/**
 * What one byte of the answer holds in memory until it is written: its objects, the serialised text
 * and the buffer written; and one byte received from upstream: its chunks and the objects parsed
 * from them (measured: about 10 MB of RSS per MB of answer, upstream body included, while six
 * large answers are built at once).
 */
export const ANSWER_HOLD_FACTOR = 4;
const UPSTREAM_HOLD_FACTOR = 3;
/**
 * What an operation may hold without a hold in the budget: console operations (the 8-type dashboard
 * at first: 200 on an org of 150 password policies holds about 3.8 MiB by the measures above) never
 * wait for the heavy ones.
 */
export const FREE_HOLD_BYTES = 4 * 1024 * 1024;
/** Field resolutions between two turns of the event loop. */
const FIELDS_PER_TURN = 2_048;
/** Field resolutions between two looks at the clock. */
const FIELDS_PER_CLOCK_CHECK = 256;

export class AnswerMeter {
  /** Bytes of the answer produced so far, as serialised JSON. */
  bytes = ENVELOPE_BYTES;
  /** Fields resolved so far. */
  fields = 0;
  /** Upstream body bytes received so far. */
  upstreamBytes = 0;
  private hold: MemoryHold | undefined;
  private stopError: GraphQLError | undefined;
  /** Made when someone asks for `signal`; the operation's upstream calls are stopped through `whenStopped`. */
  private controller: AbortController | undefined;
  private onStopped: (() => void) | undefined;
  private released = false;
  /** Stops an operation that waits past its deadline (on upstream calls, on Redis, …). */
  private readonly timer: NodeJS.Timeout;
  private readonly onClientGone = () => this.stop(cancelledError());

  /** `clientSignal`: aborted when the client goes away, which stops the operation too. */
  constructor(
    readonly limits: AnswerLimits,
    private readonly memory: MemoryBudget | undefined,
    private readonly clientSignal?: AbortSignal,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setTimeout(() => this.expire(), Math.max(0, limits.deadline - now()));
    this.timer.unref();
    // A plain listener, removed at the end: AbortSignal.any, or a listener with a signal of its own,
    // costs tens of microseconds per request.
    clientSignal?.addEventListener('abort', this.onClientGone, { once: true });
  }

  /** Execution is over: the deadline and the client's going away no longer apply. */
  finish(): void {
    clearTimeout(this.timer);
    this.clientSignal?.removeEventListener('abort', this.onClientGone);
  }

  /** Aborted when the operation is stopped (its client gone included). */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.stopError) this.controller.abort(this.stopError);
    }
    return this.controller.signal;
  }

  /** `callback` runs once when the operation is stopped (its upstream calls stop with it). */
  whenStopped(callback: () => void): void {
    this.onStopped = callback;
  }

  /** The operation's deadline (`timeoutMs` after its start) has passed, by this meter's clock or the upstream client's. */
  expire(timeoutMs = this.limits.timeoutMs): void {
    this.stop(timeoutError(timeoutMs, undefined));
  }

  /** The client went away before its answer was written (its connection closed). */
  clientGone(): void {
    this.stop(cancelledError());
  }

  /** The one error the operation answers with once stopped. */
  get error(): GraphQLError | undefined {
    return this.stopError;
  }

  /** The reservation made at admission from the estimate: held until the answer is written. */
  adopt(hold: MemoryHold): void {
    if (this.released) hold.release();
    else this.hold = hold;
  }

  /**
   * The field at `where` is about to resolve. Throws the stop error once stopped (or once this
   * field crosses the field bound or the deadline), and says whether to give the event loop a
   * turn before resolving it.
   */
  enter(where: Where): boolean {
    if (this.stopError) throw this.stopError;
    this.fields++;
    if (this.fields > this.limits.maxFields) this.halt(tooManyFieldsError(this.limits.maxFields, where));
    if (this.fields % FIELDS_PER_CLOCK_CHECK === 0 && this.now() > this.limits.deadline) {
      this.halt(timeoutError(this.limits.timeoutMs, where));
    }
    return this.fields % FIELDS_PER_TURN === 0;
  }

  /** Counts bytes of the answer at `where`; throws the stop error when a bound is crossed. */
  add(bytes: number, where: Where): void {
    this.bytes += bytes;
    if (this.bytes > this.limits.maxBytes) this.halt(tooLargeError(this.limits.maxBytes, where));
    const held = this.held();
    if (held > FREE_HOLD_BYTES && held > (this.hold?.bytes ?? 0) && !this.holdMore()) {
      this.halt(busyError(where));
    }
  }

  /**
   * Counts upstream body bytes as they arrive (before any field sees them); the stop error once the
   * memory they hold cannot be had, returned rather than thrown (the upstream client's reader calls it).
   */
  addUpstream(bytes: number): Error | undefined {
    if (this.stopError) return this.stopError;
    this.upstreamBytes += bytes;
    if (this.held() > FREE_HOLD_BYTES && this.held() > (this.hold?.bytes ?? 0) && !this.holdMore()) {
      this.stop(busyError(undefined));
    }
    return this.stopError;
  }

  /** The answer is written (or abandoned): its memory goes back to the budget. */
  release(): void {
    this.finish();
    this.released = true;
    this.hold?.release();
    this.hold = undefined;
  }

  /** Stops the operation with `error` (the first reason wins). */
  stop(error: GraphQLError): void {
    if (this.stopError) return;
    this.stopError = error;
    this.controller?.abort(error);
    this.onStopped?.();
  }

  private halt(error: GraphQLError): never {
    this.stop(error);
    throw this.stopError;
  }

  /** What the operation holds in memory: its answer and its upstream bodies, in their copies, and its fields' bookkeeping. */
  private held(): number {
    return this.bytes * ANSWER_HOLD_FACTOR + this.upstreamBytes * UPSTREAM_HOLD_FACTOR + this.fields * FIELD_HOLD_BYTES;
  }

  /** Grows the hold to what is held, with room for the next stretch; false when the budget is full. */
  private holdMore(): boolean {
    if (!this.memory || this.released) return true;
    const wanted = this.held() + FREE_HOLD_BYTES;
    if (this.hold) return this.hold.grow(wanted - this.hold.bytes);
    this.hold = this.memory.tryReserve(wanted);
    return this.hold !== undefined;
  }
}

// Each error carries a path, so the executor hands the same instance to every field it stops
// instead of making one error per field.

const HINT =
  'Ask for fewer items per operation (a lower `first`, fewer ids or aliases, no nested lists under back-references) and page with `after`.';

function pathOf(where: Where): (string | number)[] {
  return where ? responsePathAsArray(where) : [];
}

function tooLargeError(limit: number, where: Where): GraphQLError {
  return new GraphQLError(
    `The answer passed ${limit} bytes (MAX_RESPONSE_BYTES); the operation was stopped there and nothing of it is returned.`,
    { path: pathOf(where), extensions: { code: 'RESPONSE_TOO_LARGE', measure: 'bytes', limit, hint: HINT } },
  );
}

function tooManyFieldsError(limit: number, where: Where): GraphQLError {
  return new GraphQLError(
    `The answer passed ${limit} fields (MAX_RESOLVED_FIELDS, each list item's fields counting); the operation was stopped there and nothing of it is returned.`,
    { path: pathOf(where), extensions: { code: 'RESPONSE_TOO_LARGE', measure: 'fields', limit, hint: HINT } },
  );
}

function timeoutError(timeoutMs: number, where: Where): GraphQLError {
  return new GraphQLError(`The operation did not finish within ${timeoutMs} ms and was stopped.`, {
    path: pathOf(where),
    extensions: { code: 'OPERATION_TIMEOUT', timeoutMs },
  });
}

function cancelledError(): GraphQLError {
  return new GraphQLError('The client went away; the operation was stopped.', {
    path: [],
    extensions: { code: 'OPERATION_CANCELLED' },
  });
}

function busyError(where: Where): GraphQLError {
  return new GraphQLError(
    'The gateway is busy with other large answers and stopped this one. Try again shortly, or ask for fewer items.',
    { path: pathOf(where), extensions: { code: 'SERVER_BUSY' } },
  );
}
