// What the upstream client tells a trace about each call (the gateway's tracing, src/tracing/, is
// the one implementation; without it, none of this runs). Each HTTP attempt is one span whose ids
// go upstream in its `traceparent` header; a read answered without a request of its own (a shared
// flight, the read cache) is told too.
import type { AttemptResult } from './attempt.ts';
import type { HttpMethod } from './routes.ts';

/** One operation's trace, as the upstream client sees it. */
export interface UpstreamTracer {
  /** A call starts: what its attempts report to; undefined when the operation is not recorded. */
  call(call: TracedCall): CallTrace | undefined;
}

/** The call as a span names it: by the spec's template, with the URL sent. */
export interface TracedCall {
  method: HttpMethod;
  template: string;
  /** The path and query string sent, base path included. */
  target: string;
}

export interface CallTrace {
  /** Attempt `retried` (0 the first) starts: it takes its budget token next. */
  waiting(retried: number): void;
  /** That attempt is sent now: its span starts; the answer is the `traceparent` header it carries. */
  sending(retried: number): string;
  /** It ended; the answer names its span, for the log line. */
  ended(result: AttemptResult): SpanIds;
  /** The call was answered without an HTTP request of its own. */
  answeredWithout(source: 'shared' | 'cache', ageMs?: number): void;
}

export type SpanIds = NonNullable<AttemptResult['span']>;
