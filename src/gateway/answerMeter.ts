// The run-time bounds of one operation's execution, whatever its estimate said: the bytes of the
// answer it produces (MAX_RESPONSE_BYTES), the memory it holds in the process's budget, and its
// deadline (OPERATION_TIMEOUT_MS). Every field resolver reports to the meter (see meteredSchema.ts);
// once a bound is crossed the meter stops the operation: its signal aborts (the executor runs no
// further resolver and the upstream calls in flight are cancelled) and the operation answers one
// error. Long synchronous stretches are cut into turns, so one operation cannot hold the event loop.
import { GraphQLError } from 'graphql';
import { HEAVY_BYTES, type MemoryBudget, type MemoryHold } from './memoryBudget.ts';

export interface AnswerLimits {
  /** The largest answer, serialised: MAX_RESPONSE_BYTES. */
  maxBytes: number;
  /** Epoch ms by which execution must be done: the operation's start plus OPERATION_TIMEOUT_MS. */
  deadline: number;
  timeoutMs: number;
}

/** What the answer holds besides its data: `{"data":…}`, `extensions.cost`. */
const ENVELOPE_BYTES = 1024;
/** Field resolutions between two turns of the event loop. */
const FIELDS_PER_TURN = 2_048;
/** Field resolutions between two looks at the clock. */
const FIELDS_PER_CLOCK_CHECK = 256;

export class AnswerMeter {
  /** Bytes of the answer produced so far, as serialised JSON. */
  bytes = ENVELOPE_BYTES;
  private fields = 0;
  private hold: MemoryHold | undefined;
  private stopError: GraphQLError | undefined;
  private readonly controller = new AbortController();
  private released = false;
  /** Stops an operation that waits past its deadline (on upstream calls, on Redis, …). */
  private readonly timer: NodeJS.Timeout;

  constructor(
    readonly limits: AnswerLimits,
    private readonly memory: MemoryBudget | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setTimeout(() => this.stop(timeoutError(limits.timeoutMs, [])), Math.max(0, limits.deadline - now()));
    this.timer.unref();
  }

  /** Execution is over: the deadline no longer applies. */
  finish(): void {
    clearTimeout(this.timer);
  }

  /** Aborted when the operation is stopped: the executor and the upstream calls follow it. */
  get signal(): AbortSignal {
    return this.controller.signal;
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
   * One field is about to resolve. Throws the stop error once stopped, and says whether this is a
   * field at which to give the event loop a turn first.
   */
  enter(path: readonly (string | number)[] | (() => readonly (string | number)[])): boolean {
    if (this.stopError) throw this.stopError;
    this.fields++;
    if (this.fields % FIELDS_PER_CLOCK_CHECK === 0 && this.now() > this.limits.deadline) {
      this.stop(timeoutError(this.limits.timeoutMs, typeof path === 'function' ? path() : path));
      throw this.stopError;
    }
    return this.fields % FIELDS_PER_TURN === 0;
  }

  /** Counts bytes of the answer at `path`; throws the stop error when a bound is crossed. */
  add(bytes: number, path: () => readonly (string | number)[]): void {
    this.bytes += bytes;
    if (this.bytes > this.limits.maxBytes) {
      this.stop(tooLargeError(this.limits.maxBytes, path()));
      throw this.stopError;
    }
    if (this.bytes > HEAVY_BYTES && this.bytes > (this.hold?.bytes ?? 0) && !this.holdMore()) {
      this.stop(busyError(path()));
      throw this.stopError;
    }
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
    this.controller.abort(error);
  }

  /** Grows the hold to the bytes produced, with room for the next stretch; false when the budget is full. */
  private holdMore(): boolean {
    if (!this.memory || this.released) return true;
    const wanted = this.bytes + HEAVY_BYTES;
    if (this.hold) return this.hold.grow(wanted - this.hold.bytes);
    this.hold = this.memory.tryReserve(wanted);
    return this.hold !== undefined;
  }
}

// Each error carries a path, so the executor hands the same instance to every field it stops
// instead of making one error per field.

function tooLargeError(limit: number, path: readonly (string | number)[]): GraphQLError {
  return new GraphQLError(
    `The answer passed ${limit} bytes (MAX_RESPONSE_BYTES); the operation was stopped there and nothing of it is returned.`,
    {
      path,
      extensions: {
        code: 'RESPONSE_TOO_LARGE',
        limit,
        hint: 'Ask for fewer items per operation (a lower `first`, fewer ids or aliases, no nested lists under back-references) and page with `after`.',
      },
    },
  );
}

function timeoutError(timeoutMs: number, path: readonly (string | number)[]): GraphQLError {
  return new GraphQLError(`The operation did not finish within ${timeoutMs} ms and was stopped.`, {
    path,
    extensions: { code: 'OPERATION_TIMEOUT', timeoutMs },
  });
}

function busyError(path: readonly (string | number)[]): GraphQLError {
  return new GraphQLError(
    'The gateway is busy with other large answers and stopped this one. Try again shortly, or ask for fewer items.',
    { path, extensions: { code: 'SERVER_BUSY' } },
  );
}
