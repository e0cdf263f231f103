// GET / : a small page of our own that says what this gateway serves and where (no script, no
// resource from outside); and a coded 404 for every path no other part of the gateway serves, in
// place of yoga's landing page, which links to an outside site and loads its icon from there.
import type { Plugin } from 'graphql-yoga';
import { mayShowEmulatorToken } from '../hostHeader.ts';
import { DOCUMENT_SCHEMA_PATH } from '../../policyDocument/schema.ts';
import { errorResponse } from './errorResponse.ts';
import { escapeHtml } from './graphiql.ts';
import { HEALTH_PATH, READY_PATH } from './health.ts';
import { METRICS_PATH } from './metrics.ts';
import { SCHEMA_FILE_PATH } from './schemaFile.ts';
import { REVALIDATE, bufferRepresentation, respond } from './staticFiles.ts';

export const HOME_PATH = '/';

export interface HomePageOptions {
  graphqlPath: string;
  title: string;
  graphiql: boolean;
  introspection: boolean;
  /** Set when the upstream is the embedded emulator: the page says which token it takes. */
  emulatorToken?: string;
}

export function useHomePage(options: HomePageOptions): Plugin {
  const pageOf = (pageOptions: HomePageOptions) =>
    bufferRepresentation(Buffer.from(renderHomePage(pageOptions)), {
      contentType: 'text/html; charset=utf-8',
      cacheControl: REVALIDATE,
    });
  // The embedded emulator's token only for a loopback Host and no Origin but the gateway's own.
  const shown = pageOf(options);
  const withheld = options.emulatorToken === undefined ? shown : pageOf({ ...options, emulatorToken: undefined });
  return {
    onRequest({ request, url, fetchAPI, endResponse }) {
      if (url.pathname !== HOME_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) return;
      endResponse(respond(fetchAPI, request, mayShowEmulatorToken(request) ? shown : withheld));
    },
  };
}

/** Last of the plugins that serve paths: whatever is still unanswered and not GraphQL's is a 404. */
export function useNotFound(graphqlPath: string): Plugin {
  return {
    onRequest({ request, url, fetchAPI, endResponse }) {
      if (url.pathname === graphqlPath || url.pathname === `${graphqlPath}/`) return;
      endResponse(
        errorResponse(
          fetchAPI,
          404,
          'NOT_FOUND',
          `Nothing is served at ${request.method} ${url.pathname}. GraphQL is at ${graphqlPath}; GET ${HOME_PATH} lists what this gateway serves.`,
        ),
      );
    },
  };
}

function renderHomePage(options: HomePageOptions): string {
  const link = (path: string) => `<a href="${path}"><code>${path}</code></a>`;
  const graphql = options.graphiql
    ? `${link(options.graphqlPath)}: GraphQL; in a browser, GraphiQL to write and run operations`
    : `<code>${options.graphqlPath}</code>: GraphQL (POST with <code>Content-Type: application/json</code>); GraphiQL is off (<code>GRAPHIQL=off</code>)`;
  const schema = options.introspection
    ? `${link(SCHEMA_FILE_PATH)}: the schema (SDL), for code generators`
    : `<code>${SCHEMA_FILE_PATH}</code>: not served, introspection is off (<code>INTROSPECTION=off</code>)`;
  const token = options.emulatorToken
    ? `<p>The upstream is the embedded emulator: send <code>Authorization: SSWS ${escapeHtml(options.emulatorToken)}</code>
(its <code>EMULATOR_TOKEN</code>).</p>`
    : `<p>Every operation that reads the services needs <code>Authorization: SSWS &lt;an API token of your org&gt;</code>.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(options.title)}</title>
<link rel="icon" href="data:,">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}code{font-size:.9em}</style>
</head>
<body>
<h1>${escapeHtml(options.title)}</h1>
<p>One typed GraphQL API over the Policy and User Types REST services.</p>
${token}
<ul>
<li>${graphql}</li>
<li>${schema}</li>
<li>${link(DOCUMENT_SCHEMA_PATH)}: the JSON Schema of a policy document (policy as code)</li>
<li>${link(HEALTH_PATH)} and ${link(READY_PATH)}: liveness and readiness probes</li>
<li>${link(METRICS_PATH)}: Prometheus metrics</li>
</ul>
<p>The guides are in the project's <code>docs/</code> folder: <code>api.md</code> (the schema, errors, costs),
<code>configuration.md</code> (every setting), <code>operations.md</code> (running it).</p>
<pre>curl &lt;this gateway's address&gt;${escapeHtml(options.graphqlPath)} \\
  -H 'content-type: application/json' -H 'authorization: SSWS ${escapeHtml(options.emulatorToken ?? '<token>')}' \\
  -d '{"query":"{ policies(type: PASSWORD) { nodes { id name } } }"}'</pre>
</body>
</html>
`;
}
