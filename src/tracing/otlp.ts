// The OTLP/HTTP request body of a batch of spans (ExportTraceServiceRequest), in either encoding
// the standard offers over HTTP: protobuf (`http/protobuf`) or its JSON mapping (`http/json`: ids
// as hex, 64-bit integers as decimal strings, enums as numbers).
import type { OtlpProtocol } from '../config/tracing.ts';
import type { Attributes, AttributeValue, SpanData } from './spans.ts';

/** Who made the spans: the resource's attributes and the instrumentation scope. */
export interface Origin {
  resource: Attributes;
  scope: { name: string; version: string };
}

export const CONTENT_TYPE: Record<OtlpProtocol, string> = {
  'http/protobuf': 'application/x-protobuf',
  'http/json': 'application/json',
};

export function encodeSpans(protocol: OtlpProtocol, origin: Origin, spans: readonly SpanData[]): Uint8Array | string {
  return protocol === 'http/json' ? JSON.stringify(jsonRequest(origin, spans)) : protobufRequest(origin, spans);
}

/** Span flags: the W3C flags (sampled), and whether the parent is remote, with the bit saying that is known. */
const flagsOf = (span: SpanData) => 0x1 | 0x100 | (span.parentRemote ? 0x200 : 0);

/** Epoch milliseconds (with a fraction) as nanoseconds, exactly enough for a 64-bit field. */
function nanos(ms: number): bigint {
  const whole = Math.floor(ms);
  return BigInt(whole) * 1_000_000n + BigInt(Math.round((ms - whole) * 1_000_000));
}

// ---- JSON

function jsonValue(value: AttributeValue): unknown {
  if (Array.isArray(value)) return { arrayValue: { values: value.map((v) => ({ stringValue: v })) } };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  return Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value };
}

const jsonAttributes = (attributes: Attributes) =>
  Object.entries(attributes).map(([key, value]) => ({ key, value: jsonValue(value) }));

function jsonRequest(origin: Origin, spans: readonly SpanData[]) {
  return {
    resourceSpans: [
      {
        resource: { attributes: jsonAttributes(origin.resource) },
        scopeSpans: [
          {
            scope: origin.scope,
            spans: spans.map((span) => ({
              traceId: span.traceId,
              spanId: span.spanId,
              ...(span.parentSpanId && { parentSpanId: span.parentSpanId }),
              flags: flagsOf(span),
              name: span.name,
              kind: span.kind,
              startTimeUnixNano: String(nanos(span.startMs)),
              endTimeUnixNano: String(nanos(span.endMs)),
              attributes: jsonAttributes(span.attributes),
              status: span.status,
            })),
          },
        ],
      },
    ],
  };
}

// ---- protobuf (field numbers of opentelemetry/proto/trace/v1/trace.proto and common/v1/common.proto)

/** A protobuf message being written: its parts, joined once it is done. */
class ProtoWriter {
  private readonly parts: Uint8Array[] = [];

  private varint(value: bigint | number): void {
    // Tags and lengths are small: 7 bits a byte without BigInt's cost.
    if (typeof value === 'number' && value >= 0 && value < 2 ** 31) {
      const bytes: number[] = [];
      let n = value;
      while (n > 0x7f) {
        bytes.push((n & 0x7f) | 0x80);
        n >>>= 7;
      }
      bytes.push(n);
      this.parts.push(Uint8Array.from(bytes));
      return;
    }
    let n = BigInt.asUintN(64, BigInt(value));
    const bytes: number[] = [];
    while (n > 0x7fn) {
      bytes.push(Number(n & 0x7fn) | 0x80);
      n >>= 7n;
    }
    bytes.push(Number(n));
    this.parts.push(Uint8Array.from(bytes));
  }

  private tag(field: number, wireType: number): void {
    this.varint((field << 3) | wireType);
  }

  uint(field: number, value: number | bigint): this {
    this.tag(field, 0);
    this.varint(value);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, 2);
    this.varint(value.length);
    this.parts.push(value);
    return this;
  }

  string(field: number, value: string | undefined): this {
    return value ? this.bytes(field, Buffer.from(value, 'utf8')) : this;
  }

  hex(field: number, value: string | undefined): this {
    return value ? this.bytes(field, Buffer.from(value, 'hex')) : this;
  }

  /** A fixed-size field: 64 bits (wire type 1) or 32 (wire type 5), little-endian. */
  private fixed(field: number, size: 4 | 8, write: (b: Buffer) => void): this {
    const b = Buffer.allocUnsafe(size);
    write(b);
    this.tag(field, size === 8 ? 1 : 5);
    this.parts.push(b);
    return this;
  }

  fixed64 = (field: number, value: bigint) => this.fixed(field, 8, (b) => b.writeBigUInt64LE(value));
  fixed32 = (field: number, value: number) => this.fixed(field, 4, (b) => b.writeUInt32LE(value));
  double = (field: number, value: number) => this.fixed(field, 8, (b) => b.writeDoubleLE(value));

  message(field: number, write: (inner: ProtoWriter) => void): this {
    const inner = new ProtoWriter();
    write(inner);
    return this.bytes(field, inner.done());
  }

  done(): Uint8Array {
    return Buffer.concat(this.parts);
  }
}

/** AnyValue: 1 string, 2 bool, 3 int64, 4 double, 5 array (ArrayValue: 1 values). */
function protoValue(w: ProtoWriter, value: AttributeValue): void {
  if (Array.isArray(value))
    w.message(5, (a) => {
      for (const v of value) a.message(1, (e) => protoValue(e, v));
    });
  else if (typeof value === 'string') w.bytes(1, Buffer.from(value, 'utf8'));
  else if (typeof value === 'boolean') w.uint(2, value ? 1 : 0);
  else if (Number.isInteger(value)) w.uint(3, value);
  else w.double(4, value);
}

/** KeyValue: 1 key, 2 value. */
function protoAttributes(w: ProtoWriter, field: number, attributes: Attributes): void {
  for (const [key, value] of Object.entries(attributes)) {
    w.message(field, (kv) => kv.string(1, key).message(2, (v) => protoValue(v, value)));
  }
}

/**
 * Span: 1 trace_id, 2 span_id, 4 parent_span_id, 5 name, 6 kind, 7 start, 8 end (fixed64 ns),
 * 9 attributes, 15 status (Status: 2 message, 3 code), 16 flags (fixed32).
 */
function protoSpan(w: ProtoWriter, span: SpanData): void {
  w.hex(1, span.traceId).hex(2, span.spanId).hex(4, span.parentSpanId).string(5, span.name).uint(6, span.kind);
  w.fixed64(7, nanos(span.startMs)).fixed64(8, nanos(span.endMs));
  protoAttributes(w, 9, span.attributes);
  w.message(15, (s) => {
    s.string(2, span.status.message);
    if (span.status.code) s.uint(3, span.status.code);
  });
  w.fixed32(16, flagsOf(span));
}

/**
 * ExportTraceServiceRequest: 1 resource_spans; ResourceSpans: 1 resource (Resource: 1 attributes),
 * 2 scope_spans; ScopeSpans: 1 scope (InstrumentationScope: 1 name, 2 version), 2 spans.
 */
function protobufRequest(origin: Origin, spans: readonly SpanData[]): Uint8Array {
  return new ProtoWriter()
    .message(1, (resourceSpans) => {
      resourceSpans.message(1, (resource) => protoAttributes(resource, 1, origin.resource));
      resourceSpans.message(2, (scopeSpans) => {
        scopeSpans.message(1, (scope) => scope.string(1, origin.scope.name).string(2, origin.scope.version));
        for (const span of spans) scopeSpans.message(2, (s) => protoSpan(s, span));
      });
    })
    .done();
}
