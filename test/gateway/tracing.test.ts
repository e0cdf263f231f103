// OpenTelemetry traces over real HTTP: the gateway exports to an OTLP/HTTP receiver the test starts
// (protobuf and JSON, decoded here), and the emulator's journal shows the `traceparent` each upstream
// request carried. The 8-type dashboard's trace arrives whole: one HTTP span, one operation span
// under it, one CLIENT span per upstream call under that (as many as `extensions.cost.calls`), each
// one's ids the ones the service received; a client's `traceparent` is continued.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGatewayConfig } from '../../src/config/gateway.ts';
import { ConfigError } from '../../src/config/env.ts';
import { tracingEnabled } from '../../src/config/tracing.ts';
import { parseTraceparent } from '../../src/tracing/context.ts';
import { startTracing, type Tracing } from '../../src/tracing/index.ts';
import { sampler } from '../../src/tracing/spans.ts';
import type { UpstreamClientOptions } from '../../src/upstream/client.ts';
import { ROOT } from '../helpers/built.ts';
import { dashboard } from '../helpers/consoleOperations.ts';
import { TOKEN } from '../helpers/emulator.ts';
import { graphqlClient } from '../helpers/graphqlClient.ts';
import { postForParts } from '../helpers/incremental.ts';
import { startTestGateway, startTestUpstream, type TestUpstream } from '../helpers/gateway.ts';
import { fromRoot, importGraph } from '../helpers/importGraph.ts';
import { useForTests } from '../helpers/lifecycle.ts';
import { captureLogs } from '../helpers/logs.ts';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../helpers/otlpReceiver.ts';

const SERVER = 2;
const CLIENT = 3;
const INTERNAL = 1;

/** A stack whose gateway traces to a receiver of its own, configured by the OTEL_* variables given. */
function useTracedStack(env: Record<string, string>, client: Omit<UpstreamClientOptions, 'baseUrl'> = {}) {
  return useForTests('the traced stack', {
    start: async () => {
      const receiver = await startOtlpReceiver();
      const upstream = await startTestUpstream({}, { retryDelays: { baseMs: 1, maxMs: 1 }, ...client });
      const logs = captureLogs('debug');
      const config = readGatewayConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, ...env });
      const tracing = startTracing(config.tracing, {
        graphqlPath: '/graphql',
        upstreamUrl: upstream.emulator.url,
        logger: logs.logger,
      });
      const gateway = await startTestGateway(upstream.client, { tracing, logger: logs.logger });
      return { receiver, upstream, tracing, gateway, logs, gql: graphqlClient(gateway.url, `SSWS ${TOKEN}`) };
    },
    reset: async ({ upstream }) => {
      await upstream.emulator.reset();
      await upstream.client.invalidateCache();
    },
    close: async ({ receiver, upstream, gateway, tracing }) => {
      await gateway.close();
      await tracing.close();
      await upstream.close();
      await receiver.close();
    },
  });
}

/** The spans received since `from` once everything ended was sent, and the journal entries since `cursor`. */
async function received(
  stack: { receiver: OtlpReceiver; tracing: Tracing; upstream: TestUpstream },
  from: number,
  cursor: number,
) {
  await stack.tracing.flush();
  const journal = await stack.upstream.emulator.call('GET', `/__emulator/journal?since=${cursor}`);
  return { spans: stack.receiver.spans().slice(from), entries: journal.body.entries as any[] };
}

/** Where the spans and the journal stand now, once what ended before is sent: what comes after is the next request's. */
async function mark(stack: { receiver: OtlpReceiver; tracing: Tracing; upstream: TestUpstream }) {
  await stack.tracing.flush();
  const cursor = (await stack.upstream.emulator.call('GET', '/__emulator/journal')).body.cursor as number;
  return { from: stack.receiver.spans().length, cursor };
}

const idsOf = (spans: ReceivedSpan[]) => spans.map((s) => `${s.traceId}-${s.spanId}`).sort();
const sentIds = (entries: any[]) =>
  entries.map((e) => (e.traceparent as string).split('-').slice(1, 3).join('-')).sort();

for (const protocol of ['http/protobuf', 'http/json'] as const) {
  describe(`the dashboard's trace over OTLP ${protocol}`, () => {
    const stack = useTracedStack({ OTEL_EXPORTER_OTLP_PROTOCOL: protocol, OTEL_SERVICE_NAME: 'gateway-under-test' });

    it('arrives whole: one operation span, one CLIENT span per call, parents right, each one the traceparent the service received', async () => {
      const s = stack();
      const { query, variables } = dashboard('variable');
      const { from, cursor } = await mark(s);
      const answer = await s.gql(query, variables);
      expect(answer.errors).toBeUndefined();
      const { spans, entries } = await received(s, from, cursor);
      expect(new Set(s.receiver.contentTypes())).toEqual(
        new Set([protocol === 'http/json' ? 'application/json' : 'application/x-protobuf']),
      );

      const servers = spans.filter((span) => span.kind === SERVER);
      expect(servers).toHaveLength(1);
      const [server] = servers;
      expect(server).toMatchObject({ name: 'POST /graphql', parentSpanId: '' });
      expect(server.attributes).toMatchObject({
        'http.request.method': 'POST',
        'http.route': '/graphql',
        'http.response.status_code': 200,
      });
      expect(server.resource['service.name']).toBe('gateway-under-test');

      const operations = spans.filter((span) => span.kind === INTERNAL && span.name.startsWith('query'));
      expect(operations).toHaveLength(1);
      const [operation] = operations;
      expect(operation).toMatchObject({
        name: 'query Dashboard',
        traceId: server.traceId,
        parentSpanId: server.spanId,
      });
      const { cost } = answer.extensions;
      expect(operation.attributes).toMatchObject({
        'graphql.operation.name': 'Dashboard',
        'graphql.operation.type': 'query',
        'gateway.document.sha256': createHash('sha256').update(query).digest('hex'),
        'gateway.cost.estimate.calls': cost.estimate.calls,
        'gateway.cost.estimate.size': cost.estimate.size,
        'gateway.cost.calls': cost.calls,
      });

      // One CLIENT span per upstream request, all under the operation, and nothing else in the trace.
      const clients = spans.filter((span) => span.kind === CLIENT);
      expect(cost.calls).toBeGreaterThan(8);
      expect(clients).toHaveLength(cost.calls);
      expect(spans).toHaveLength(cost.calls + 2);
      for (const span of clients) {
        expect(span.traceId).toBe(server.traceId);
        expect(span.parentSpanId).toBe(operation.spanId);
        expect(span.attributes).toMatchObject({
          'http.request.method': 'GET',
          'http.response.status_code': 200,
          'server.address': '127.0.0.1',
        });
        expect(span.name).toBe(`GET ${span.attributes['url.template']}`);
        expect(span.attributes['url.full']).toMatch(new RegExp(`^${s.upstream.emulator.url}/api/v1/policies`));
        expect(span.attributes['gateway.upstream.budget_wait_ms']).toBeGreaterThanOrEqual(0);
        expect(span.endNs).toBeGreaterThanOrEqual(span.startNs);
        expect(span.startNs).toBeGreaterThanOrEqual(operation.startNs);
        expect(span.endNs).toBeLessThanOrEqual(operation.endNs);
      }
      expect(clients.filter((c) => c.attributes['url.template'] === '/api/v1/policies')).toHaveLength(8);
      // The service received exactly these spans' ids, sampled, one request each.
      expect(entries).toHaveLength(cost.calls);
      expect(entries.every((e) => /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/.test(e.traceparent))).toBe(true);
      expect(sentIds(entries)).toEqual(idsOf(clients));
      expect(new Set(idsOf(clients)).size).toBe(clients.length);
    });

    it('traces an answer in parts whole: the operation span ends with its last part, carrying its cost', async () => {
      const s = stack();
      const { query, variables } = dashboard('variable', { deferRules: true });
      const { from, cursor } = await mark(s);
      const answer = await postForParts(s.gateway.url, { query, variables }, { authorization: `SSWS ${TOKEN}` });
      expect(answer.contentType).toMatch(/^multipart\/mixed/);
      const cost = answer.parts.at(-1)?.body.extensions.cost;
      const { spans, entries } = await received(s, from, cursor);
      const operation = spans.find((span) => span.name === 'query Dashboard') as ReceivedSpan;
      const server = spans.find((span) => span.kind === SERVER) as ReceivedSpan;
      expect(operation.attributes['gateway.cost.calls']).toBe(cost.calls);
      expect(spans.filter((span) => span.kind === CLIENT)).toHaveLength(cost.calls);
      expect(entries).toHaveLength(cost.calls);
      // The HTTP span lasts as long as its operation's parts.
      expect(server.endNs).toBeGreaterThanOrEqual(operation.endNs);
    });

    it("continues a client's traceparent, and the operation's log lines carry its trace and span ids", async () => {
      const s = stack();
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const parent = '00f067aa0ba902b7';
      const { from, cursor } = await mark(s);
      const answer = await s.gql(
        'query Passwords { policies(type: PASSWORD) { nodes { id rules { id } } } }',
        {},
        {
          headers: { traceparent: `00-${traceId}-${parent}-01`, 'x-request-id': 'traced-request-1' },
        },
      );
      expect(answer.errors).toBeUndefined();
      const { spans, entries } = await received(s, from, cursor);
      expect(spans.every((span) => span.traceId === traceId)).toBe(true);
      const server = spans.find((span) => span.kind === SERVER) as ReceivedSpan;
      expect(server.parentSpanId).toBe(parent);
      // Span flags: sampled, whether the parent is remote known, and it is.
      expect(server.flags).toBe(0x301);
      const operation = spans.find((span) => span.name === 'query Passwords') as ReceivedSpan;
      expect(operation.flags).toBe(0x101);
      expect(entries.length).toBe(answer.extensions.cost.calls);
      expect(entries.every((e) => e.traceparent.startsWith(`00-${traceId}-`))).toBe(true);

      const lines = s.logs.lines().filter((line) => line.requestId === 'traced-request-1');
      const summary = lines.find((line) => line.msg === 'graphql operation');
      expect(summary).toMatchObject({ traceId, spanId: operation.spanId });
      const upstreamLines = lines.filter((line) => line.msg === 'upstream request');
      expect(upstreamLines).toHaveLength(entries.length);
      expect(upstreamLines.map((line) => `${line.traceId}-${line.spanId}`).sort()).toEqual(
        idsOf(spans.filter((span) => span.kind === CLIENT)),
      );
    });
  });
}

describe('upstream spans of retries, shared reads and cached reads', () => {
  const stack = useTracedStack({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }, { cacheTtlSeconds: 60 });

  it('gives each attempt of a retried call its own CLIENT span and traceparent, the retry counted', async () => {
    const s = stack();
    s.upstream.emulator.addFaultRule({
      match: { method: 'GET', path: '/api/v1/meta/types/user' },
      status: 503,
      times: 1,
    });
    const { from, cursor } = await mark(s);
    const answer = await s.gql('{ userTypes { id } }', {}, { headers: { 'cache-control': 'no-cache' } });
    expect(answer.errors).toBeUndefined();
    expect(answer.extensions.cost.calls).toBe(2);
    const { spans, entries } = await received(s, from, cursor);
    const clients = spans.filter((span) => span.kind === CLIENT);
    expect(
      clients.map((c) => [
        c.attributes['http.response.status_code'],
        c.attributes['http.request.resend_count'],
        c.status.code,
      ]),
    ).toEqual([
      [503, undefined, 2],
      [200, 1, 0],
    ]);
    expect(clients[0].attributes['error.type']).toBe('503');
    expect(entries.map((e) => e.status)).toEqual([503, 200]);
    expect(sentIds(entries)).toEqual(idsOf(clients));
  });

  it('gives a read that joined another operation’s flight an INTERNAL span and no CLIENT span', async () => {
    const s = stack();
    const emu = s.upstream.emulator;
    await s.gql('{ userTypes { id } }');
    const { from, cursor } = await mark(s);
    // The first read is held at the service while the second operation arrives and joins it.
    emu.addFaultRule({ match: { method: 'GET', path: '/api/v1/meta/types/user' }, latencyMs: 3_000, times: 1 });
    const fresh = { headers: { 'cache-control': 'no-cache' } };
    const before = emu.counter.total;
    const first = s.gql('query First { userTypes { id } }', {}, fresh);
    while (emu.counter.total === before) await new Promise((resolve) => setImmediate(resolve));
    const second = await s.gql('query Second { userTypes { id } }', {}, fresh);
    expect((await first).extensions.cost.calls).toBe(1);
    expect(second.extensions.cost.calls).toBe(0);
    const { spans, entries } = await received(s, from, cursor);
    const [firstOp, secondOp] = ['query First', 'query Second'].map((n) => spans.find((span) => span.name === n));
    const clients = spans.filter((span) => span.kind === CLIENT);
    expect(clients.map((c) => c.parentSpanId)).toEqual([firstOp?.spanId]);
    expect(sentIds(entries)).toEqual(idsOf(clients));
    const joined = spans.filter((span) => span.attributes['gateway.upstream.answered_by'] === 'shared');
    expect(joined.map((span) => [span.kind, span.parentSpanId, span.name])).toEqual([
      [INTERNAL, secondOp?.spanId, 'GET /api/v1/meta/types/user'],
    ]);
  });

  it('gives a read answered from the cache an INTERNAL span and no CLIENT span: the service received nothing', async () => {
    const s = stack();
    await s.gql('{ userTypes { id } }');
    const { from, cursor } = await mark(s);
    const answer = await s.gql('query Again { userTypes { id } }');
    expect(answer.extensions.cost).toMatchObject({ calls: 0, cache: { hits: 1 } });
    const { spans, entries } = await received(s, from, cursor);
    expect(entries).toEqual([]);
    expect(spans.filter((span) => span.kind === CLIENT)).toEqual([]);
    const operation = spans.find((span) => span.name === 'query Again') as ReceivedSpan;
    const cached = spans.filter((span) => span.attributes['gateway.upstream.answered_by'] === 'cache');
    expect(cached).toHaveLength(1);
    expect(cached[0]).toMatchObject({
      kind: INTERNAL,
      parentSpanId: operation.spanId,
      name: 'GET /api/v1/meta/types/user',
    });
    expect(operation.attributes['gateway.cost.cache_hits']).toBe(1);
  });
});

describe('sampling', () => {
  const stack = useTracedStack({ OTEL_TRACES_SAMPLER: 'parentbased_always_on' });

  it('records nothing of a trace the client did not sample, yet sends its trace upstream, unsampled', async () => {
    const s = stack();
    const traceId = 'aaaabbbbccccddddeeeeffff00001111';
    const { from, cursor } = await mark(s);
    await s.gql('{ userTypes { id } }', {}, { headers: { traceparent: `00-${traceId}-1111222233334444-00` } });
    const { spans, entries } = await received(s, from, cursor);
    expect(spans).toEqual([]);
    expect(entries).toHaveLength(1);
    expect(entries[0].traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-00$`));
    expect(entries[0].traceparent).not.toContain('1111222233334444');
  });
});

describe('traceparent and samplers', () => {
  const trace = '4bf92f3577b34da6a3ce929d0e0e4736';
  const span = '00f067aa0ba902b7';

  it('reads a W3C traceparent, and ignores one that names no span', () => {
    expect(parseTraceparent(`00-${trace}-${span}-01`)).toEqual({
      traceId: trace,
      spanId: span,
      sampled: true,
      remote: true,
    });
    expect(parseTraceparent(`00-${trace}-${span}-00`)?.sampled).toBe(false);
    // A later version: its first four fields, whatever follows.
    expect(parseTraceparent(`cc-${trace}-${span}-01-what-comes-later`)?.spanId).toBe(span);
    for (const bad of [
      `00-${trace}-${span}-01-extra`,
      `00-${trace}-${span}-01-`,
      `ff-${trace}-${span}-01`,
      `00-${'0'.repeat(32)}-${span}-01`,
      `00-${trace}-${'0'.repeat(16)}-01`,
      `00-${trace.toUpperCase()}-${span}-01`,
      `00-${trace}-${span}`,
      '',
      null,
    ]) {
      expect(parseTraceparent(bad), String(bad)).toBeUndefined();
    }
  });

  it('samples by the trace id’s last 52 bits, and follows a parent only when parent-based', () => {
    const ratio = sampler('traceidratio', 0.5);
    expect(ratio(`${'f'.repeat(19)}7ffffffffffff`, undefined)).toBe(true);
    expect(ratio(`${'0'.repeat(19)}8000000000000`, undefined)).toBe(false);
    const parent = (sampled: boolean) => ({ traceId: trace, spanId: span, sampled, remote: true });
    expect(sampler('always_off', 1)(trace, parent(true))).toBe(false);
    expect(sampler('parentbased_always_off', 1)(trace, parent(true))).toBe(true);
    expect(sampler('parentbased_always_on', 1)(trace, parent(false))).toBe(false);
    expect(sampler('parentbased_always_on', 1)(trace, undefined)).toBe(true);
    expect(sampler('parentbased_traceidratio', 0)(trace, undefined)).toBe(false);
  });
});

describe('the OTEL_* settings', () => {
  it('turn tracing on with an endpoint or OTEL_TRACES_EXPORTER=otlp, and off with none set or `none`', () => {
    const on = (env: Record<string, string>) => tracingEnabled(readGatewayConfig(env).tracing);
    expect(on({})).toBe(false);
    expect(on({ OTEL_SERVICE_NAME: 'x', OTEL_TRACES_SAMPLER: 'always_on' })).toBe(false);
    expect(on({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true);
    expect(on({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })).toBe(true);
    expect(on({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
    expect(on({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(false);
  });

  it('refuse what the gateway cannot do, naming the variable, and never echo a header value', () => {
    const problems = (env: Record<string, string>) => {
      try {
        readGatewayConfig(env);
        return [];
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        return error.problems;
      }
    };
    expect(problems({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toEqual([
      'OTEL_EXPORTER_OTLP_PROTOCOL="grpc": must be one of http/protobuf, http/json',
    ]);
    expect(problems({ OTEL_TRACES_EXPORTER: 'zipkin' })[0]).toMatch(
      /^OTEL_TRACES_EXPORTER="zipkin": must be one of otlp, none/,
    );
    expect(problems({ OTEL_TRACES_SAMPLER_ARG: '2' })[0]).toMatch(/^OTEL_TRACES_SAMPLER_ARG="2": must be a ratio/);
    const bad = problems({ OTEL_EXPORTER_OTLP_HEADERS: 'api-key=secret-value,broken' });
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatch(/^OTEL_EXPORTER_OTLP_HEADERS: /);
    expect(bad.join()).not.toContain('secret-value');
    expect(readGatewayConfig({ OTEL_EXPORTER_OTLP_HEADERS: 'api-key=a%2Cb, x-tenant = t1' }).tracing.headers).toEqual({
      'api-key': 'a,b',
      'x-tenant': 't1',
    });
  });

  it('leave the tracing code unloaded when off: the entry imports none of it', () => {
    const loaded = [...importGraph([join(ROOT, 'src/start.ts')], { runtimeOnly: true }).keys()].map(fromRoot);
    expect(loaded).toContain('src/gateway/server.ts');
    expect(loaded.filter((file) => file.startsWith('src/tracing/'))).toEqual([]);
  });
});
