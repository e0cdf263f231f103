// What the gateway accepts from its own clients: body size, slow clients, CORS, media types, the
// GraphiQL and introspection switches, and error answers that never carry an original error.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGatewayConfig } from '../../src/config/gateway.ts';
import { ConfigError } from '../../packages/emulator/src/config/env.ts';
import { type GatewayOptions, startGateway, type RunningGateway } from '../../src/gateway/server.ts';
import { countFromNow, TOKEN } from '../helpers/emulator.ts';
import { startTestUpstream, type TestUpstream } from '../helpers/gateway.ts';
import { silentLogger } from '../helpers/logs.ts';

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
    gateway = await startGateway({
      port: 0,
      upstream: upstream.client,
      logger: silentLogger(),
      ...options,
    });
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

/** Resolves when the server closes the socket (whatever it answered before, e.g. a 408, is read and dropped). */
const closed = (socket: Socket) =>
  new Promise<void>((resolve) => {
    socket.once('close', () => resolve());
    socket.resume();
  });

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

  it('a client that never finishes its headers is cut off while others are served', async () => {
    const slow = await rawSocket(gateway().url);
    const gone = closed(slow);
    slow.write('POST /graphql HTTP/1.1\r\nHost: x\r\n');
    const other = await post(gateway().url, QUERY);
    expect(other.status).toBe(200);
    await gone;
    expect(slow.destroyed).toBe(true);
  });

  it('a client that drips its body is cut off while others are served', async () => {
    const slow = await rawSocket(gateway().url);
    const gone = closed(slow);
    slow.write('POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    const drip = setInterval(() => slow.writable && slow.write(' '), 50);
    const other = await post(gateway().url, QUERY);
    expect(other.status).toBe(200);
    await gone;
    clearInterval(drip);
    expect(slow.destroyed).toBe(true);
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
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
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
    it('no origin is allowed', async () => {
      const res = await preflight(gateway().url, 'https://evil.example');
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
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

describe('GRAPHIQL and INTROSPECTION off', () => {
  const gateway = useGateway({ graphiql: false, introspection: false });

  it('serves no GraphiQL page', async () => {
    const res = await fetch(`${gateway().url}/graphql`, { headers: { accept: 'text/html' } });
    expect(await res.text()).not.toMatch(/graphiql/i);
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
