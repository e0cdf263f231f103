// A GraphQL client in a few lines of plain fetch: send a typed document, get its typed result.
import type { TypedDocumentString } from './gql/graphql.ts';

export interface ClientOptions {
  /** The gateway's GraphQL endpoint, e.g. http://localhost:4000/graphql. */
  endpoint: string;
  /** The caller's credential, sent as the Authorization header: `SSWS <token>` or `Bearer <token>`. */
  authorization: string;
  /**
   * Send each document's id (`documentId`) instead of its text: for a gateway started with this
   * client's manifest (TRUSTED_DOCUMENTS=src/gql/persisted-documents.json, written by codegen).
   */
  trustedDocuments?: boolean;
}

/** A GraphQL error as the gateway sends it; `extensions.code` says what went wrong (UNAUTHENTICATED ...). */
export interface GraphQLErrorBody {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; [key: string]: unknown };
}

export class GraphQLRequestError extends Error {
  constructor(
    readonly errors: GraphQLErrorBody[],
    /** The fields that did resolve: the gateway answers a partial result when only some fields fail. */
    readonly data: unknown,
  ) {
    super(errors.map((e) => `${e.message}${e.extensions?.code ? ` (${e.extensions.code})` : ''}`).join('; '));
  }
}

/** Variables are required exactly when the operation declares some. */
type VariablesArgument<TVariables> = TVariables extends Record<string, never> ? [] : [variables: TVariables];

export function createClient(options: ClientOptions) {
  return async function execute<TResult, TVariables>(
    document: TypedDocumentString<TResult, TVariables>,
    ...[variables]: VariablesArgument<TVariables>
  ): Promise<TResult> {
    const response = await fetch(options.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        authorization: options.authorization,
      },
      body: JSON.stringify(
        options.trustedDocuments
          ? { documentId: documentIdOf(document), variables }
          : { query: document.toString(), variables },
      ),
    });
    const body = (await response.json()) as { data?: TResult | null; errors?: GraphQLErrorBody[] };
    if (body.errors?.length) throw new GraphQLRequestError(body.errors, body.data);
    if (!body.data) throw new Error(`GraphQL request failed with HTTP ${response.status}`);
    return body.data;
  };
}

export type Execute = ReturnType<typeof createClient>;

/** The id codegen gave the document in the manifest (`sha256:<hash>`, with `persistedDocuments: true`). */
function documentIdOf(document: { __meta__?: Record<string, unknown> }): string {
  const hash = document.__meta__?.hash;
  if (typeof hash !== 'string') throw new Error('The document has no id: run codegen with persistedDocuments.');
  return hash;
}

/**
 * Narrows a field the schema makes nullable because it needs an upstream call: it is null only when
 * the gateway also sent an error for it, and `execute` has thrown that already.
 */
export function present<T>(value: T | null | undefined, field: string): T {
  if (value === null || value === undefined) throw new Error(`${field} is null without an error`);
  return value;
}
