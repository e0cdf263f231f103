// What an operator relies on, in-process over real HTTP: request ids (echoed, sent upstream), the
// operation log followed to its upstream requests, Prometheus metrics, the health probes, and a
// close that lets the operation in flight finish.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGateway, type GatewayOptions, type RunningGateway } from '../../src/gateway/server.ts';
import { createMetrics } from '../../src/gateway/plugins/metrics.ts';
import { UpstreamClient } from '../../src/upstream/client.ts';
import { countFromNow, startTestEmulator, TOKEN, type TestEmulator } from '../helpers/emulator.ts';
import { gatewaySchema, startTestGateway } from '../helpers/gateway.ts';
import { type CapturedLogs, captureLogs, silentLogger } from '../helpers/logs.ts';
import { type RecordingProxy, startRecordingProxy } from '../helpers/proxy.ts';
import { postGraphql } from '../helpers/graphqlClient.ts';

const RATE_LIMIT = 100_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let emulator: TestEmulator;
let proxy: RecordingProxy;
let upstream: UpstreamClient;
let gateway: RunningGateway;
let logs: CapturedLogs;
beforeAll(async () => {
  emulator = await startTestEmulator({ rateLimitPerMinute: RATE_LIMIT });
  proxy = await startRecordingProxy(emulator.url);
  upstream = new UpstreamClient({ baseUrl: proxy.url });
  logs = captureLogs('debug');
  gateway = await startTestGateway(upstream, { logger: logs.logger });
});
afterAll(async () => {
  await gateway.close();
  await upstream.close();
  await proxy.close();
  await emulator.close();
});
beforeEach(async () => {
  await emulator.reset();
  proxy.received.length = 0;
});

const gql = (query: string, headers?: Record<string, string>) =>
  postGraphql(`${gateway.url}/graphql`, query, { auth: `SSWS ${TOKEN}`, headers });

/** A gateway answering in-process (yoga.fetch), for the tests that need settings of their own. */
function inProcess(options: Partial<GatewayOptions> & { baseUrl?: string } = {}) {
  const client = new UpstreamClient({ baseUrl: options.baseUrl ?? emulator.url });
  const yoga = createGateway({ schema: gatewaySchema(), upstream: client, logger: silentLogger(), ...options });
  return {
    get: (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
      yoga.fetch(`http://gateway${path}`, init),
    close: async () => {
      await yoga.dispose();
      await client.close();
    },
  };
}

describe('request ids', () => {
  it("returns the caller's X-Request-Id and sends it upstream with every call", async () => {
    const res = await gql('{ userTypes { name } policies(type: PASSWORD) { nodes { id } } }', {
      'x-request-id': 'trace-42.a:b_c',
    });
    expect(res.body.errors).toBeUndefined();
    expect(res.headers.get('x-request-id')).toBe('trace-42.a:b_c');
    expect(proxy.received).toHaveLength(2);
    expect(proxy.received.map((r) => r.headers['x-request-id'])).toEqual(['trace-42.a:b_c', 'trace-42.a:b_c']);
  });

  it.each([
    ['none', undefined],
    ['an overlong one', 'x'.repeat(129)],
    ['one with unsafe characters', 'id with spaces'],
    ['one with markup', '<script>'],
  ])('replaces %s with a new id, used upstream as well', async (_, sent) => {
    const res = await gql('{ userTypes { name } }', sent === undefined ? {} : { 'x-request-id': sent });
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    expect(proxy.received.map((r) => r.headers['x-request-id'])).toEqual([res.headers.get('x-request-id')]);
  });

  it('is on every answer, probes and metrics included', async () => {
    for (const path of ['/healthz', '/metrics', '/graphql?query=%7B__typename%7D']) {
      const res = await fetch(gateway.url + path, { headers: { 'x-request-id': 'probe-1' } });
      expect(res.headers.get('x-request-id'), path).toBe('probe-1');
    }
  });
});

describe('the operation log', () => {
  it('has one line per operation and one debug line per upstream request, joined by the request id', async () => {
    const query = 'query PolicyTree { policies(type: PASSWORD) { nodes { id rules { name } } } userTypes { name } }';
    const counted = countFromNow(emulator);
    const res = await gql(query, { 'x-request-id': 'follow-me' });
    expect(res.body.errors).toBeUndefined();
    const calls = counted().total;
    expect(calls).toBe(3); // policies, their rules, user types

    const mine = logs.lines().filter((l) => l.requestId === 'follow-me');
    const operation = mine.filter((l) => l.msg === 'graphql operation');
    expect(operation).toEqual([
      expect.objectContaining({
        level: 30,
        operation: 'PolicyTree',
        type: 'query',
        upstreamCalls: calls,
        errorCodes: [],
        outcome: 'success',
        durationMs: expect.any(Number),
      }),
    ]);
    const upstreamLines = mine.filter((l) => l.msg === 'upstream request');
    expect(upstreamLines).toHaveLength(calls);
    expect(upstreamLines.every((l) => l.level === 20 && l.status === 200 && l.retry === false)).toBe(true);
    expect(upstreamLines.map((l) => `${l.method} ${l.route}`).sort()).toEqual([
      'GET /api/v1/meta/types/user',
      'GET /api/v1/policies',
      'GET /api/v1/policies/{policyId}/rules',
    ]);
  });

  it('names error codes and outcomes, and never writes a credential', async () => {
    await gql('query NoHeader { userTypes { name } }', { authorization: '', 'x-request-id': 'no-header' });
    await gql('query WrongToken { userTypes { name } }', {
      authorization: 'SSWS wrong-secret-token',
      'x-request-id': 'wrong-token',
    });
    await gql('query Broken { userTypes { name }', { 'x-request-id': 'broken' });
    await gql('query Partial { __typename policy(id: "00pany") { id } }', {
      authorization: 'Bearer another-secret',
      'x-request-id': 'partial',
    });
    const line = (id: string) => logs.lines().find((l) => l.requestId === id && l.msg === 'graphql operation');
    expect(line('no-header')).toMatchObject({ errorCodes: ['UNAUTHENTICATED'], outcome: 'error', upstreamCalls: 0 });
    expect(line('wrong-token')).toMatchObject({ errorCodes: ['UNAUTHENTICATED'], outcome: 'error', upstreamCalls: 1 });
    expect(logs.lines().find((l) => l.requestId === 'wrong-token' && l.msg === 'upstream request')).toMatchObject({
      status: 401,
    });
    expect(line('broken')).toMatchObject({ type: 'unknown', errorCodes: ['GRAPHQL_PARSE_FAILED'], outcome: 'error' });
    expect(line('partial')).toMatchObject({ operation: 'Partial', outcome: 'partial' });
    for (const secret of [TOKEN, 'wrong-secret-token', 'another-secret']) expect(logs.text()).not.toContain(secret);
  });

  it('redacts authorization headers and tokens in any logged object', () => {
    const captured = captureLogs('info');
    captured.logger.info(
      {
        headers: { authorization: 'SSWS one', Authorization: 'SSWS two' },
        token: 'three',
        request: { token: 'four', headers: { authorization: 'five' } },
      },
      'calling with Bearer six',
    );
    const [entry] = captured.lines();
    expect(entry.headers).toEqual({ authorization: '[redacted]', Authorization: '[redacted]' });
    expect(entry.token).toBe('[redacted]');
    expect(entry.request).toEqual({ token: '[redacted]', headers: { authorization: '[redacted]' } });
    expect(entry.msg).toBe('calling with Bearer [redacted]');
    for (const secret of ['one', 'two', 'three', 'four', 'five', 'six'])
      expect(captured.text()).not.toMatch(new RegExp(`\\b${secret}\\b`));
  });

  it('leaves the upstream lines out above the debug level', async () => {
    const captured = captureLogs('info');
    const gw = inProcess({ logger: captured.logger });
    try {
      const res = await gw.get('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `SSWS ${TOKEN}` },
        body: JSON.stringify({ query: '{ userTypes { name } }' }),
      });
      expect(res.status).toBe(200);
    } finally {
      await gw.close();
    }
    expect(captured.lines().map((l) => l.msg)).toEqual(['graphql operation']);
  });
});

describe('metrics', () => {
  const metricsText = async () => {
    const res = await fetch(`${gateway.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };
  /** The value of one sample, by its exact name and labels. */
  const sample = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('counts operations, errors, upstream requests by route template, calls per operation, the rate limit and the process', async () => {
    const before = await metricsText();
    const policyId = (await emulator.call('GET', '/api/v1/policies?type=PASSWORD')).body[0].id as string;
    const remaining = Number(
      (await emulator.call('GET', '/api/v1/meta/types/user')).headers.get('x-rate-limit-remaining'),
    );
    const ok = await gql(`query OnePolicy { policy(id: "${policyId}") { id rules { name } } }`);
    expect(ok.body.errors).toBeUndefined();
    await gql('query OnePolicy { policy(id: "00pany") { id } }', { authorization: '' });
    const text = await metricsText();
    const delta = (series: string) => (sample(text, series) ?? 0) - (sample(before, series) ?? 0);

    const op = 'operationName="OnePolicy",operationType="query"';
    expect(delta(`gateway_operations_total{${op},outcome="success"}`)).toBe(1);
    expect(delta(`gateway_operations_total{${op},outcome="error"}`)).toBe(1); // its only field is null
    expect(delta(`graphql_envelop_error_result{${op},phase="execute",code="UNAUTHENTICATED"}`)).toBe(1);
    expect(delta(`graphql_envelop_request_duration_count{${op}}`)).toBe(2);
    expect(delta(`gateway_operation_upstream_calls_count{${op}}`)).toBe(2);
    expect(delta(`gateway_operation_upstream_calls_sum{${op}}`)).toBe(2); // the policy, its rules; none without a header
    expect(delta(`gateway_operation_upstream_calls_bucket{le="0",${op}}`)).toBe(1);
    const route = 'method="GET",route="/api/v1/policies/{policyId}",status="200"';
    expect(delta(`gateway_upstream_requests_total{${route}}`)).toBe(1);
    expect(delta(`gateway_upstream_request_duration_seconds_count{${route}}`)).toBe(1);
    expect(text).not.toContain(policyId);
    expect(sample(text, 'gateway_upstream_rate_limit_remaining')).toBe(remaining - 2);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('names errors by the phase they come from, and times every GraphQL HTTP answer', async () => {
    const before = await metricsText();
    await gql('query Broken { policy(id: "x") { id ');
    const invalid = await gql('query Invalid { policy(id: "x") { noSuchField } }');
    const text = await metricsText();
    const delta = (series: string) => (sample(text, series) ?? 0) - (sample(before, series) ?? 0);
    // A document that does not parse names no operation; an invalid one does, and never runs.
    expect(
      delta(
        'graphql_envelop_error_result{operationName="anonymous",operationType="unknown",phase="parse",code="GRAPHQL_PARSE_FAILED"}',
      ),
    ).toBe(1);
    expect(
      delta(
        'graphql_envelop_error_result{operationName="Invalid",operationType="query",phase="validate",code="GRAPHQL_VALIDATION_FAILED"}',
      ),
    ).toBe(1);
    expect(delta('graphql_envelop_request_duration_count{operationName="Invalid",operationType="query"}')).toBe(0);
    expect(
      delta(
        `graphql_yoga_http_duration_count{operationName="Invalid",operationType="query",method="POST",statusCode="${invalid.status}"}`,
      ),
    ).toBe(1);
  });

  it('counts retries and names transport failures by their code', async () => {
    const metrics = createMetrics();
    const attempt = { method: 'GET', template: '/api/v1/policies', path: '/api/v1/policies', durationMs: 5 } as const;
    metrics.upstream.onUpstreamRequest({ ...attempt, errorCode: 'ECONNRESET', retry: false });
    metrics.upstream.onUpstreamRequest({ ...attempt, status: 200, retry: true });
    const text = await metrics.registry.metrics();
    expect(sample(text, 'gateway_upstream_retries_total{method="GET",route="/api/v1/policies"}')).toBe(1);
    expect(
      sample(text, 'gateway_upstream_requests_total{method="GET",route="/api/v1/policies",status="ECONNRESET"}'),
    ).toBe(1);
  });

  it('keeps the number of operation names bounded, whatever clients send', async () => {
    const gw = inProcess({ metrics: { maxOperationNames: 3 } });
    try {
      for (let i = 0; i < 5; i++) await gw.get(`/graphql?query=${encodeURIComponent(`query N${i} { __typename }`)}`);
      const text = await (await gw.get('/metrics')).text();
      expect(sample(text, 'gateway_operations_total{operationName="N2",operationType="query",outcome="success"}')).toBe(
        1,
      );
      expect(text).not.toContain('"N3"');
      expect(
        sample(text, 'gateway_operations_total{operationName="__other__",operationType="query",outcome="success"}'),
      ).toBe(2);
    } finally {
      await gw.close();
    }
  });
});

describe('metric labels and log lines from what clients send', () => {
  // A few posts prove it: a name taken as a label would add a megabyte to /metrics, one line a megabyte to the log.
  it('posts with megabyte operation names, no token: /metrics stays 200 and small, log lines stay short', async () => {
    const scrape = async () => {
      const res = await fetch(`${gateway.url}/metrics`);
      return { status: res.status, text: await res.text() };
    };
    const before = await scrape();
    const logStart = logs.text().length;
    const filler = 'x'.repeat(1_000_000);
    const POSTS = 5;
    for (let i = 0; i < POSTS; i++) {
      const res = await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"query":"{","operationName":"N${i}${filler}"}`,
      });
      expect(res.status).toBeLessThan(500);
      await res.arrayBuffer();
    }
    // Names of 65 characters, or of other characters, are no labels either; a plain one is.
    for (const name of ['A'.repeat(65), 'a-b', 'a b', 'Plain_Name1']) {
      await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{', operationName: name }),
      }).then((res) => res.arrayBuffer());
    }
    // An id of 100 kB goes into an upstream path: the debug line shows its start only.
    await gql(`{ policy(id: "${'i'.repeat(100_000)}") { id } }`);
    const after = await scrape();
    expect(after.status).toBe(200);
    expect(after.text.length - before.text.length).toBeLessThan(20_000);
    expect(after.text).not.toContain('xxxxxxxx');
    expect(after.text).not.toContain('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"');
    expect(after.text).not.toMatch(/operationName="a.b"/);
    expect(after.text).toContain('operationName="Plain_Name1"');
    const parseErrors = (text: string) =>
      Number(
        text
          .split('\n')
          .find((l) =>
            l.startsWith(
              'graphql_envelop_error_result{operationName="__invalid__",operationType="unknown",phase="parse",code="GRAPHQL_PARSE_FAILED"} ',
            ),
          )
          ?.split(' ')[1] ?? 0,
      );
    expect(parseErrors(after.text) - parseErrors(before.text)).toBe(POSTS + 3);
    const lines = logs.text().slice(logStart).split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(POSTS);
    expect(lines.some((l) => l.includes('"upstream request"') && l.includes('iiiiiiii'))).toBe(true);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(1_000);
    const first = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'graphql operation');
    expect(first.operation).toMatch(/^N0x{62}…\(1000002 chars\)$/);
  });
});

describe('health probes', () => {
  it('/healthz answers 200 without a token, GET and HEAD only', async () => {
    const res = await fetch(`${gateway.url}/healthz`);
    expect([res.status, await res.json()]).toEqual([200, { status: 'ok' }]);
    expect((await fetch(`${gateway.url}/healthz`, { method: 'POST' })).status).toBe(405);
  });

  it('/readyz is 200 when the upstream answers, with one upstream call per interval whatever the probe rate', async () => {
    const gw = inProcess({ readiness: { intervalMs: 5_000 } });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const counted = countFromNow(emulator);
      const probeCalls = async () => counted().byRoute['GET /api/v1/meta/types/user'] ?? 0;
      const answers = await Promise.all(Array.from({ length: 10 }, () => gw.get('/readyz')));
      for (let i = 0; i < 5; i++) answers.push(await gw.get('/readyz'));
      expect(answers.map((a) => a.status)).toEqual(Array(15).fill(200));
      // No token: the service's 401 says it is there; callers bring their own credentials.
      expect(await answers[0].json()).toMatchObject({ status: 'ready', upstream: { status: 401 } });
      expect(await probeCalls()).toBe(1);

      vi.setSystemTime(Date.now() + 4_999);
      await gw.get('/readyz');
      expect(await probeCalls()).toBe(1);
      vi.setSystemTime(Date.now() + 2);
      expect((await gw.get('/readyz')).status).toBe(200);
      expect(await probeCalls()).toBe(2);
    } finally {
      vi.useRealTimers();
      await gw.close();
    }
  });

  it('/readyz with a readiness token needs the upstream to accept it', async () => {
    const good = inProcess({ readiness: { token: TOKEN } });
    const bad = inProcess({ readiness: { token: 'not-the-token' } });
    try {
      const ready = await good.get('/readyz');
      expect([ready.status, await ready.json()]).toEqual([
        200,
        { status: 'ready', upstream: { status: 200, checkedAt: expect.any(String) } },
      ]);
      const refused = await bad.get('/readyz');
      expect([refused.status, await refused.json()]).toEqual([
        503,
        {
          status: 'not ready',
          reason: 'upstream refused the readiness token (401)',
          upstream: { status: 401, checkedAt: expect.any(String) },
        },
      ]);
    } finally {
      await good.close();
      await bad.close();
    }
  });

  it('/readyz is 503 with a reason when the upstream cannot be reached or fails', async () => {
    const failing = createServer((_, res) => res.writeHead(503).end());
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const down = inProcess({ baseUrl: closedUrl });
    const broken = inProcess({ baseUrl: failingUrl });
    try {
      const unreachable = await down.get('/readyz');
      expect(unreachable.status).toBe(503);
      expect(await unreachable.json()).toMatchObject({
        status: 'not ready',
        reason: 'upstream not reachable (ECONNREFUSED)',
      });
      const answered503 = await broken.get('/readyz');
      expect([answered503.status, await answered503.json()]).toEqual([
        503,
        {
          status: 'not ready',
          reason: 'upstream answered 503',
          upstream: { status: 503, checkedAt: expect.any(String) },
        },
      ]);
    } finally {
      await down.close();
      await broken.close();
      failing.close();
    }
  });
});

describe('closing', () => {
  it('stops accepting, answers /readyz 503, lets the operation in flight finish, then frees the port', async () => {
    const client = new UpstreamClient({ baseUrl: proxy.url });
    const gw = await startTestGateway(client);
    try {
      const held = proxy.holdNext();
      const inFlight = postGraphql(`${gw.url}/graphql`, '{ userTypes { name } }', { auth: `SSWS ${TOKEN}` });
      await held.arrived;
      const closing = gw.close(10_000);

      const ready = await gw.yoga.fetch('http://gateway/readyz');
      expect([ready.status, await ready.json()]).toEqual([503, { status: 'not ready', reason: 'shutting down' }]);
      await expect(fetch(`${gw.url}/healthz`)).rejects.toThrow();

      held.release();
      const done = await inFlight;
      expect(done.body.errors).toBeUndefined();
      expect(done.body.data.userTypes).toContainEqual({ name: 'user' });
      await closing;
    } finally {
      await client.close();
    }
  });
});
