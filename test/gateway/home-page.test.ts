// What a newcomer meets outside /graphql: GET / is a small page of the gateway's own that links to
// what it serves and loads nothing from elsewhere; any path it does not serve is a coded 404 (never
// yoga's landing page); with INTROSPECTION=off /schema.graphql says why it is missing, and with
// GRAPHIQL=off a browser opening /graphql is told why there is no page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../../src/gateway/server.ts';
import { TOKEN } from '../helpers/emulator.ts';
import { startTestGateway, startTestUpstream, type TestUpstream } from '../helpers/gateway.ts';

// What Chromium sends when it opens a URL.
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8' };

let upstream: TestUpstream;
let on: RunningGateway; // the defaults, over the embedded emulator
let off: RunningGateway; // GRAPHIQL=off and INTROSPECTION=off

beforeAll(async () => {
  upstream = await startTestUpstream();
  on = await startTestGateway(upstream.client, { emulatorToken: TOKEN });
  off = await startTestGateway(upstream.client, { graphiql: false, introspection: false });
});
afterAll(async () => {
  await on?.close();
  await off?.close();
  await upstream?.close();
});

/** The links and resources a page refers to (href and src attributes). */
const references = (html: string) => [...html.matchAll(/(?:href|src)="([^"]*)"/g)].map((m) => m[1]);

async function errorOf(res: Response): Promise<{ message: string; code: string }> {
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
  expect(body.errors).toHaveLength(1);
  return { message: body.errors[0].message, code: body.errors[0].extensions.code };
}

describe('GET /', () => {
  it('is a page of its own linking to GraphiQL, the schema and the probes, with nothing from outside', async () => {
    const res = await fetch(`${on.url}/`, { headers: BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<title>Policy GraphQL gateway</title>');
    expect(html).not.toMatch(/yoga/i);
    const refs = references(html);
    expect(refs).toEqual(expect.arrayContaining(['/graphql', '/schema.graphql', '/healthz', '/readyz', '/metrics']));
    // Every reference stays on the gateway: a path of its own, or an empty inline icon.
    for (const ref of refs) expect(ref).toMatch(/^(\/[\w./-]*|data:,)$/);
    expect(html).not.toMatch(/https?:\/\//);
    // Each link it shows answers.
    for (const path of refs.filter((r) => r.startsWith('/'))) {
      expect([path, (await fetch(on.url + path, { headers: BROWSER })).status]).toEqual([path, 200]);
    }
    expect(html).toContain(`SSWS ${TOKEN}`); // the embedded emulator's token, as GraphiQL holds it
  });

  it('says what is off when GraphiQL and introspection are', async () => {
    const html = await (await fetch(`${off.url}/`, { headers: BROWSER })).text();
    expect(html).toContain('GraphiQL is off (<code>GRAPHIQL=off</code>)');
    expect(html).toContain('introspection is off (<code>INTROSPECTION=off</code>)');
    expect(references(html)).not.toContain('/graphql');
    expect(references(html)).not.toContain('/schema.graphql');
  });

  it('answers HEAD with the headers only', async () => {
    const res = await fetch(`${on.url}/`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await res.text()).toBe('');
  });
});

describe('a path the gateway does not serve', () => {
  it.each([
    ['GET', '/nope', BROWSER],
    ['GET', '/nope', { accept: '*/*' }],
    ['GET', '/favicon.ico', BROWSER],
    ['POST', '/', { accept: 'application/json', 'content-type': 'application/json' }],
    ['GET', '/api/graphql', { accept: '*/*' }],
    // Yoga's built-in health check, which answered 200 to any path ending in /health, is off.
    ['GET', '/health', { accept: '*/*' }],
    ['GET', '/x/health', { accept: '*/*' }],
  ])('%s %s (%o) is a coded 404 that points at /graphql', async (method, path, headers) => {
    const res = await fetch(on.url + path, {
      method,
      headers,
      body: method === 'POST' ? '{"query":"{ __typename }"}' : undefined,
    });
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({
      code: 'NOT_FOUND',
      message: `Nothing is served at ${method} ${path}. GraphQL is at /graphql; GET / lists what this gateway serves.`,
    });
  });

  it('leaves /graphql, the probes and the assets to their plugins', async () => {
    expect((await fetch(`${on.url}/graphql?query=%7B__typename%7D`)).status).toBe(200);
    expect((await fetch(`${on.url}/graphql/?query=%7B__typename%7D`)).status).toBe(200);
    expect((await fetch(`${on.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${on.url}/policy-document.schema.json`)).status).toBe(200);
  });
});

describe('INTROSPECTION=off', () => {
  it('answers /schema.graphql with a 404 that says why', async () => {
    const res = await fetch(`${off.url}/schema.graphql`);
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({
      code: 'NOT_FOUND',
      message: 'The schema is not served: introspection is off on this gateway (INTROSPECTION=off).',
    });
  });
});

describe('GRAPHIQL=off', () => {
  it.each([
    ['a browser', BROWSER],
    ['a client that accepts only HTML', { accept: 'text/html' }],
  ])('tells %s opening /graphql why there is no page', async (_who, headers) => {
    const res = await fetch(`${off.url}/graphql`, { headers });
    expect(res.status).toBe(406);
    expect(await errorOf(res)).toEqual({
      code: 'NOT_ACCEPTABLE',
      message:
        'GraphiQL is off on this gateway (GRAPHIQL=off): /graphql serves no page. Send operations as POST /graphql with Content-Type: application/json (or GET /graphql?query=...).',
    });
  });

  it('still runs a GET with a query, from a browser too', async () => {
    const res = await fetch(`${off.url}/graphql?query=%7B__typename%7D`, { headers: BROWSER });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ __typename: 'Query' });
  });
});
