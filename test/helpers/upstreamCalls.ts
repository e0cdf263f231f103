// Records every RestApi call a gateway makes through an upstream client, for tests that need to
// know which calls an operation made, or to wait until calls still running after its answer end;
// or every HTTP attempt, with when it was answered, for tests that put parts of an answer and
// upstream requests on one time line.
import { vi } from 'vitest';
import type { UpstreamClient } from '../../src/upstream/client.ts';
import { composeObservers, type UpstreamAttempt } from '../../src/upstream/observer.ts';

export interface RecordedCalls {
  /** The RestApi methods called so far, in order. */
  methods(): string[];
  /** Resolves once every recorded call has settled and no new call followed. */
  quiet(): Promise<void>;
}

export function recordCalls(upstream: UpstreamClient): RecordedCalls {
  const calls: { method: string; settled: Promise<unknown> }[] = [];
  const forCaller = upstream.forCaller.bind(upstream);
  upstream.forCaller = (authorization, options) =>
    new Proxy(forCaller(authorization, options), {
      get(api, method) {
        const value: unknown = Reflect.get(api, method);
        // `finish` and `cancel` end the operation's session and `throttleStatus` reads the budget: not calls.
        if (typeof value !== 'function' || ['finish', 'cancel', 'throttleStatus'].includes(String(method)))
          return value;
        return (...args: unknown[]) => {
          const result = value.apply(api, args) as Promise<unknown>;
          // Observes the call without handling the caller's promise.
          calls.push({ method: String(method), settled: result.catch(() => undefined) });
          return result;
        };
      },
    });
  return {
    methods: () => calls.map((c) => c.method),
    async quiet() {
      for (let seen = -1; seen !== calls.length; ) {
        seen = calls.length;
        await Promise.all(calls.map((c) => c.settled));
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

/** An upstream attempt as the operation's observer heard of it, and when (`performance.now()`) it ended. */
export interface TimedAttempt extends UpstreamAttempt {
  endedAt: number;
}

/**
 * Every upstream attempt of the operations the gateway starts from now on, in the order they end,
 * until the test ends (its spy on `forCaller` is restored then).
 */
export function recordAttempts(upstream: UpstreamClient): TimedAttempt[] {
  const attempts: TimedAttempt[] = [];
  const forCaller = upstream.forCaller.bind(upstream);
  const heard = {
    onUpstreamRequest: (attempt: UpstreamAttempt) => attempts.push({ ...attempt, endedAt: performance.now() }),
  };
  vi.spyOn(upstream, 'forCaller').mockImplementation((authorization, options = {}) =>
    forCaller(authorization, { ...options, observer: composeObservers(options.observer, heard) }),
  );
  return attempts;
}
