// GraphiQL's Sign in over HTTP: the gateway reads the upstream's discovery document once, puts the
// endpoints and the client into the page, serves the sign-in script as an immutable asset and the
// page at the callback path too; a document without PKCE S256 or naming another issuer gives a page
// without Sign in (and a warning), asked again only after a pause.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callbackUrls, pageConfigOf } from '../../src/gateway/plugins/graphiqlSignIn.ts';
import type { RunningGateway } from '../../src/gateway/server.ts';
import { UpstreamClient } from '../../src/upstream/client.ts';
import { captureLogs, silentLogger } from '../helpers/logs.ts';
import { startTestGateway } from '../helpers/gateway.ts';

const SIGN_IN = { clientId: 'graphiql', scope: 'openid okta.policies.read' };
const HTML = { accept: 'text/html' };

/** An authorization server that serves `document()` as its discovery document and counts the requests. */
let issuer: Server;
let issuerUrl: string;
let discoveryRequests = 0;
let document: () => unknown;

const goodDocument = () => ({
  issuer: issuerUrl,
  authorization_endpoint: `${issuerUrl}/oauth2/v1/authorize`,
  token_endpoint: `${issuerUrl}/oauth2/v1/token`,
  revocation_endpoint: `${issuerUrl}/oauth2/v1/revoke`,
  code_challenge_methods_supported: ['S256'],
});

beforeAll(async () => {
  issuer = createServer((req, res) => {
    if (req.url !== '/.well-known/openid-configuration') return res.writeHead(404).end();
    discoveryRequests++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document()));
  });
  await new Promise<void>((resolve) => issuer.listen(0, '127.0.0.1', resolve));
  issuerUrl = `http://127.0.0.1:${(issuer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  issuer.closeAllConnections();
  await new Promise((resolve) => issuer.close(resolve));
});

const running: { gateway: RunningGateway; upstream: UpstreamClient }[] = [];
afterEach(async () => {
  for (const { gateway, upstream } of running.splice(0)) {
    await gateway.close(0);
    await upstream.close();
  }
});

async function gatewayOver(options: { signIn?: typeof SIGN_IN; logger?: ReturnType<typeof silentLogger> } = {}) {
  const upstream = new UpstreamClient({ baseUrl: issuerUrl });
  const gateway = await startTestGateway(upstream, {
    graphiqlSignIn: options.signIn,
    logger: options.logger ?? silentLogger(),
  });
  running.push({ gateway, upstream });
  return gateway.url;
}

/** The sign-in configuration in the page, or undefined when the page has no Sign in. */
async function pageSignIn(url: string): Promise<any> {
  const html = await (await fetch(url, { headers: HTML })).text();
  const json = /<script type="application\/json" id="graphiql-sign-in-config">(.*?)<\/script>/.exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

describe('GraphiQL Sign in', () => {
  it('puts the discovered endpoints and the client into the page, reading the document once', async () => {
    document = goodDocument;
    discoveryRequests = 0;
    const url = await gatewayOver({ signIn: SIGN_IN });
    const expected = {
      clientId: 'graphiql',
      scope: 'openid okta.policies.read',
      authorizationEndpoint: `${issuerUrl}/oauth2/v1/authorize`,
      tokenEndpoint: `${issuerUrl}/oauth2/v1/token`,
      revocationEndpoint: `${issuerUrl}/oauth2/v1/revoke`,
      callbackPath: '/graphql/oauth-callback',
      graphqlPath: '/graphql',
      // The shared PKCE helper, served as a GraphiQL asset named by its content's hash.
      pkceModule: expect.stringMatching(/^\/graphiql\/pkce\.[0-9a-f]{16}\.js$/),
    };
    expect(await pageSignIn(`${url}/graphql`)).toEqual(expected);
    // The callback serves the same page (it exchanges the code); the document was read once.
    expect(await pageSignIn(`${url}/graphql/oauth-callback?code=abc&state=xyz`)).toEqual(expected);
    expect(discoveryRequests).toBe(1);

    const html = await (await fetch(`${url}/graphql`, { headers: HTML })).text();
    expect(html).toContain('<meta name="referrer" content="no-referrer" />');
    const script = /<script src="(\/graphiql\/signin\.[0-9a-f]{16}\.js)"><\/script>/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(url + script);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await asset.text()).toContain('import(config.pkceModule)');
    // The PKCE exchange itself is the shared module the page names, served the same way.
    const pkce = await fetch(url + (await pageSignIn(`${url}/graphql`)).pkceModule);
    expect(pkce.status).toBe(200);
    expect(pkce.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await pkce.text()).toContain('code_challenge_method');
  });

  it('gives a page without Sign in, and a warning, when the server offers no PKCE S256, not asking again at once', async () => {
    const { code_challenge_methods_supported: _, ...withoutPkce } = goodDocument();
    document = () => withoutPkce;
    discoveryRequests = 0;
    const logs = captureLogs('warn');
    const url = await gatewayOver({ signIn: SIGN_IN, logger: logs.logger });
    expect(await pageSignIn(`${url}/graphql`)).toBeUndefined();
    expect(await pageSignIn(`${url}/graphql`)).toBeUndefined();
    expect(discoveryRequests).toBe(1);
    expect(logs.text()).toContain('GraphiQL: no Sign in for now');
    expect(logs.text()).toContain('PKCE with S256');
    // The page still works as before: the Headers tab's token.
    const html = await (await fetch(`${url}/graphql`, { headers: HTML })).text();
    expect(html).toContain('renderYogaGraphiQL');
  });

  it('serves no callback and no Sign in without a client', async () => {
    document = goodDocument;
    const url = await gatewayOver();
    expect(await pageSignIn(`${url}/graphql`)).toBeUndefined();
    const callback = await fetch(`${url}/graphql/oauth-callback?code=abc`, { headers: HTML });
    expect(callback.status).toBe(404);
    expect((await callback.json()).errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('checks the discovery document: the issuer, http(s) endpoints, PKCE S256', () => {
    const options = { ...SIGN_IN, issuer: 'https://org.example.com' };
    const doc = {
      issuer: 'https://org.example.com',
      authorization_endpoint: 'https://org.example.com/oauth2/v1/authorize',
      token_endpoint: 'https://org.example.com/oauth2/v1/token',
      code_challenge_methods_supported: ['plain', 'S256'],
    };
    expect(pageConfigOf(doc, options, '/graphql').revocationEndpoint).toBeUndefined();
    expect(() => pageConfigOf({ ...doc, issuer: 'https://evil.example.com' }, options, '/graphql')).toThrow(
      'names issuer "https://evil.example.com", not https://org.example.com',
    );
    expect(() => pageConfigOf({ ...doc, token_endpoint: 'javascript:alert(1)' }, options, '/graphql')).toThrow(
      'token_endpoint is not an http(s) URL',
    );
    expect(() => pageConfigOf({ ...doc, code_challenge_methods_supported: ['plain'] }, options, '/graphql')).toThrow(
      'PKCE with S256',
    );
    expect(() => pageConfigOf('not json', options, '/graphql')).toThrow('names issuer undefined');
  });

  it('registers the callback as a browser on the machine names the gateway', () => {
    expect(callbackUrls('127.0.0.1', 4000, '/graphql')).toEqual([
      'http://localhost:4000/graphql/oauth-callback',
      'http://127.0.0.1:4000/graphql/oauth-callback',
    ]);
    expect(callbackUrls('0.0.0.0', 4000, '/graphql')).toHaveLength(2);
    expect(callbackUrls('gateway.internal', 8080, '/graphql')).toEqual([
      'http://gateway.internal:8080/graphql/oauth-callback',
    ]);
  });
});
