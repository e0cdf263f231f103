// W3C Trace Context: the `traceparent` header read from a client and written upstream, and the
// random ids of new traces and spans.
import { randomFillSync } from 'node:crypto';

/** Where a span sits: its trace, its own id, and whether the trace is recorded (the sampled flag). */
export interface SpanContext {
  traceId: string;
  spanId: string;
  sampled: boolean;
  /** Read from a request's `traceparent`, not made in this process. */
  remote?: boolean;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-|$)/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/**
 * The span context a `traceparent` header names, or undefined when it names none: absent,
 * malformed, version `ff`, all-zero ids, or version 00 with anything after the flags. A later
 * version is read by its first four fields, as the recommendation asks.
 */
export function parseTraceparent(header: string | null | undefined): SpanContext | undefined {
  if (!header || header.length > 512) return undefined;
  const value = header.trim();
  const match = TRACEPARENT.exec(value);
  if (!match) return undefined;
  const [, version, traceId, spanId, flags] = match;
  if (version === 'ff' || traceId === ZERO_TRACE || spanId === ZERO_SPAN) return undefined;
  // Version 00 is exactly its four fields (55 characters).
  if (version === '00' && value.length !== 55) return undefined;
  return { traceId, spanId, sampled: (Number.parseInt(flags, 16) & 1) === 1, remote: true };
}

export function formatTraceparent(context: SpanContext): string {
  return `00-${context.traceId}-${context.spanId}-${context.sampled ? '01' : '00'}`;
}

// Random bytes are drawn a few kilobytes at a time: one draw per id would cost a call into the
// system's generator for every span.
const pool = Buffer.allocUnsafe(4096);
let used = pool.length;

function randomHex(bytes: number, zero: string): string {
  for (;;) {
    if (used + bytes > pool.length) {
      randomFillSync(pool);
      used = 0;
    }
    const hex = pool.toString('hex', used, used + bytes);
    used += bytes;
    if (hex !== zero) return hex;
  }
}

export const newTraceId = (): string => randomHex(16, ZERO_TRACE);
export const newSpanId = (): string => randomHex(8, ZERO_SPAN);
