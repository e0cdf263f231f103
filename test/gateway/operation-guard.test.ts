// The per-operation guard on its own: waves, concurrency bound, call budget, byte budget, token
// probe, short-circuits after a rejected token or a rate limit, the deadline and the client's
// cancellation. Timers are fake where the deadline matters (setImmediate, which closes a wave,
// stays real); nothing waits on real time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  OperationAbortedError,
  ResponseBudgetExceededError,
  UpstreamBudgetExceededError,
  UpstreamError,
} from '../../src/upstream/errors.ts';
import { type CallTicket, OperationGuard, type OperationLimits } from '../../src/upstream/operationGuard.ts';
import { type TokenTrust, TrustedTokens } from '../../src/upstream/tokenTrust.ts';
import { credentialDigest } from '../../src/upstream/credential.ts';
import { forgedToken } from '../helpers/oauth.ts';

const LIMITS: OperationLimits = { timeoutMs: 10_000, maxCalls: 100, concurrency: 8, maxResponseBytes: 1024 ** 2 };

function trust(initially: boolean): TokenTrust & { trusted: boolean } {
  const t = {
    trusted: initially,
    isTrusted: () => t.trusted,
    trust: () => {
      t.trusted = true;
    },
    distrust: () => {
      t.trusted = false;
    },
  };
  return t;
}

/** Lets every pending promise callback and timer-free continuation run. */
const settleMicrotasks = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Tracks whether a promise has settled yet, and how. */
function track<T>(promise: Promise<T>) {
  const state: { done: boolean; value?: T; error?: unknown } = { done: false };
  promise.then(
    (value) => Object.assign(state, { done: true, value }),
    (error: unknown) => Object.assign(state, { done: true, error }),
  );
  return state;
}

const rejected = new UpstreamError({ status: 401, errorCode: 'E0000011', errorSummary: 'Invalid token provided' });

afterEach(() => {
  vi.useRealTimers();
});

describe('OperationGuard', () => {
  it('lets at most `concurrency` calls run at once; the next starts when one ends', async () => {
    const guard = new OperationGuard({ ...LIMITS, concurrency: 2 }, trust(true));
    const [first, second, third] = [track(guard.admit()), track(guard.admit()), track(guard.admit())];
    await settleMicrotasks();
    await settleMicrotasks();
    expect([first.done, second.done, third.done]).toEqual([true, true, false]);
    guard.settle(first.value as CallTicket, { kind: 'answered' });
    await settleMicrotasks();
    expect(third.done).toBe(true);
    expect(guard.callsMade).toBe(3);
  });

  it('a wave larger than the bound: each call that ends lets the next waiting one start, in the order they asked', async () => {
    const guard = new OperationGuard({ ...LIMITS, maxCalls: 200, concurrency: 3 }, trust(true));
    const calls = Array.from({ length: 12 }, () => track(guard.admit()));
    await settleMicrotasks();
    await settleMicrotasks();
    const started = () => calls.flatMap((c, i) => (c.done ? [i] : []));
    expect(started()).toEqual([0, 1, 2]);
    for (let ended = 0; ended < 9; ended++) {
      guard.settle(calls[ended].value as CallTicket, { kind: 'answered' });
      await settleMicrotasks();
      // Never more than the bound in flight, and the waiters go first come first.
      expect(started()).toEqual(Array.from({ length: ended + 4 }, (_, i) => i));
    }
    expect(guard.callsMade).toBe(12);
  });

  it('a call refused while others wait for a slot: every waiting call gets the refusal', async () => {
    const guard = new OperationGuard({ ...LIMITS, maxCalls: 200, concurrency: 2 }, trust(true));
    const calls = Array.from({ length: 6 }, () => track(guard.admit()));
    await settleMicrotasks();
    await settleMicrotasks();
    guard.settle(calls[0].value as CallTicket, { kind: 'token-rejected', error: rejected });
    await settleMicrotasks();
    await settleMicrotasks();
    expect(calls.slice(2).map((c) => c.error)).toEqual([rejected, rejected, rejected, rejected]);
    expect(guard.callsMade).toBe(2);
  });

  it('holds the calls asked for while a wave runs until all of it has settled, then sends them as one wave', async () => {
    const guard = new OperationGuard(LIMITS, trust(true));
    const wave = [await guard.admit()];
    const next = [track(guard.admit()), track(guard.admit())];
    await settleMicrotasks();
    expect(next.map((c) => c.done)).toEqual([false, false]);
    guard.settle(wave[0], { kind: 'answered' });
    await settleMicrotasks();
    await settleMicrotasks();
    expect(next.map((c) => c.done)).toEqual([true, true]);
    expect(guard.callsMade).toBe(3);
  });

  it('refuses a whole wave that would cross the budget, before any of it starts, and every call after it', async () => {
    const guard = new OperationGuard({ ...LIMITS, maxCalls: 3 }, trust(true));
    const first = await guard.admit();
    const wave = [track(guard.admit()), track(guard.admit()), track(guard.admit())];
    guard.settle(first, { kind: 'answered' });
    await settleMicrotasks();
    await settleMicrotasks();
    const refusal = new UpstreamBudgetExceededError(3, 4);
    expect(wave.map((c) => c.error)).toEqual([refusal, refusal, refusal]);
    expect(refusal.needed).toBe(4);
    expect(guard.callsMade).toBe(1);
    await expect(guard.admit()).rejects.toBe(wave[0].error);
  });

  it('counts retries against the budget, without taking the places of the wave not yet started', async () => {
    const guard = new OperationGuard({ ...LIMITS, maxCalls: 3, concurrency: 1 }, trust(true));
    const wave = [track(guard.admit()), track(guard.admit())];
    await settleMicrotasks();
    await settleMicrotasks();
    // One call runs, one waits for a slot: one retry fits, a second would take the waiting call's place.
    expect(guard.allowRetry(0)).toBe(true);
    expect(guard.allowRetry(0)).toBe(false);
    guard.settle(wave[0].value as CallTicket, { kind: 'answered' });
    await settleMicrotasks();
    expect(wave[1].done).toBe(true);
    expect(guard.callsMade).toBe(3);
  });

  it('refuses every further call once the answers pass the byte budget', async () => {
    const guard = new OperationGuard({ ...LIMITS, maxResponseBytes: 100 }, trust(true));
    const ticket = await guard.admit();
    expect(guard.takeBytes(60)).toBeUndefined();
    const refusal = guard.takeBytes(60);
    expect(refusal).toEqual(new ResponseBudgetExceededError(100));
    guard.settle(ticket, { kind: 'failed' });
    await expect(guard.admit()).rejects.toBe(refusal);
    expect(guard.bytesReceived).toBe(120);
  });

  it('probes a token not known to work with one call; after a rejection no other call starts', async () => {
    const token = trust(false);
    const guard = new OperationGuard(LIMITS, token);
    const probe = await guard.admit();
    expect(probe.probe).toBe(true);
    const waiting = [track(guard.admit()), track(guard.admit())];
    await settleMicrotasks();
    expect(waiting.map((w) => w.done)).toEqual([false, false]);
    guard.settle(probe, { kind: 'token-rejected', error: rejected });
    await settleMicrotasks();
    expect(waiting.map((w) => w.error)).toEqual([rejected, rejected]);
    expect(guard.callsMade).toBe(1);
  });

  it('lets the fan-out go once the probe shows the token works, and remembers the token', async () => {
    const tokens = new TrustedTokens();
    const guard = new OperationGuard(LIMITS, tokens.for('SSWS good'));
    const probe = await guard.admit();
    const waiting = [track(guard.admit()), track(guard.admit())];
    guard.settle(probe, { kind: 'answered' });
    await settleMicrotasks();
    expect(waiting.map((w) => w.value)).toEqual([{ probe: false }, { probe: false }]);
    // The next operation of the same caller needs no probe; another token does.
    expect((await new OperationGuard(LIMITS, tokens.for('SSWS good')).admit()).probe).toBe(false);
    expect((await new OperationGuard(LIMITS, tokens.for('SSWS other')).admit()).probe).toBe(true);
  });

  it('hands the probe on when it fails without saying anything about the token', async () => {
    const guard = new OperationGuard(LIMITS, trust(false));
    const probe = await guard.admit();
    const next = track(guard.admit());
    guard.settle(probe, { kind: 'failed' });
    await settleMicrotasks();
    expect(next.value).toEqual({ probe: true });
  });

  it('starts no call after a 429 it cannot wait for', async () => {
    const guard = new OperationGuard(LIMITS, trust(true));
    const ticket = await guard.admit();
    const limited = new UpstreamError({ status: 429, errorSummary: 'rate limited', rateLimitResetAt: 1 });
    guard.settle(ticket, { kind: 'rate-limited', error: limited });
    await expect(guard.admit()).rejects.toBe(limited);
  });

  it('holds new calls until a rate limit it waits for resets', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const guard = new OperationGuard(LIMITS, trust(true));
    guard.holdUntil(Date.now() + 1_000);
    const held = track(guard.admit());
    await vi.advanceTimersByTimeAsync(999);
    expect(held.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(held.value).toEqual({ probe: false });
  });

  it('aborts at the deadline: the signal fires, waiting calls fail, no retry is allowed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const guard = new OperationGuard({ ...LIMITS, concurrency: 1, timeoutMs: 500 }, trust(true));
    const running = track(guard.admit());
    const waiting = track(guard.admit());
    await settleMicrotasks();
    expect(running.done).toBe(true);
    expect(guard.allowRetry(499)).toBe(true);
    expect(guard.allowRetry(501)).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(guard.signal.aborted).toBe(true);
    expect(waiting.error).toEqual(new OperationAbortedError('timeout', 500));
    expect(guard.allowRetry(0)).toBe(false);
    await expect(guard.sleep(10)).rejects.toBeInstanceOf(OperationAbortedError);
  });

  it('tells onDeadline at the deadline before the calls learn of it, and not when the client goes away', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // What it was told: the deadline's timeoutMs, and whether the calls' signal had fired by then.
    const told: [number, boolean][] = [];
    let signal: AbortSignal | undefined;
    const guard = new OperationGuard({ ...LIMITS, timeoutMs: 500 }, trust(true), {
      onDeadline: (timeoutMs) => told.push([timeoutMs, signal?.aborted ?? true]),
    });
    await guard.admit();
    signal = guard.signal;
    await vi.advanceTimersByTimeAsync(499);
    expect(told).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(told).toEqual([[500, false]]);
    const client = new AbortController();
    const cancelled = new OperationGuard(LIMITS, trust(true), {
      clientSignal: client.signal,
      onDeadline: (timeoutMs) => told.push([timeoutMs, true]),
    });
    await cancelled.admit();
    client.abort();
    expect(cancelled.aborted).toBe(true);
    expect(told).toEqual([[500, false]]);
  });

  it('aborts when the client goes away', async () => {
    const client = new AbortController();
    const guard = new OperationGuard(LIMITS, trust(true), { clientSignal: client.signal });
    const sleeping = track(guard.sleep(60_000));
    client.abort();
    await settleMicrotasks();
    expect(sleeping.error).toEqual(new OperationAbortedError('cancelled', LIMITS.timeoutMs));
    await expect(guard.admit()).rejects.toMatchObject({ reason: 'cancelled' });
  });
});

describe('TrustedTokens', () => {
  it('forgets a token after its time, when the upstream rejects it, and the oldest beyond its size', () => {
    let now = 0;
    const tokens = new TrustedTokens(1_000, 2, () => now);
    tokens.for('a').trust();
    expect(tokens.for('a').isTrusted()).toBe(true);
    now = 1_000;
    expect(tokens.for('a').isTrusted()).toBe(false);
    tokens.for('a').trust();
    tokens.for('a').distrust();
    expect(tokens.for('a').isTrusted()).toBe(false);
    for (const t of ['x', 'y', 'z']) tokens.for(t).trust();
    expect(['x', 'y', 'z'].map((t) => tokens.for(t).isTrusted())).toEqual([false, true, true]);
  });

  it('a Bearer JWT is its person once proven, never before, and proven no longer than its exp', () => {
    let now = 1_000_000;
    const tokens = new TrustedTokens(600_000, 100, () => now);
    const jwt = (jti: string) =>
      `Bearer ${forgedToken({ iss: 'https://org.example', sub: 'carol@example.com', cid: 'spa', jti, exp: now / 1000 + 30 })}`;
    const [first, refreshed] = [jwt('1'), jwt('2')];
    expect(tokens.for(first).caller()).toEqual({ key: credentialDigest(first), settled: false });
    tokens.for(first).trust();
    const person = tokens.for(first).caller();
    expect(person.settled).toBe(true);
    expect(person.key).not.toBe(credentialDigest(first));
    expect(tokens.for(first).budgetCaller()).toBe(person.key);
    // Another token of the same person is its own caller until the upstream accepts it too.
    expect(tokens.for(refreshed).caller().key).toBe(credentialDigest(refreshed));
    tokens.for(refreshed).trust();
    expect(tokens.for(refreshed).caller().key).toBe(person.key);
    // Past its exp a token is unproven again, well before the ten minutes of the proven window.
    now += 31_000;
    expect(tokens.for(first).isTrusted()).toBe(false);
    expect(tokens.for(first).caller()).toEqual({ key: credentialDigest(first), settled: false });
    // An API token is always its own digest.
    expect(tokens.for('SSWS t').caller()).toEqual({ key: credentialDigest('SSWS t'), settled: true });
  });
});

describe('unproven credentials across operations', () => {
  it('are probed one at a time in the whole process; a refused one gets no call while remembered', async () => {
    let now = 0;
    const tokens = new TrustedTokens(60_000, 100, () => now, 1_000);
    const first = new OperationGuard(LIMITS, tokens.for('SSWS junk1'));
    const second = new OperationGuard(LIMITS, tokens.for('SSWS junk2'));
    const known = new OperationGuard(LIMITS, tokens.for('SSWS good'));
    tokens.for('SSWS good').trust();
    const probe = await first.admit();
    expect(probe.probe).toBe(true);
    const waiting = track(second.admit());
    // A proven credential does not wait for anyone's probe.
    expect((await known.admit()).probe).toBe(false);
    await settleMicrotasks();
    expect(waiting.done).toBe(false);
    first.settle(probe, { kind: 'token-rejected', error: rejected });
    await settleMicrotasks();
    expect(waiting.value).toEqual({ probe: true });
    expect(tokens.probes.probes).toBe(2);
    second.settle(waiting.value as CallTicket, { kind: 'failed' });

    // junk1's refusal holds for every new operation until it expires.
    await expect(new OperationGuard(LIMITS, tokens.for('SSWS junk1')).admit()).rejects.toBe(rejected);
    now = 1_000;
    expect((await new OperationGuard(LIMITS, tokens.for('SSWS junk1')).admit()).probe).toBe(true);
  });

  it('a waiting probe gives up when its operation is aborted', async () => {
    const tokens = new TrustedTokens();
    const first = new OperationGuard(LIMITS, tokens.for('SSWS a'));
    const client = new AbortController();
    const second = new OperationGuard(LIMITS, tokens.for('SSWS b'), { clientSignal: client.signal });
    await first.admit();
    const waiting = track(second.admit());
    client.abort();
    await settleMicrotasks();
    expect(waiting.error).toBeInstanceOf(OperationAbortedError);
  });
});

describe('OperationGuard.finish', () => {
  it('drops the deadline timer and the listener on the client signal: nothing aborts the finished operation', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const client = new AbortController();
    const guard = new OperationGuard({ ...LIMITS, timeoutMs: 500 }, trust(true), { clientSignal: client.signal });
    // No timer until the operation's first call or wait (one answered from the read cache makes none).
    expect(vi.getTimerCount()).toBe(0);
    guard.settle(await guard.admit(), { kind: 'answered' });
    expect(vi.getTimerCount()).toBe(1);
    guard.finish();
    expect(vi.getTimerCount()).toBe(0);
    client.abort();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(guard.signal.aborted).toBe(false);
  });

  it('before its first call, still answers the deadline and the client going away', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const late = new OperationGuard({ ...LIMITS, timeoutMs: 500 }, trust(true));
    await vi.advanceTimersByTimeAsync(500);
    expect(late.reason).toMatchObject({ reason: 'timeout' });
    const client = new AbortController();
    const gone = new OperationGuard(LIMITS, trust(true), { clientSignal: client.signal });
    client.abort();
    expect(gone.reason).toMatchObject({ reason: 'cancelled' });
    await expect(gone.admit()).rejects.toMatchObject({ reason: 'cancelled' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
