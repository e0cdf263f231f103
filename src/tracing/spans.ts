// Spans as OTLP sends them, and the tracer that starts them: the sampler decides at the root of a
// trace (or follows the client's sampled flag), a span of a trace not recorded still has ids (its
// `traceparent` goes upstream all the same) but records nothing, and a recorded span is handed to
// the exporter once it ends.
import type { SamplerName } from '../config/tracing.ts';
import { newSpanId, newTraceId, type SpanContext } from './context.ts';

/** OTLP's span kinds. */
export const SpanKind = { INTERNAL: 1, SERVER: 2, CLIENT: 3 } as const;
export type SpanKind = (typeof SpanKind)[keyof typeof SpanKind];

/** OTLP's status codes: unset, ok, error. */
export const StatusCode = { UNSET: 0, OK: 1, ERROR: 2 } as const;

export type AttributeValue = string | number | boolean | string[];
export type Attributes = Record<string, AttributeValue>;

/** An ended span, as exported. */
export interface SpanData {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  /** The parent came from a client's `traceparent`. */
  parentRemote: boolean;
  name: string;
  kind: SpanKind;
  /** Epoch milliseconds, with the fraction `performance.now()` gives. */
  startMs: number;
  endMs: number;
  attributes: Attributes;
  status: { code: number; message?: string };
}

/** Now, in epoch milliseconds with a sub-millisecond fraction. */
export const nowMs = (): number => performance.timeOrigin + performance.now();

/** Attribute values longer than this are cut (a path holds ids a client chose, of any length). */
const MAX_VALUE_LENGTH = 1_024;

export class Span {
  readonly context: SpanContext;
  private data: SpanData | undefined;

  constructor(
    context: SpanContext,
    parent: SpanContext | undefined,
    name: string,
    kind: SpanKind,
    private readonly onEnd: (span: SpanData) => void,
    startMs = nowMs(),
  ) {
    this.context = context;
    if (context.sampled) {
      this.data = {
        traceId: context.traceId,
        spanId: context.spanId,
        parentSpanId: parent?.spanId,
        parentRemote: parent?.remote === true,
        name,
        kind,
        startMs,
        endMs: startMs,
        attributes: {},
        status: { code: StatusCode.UNSET },
      };
    }
  }

  get recording(): boolean {
    return this.data !== undefined;
  }

  set(key: string, value: AttributeValue | undefined): this {
    if (this.data && value !== undefined)
      this.data.attributes[key] =
        typeof value === 'string' && value.length > MAX_VALUE_LENGTH ? value.slice(0, MAX_VALUE_LENGTH) : value;
    return this;
  }

  fail(message?: string): this {
    if (this.data) this.data.status = message ? { code: StatusCode.ERROR, message } : { code: StatusCode.ERROR };
    return this;
  }

  /** Ends the span (once; later calls do nothing). */
  end(atMs = nowMs()): void {
    const data = this.data;
    if (!data) return;
    this.data = undefined;
    data.endMs = atMs;
    this.onEnd(data);
  }
}

/** Whether a new trace (no parent) or a client's trace (remote parent) is recorded. */
export type Sampler = (traceId: string, parent: SpanContext | undefined) => boolean;

export function sampler(name: SamplerName, ratio: number): Sampler {
  const root = name.endsWith('always_on')
    ? () => true
    : name.endsWith('always_off')
      ? () => false
      : // The trace id's last 56 bits are random (W3C Trace Context level 2): the last 52 of them (a
        // number held exactly) as a share of 2^52.
        (traceId: string) => Number.parseInt(traceId.slice(19), 16) / 2 ** 52 < ratio;
  return name.startsWith('parentbased_') ? (traceId, parent) => (parent ? parent.sampled : root(traceId)) : root;
}

export class Tracer {
  constructor(
    private readonly sample: Sampler,
    private readonly onEnd: (span: SpanData) => void,
  ) {}

  /**
   * A span under `parent`: a span of this process is recorded when its parent is (the decision is
   * the root's), a remote parent or none asks the sampler.
   */
  start(name: string, kind: SpanKind, parent?: SpanContext, startMs?: number): Span {
    const traceId = parent?.traceId ?? newTraceId();
    const sampled = parent && !parent.remote ? parent.sampled : this.sample(traceId, parent);
    return new Span({ traceId, spanId: newSpanId(), sampled }, parent, name, kind, this.onEnd, startMs);
  }
}
