// Records every RestApi call a gateway makes through an upstream client, for tests that need to
// know which calls an operation made, or to wait until calls still running after its answer end.
import type { UpstreamClient } from '../../src/upstream/client.ts';

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
