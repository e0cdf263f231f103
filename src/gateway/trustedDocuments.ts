// Trusted documents (TRUSTED_DOCUMENTS): a manifest of id → document in the format graphql-codegen's
// client preset writes with `persistedDocuments` (persisted-documents.json: `{ "<sha256>": "<document>" }`),
// read once at start. Each document is parsed and validated as a request's would be (the schema, the
// static query limits, @defer and @stream included); one that fails stops the start with a message
// naming it. Each one's cost is estimated there too, at its worst (see `worstCaseVariables`), so that
// a frontend knows before it deploys what each operation costs against the live limits: the
// gateway reports it per document on /metrics, and `npm run documents:check` prints it.
import { readFileSync } from 'node:fs';
import { GraphQLDeferDirective, GraphQLStreamDirective } from '@graphql-tools/utils';
import {
  type DocumentNode,
  type GraphQLError,
  GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  specifiedRules,
  type TypeNode,
  validate,
} from 'graphql';
import { type CostEstimate, documentEstimate, MAX_PAGE_SIZE } from './costEstimate.ts';
import { type CostLimits, refusalOf } from './plugins/cost.ts';
import { parseWithinLimits, type QueryLimits, queryLimitRules } from './plugins/queryLimits.ts';

/** A manifest that cannot be used: the start stops with this message. */
export class TrustedDocumentsError extends Error {
  override name = 'TrustedDocumentsError';
}

/** Id → document text, as the client preset writes it (ids with or without `sha256:`). */
export type TrustedManifest = Readonly<Record<string, string>>;

/** One operation of a trusted document, with its worst-case estimate against the limits. */
export interface TrustedOperation {
  /** The document's id in the manifest (without a `sha256:` prefix). */
  id: string;
  /** The operation's name; `(anonymous)` without one. */
  operation: string;
  estimate: CostEstimate;
  /** COST_LIMIT_EXCEEDED's message when the worst case passes a limit; undefined within them. */
  overLimit?: string;
}

export interface TrustedDocuments {
  /** The document with this id: the manifest's own, or a `sha256:<hash>` form of it; undefined when unknown. */
  text(id: string): string | undefined;
  readonly count: number;
  /** Every operation of every document, in the manifest's order. */
  readonly operations: readonly TrustedOperation[];
}

/** The prefix of a GraphQL-over-HTTP prefixed document identifier whose payload is a SHA-256 hash. */
const SHA256_PREFIX = 'sha256:';

/** Reads a manifest file: a JSON object of string ids to document strings. */
export function readTrustedManifest(file: string): TrustedManifest {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new TrustedDocumentsError(
      `TRUSTED_DOCUMENTS=${file}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    );
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch (error) {
    throw new TrustedDocumentsError(`TRUSTED_DOCUMENTS=${file}: not JSON (${(error as Error).message})`);
  }
  return manifestOf(manifest, `TRUSTED_DOCUMENTS=${file}`);
}

/** The value as a manifest, or an error naming what is wrong with it. */
export function manifestOf(value: unknown, where: string): TrustedManifest {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TrustedDocumentsError(
      `${where}: expected a JSON object of id → document (graphql-codegen's persisted-documents.json)`,
    );
  }
  const manifest: Record<string, string> = {};
  for (const [key, document] of Object.entries(value)) {
    if (typeof document !== 'string') throw new TrustedDocumentsError(`${where}: document "${key}" is not a string`);
    const id = bareId(key);
    if (id === '') throw new TrustedDocumentsError(`${where}: "${key}" is no id`);
    if (id in manifest) throw new TrustedDocumentsError(`${where}: the id "${id}" is there twice`);
    manifest[id] = document;
  }
  return manifest;
}

/** The id without its `sha256:` prefix: the client preset writes the prefix, Apollo's hash has none. */
function bareId(id: string): string {
  return id.startsWith(SHA256_PREFIX) ? id.slice(SHA256_PREFIX.length) : id;
}

/**
 * Checks every document of the manifest as a request's would be checked and estimates each
 * operation; throws a TrustedDocumentsError naming the first document that does not validate.
 */
export function trustedDocuments(
  schema: GraphQLSchema,
  manifest: TrustedManifest,
  limits: { query: QueryLimits; cost: CostLimits },
  where = 'TRUSTED_DOCUMENTS',
): TrustedDocuments {
  const validating = withIncrementalDirectives(schema);
  const rules = [...specifiedRules, ...queryLimitRules(limits.query)];
  const operations: TrustedOperation[] = [];
  for (const [id, text] of Object.entries(manifestOf(manifest, where))) {
    let document: DocumentNode;
    try {
      document = parseWithinLimits(text, { maxTokens: limits.query.tokens });
    } catch (error) {
      throw new TrustedDocumentsError(`${where}: document "${id}" does not parse: ${(error as Error).message}`);
    }
    const errors = validate(validating, document, rules);
    if (errors.length > 0) {
      throw new TrustedDocumentsError(
        `${where}: document "${id}" does not validate against the schema: ${errors.map((e) => e.message).join(' ')}`,
      );
    }
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
      const estimate = documentEstimate(schema, document, definition, worstCaseVariables(definition, limits.cost));
      const refusal: GraphQLError | undefined = refusalOf(estimate, limits.cost);
      operations.push({
        id,
        operation: definition.name?.value ?? '(anonymous)',
        estimate,
        ...(refusal && { overLimit: refusal.message }),
      });
    }
  }
  const ids = new Map(Object.entries(manifestOf(manifest, where)));
  return {
    text: (id) => ids.get(bareId(id)),
    count: ids.size,
    operations,
  };
}

/**
 * The variables at their worst for the estimate: an `Int` at the service's largest page (a `first`
 * is clamped to it; no other Int is read), a list of ids at MAX_NODE_IDS ids (more is refused
 * anyway), anything else null (a policy type left open: every typed fragment counts). Defaults are
 * overridden: a client may send any value its variable's type allows.
 */
function worstCaseVariables(operation: OperationDefinitionNode, limits: CostLimits): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    variables[definition.variable.name.value] = worstValue(definition.type, limits);
  }
  return variables;
}

function worstValue(type: TypeNode, limits: CostLimits): unknown {
  if (type.kind === Kind.NON_NULL_TYPE) return worstValue(type.type, limits);
  if (type.kind === Kind.LIST_TYPE) {
    const item = type.type.kind === Kind.NON_NULL_TYPE ? type.type.type : type.type;
    if (item.kind === Kind.NAMED_TYPE && item.name.value === 'ID') {
      return Array.from({ length: limits.maxNodeIds }, (_, i) => `id${i}`);
    }
    return null;
  }
  return type.name.value === 'Int' ? MAX_PAGE_SIZE : null;
}

/** The schema with @defer and @stream (as the defer-stream plugin adds them at run time). */
function withIncrementalDirectives(schema: GraphQLSchema): GraphQLSchema {
  if (schema.getDirective('defer') && schema.getDirective('stream')) return schema;
  const config = schema.toConfig();
  return new GraphQLSchema({
    ...config,
    directives: [
      ...config.directives,
      ...(schema.getDirective('defer') ? [] : [GraphQLDeferDirective]),
      ...(schema.getDirective('stream') ? [] : [GraphQLStreamDirective]),
    ],
  });
}
