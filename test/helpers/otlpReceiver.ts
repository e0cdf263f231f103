// An OTLP/HTTP trace receiver for tests: a real HTTP server on a free loopback port that takes
// `POST /v1/traces` in either encoding and decodes what the exporter sent, protobuf with a small
// reader of the wire format written from the OTLP .proto field numbers (not the gateway's encoder).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty when the span is a root. */
  parentSpanId: string;
  name: string;
  /** 1 INTERNAL, 2 SERVER, 3 CLIENT. */
  kind: number;
  startNs: bigint;
  endNs: bigint;
  attributes: Record<string, unknown>;
  status: { code: number; message: string };
  flags: number;
  resource: Record<string, unknown>;
}

export interface OtlpReceiver {
  /** The base URL, for OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  /** Every span received so far. */
  spans(): ReceivedSpan[];
  /** The content types of the requests received. */
  contentTypes(): string[];
  close(): Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const types: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const type = req.headers['content-type'] ?? '';
      types.push(type);
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      spans.push(...(type === 'application/json' ? fromJson(JSON.parse(body.toString('utf8'))) : fromProtobuf(body)));
      res.writeHead(200, { 'content-type': type }).end(type === 'application/json' ? '{}' : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => [...spans],
    contentTypes: () => [...types],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// ---- JSON (the OTLP/JSON mapping: hex ids, 64-bit integers as strings)

function jsonValue(value: any): unknown {
  if ('stringValue' in value) return value.stringValue;
  if ('boolValue' in value) return value.boolValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return value.doubleValue;
  if ('arrayValue' in value) return value.arrayValue.values.map(jsonValue);
  throw new Error(`unknown AnyValue ${JSON.stringify(value)}`);
}

const jsonAttributes = (list: any[] = []) => Object.fromEntries(list.map((kv) => [kv.key, jsonValue(kv.value)]));

function fromJson(request: any): ReceivedSpan[] {
  return request.resourceSpans.flatMap((rs: any) =>
    rs.scopeSpans.flatMap((ss: any) =>
      ss.spans.map((s: any) => ({
        traceId: s.traceId,
        spanId: s.spanId,
        parentSpanId: s.parentSpanId ?? '',
        name: s.name,
        kind: s.kind,
        startNs: BigInt(s.startTimeUnixNano),
        endNs: BigInt(s.endTimeUnixNano),
        attributes: jsonAttributes(s.attributes),
        status: { code: s.status?.code ?? 0, message: s.status?.message ?? '' },
        flags: s.flags ?? 0,
        resource: jsonAttributes(rs.resource?.attributes),
      })),
    ),
  );
}

// ---- protobuf wire format

type Field = { field: number; wire: number; varint?: bigint; bytes?: Buffer; fixed?: Buffer };

/** The fields of one message, in order. */
function fieldsOf(buffer: Buffer): Field[] {
  const fields: Field[] = [];
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = buffer[at++];
      if (byte === undefined) throw new Error('truncated varint');
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7n;
    }
  };
  while (at < buffer.length) {
    const key = Number(varint());
    const field = key >> 3;
    const wire = key & 7;
    if (wire === 0) fields.push({ field, wire, varint: varint() });
    else if (wire === 1 || wire === 5) {
      const size = wire === 1 ? 8 : 4;
      fields.push({ field, wire, fixed: buffer.subarray(at, at + size) });
      at += size;
    } else if (wire === 2) {
      const length = Number(varint());
      fields.push({ field, wire, bytes: buffer.subarray(at, at + length) });
      at += length;
    } else throw new Error(`wire type ${wire} not expected in OTLP traces`);
  }
  return fields;
}

const all = (fields: Field[], n: number) => fields.filter((f) => f.field === n);
const one = (fields: Field[], n: number) => all(fields, n).at(-1);
const text = (f: Field | undefined) => f?.bytes?.toString('utf8') ?? '';
const hex = (f: Field | undefined) => f?.bytes?.toString('hex') ?? '';
const fixed64 = (f: Field | undefined) => f?.fixed?.readBigUInt64LE() ?? 0n;

/** AnyValue: 1 string, 2 bool, 3 int, 4 double, 5 array (ArrayValue: 1 values). */
function protoValue(buffer: Buffer): unknown {
  const [f] = fieldsOf(buffer);
  if (!f) return undefined;
  switch (f.field) {
    case 1:
      return text(f);
    case 2:
      return f.varint === 1n;
    case 3:
      return Number(BigInt.asIntN(64, f.varint as bigint));
    case 4:
      return (f.fixed as Buffer).readDoubleLE();
    case 5:
      return all(fieldsOf(f.bytes as Buffer), 1).map((v) => protoValue(v.bytes as Buffer));
    default:
      throw new Error(`AnyValue field ${f.field} not expected`);
  }
}

/** KeyValue: 1 key, 2 value. */
function protoAttributes(fields: Field[]): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((f) => {
      const kv = fieldsOf(f.bytes as Buffer);
      return [text(one(kv, 1)), protoValue(one(kv, 2)?.bytes ?? Buffer.alloc(0))];
    }),
  );
}

function fromProtobuf(body: Buffer): ReceivedSpan[] {
  // ExportTraceServiceRequest 1: ResourceSpans (1 resource, 2 scope_spans); ScopeSpans 2: Span.
  return all(fieldsOf(body), 1).flatMap((rsField) => {
    const rs = fieldsOf(rsField.bytes as Buffer);
    const resource = protoAttributes(all(fieldsOf(one(rs, 1)?.bytes ?? Buffer.alloc(0)), 1));
    return all(rs, 2).flatMap((ssField) =>
      all(fieldsOf(ssField.bytes as Buffer), 2).map((spanField) => {
        const s = fieldsOf(spanField.bytes as Buffer);
        const status = fieldsOf(one(s, 15)?.bytes ?? Buffer.alloc(0));
        return {
          traceId: hex(one(s, 1)),
          spanId: hex(one(s, 2)),
          parentSpanId: hex(one(s, 4)),
          name: text(one(s, 5)),
          kind: Number(one(s, 6)?.varint ?? 0n),
          startNs: fixed64(one(s, 7)),
          endNs: fixed64(one(s, 8)),
          attributes: protoAttributes(all(s, 9)),
          status: { code: Number(one(status, 3)?.varint ?? 0n), message: text(one(status, 2)) },
          flags: one(s, 16)?.fixed?.readUInt32LE() ?? 0,
          resource,
        };
      }),
    );
  });
}
