// GraphiQL: a small page at the GraphQL endpoint for browsers (never cached without revalidation) that
// loads its script, styles and editor workers from /graphiql/<name>.<hash>.<ext> (immutable, precompressed).
import type { Plugin, YogaLogger } from 'graphql-yoga';
import { mayShowEmulatorToken } from '../hostHeader.ts';
import { errorResponse } from './errorResponse.ts';
import { type GraphiQLAssets, graphiqlAssets } from './graphiqlAssets.ts';
import {
  type GraphiQLSignInOptions,
  OAUTH_CALLBACK_SEGMENT,
  type SignInPageConfig,
  signInConfigSource,
  pkceModule,
  signInScript,
} from './graphiqlSignIn.ts';
import { IMMUTABLE, REVALIDATE, bufferRepresentation, fileRepresentation, respond } from './staticFiles.ts';

export const GRAPHIQL_ASSETS_PATH = '/graphiql/';

export interface GraphiQLOptions {
  /** Where GraphQL is served; the page answers there to GET requests that accept HTML. */
  graphqlPath: string;
  title: string;
  /** The embedded emulator's token when it is the upstream: the Headers tab holds it, so Run answers at once. */
  emulatorToken?: string;
  /** A "Sign in" with the upstream's authorization server, when its discovery document offers PKCE. */
  signIn?: GraphiQLSignInOptions;
}

const QUERY = `{
  policies(type: PASSWORD) {
    nodes { id name status priority }
    pageInfo { hasNextPage endCursor }
  }
}
`;

/** What the page opens with: the Headers tab's content and the operation, with a comment about the token. */
export function graphiqlDefaults(emulatorToken: string | undefined): { headers: string; query: string } {
  const token = emulatorToken ?? '<your API token>';
  const comment = emulatorToken
    ? `# The Headers tab below holds the embedded emulator's token (EMULATOR_TOKEN):
# press Run to read the emulated org.`
    : `# Fields that read upstream data need your credentials: in the Headers tab
# below, replace <your API token> with an API token of your org.`;
  return {
    headers: JSON.stringify({ Authorization: `SSWS ${token}` }, null, 2),
    query: `${comment}\n${QUERY}`,
  };
}

type Page = ReturnType<typeof bufferRepresentation>;

export function useGraphiQL(options: GraphiQLOptions): Plugin {
  let logger: YogaLogger | Console = console;
  // The page with the embedded emulator's token, and without it (a Host or Origin not the gateway's own).
  const pages = {
    shown: new Map<SignInPageConfig | undefined, Page>(),
    withheld: new Map<SignInPageConfig | undefined, Page>(),
  };
  const signInConfig = options.signIn
    ? signInConfigSource(options.signIn, options.graphqlPath, () => logger)
    : () => Promise.resolve(undefined);
  const callbackPath = options.signIn ? options.graphqlPath + OAUTH_CALLBACK_SEGMENT : undefined;
  const signInFile = scriptAsset('signin', signInScript);
  const pkceFile = scriptAsset('pkce', pkceModule);

  const servePage = (assets: GraphiQLAssets, signIn: SignInPageConfig | undefined, showToken: boolean) => {
    const kept = showToken ? pages.shown : pages.withheld;
    let page = kept.get(signIn);
    if (!page) {
      const pageOptions = showToken ? options : { ...options, emulatorToken: undefined };
      const html = renderPage(
        pageOptions,
        assets,
        signIn && { config: signIn, script: signInFile().file, pkceModule: pkceFile().file },
      );
      page = bufferRepresentation(Buffer.from(html), {
        contentType: 'text/html; charset=utf-8',
        cacheControl: REVALIDATE,
      });
      kept.set(signIn, page);
    }
    return page;
  };

  return {
    onYogaInit({ yoga }) {
      logger = yoga.logger;
    },
    onRequest({ request, url, fetchAPI, endResponse }) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const isPage = asksForPage(request, url, options.graphqlPath, callbackPath);
      const assetFile = url.pathname.startsWith(GRAPHIQL_ASSETS_PATH)
        ? url.pathname.slice(GRAPHIQL_ASSETS_PATH.length)
        : undefined;
      if (!isPage && assetFile === undefined) return;
      for (const script of options.signIn ? [signInFile(), pkceFile()] : []) {
        if (assetFile === script.file) return endResponse(respond(fetchAPI, request, script.representation));
      }

      return Promise.all([graphiqlAssets(), isPage ? signInConfig() : undefined]).then(
        ([assets, signIn]) => {
          if (isPage) {
            const showToken = options.emulatorToken !== undefined && mayShowEmulatorToken(request);
            return endResponse(respond(fetchAPI, request, servePage(assets, signIn, showToken)));
          }
          const asset = Object.values(assets).find((a) => a.file === assetFile);
          if (!asset) {
            return endResponse(errorResponse(fetchAPI, 404, 'NOT_FOUND', `GraphiQL has no file ${assetFile}.`));
          }
          const representation = fileRepresentation(asset.path, asset.sizes, {
            contentType: asset.contentType,
            cacheControl: IMMUTABLE,
          });
          endResponse(respond(fetchAPI, request, representation));
        },
        (error: unknown) => {
          logger.error('GraphiQL assets could not be prepared', error);
          endResponse(
            new fetchAPI.Response('GraphiQL is unavailable: its assets could not be prepared', { status: 503 }),
          );
        },
      );
    },
  };
}

/**
 * A browser script of the sign-in served as a GraphiQL asset, read on first use: its name carries a
 * hash of its content (the ETag's), as the other assets' do, so it is cached for good.
 */
function scriptAsset(name: string, read: () => Buffer) {
  let asset: { file: string; representation: ReturnType<typeof bufferRepresentation> } | undefined;
  return () => {
    if (!asset) {
      const representation = bufferRepresentation(read(), {
        contentType: 'text/javascript; charset=utf-8',
        cacheControl: IMMUTABLE,
      });
      const hash = Buffer.from(representation.etag!.slice(1, -1), 'base64url').toString('hex').slice(0, 16);
      asset = { file: `${name}.${hash}.js`, representation };
    }
    return asset;
  };
}

/**
 * A GET or HEAD of the GraphQL endpoint (or of the sign-in callback, where the page exchanges the
 * authorization code) that accepts HTML: a browser opening it.
 */
function asksForPage(request: Request, url: URL, graphqlPath: string, callbackPath?: string): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (url.pathname === graphqlPath || url.pathname === `${graphqlPath}/` || url.pathname === callbackPath) &&
    (request.headers.get('accept') ?? '').includes('text/html')
  );
}

/**
 * GRAPHIQL=off: a browser opening the endpoint gets a 406 that says why there is no page (yoga's
 * was empty). A GET with a `query` is still an operation and runs.
 */
export function useGraphiQLOff(graphqlPath: string): Plugin {
  return {
    onRequest({ request, url, fetchAPI, endResponse }) {
      if (!asksForPage(request, url, graphqlPath) || url.searchParams.has('query')) return;
      endResponse(
        errorResponse(
          fetchAPI,
          406,
          'NOT_ACCEPTABLE',
          `GraphiQL is off on this gateway (GRAPHIQL=off): ${graphqlPath} serves no page. Send operations as POST ${graphqlPath} with Content-Type: application/json (or GET ${graphqlPath}?query=...).`,
        ),
      );
    },
  };
}

function renderPage(
  options: GraphiQLOptions,
  assets: GraphiQLAssets,
  signIn: { config: SignInPageConfig; script: string; pkceModule: string } | undefined,
): string {
  const url = (name: keyof GraphiQLAssets) => GRAPHIQL_ASSETS_PATH + assets[name].file;
  const { headers, query } = graphiqlDefaults(options.emulatorToken);
  const graphiqlOptions = {
    title: options.title,
    endpoint: options.graphqlPath,
    defaultQuery: query,
    headers,
    defaultEditorToolsVisibility: 'headers',
    // A token typed into the Headers tab stays in the tab, never in the browser's storage (yoga's
    // GraphiQL persists headers by default); only the embedded emulator's own token may be kept.
    shouldPersistHeaders: options.emulatorToken !== undefined,
  };
  const workers = { editorWorkerService: url('editorWorker'), json: url('jsonWorker'), graphql: url('graphqlWorker') };
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(options.title)}</title>
    <link rel="icon" href="${url('favicon')}" />
    <link rel="stylesheet" href="${url('styles')}" />${signIn ? SIGN_IN_HEAD : ''}
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>You need to enable JavaScript to run GraphiQL.</noscript>${
      signIn
        ? `
    <div id="graphiql-sign-in"></div>
    <script type="application/json" id="graphiql-sign-in-config">${scriptJson({ ...signIn.config, pkceModule: GRAPHIQL_ASSETS_PATH + signIn.pkceModule })}</script>
    <script src="${GRAPHIQL_ASSETS_PATH + signIn.script}"></script>`
        : ''
    }
    <div id="root"></div>
    <script>
      const workers = ${scriptJson(workers)};
      self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: (moduleId, label) => workers[label] };
    </script>
    <script src="${url('script')}"></script>
    <script>
      const options = ${scriptJson(graphiqlOptions)};
      const { endpoint, ...props } = options;
      YogaGraphiQL.renderYogaGraphiQL(document.querySelector('#root'), { ...props, fetcher: gatewayFetcher(endpoint) });
      ${GATEWAY_FETCHER}
    </script>
  </body>
</html>
`;
}

// The sign-in bar above GraphiQL; no referrer, so the callback's code never leaves in a Referer.
const SIGN_IN_HEAD = `
    <meta name="referrer" content="no-referrer" />
    <style>
      body { display: flex; flex-direction: column; height: 100vh; margin: 0; }
      #root { flex: 1; min-height: 0; }
      /* GraphiQL sizes itself to the whole viewport (100vh x 100vw): below the bar it fills #root instead. */
      #root .graphiql-container { height: 100%; width: 100%; }
      #graphiql-sign-in { display: flex; gap: 0.75rem; align-items: center; padding: 0.4rem 1rem; font: 14px system-ui, sans-serif; }
    </style>`;

// GraphiQL's own fetcher parses the operation in the browser first, and shows a syntax error as an
// exception: empty extensions and the bundle's stack trace. This one sends the text as typed and
// shows the gateway's answer as any client gets it (GRAPHQL_PARSE_FAILED with its location). While
// a person is signed in, their access token replaces the Headers tab's Authorization. An answer in
// parts (@defer, @stream: multipart/mixed) is handed to GraphiQL part by part as each arrives.
const GATEWAY_FETCHER = `function gatewayFetcher(endpoint) {
        return async (params, options) => {
          const headers = { ...options?.headers };
          const signedIn = window.graphiqlSignIn?.authorization();
          if (signedIn) {
            for (const name of Object.keys(headers)) if (name.toLowerCase() === 'authorization') delete headers[name];
            headers.authorization = signedIn;
          }
          let response;
          try {
            response = await fetch(endpoint, {
              method: 'POST',
              headers: {
                accept: 'application/graphql-response+json, application/json, multipart/mixed',
                'content-type': 'application/json',
                ...headers,
              },
              body: JSON.stringify(params),
            });
          } catch (error) {
            return { errors: [{ message: 'The gateway could not be reached: ' + error.message }] };
          }
          if ((response.headers.get('content-type') || '').startsWith('multipart/mixed')) return parts(response.body);
          const text = await response.text();
          try {
            return JSON.parse(text);
          } catch {
            return { errors: [{ message: 'The gateway answered ' + response.status + ': ' + text.slice(0, 500) }] };
          }
        };
      }
      async function* parts(body) {
        const reader = body.pipeThrough(new TextDecoderStream()).getReader();
        let text = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          text += value;
          for (let at; (at = text.indexOf('\\r\\n\\r\\n')) >= 0; ) {
            const end = text.indexOf('\\r\\n---', at);
            if (end < 0) break;
            yield JSON.parse(text.slice(at + 4, end));
            text = text.slice(end + 5);
          }
        }
      }`;

/** JSON that cannot close the script element it sits in. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
