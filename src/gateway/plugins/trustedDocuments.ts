// With a trusted documents manifest (TRUSTED_DOCUMENTS), a request names its document instead of
// sending it: by `documentId` (GraphQL over HTTP's persisted documents, in the body or GET's query
// string; the hash alone or `sha256:<hash>`) or by Apollo's `extensions.persistedQuery.sha256Hash`.
// A document sent whole is refused (PERSISTED_QUERY_ID_REQUIRED) unless
// TRUSTED_DOCUMENTS_ALLOW_ARBITRARY allows it for everyone (`all`, e.g. GraphiQL in development) or
// for the caller's credential (its SHA-256 digest); an unknown id is PERSISTED_QUERY_NOT_FOUND.
// A federation subgraph (FEDERATION) also runs the router's own documents sent whole: `_service`
// and `_entities` alone (federation/protocolDocument.ts), whoever sends them.
// Either way before parsing, so nothing runs upstream. A named document then goes the way of any
// other (parse, validation, limits, cost). The worst-case estimate of every trusted operation is
// on /metrics, labelled by document id and operation (bounded by the manifest).
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { GraphQLError } from 'graphql';
import type { GraphQLParams, Plugin } from 'graphql-yoga';
import { Gauge, type Registry } from 'prom-client';
import { credentialDigest, isUsableAuthorization } from '../../upstream/credential.ts';
import { isFederationProtocolDocument } from '../federation/protocolDocument.ts';
import type { TrustedDocuments } from '../trustedDocuments.ts';

/** Who may send documents that are not in the manifest: nobody, everyone, or these credentials' digests. */
export type ArbitraryDocuments = 'none' | 'all' | readonly string[];

/** The request member that names a persisted document (GraphQL over HTTP). */
export const DOCUMENT_ID_PARAM = 'documentId';

/** A subgraph's router protocol documents, let through with a manifest: the parse's token limit. */
export interface FederationProtocol {
  maxTokens: number;
}

export function useTrustedDocuments(
  documents: TrustedDocuments,
  arbitrary: ArbitraryDocuments,
  federation?: FederationProtocol,
): Plugin {
  const digests = Array.isArray(arbitrary) ? new Set(arbitrary.map((d) => d.toLowerCase())) : undefined;
  const fromCredential = (request: Request) => {
    const authorization = request.headers.get('authorization');
    return (
      digests !== undefined && isUsableAuthorization(authorization) && digests.has(credentialDigest(authorization))
    );
  };
  // The requests whose whole document is a router's protocol document, found before the check below.
  const protocolRequests = new WeakSet<Request>();
  const persisted = usePersistedOperations({
    extractPersistedOperationId: documentIdOf,
    getPersistedOperation: (id) => documents.text(id) ?? null,
    allowArbitraryOperations:
      arbitrary === 'all'
        ? true
        : digests || federation
          ? (request: Request) => protocolRequests.has(request) || fromCredential(request)
          : false,
    customErrors: {
      notFound: () =>
        new GraphQLError(
          'No trusted document has this id: the gateway runs only the documents of its manifest (TRUSTED_DOCUMENTS). Deploy the manifest with this document, or check the id.',
          { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND', http: { status: 404 } } },
        ),
      keyNotFound: () =>
        new GraphQLError(
          'Name a trusted document: `documentId` (its id from the manifest), or `extensions.persistedQuery.sha256Hash`.',
          { extensions: { code: 'PERSISTED_QUERY_ID_REQUIRED', http: { status: 400 } } },
        ),
      persistedQueryOnly: () =>
        new GraphQLError(
          'This gateway runs trusted documents only: send the document’s `documentId` (its id from the manifest) instead of its text.',
          { extensions: { code: 'PERSISTED_QUERY_ID_REQUIRED', http: { status: 400 } } },
        ),
    },
  });
  if (!federation) return persisted;
  return {
    onPluginInit({ addPlugin }) {
      addPlugin({
        // Decided for each document of the request (a batch's too), just before the check reads it.
        onParams({ request, params }) {
          if (typeof params.query === 'string' && isFederationProtocolDocument(params.query, federation.maxTokens))
            protocolRequests.add(request);
          else protocolRequests.delete(request);
        },
      });
      addPlugin(persisted);
    },
  };
}

/** The id a request names: `documentId` (body, else query string), else Apollo's persisted-query hash. */
function documentIdOf(params: GraphQLParams & { documentId?: unknown }, request: Request): string | null {
  const named =
    params.documentId ??
    (request.method === 'GET' ? new URL(request.url).searchParams.get(DOCUMENT_ID_PARAM) : undefined);
  if (typeof named === 'string' && named !== '') return named;
  const persisted = (params.extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined)?.persistedQuery;
  return typeof persisted?.sha256Hash === 'string' ? persisted.sha256Hash : null;
}

/** `gateway_trusted_document_cost{document, operation, measure}`: each trusted operation's worst-case estimate. */
export function registerTrustedDocumentCosts(registry: Registry, documents: TrustedDocuments): void {
  const gauge = new Gauge({
    name: 'gateway_trusted_document_cost',
    help: 'Worst-case estimate of each trusted document’s operation, made at start (measure: calls, size — the cost in items × fields)',
    labelNames: ['document', 'operation', 'measure'],
    registers: [registry],
  });
  for (const { id, operation, estimate } of documents.operations) {
    gauge.set({ document: id, operation, measure: 'calls' }, estimate.calls);
    gauge.set({ document: id, operation, measure: 'size' }, estimate.size);
  }
}
