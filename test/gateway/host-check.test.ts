// Another origin is not the caller: every HTML page refuses to be framed (X-Frame-Options, CSP
// frame-ancestors); a request whose Host is none the gateway answers to (ALLOWED_HOSTS; with the
// embedded emulator, the loopback names) gets 421 HOST_NOT_ALLOWED, pages and operations alike, as a
// DNS-rebinding page would; and the embedded emulator's token is in a page only for a loopback Host
// with no Origin but the gateway's own.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGatewayConfig } from '../../src/config/gateway.ts';
import type { RunningGateway } from '../../src/gateway/server.ts';
import { TOKEN } from '../helpers/emulator.ts';
import { startTestGateway, startTestUpstream, type TestUpstream } from '../helpers/gateway.ts';

interface Sent {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request over node:http, with a Host of the test's choosing (fetch sets its own). */
function send(url: string, { method = 'GET', headers = {}, body }: Sent = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const HTML = { accept: 'text/html' };
let upstream: TestUpstream;
let embedded: RunningGateway;
let external: RunningGateway;
let listed: RunningGateway;
let port: string;

beforeAll(async () => {
  upstream = await startTestUpstream();
  embedded = await startTestGateway(upstream.client, { emulatorToken: TOKEN });
  external = await startTestGateway(upstream.client);
  listed = await startTestGateway(upstream.client, {
    emulatorToken: TOKEN,
    allowedHosts: ['gateway.example', '.corp.example'],
  });
  port = new URL(embedded.url).port;
});

afterAll(async () => {
  await Promise.all([embedded, external, listed].map((g) => g.close()));
  await upstream.close();
});

describe('every HTML page refuses to be framed', () => {
  it.each([
    ['GraphiQL', '/graphql', HTML],
    ['the home page', '/', HTML],
    ['GraphiQL, revalidated', '/graphql', { ...HTML, 'if-none-match': '*' }],
  ])('%s: X-Frame-Options DENY and frame-ancestors none', async (_, path, headers) => {
    for (const gateway of [embedded, external]) {
      const res = await send(gateway.url + path, { headers });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    }
  });

  it('a GraphQL answer (JSON) carries neither', async () => {
    const res = await send(`${embedded.url}/graphql?query=%7B__typename%7D`);
    expect(res.status).toBe(200);
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});

describe('the Host check with the embedded emulator (default: loopback names)', () => {
  it.each(['attacker.example', 'attacker.example:4000', `192.168.1.20:${'4000'}`, 'localhost.attacker.example'])(
    'Host %s: 421 HOST_NOT_ALLOWED, no page, no token, no operation',
    async (host) => {
      const requests: Sent[] = [
        { headers: { ...HTML, host } },
        { method: 'GET', headers: { host } },
        {
          method: 'POST',
          headers: { host, 'content-type': 'application/json', authorization: `SSWS ${TOKEN}` },
          body: JSON.stringify({ query: 'mutation { deletePolicy(id: "x") { deletedId } }' }),
        },
      ];
      for (const request of requests) {
        const res = await send(`${embedded.url}/graphql`, request);
        expect(res.status).toBe(421);
        expect(JSON.parse(res.body).errors[0].extensions.code).toBe('HOST_NOT_ALLOWED');
        expect(res.body).not.toContain(TOKEN);
      }
      const home = await send(`${embedded.url}/`, { headers: { ...HTML, host } });
      expect(home.status).toBe(421);
    },
  );

  it.each(['127.0.0.1', 'localhost', 'app.localhost', '[::1]'])(
    'Host %s:<port>: the page holds the token',
    async (name) => {
      const host = `${name}:${port}`;
      const page = await send(`${embedded.url}/graphql`, { headers: { ...HTML, host } });
      expect(page.status).toBe(200);
      expect(page.body).toContain(`SSWS ${TOKEN}`);
      const home = await send(`${embedded.url}/`, { headers: { ...HTML, host } });
      expect(home.body).toContain(`SSWS ${TOKEN}`);
    },
  );

  it('a loopback Host with an Origin not its own: the page, without the token', async () => {
    const headers = { ...HTML, host: `127.0.0.1:${port}`, origin: 'http://attacker.example:4000' };
    const page = await send(`${embedded.url}/graphql`, { headers });
    expect(page.status).toBe(200);
    expect(page.body).toContain('renderYogaGraphiQL');
    expect(page.body).not.toContain(TOKEN);
    const home = await send(`${embedded.url}/`, { headers });
    expect(home.body).not.toContain(TOKEN);
    // Its own origin is the gateway's: the token is there.
    const own = await send(`${embedded.url}/graphql`, { headers: { ...headers, origin: embedded.url } });
    expect(own.body).toContain(`SSWS ${TOKEN}`);
  });
});

describe('ALLOWED_HOSTS', () => {
  it('listed names (and a domain’s subdomains) are served, without the token (no loopback Host); others refused', async () => {
    for (const host of ['gateway.example', 'GATEWAY.example:443', 'a.corp.example', 'corp.example']) {
      const page = await send(`${listed.url}/graphql`, { headers: { ...HTML, host } });
      expect([host, page.status]).toEqual([host, 200]);
      expect(page.body).not.toContain(TOKEN);
    }
    for (const host of [`127.0.0.1:${new URL(listed.url).port}`, 'evil.example', 'xcorp.example']) {
      expect((await send(`${listed.url}/graphql`, { headers: { ...HTML, host } })).status).toBe(421);
    }
  });

  it('over UPSTREAM_URL (no embedded token) any Host is served by default', async () => {
    const res = await send(`${external.url}/graphql?query=%7B__typename%7D`, { headers: { host: 'anything.example' } });
    expect(res.status).toBe(200);
  });

  it('is read as names, `.domain` or `*`; anything else stops the start, naming it', () => {
    expect(readGatewayConfig({}).allowedHosts).toBeUndefined();
    expect(readGatewayConfig({ ALLOWED_HOSTS: ' *' }).allowedHosts).toBe('*');
    expect(readGatewayConfig({ ALLOWED_HOSTS: 'Gateway.example, .corp.example,[::1]' }).allowedHosts).toEqual([
      'gateway.example',
      '.corp.example',
      '[::1]',
    ]);
    expect(() => readGatewayConfig({ ALLOWED_HOSTS: 'gateway.example:4000,http://x' })).toThrow(
      /ALLOWED_HOSTS: "gateway.example:4000"/,
    );
  });
});
