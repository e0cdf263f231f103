// Serves the console's files and its /config.json (where the gateway and the authorization server
// are, and the console's client id). `node examples/console/server.mjs` reads the environment (see
// README.md); a test imports startConsoleServer.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

const PUBLIC = new URL('./public/', import.meta.url);
const JS = 'text/javascript; charset=utf-8';
const FILES = {
  '/': [new URL('index.html', PUBLIC), 'text/html; charset=utf-8'],
  '/callback': [new URL('index.html', PUBLIC), 'text/html; charset=utf-8'],
  '/app.js': [new URL('app.js', PUBLIC), JS],
  '/oauth.js': [new URL('oauth.js', PUBLIC), JS],
  // The sign-in flow itself: the gateway's browser module, the one GraphiQL's Sign in imports.
  '/pkce.js': [new URL('../../src/gateway/plugins/pkce.browser.js', import.meta.url), JS],
  '/policies.js': [new URL('policies.js', PUBLIC), JS],
  '/console.css': [new URL('console.css', PUBLIC), 'text/css; charset=utf-8'],
};
export const DEFAULT_SCOPE = 'openid profile okta.policies.read okta.policies.manage';

/**
 * Starts the console's server. `config`: { graphqlEndpoint, issuer, clientId, scope? }, read at each
 * request (so a client registered once the console's origin is known can be filled in); the client
 * must allow the redirect URI `<console origin>/callback`.
 */
export async function startConsoleServer({ port = 0, host = '127.0.0.1', config }) {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://console').pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
    } else if (path === '/config.json') {
      res
        .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(JSON.stringify({ scope: DEFAULT_SCOPE, ...config }));
    } else if (FILES[path]) {
      const [file, type] = FILES[path];
      const body = await readFile(file);
      res
        .writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' })
        .end(req.method === 'HEAD' ? undefined : body);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Nothing at ${path}`);
    }
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const { port: bound } = server.address();
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const env = process.env;
  if (!env.CLIENT_ID) {
    console.error('console: set CLIENT_ID to the client registered for http://localhost:5173/callback (README.md)');
    process.exit(2);
  }
  const running = await startConsoleServer({
    port: Number(env.PORT ?? 5173),
    host: env.HOST ?? 'localhost',
    config: {
      graphqlEndpoint: env.GRAPHQL_ENDPOINT ?? 'http://localhost:4000/graphql',
      issuer: env.ISSUER ?? 'http://127.0.0.1:4001',
      clientId: env.CLIENT_ID,
      ...(env.SCOPE ? { scope: env.SCOPE } : {}),
    },
  });
  console.log(`console: ${running.url}`);
}
