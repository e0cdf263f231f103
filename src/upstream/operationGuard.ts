// The limits of one GraphQL operation's upstream traffic: a budget of calls, a budget of bytes
// received, a bound on calls in flight, a deadline and the client's cancellation (one abort for
// every request), and the short-circuits: a token not yet seen to work is probed with one call
// before the fan-out (one probe at a time in the whole process, see tokenTrust.ts); after the
// upstream rejects the token (in this operation, or recently in another), or rate-limits the
// operation past its deadline, no call starts.
//
// Calls go out in waves: the calls asked for while a wave runs wait until all of it has settled,
// so that the next wave is known whole (after the lists: one rules list per policy of every list)
// and its count is checked against the budget before any of it is sent. A wave that would cross
// the budget is not sent at all, whichever order the answers before it came in: the same query on
// the same org gets the same answer every time.
import {
  OperationAbortedError,
  ResponseBudgetExceededError,
  UpstreamBudgetExceededError,
  type UpstreamError,
} from './errors.ts';
import type { ProbeGate, TokenTrust } from './tokenTrust.ts';

export interface OperationLimits {
  /** The operation's deadline, from its start. */
  timeoutMs: number;
  /** Upstream calls (retries included) the operation may make. */
  maxCalls: number;
  /** Upstream calls of the operation in flight at once. */
  concurrency: number;
  /** Upstream body bytes the operation may receive, all its calls together. */
  maxResponseBytes: number;
}

/** How a call ended, as far as the operation's other calls are concerned. */
export type CallOutcome =
  /** The service answered with a status that proves the token works (2xx, 400, 404, a 403 for a missing scope, …). */
  | { kind: 'answered' }
  /** 401, or 403 to a read (not for a missing scope, nor of users): the token is no good, and no call of the operation can succeed. */
  | { kind: 'token-rejected'; error: UpstreamError }
  /** 429 with a reset the operation cannot wait for. */
  | { kind: 'rate-limited'; error: UpstreamError }
  /** Anything else (unavailable, timed out, aborted): says nothing about the token. */
  | { kind: 'failed' };

export interface CallTicket {
  /** This call finds out whether the token works; the operation's other calls wait for it. */
  readonly probe: boolean;
}

/** What an operation's guard watches besides its limits and its credential. */
export interface GuardOptions {
  /** The client's signal: its abort stops the operation. */
  clientSignal?: AbortSignal;
  /** The clock (tests pass a fake one); default Date.now. */
  now?: () => number;
  /** When the operation started (its deadline counts from it); default now. */
  startedAt?: number;
  /** Told of body bytes as they arrive; its error refuses them as the response budget's does. */
  onBytes?: (count: number) => Error | undefined;
  /** Told when the deadline passes (with its OPERATION_TIMEOUT_MS), before the calls in flight are aborted. */
  onDeadline?: (timeoutMs: number) => void;
}

export class OperationGuard {
  /** Epoch milliseconds. */
  readonly deadline: number;
  /** Set when the deadline passes or the client goes away: an OperationAbortedError. */
  private abortReason: Error | undefined;
  /** Made only when someone asks for `signal`: the guard's own calls use `onAbort`. */
  private controller: AbortController | undefined;
  private calls = 0;
  /** Calls of the running wave not yet started: counted against the budget already. */
  private reserved = 0;
  /** Calls of the running wave not yet settled. */
  private waveLeft = 0;
  /** Calls asked for since the running wave started, each waiting for the wave to be admitted. */
  private nextWave: { admit(): void; refuse(error: Error): void }[] = [];
  private flushScheduled = false;
  private bytes = 0;
  private budgetRefusal: Error | undefined;
  private inFlight = 0;
  /** Woken whenever a call ends: waiters look again at what blocked them. */
  private wakers: (() => void)[] = [];
  private probeInFlight = false;
  private tokenRejection: UpstreamError | undefined;
  private rateLimitRefusal: UpstreamError | undefined;
  private rateLimitedUntil = 0;

  /** Set at the first call or wait (`arm`); cleared by `finish`. */
  private timer: NodeJS.Timeout | undefined;
  private armed = false;
  private readonly abortCallbacks = new Set<() => void>();
  private readonly onClientAbort = () => this.abort('cancelled');

  /** `startedAt` (epoch ms, default now): when the operation started, which its deadline counts from. */
  readonly now: () => number;
  private readonly clientSignal?: AbortSignal;
  private readonly onBytes?: (count: number) => Error | undefined;
  private readonly onDeadline?: (timeoutMs: number) => void;

  constructor(
    private readonly limits: OperationLimits,
    private readonly token: TokenTrust,
    { clientSignal, now = Date.now, startedAt = now(), onBytes, onDeadline }: GuardOptions = {},
  ) {
    this.now = now;
    this.clientSignal = clientSignal;
    this.onBytes = onBytes;
    this.onDeadline = onDeadline;
    this.deadline = startedAt + limits.timeoutMs;
  }

  /**
   * The deadline's timer and the listener on the client's signal are set at the operation's first
   * call or wait, not before: an operation answered without either (from the read cache) costs
   * neither; until then `reason` looks at the clock and the signal itself.
   */
  private arm(): void {
    if (this.armed) return;
    this.armed = true;
    if (this.clientSignal?.aborted) return this.abort('cancelled');
    this.timer = setTimeout(() => this.abort('timeout'), Math.max(0, this.deadline - this.now()));
    this.timer.unref();
    this.clientSignal?.addEventListener('abort', this.onClientAbort, { once: true });
  }

  /**
   * The operation has answered: its timer and its listener on the client's signal go now rather
   * than at the deadline, so that nothing of a finished operation stays in memory.
   */
  finish(): void {
    if (!this.armed) {
      this.armed = true; // never armed after it: nothing to clear
      return;
    }
    clearTimeout(this.timer);
    this.clientSignal?.removeEventListener('abort', this.onClientAbort);
  }

  /** Stops the operation as the client's signal would: calls in flight are aborted and none starts. */
  cancel(): void {
    this.abort('cancelled');
  }

  get aborted(): boolean {
    return this.reason !== undefined;
  }

  /** Why the operation was aborted (an OperationAbortedError), once it is. */
  get reason(): Error | undefined {
    if (!this.armed && !this.abortReason) {
      if (this.clientSignal?.aborted) this.abort('cancelled');
      else if (this.now() >= this.deadline) this.abort('timeout');
    }
    return this.abortReason;
  }

  /** An AbortSignal aborted with the operation, for APIs that take one. */
  get signal(): AbortSignal {
    this.arm();
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.abortReason) this.controller.abort(this.abortReason);
    }
    return this.controller.signal;
  }

  /** Calls made so far, retries included. */
  get callsMade(): number {
    return this.calls;
  }

  /** Upstream body bytes received so far. */
  get bytesReceived(): number {
    return this.bytes;
  }

  /**
   * Counts body bytes as they arrive; the refusal once the operation's answers together pass its
   * response budget (the reading call is then aborted, and no call starts after it).
   */
  takeBytes(count: number): Error | undefined {
    this.bytes += count;
    const held = this.onBytes?.(count);
    if (held) return held;
    if (this.bytes <= this.limits.maxResponseBytes) return undefined;
    this.budgetRefusal ??= new ResponseBudgetExceededError(this.limits.maxResponseBytes);
    return this.budgetRefusal;
  }

  /** Waits until the call's wave is admitted and the call may start, and counts it; or throws why it may not. */
  admit(): Promise<CallTicket> {
    this.arm();
    const refusal = this.refusal();
    if (refusal) return Promise.reject(refusal);
    return new Promise<void>((admit, refuse) => {
      this.nextWave.push({ admit, refuse });
      this.scheduleWave();
    }).then(() => this.start());
  }

  /** The next wave goes once the running one has settled, after the answers' resolvers have asked for their calls. */
  private scheduleWave(): void {
    if (this.flushScheduled || this.waveLeft > 0 || this.nextWave.length === 0) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      if (this.waveLeft === 0) this.sendWave();
    });
  }

  private sendWave(): void {
    const wave = this.nextWave;
    this.nextWave = [];
    if (wave.length === 0) return;
    let refusal = this.refusal();
    const needed = this.calls + this.reserved + wave.length;
    if (!refusal && needed > this.limits.maxCalls) {
      refusal = this.budgetRefusal = new UpstreamBudgetExceededError(this.limits.maxCalls, needed);
    }
    if (refusal) {
      for (const call of wave) call.refuse(refusal);
      return;
    }
    this.reserved += wave.length;
    this.waveLeft += wave.length;
    for (const call of wave) call.admit();
  }

  /** A call of the admitted wave: waits for a free slot (and the token probe), then counts it. */
  private start(): Promise<CallTicket> | CallTicket {
    // The usual case, nothing to wait for, costs no extra turn of the event loop.
    const refusal = this.refusal();
    if (refusal) return this.leaveWave(refusal);
    return this.mustWait() ? this.admitAfterWaiting().catch((e: Error) => this.leaveWave(e)) : this.count();
  }

  /** A call of the wave that will not be sent after all. */
  private leaveWave(error: Error): never {
    this.reserved--;
    this.waveEnded();
    // The calls still waiting learn of the refusal now, not at a settle that may never come.
    if (this.wakers.length > 0) this.wake();
    throw error;
  }

  private waveEnded(): void {
    this.waveLeft--;
    if (this.waveLeft === 0) this.scheduleWave();
  }

  private mustWait(): boolean {
    return this.rateLimitedUntil > this.now() || this.probeBlocked() || this.inFlight >= this.limits.concurrency;
  }

  /** An unproven token waits for its operation's probe, and for any other operation's probe to end. */
  private probeBlocked(): boolean {
    return !this.token.isTrusted() && (this.probeInFlight || this.token.probes?.free === false);
  }

  private async admitAfterWaiting(): Promise<CallTicket> {
    for (;;) {
      const refusal = this.refusal();
      if (refusal) throw refusal;
      const wait = this.rateLimitedUntil - this.now();
      if (wait > 0) await this.sleep(wait);
      else if (this.probeInFlight && !this.token.isTrusted()) await this.nextCallEnd();
      else if (this.probeBlocked()) await this.otherProbeEnd();
      else if (this.inFlight >= this.limits.concurrency) await this.nextCallEnd();
      else break;
    }
    return this.count();
  }

  private count(): CallTicket {
    this.reserved--;
    this.calls++;
    this.inFlight++;
    const probe = !this.token.isTrusted();
    if (probe) {
      this.probeInFlight = true;
      this.token.probes?.take();
    }
    return { probe };
  }

  /** Ends a call admitted by admit(). */
  settle(ticket: CallTicket, outcome: CallOutcome): void {
    this.inFlight--;
    this.waveEnded();
    if (ticket.probe) {
      this.probeInFlight = false;
      this.token.probes?.release();
    }
    if (outcome.kind === 'answered') this.token.trust();
    else if (outcome.kind === 'token-rejected') {
      this.token.distrust(outcome.error);
      this.tokenRejection ??= outcome.error;
    } else if (outcome.kind === 'rate-limited') this.rateLimitRefusal ??= outcome.error;
    this.wake();
  }

  /**
   * Wakes the waiters a settled call lets through, first come first: as many as there are free
   * slots, or all of them once a refusal stands (each of them then throws it). Waking every waiter
   * at every settle cost a wave of 200 calls ~14,000 wake-ups, all but a few going back to wait.
   */
  private wake(): void {
    const free = this.refusal() ? this.wakers.length : this.limits.concurrency - this.inFlight;
    if (free <= 0) return;
    const woken = free >= this.wakers.length ? this.wakers : this.wakers.splice(0, free);
    if (woken === this.wakers) this.wakers = [];
    for (const wake of woken) wake();
  }

  /**
   * Whether a call may be retried after `delayMs`: not once the operation is aborted or out of
   * budget, nor when the retry would start past the deadline. A retry counts as a call.
   */
  allowRetry(delayMs: number): boolean {
    if (this.refusal() || this.now() + delayMs >= this.deadline) return false;
    // The calls of the running wave not yet started keep their place in the budget.
    if (this.calls + this.reserved >= this.limits.maxCalls) return false;
    this.calls++;
    return true;
  }

  /** After a 429 the operation will wait out: no call of the operation starts before `epochMs`. */
  holdUntil(epochMs: number): void {
    this.rateLimitedUntil = Math.max(this.rateLimitedUntil, epochMs);
  }

  /**
   * Runs `callback` when the operation is aborted (at once if it already is); returns the way to
   * stop listening. A plain set rather than listeners on `signal`: an EventTarget listener costs
   * several times more, and every request and waiting call of the operation needs one.
   */
  onAbort(callback: () => void): () => void {
    this.arm();
    if (this.aborted) {
      callback();
      return () => undefined;
    }
    this.abortCallbacks.add(callback);
    return () => this.abortCallbacks.delete(callback);
  }

  /** Resolves after `ms`, or rejects with the abort reason as soon as the operation is aborted. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.abortReason) return reject(this.abortReason);
      const stopListening = this.onAbort(() => {
        clearTimeout(timer);
        reject(this.abortReason);
      });
      const timer = setTimeout(() => {
        stopListening();
        resolve();
      }, ms);
    });
  }

  private refusal(): Error | undefined {
    if (this.abortReason) return this.abortReason;
    if (this.tokenRejection) return this.tokenRejection;
    const refused = this.token.refusal?.();
    if (refused) return refused;
    if (this.rateLimitRefusal) return this.rateLimitRefusal;
    return this.budgetRefusal;
  }

  /** Resolves when the probe of another operation ends or this operation is aborted. */
  private otherProbeEnd(): Promise<void> {
    const released = (this.token.probes as ProbeGate).released();
    const stopListening = this.onAbort(released.stop);
    return released.promise.finally(stopListening);
  }

  /** Resolves when a call of the operation ends or the operation is aborted (`abort` wakes every waiter). */
  private nextCallEnd(): Promise<void> {
    return new Promise((resolve) => {
      this.wakers.push(resolve);
    });
  }

  private abort(reason: OperationAbortedError['reason']): void {
    if (this.abortReason) return;
    this.finish();
    this.abortReason = new OperationAbortedError(reason, this.limits.timeoutMs);
    if (reason === 'timeout') this.onDeadline?.(this.limits.timeoutMs);
    this.controller?.abort(this.abortReason);
    // Calls waiting for their wave are refused now rather than at the next settle.
    const waiting = this.nextWave;
    this.nextWave = [];
    for (const call of waiting) call.refuse(this.abortReason);
    const callbacks = [...this.abortCallbacks];
    this.abortCallbacks.clear();
    for (const callback of callbacks) callback();
    // The calls waiting for a slot wake, to throw the abort.
    const wakers = this.wakers;
    this.wakers = [];
    for (const wake of wakers) wake();
  }
}
