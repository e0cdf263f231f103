// What the gateway accepts from its own clients: body size, slow clients, CORS, media types, the
// GraphiQL and introspection switches, and error answers that never carry an original error.
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGatewayConfig } from '../../src/config/gateway.ts';
import { ConfigError } from '../../packages/emulator/src/config/env.ts';
import type { GatewayOptions, RunningGateway } from '../../src/gateway/server.ts';
import { countFromNow, TOKEN } from '../helpers/emulator.ts';
import { startTestGateway, startTestUpstream, type TestUpstream } from '../helpers/gateway.ts';
import { captureLogs } from '../helpers/logs.ts';

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(async () => {
  await upstream.close();
});

/** A gateway over the shared emulator with the given options, closed after the block. */
function useGateway(options: Partial<GatewayOptions>): () => RunningGateway {
  let gateway: RunningGateway | undefined;
  beforeAll(async () => {
    gateway = await startTestGateway(upstream.client, options);
  });
  afterAll(async () => {
    await gateway?.close();
  });
  return () => gateway!;
}

const QUERY = JSON.stringify({ query: '{ policies(type: PASSWORD) { nodes { id } } }' });

async function post(url: string, body: BodyInit, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `SSWS ${TOKEN}`, ...headers },
    body,
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Resolves with what the server sent (e.g. a 408) and how long after the call it closed the socket. */
const closed = (socket: Socket) =>
  new Promise<{ text: string; afterMs: number }>((resolve) => {
    const start = performance.now();
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.once('close', () => resolve({ text, afterMs: performance.now() - start }));
  });

/**
 * Cut off by the configured timeouts (300 ms headers, 600 ms request), not by Node's defaults (10 s
 * headers, 300 s request): far sooner than the defaults, on any machine.
 */
function expectCutOffByTimeout({ text, afterMs }: { text: string; afterMs: number }): void {
  expect(text).toMatch(/^HTTP\/1\.1 408 /);
  expect(afterMs).toBeLessThan(5_000);
}

function rawSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.on('error', reject);
  });
}

describe('request limits', () => {
  const gateway = useGateway({ http: { maxBodyBytes: 4096, headersTimeoutMs: 300, requestTimeoutMs: 600 } });

  it('a body over MAX_BODY_BYTES is a 413 and reaches no upstream', async () => {
    const since = countFromNow(upstream.emulator);
    const big = JSON.stringify({ query: `{ __typename }`, variables: { pad: 'x'.repeat(5000) } });
    const res = await post(gateway().url, big);
    expect(res.status).toBe(413);
    // Chunked, without a Content-Length: the limit holds while streaming too.
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const chunked = await fetch(`${gateway().url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(since().total).toBe(0);
  });

  // The two slow clients below are waited for at once: each is cut off by its own timeout.
  it.concurrent('a client that never finishes its headers is cut off while others are served', async () => {
    const slow = await rawSocket(gateway().url);
    const gone = closed(slow);
    slow.write('POST /graphql HTTP/1.1\r\nHost: x\r\n');
    const other = await post(gateway().url, QUERY);
    expect(other.status).toBe(200);
    expectCutOffByTimeout(await gone);
  });

  it.concurrent('a client that drips its body is cut off while others are served', async () => {
    const slow = await rawSocket(gateway().url);
    const gone = closed(slow);
    slow.write('POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    const drip = setInterval(() => slow.writable && slow.write(' '), 50);
    const other = await post(gateway().url, QUERY);
    expect(other.status).toBe(200);
    const cut = await gone;
    clearInterval(drip);
    expectCutOffByTimeout(cut);
  });
});

describe('a client that stops reading', () => {
  // A schema of the test's own: `big` answers 32 MB (far more than the loopback socket buffers
  // hold) and hands the test the server's side of the connection; `slow` answers after three
  // write timeouts, to show that an operation still running is not cut off.
  const WRITE_TIMEOUT_MS = 200;
  const serverSockets: Socket[] = [];
  const schema = makeExecutableSchema({
    typeDefs: 'type Query { big: String slow: String }',
    resolvers: {
      Query: {
        big: (_: unknown, __: unknown, context: { req: { socket: Socket } }) => {
          serverSockets.push(context.req.socket);
          return 'x'.repeat(32 * 1024 * 1024);
        },
        slow: () => new Promise((resolve) => setTimeout(() => resolve('done'), 3 * WRITE_TIMEOUT_MS)),
      },
    },
  });
  const gateway = useGateway({
    schema,
    http: { writeTimeoutMs: WRITE_TIMEOUT_MS },
    maxResponseBytes: 64 * 1024 * 1024,
  });

  it('is cut off after HTTP_WRITE_TIMEOUT_MS without progress, and the gateway goes on serving', async () => {
    const reader = await rawSocket(gateway().url);
    reader.pause(); // never reads a byte
    const body = JSON.stringify({ query: '{ big }' });
    const started = performance.now();
    reader.write(
      `POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    while (serverSockets.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const serverSide = serverSockets[0];
    if (!serverSide.destroyed) await new Promise((resolve) => serverSide.once('close', resolve));
    // Closed by the write timeout: not before it, and far sooner than never (Node has no default).
    const closedAfterMs = performance.now() - started;
    expect(closedAfterMs).toBeGreaterThanOrEqual(WRITE_TIMEOUT_MS);
    expect(closedAfterMs).toBeLessThan(5_000);
    expect(reader.destroyed).toBe(false); // the server cut it, not the client
    reader.destroy();
    const health = await fetch(`${gateway().url}/healthz`);
    expect(health.status).toBe(200);
  });

  it('a client that reads gets the whole answer, and a slow operation is not cut off', async () => {
    const [big, slow] = await Promise.all([
      post(gateway().url, '{"query":"{ big }"}'),
      post(gateway().url, '{"query":"{ slow }"}'),
    ]);
    expect(big.status).toBe(200);
    expect(JSON.parse(big.text).data.big).toHaveLength(32 * 1024 * 1024);
    expect(JSON.parse(slow.text).data).toEqual({ slow: 'done' });
  });
});

describe('media types', () => {
  const gateway = useGateway({});

  it.each([
    ['application/x-www-form-urlencoded', 'query=mutation%7BdeletePolicy(id%3A%22x%22)%7BdeletedId%7D%7D'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{}\r\n--x--'],
    ['text/plain', QUERY],
  ])('a %s POST is a 415 and runs nothing', async (contentType, body) => {
    const since = countFromNow(upstream.emulator);
    const res = await post(gateway().url, body, { 'content-type': contentType });
    expect(res.status).toBe(415);
    expect(JSON.parse(res.text).errors[0].extensions.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(since().total).toBe(0);
  });

  it('a GET query still works (GraphQL over HTTP)', async () => {
    const url = `${gateway().url}/graphql?query=${encodeURIComponent('{ __typename }')}`;
    const res = await fetch(url, { headers: { accept: 'application/json' } });
    expect(await res.json()).toEqual({ data: { __typename: 'Query' }, extensions: { cost: expect.any(Object) } });
  });

  it('malformed JSON is a 400 without the original error', async () => {
    const res = await post(gateway().url, '{"query": ');
    expect(res.status).toBe(400);
    expect(res.text).not.toContain('originalError');
    expect(JSON.parse(res.text).errors[0].extensions).toEqual({ code: 'BAD_REQUEST' });
  });
});

describe('CORS', () => {
  const preflight = (url: string, origin: string) =>
    fetch(`${url}/graphql`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });

  describe('unset', () => {
    const gateway = useGateway({});
    it('no origin is allowed, and the preflight answer says how to allow one', async () => {
      const res = await preflight(gateway().url, 'https://evil.example');
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.status).toBe(403);
      const [error] = (await res.json()).errors;
      expect(error.extensions).toEqual({ code: 'CORS_ORIGIN_NOT_ALLOWED' });
      expect(error.message).toContain('https://evil.example');
      expect(error.message).toContain('CORS_ORIGINS');
      const post1 = await post(gateway().url, QUERY, { origin: 'https://evil.example' });
      expect(post1.headers.get('access-control-allow-origin')).toBeNull();
      expect(post1.headers.get('access-control-allow-credentials')).toBeNull();
    });
  });

  describe('a list', () => {
    const gateway = useGateway({ corsOrigins: ['https://console.example.com'] });
    it('allows exactly the listed origins, with credentials', async () => {
      const ok = await preflight(gateway().url, 'https://console.example.com');
      expect(ok.headers.get('access-control-allow-origin')).toBe('https://console.example.com');
      expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
      const evil = await preflight(gateway().url, 'https://evil.example');
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
      expect(evil.status).toBe(403);
      expect((await evil.json()).errors[0].extensions.code).toBe('CORS_ORIGIN_NOT_ALLOWED');
    });
  });

  describe('*', () => {
    const gateway = useGateway({ corsOrigins: '*' });
    it('allows any origin but never with credentials', async () => {
      const res = await preflight(gateway().url, 'https://anyone.example');
      expect(res.headers.get('access-control-allow-origin')).not.toBeNull();
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    });
  });
});

describe('malformed requests: a short 400, no stack in the answer or the log', () => {
  const logs = captureLogs('info');
  const gateway = useGateway({ logger: logs.logger });
  const noStack = (text: string) => {
    expect(text).not.toMatch(/\bat .*:\d+:\d+|node_modules|TypeError|SyntaxError/);
    expect(text.length).toBeLessThan(300);
  };
  const errorLines = () => logs.lines().filter((line) => line.level >= 50);

  it.each(['a b', '[::1', 'example.com:99999', 'a/b', 'x@y', '%'])('a Host header %j', async (host) => {
    const socket = await rawSocket(gateway().url);
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('close', () => resolve(text));
    });
    socket.write(`GET /graphql?query=%7B__typename%7D HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    const body = text.slice(text.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body).errors[0].extensions.code).toBe('BAD_REQUEST');
    noStack(body);
    expect(errorLines()).toEqual([]);
  });

  it('a good Host header, with a port or an IPv6 address, is served', async () => {
    const { port } = new URL(gateway().url);
    for (const host of [`127.0.0.1:${port}`, `gateway.example.com`, `[::1]:${port}`]) {
      const res = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${gateway().url}/healthz`, { headers: { host } }, (r) => {
          r.resume();
          resolve(r.statusCode!);
        });
        req.on('error', reject);
        req.end();
      });
      expect(res, host).toBe(200);
    }
  });

  it.each(['variables', 'extensions'])("malformed JSON in a GET's %s", async (param) => {
    const res = await fetch(
      `${gateway().url}/graphql?query=${encodeURIComponent('{ __typename }')}&${param}=${encodeURIComponent('{bad')}`,
    );
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text).errors).toEqual([
      { message: `The query string's \`${param}\` is not valid JSON.`, extensions: { code: 'BAD_REQUEST' } },
    ]);
    noStack(text);
    expect(errorLines()).toEqual([]);
  });
});

describe('GRAPHIQL and INTROSPECTION off', () => {
  const gateway = useGateway({ graphiql: false, introspection: false });

  it('serves no GraphiQL page', async () => {
    const res = await fetch(`${gateway().url}/graphql`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(406);
    expect(res.headers.get('content-type')).not.toContain('text/html');
    expect(await res.text()).not.toContain('renderYogaGraphiQL');
  });

  it('refuses introspection and suggests no names', async () => {
    const intro = JSON.parse(
      (await post(gateway().url, JSON.stringify({ query: '{ __schema { types { name } } }' }))).text,
    );
    expect(intro.data).toBeUndefined();
    expect(intro.errors[0].message).toMatch(/introspection/i);
    const typo = JSON.parse(
      (await post(gateway().url, JSON.stringify({ query: '{ policies(type: PASSWORD) { nodez { id } } }' }))).text,
    );
    expect(typo.errors[0].message).toBe('Cannot query field "nodez" on type "PolicyConnection".');
  });

  it('suggests no names in the errors of variables either', async () => {
    const cases = [
      // An enum value, in a variable and in an input object's member; an input member misspelt.
      ['query($t: PolicyType!) { policies(type: $t) { nodes { id } } }', { t: 'PASWORD' }],
      [
        'mutation($i: PolicyInput!) { createPolicy(input: $i) { userErrors { message } } }',
        { i: { type: 'PASWORD', nme: 'x' } },
      ],
    ] as const;
    for (const [query, variables] of cases) {
      const res = await post(gateway().url, JSON.stringify({ query, variables }));
      expect(res.status).toBe(400);
      const { errors } = JSON.parse(res.text);
      expect(errors.length).toBeGreaterThan(0);
      for (const error of errors) expect(error.message).toMatch(/^Variable "\$\w" got invalid value/);
      expect(res.text).not.toContain('Did you mean');
    }
    const messages = JSON.parse(
      (await post(gateway().url, JSON.stringify({ query: cases[1][0], variables: cases[1][1] }))).text,
    ).errors.map((e: { message: string }) => e.message);
    expect(messages).toContain(
      'Variable "$i" got invalid value { type: "PASWORD", nme: "x" }; Field "nme" is not defined by type "PolicyInput".',
    );
  });

  it('still answers ordinary queries', async () => {
    const res = JSON.parse((await post(gateway().url, QUERY)).text);
    expect(res.data.policies.nodes.length).toBeGreaterThan(0);
  });
});

describe('settings', () => {
  it('reads and validates the HTTP knobs', () => {
    const config = readGatewayConfig({
      MAX_BODY_BYTES: '2048',
      CORS_ORIGINS: 'https://a.example, http://localhost:5173',
      GRAPHIQL: 'off',
      INTROSPECTION: 'false',
    });
    expect(config.http.maxBodyBytes).toBe(2048);
    expect(config.corsOrigins).toEqual(['https://a.example', 'http://localhost:5173']);
    expect(config.graphiql).toBe(false);
    expect(config.introspection).toBe(false);
    expect(readGatewayConfig({}).corsOrigins).toBeUndefined();
    expect(readGatewayConfig({ CORS_ORIGINS: '*' }).corsOrigins).toBe('*');
  });

  it('names every bad value', () => {
    try {
      readGatewayConfig({ CORS_ORIGINS: 'https://a.example/path,nope', HTTP_HEADERS_TIMEOUT_MS: '60000' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const problems = (e as ConfigError).problems.join('\n');
      expect(problems).toContain('CORS_ORIGINS: "https://a.example/path"');
      expect(problems).toContain('CORS_ORIGINS: "nope"');
      expect(problems).toContain('HTTP_HEADERS_TIMEOUT_MS');
    }
  });
});
