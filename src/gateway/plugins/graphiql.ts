// GraphiQL: a small page at the GraphQL endpoint for browsers (never cached without revalidation) that
// loads its script, styles and editor workers from /graphiql/<name>.<hash>.<ext> (immutable, precompressed).
import type { Plugin, YogaLogger } from 'graphql-yoga';
import { type GraphiQLAssets, graphiqlAssets } from './graphiqlAssets.ts';
import { IMMUTABLE, REVALIDATE, bufferRepresentation, fileRepresentation, respond } from './staticFiles.ts';

export const GRAPHIQL_ASSETS_PATH = '/graphiql/';

export interface GraphiQLOptions {
  /** Where GraphQL is served; the page answers there to GET requests that accept HTML. */
  graphqlPath: string;
  title: string;
  /** The embedded emulator's token when it is the upstream: the Headers tab holds it, so Run answers at once. */
  emulatorToken?: string;
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

export function useGraphiQL(options: GraphiQLOptions): Plugin {
  let logger: YogaLogger | Console = console;
  let page: ReturnType<typeof bufferRepresentation> | undefined;

  const servePage = (assets: GraphiQLAssets) => {
    page ??= bufferRepresentation(Buffer.from(renderPage(options, assets)), {
      contentType: 'text/html; charset=utf-8',
      cacheControl: REVALIDATE,
    });
    return page;
  };

  return {
    onYogaInit({ yoga }) {
      logger = yoga.logger;
    },
    onRequest({ request, url, fetchAPI, endResponse }) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const isPage =
        (url.pathname === options.graphqlPath || url.pathname === `${options.graphqlPath}/`) &&
        (request.headers.get('accept') ?? '').includes('text/html');
      const assetFile = url.pathname.startsWith(GRAPHIQL_ASSETS_PATH)
        ? url.pathname.slice(GRAPHIQL_ASSETS_PATH.length)
        : undefined;
      if (!isPage && assetFile === undefined) return;

      return graphiqlAssets().then(
        (assets) => {
          if (isPage) return endResponse(respond(fetchAPI, request, servePage(assets)));
          const asset = Object.values(assets).find((a) => a.file === assetFile);
          if (!asset) return endResponse(new fetchAPI.Response('Not found', { status: 404 }));
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

function renderPage(options: GraphiQLOptions, assets: GraphiQLAssets): string {
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
    <link rel="stylesheet" href="${url('styles')}" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>You need to enable JavaScript to run GraphiQL.</noscript>
    <div id="root"></div>
    <script>
      const workers = ${scriptJson(workers)};
      self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: (moduleId, label) => workers[label] };
    </script>
    <script src="${url('script')}"></script>
    <script>
      YogaGraphiQL.renderYogaGraphiQL(document.querySelector('#root'), ${scriptJson(graphiqlOptions)});
    </script>
  </body>
</html>
`;
}

/** JSON that cannot close the script element it sits in. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
