// The execution of a document with `@defer` or `@stream`: graphql-js 16 has no incremental
// delivery, so such a document runs on @graphql-tools/executor, whose parts (the initial one, then
// `incremental` ones with `hasNext`) yoga writes over multipart/mixed or text/event-stream. The same
// schema runs either way, so every field still reports to the answer meter (meteredSchema.ts) and
// loads through the request's loaders: a deferred fragment that needs what is already being read
// joins that read. Two things are added to the executor's parts:
// - each object's members in the order of its selection set, as graphql-js gives them (the
//   executor puts a member in when its value is ready; see plugins/orderedExecution.ts);
// - the errors of a deferred fragment or streamed items treated as a result's own are (plugins
//   upstreamErrors.ts, errorCodes.ts and the server's masking see a result's top-level errors only):
//   an upstream error becomes its coded GraphQL error, an unexpected one `Unexpected error.`;
// - once a run-time bound stops the operation, the part in the making is replaced by one part with
//   the meter's one error, and no part follows it (the rest would only repeat that error).
import { execute as executeIncrementalDocument, flattenIncrementalResults } from '@graphql-tools/executor';
import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  getOperationAST,
  Kind,
  type SelectionSetNode,
  visit,
  BREAK,
} from 'graphql';
import { withUpstreamMapped } from '../errors/graphql.ts';
import type { AnswerMeter } from './answerMeter.ts';

/** The directives of incremental delivery (the defer-stream plugin adds them to the schema). */
const INCREMENTAL_DIRECTIVES = new Set(['defer', 'stream']);

const incremental = new WeakMap<DocumentNode, boolean>();

/** Whether the document uses `@defer` or `@stream` anywhere; worked out once per parsed document. */
export function usesIncrementalDelivery(document: DocumentNode): boolean {
  let uses = incremental.get(document);
  if (uses === undefined) {
    uses = false;
    visit(document, {
      Directive(node) {
        if (!INCREMENTAL_DIRECTIVES.has(node.name.value)) return;
        uses = true;
        return BREAK;
      },
    });
    incremental.set(document, uses);
  }
  return uses;
}

/** One part of an incremental answer, as the executor writes it. */
export interface IncrementalPart extends ExecutionResult {
  hasNext?: boolean;
  incremental?: readonly IncrementalItem[];
}

interface IncrementalItem {
  data?: Record<string, unknown> | null;
  items?: readonly unknown[] | null;
  path?: readonly (string | number)[];
  errors?: readonly GraphQLError[];
  label?: string;
  extensions?: Record<string, unknown>;
}

/**
 * Executes a document with `@defer`/`@stream`: a single result when nothing was deferred after all
 * (an `if: false`), else the parts as an async iterable.
 */
export function executeIncrementally(
  args: ExecutionArgs,
): Promise<ExecutionResult | AsyncIterable<IncrementalPart>> | ExecutionResult | AsyncIterable<IncrementalPart> {
  const order = memberOrder(args.document, args.operationName);
  const meter = (args.contextValue as { answer?: AnswerMeter } | undefined)?.answer;
  const outcome = executeIncrementalDocument(args as Parameters<typeof executeIncrementalDocument>[0]);
  const settle = (result: Awaited<typeof outcome>) => {
    if ('initialResult' in result) return guardedParts(flattenIncrementalResults(result), order, meter);
    return order.result(result as ExecutionResult);
  };
  return isPromise(outcome) ? outcome.then(settle) : settle(outcome);
}

/** The parts in selection order; once the meter stops the operation, its one error and the end. */
async function* guardedParts(
  parts: AsyncIterable<unknown>,
  order: MemberOrder,
  meter: AnswerMeter | undefined,
): AsyncGenerator<IncrementalPart> {
  const iterator = parts[Symbol.asyncIterator]();
  let first = true;
  try {
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      const part = next.value as IncrementalPart;
      const stopped = meter?.error;
      if (stopped) {
        // The first part: the answer has no data; a later one: what came before stands, this says why it ends.
        yield first ? { data: null, errors: [stopped], hasNext: false } : { errors: [stopped], hasNext: false };
        return;
      }
      yield first ? order.result(part) : order.part(part);
      first = false;
    }
  } finally {
    await iterator.return?.();
  }
}

interface MemberOrder {
  /** The initial (or only) result, its data's members in selection order. */
  result<T extends ExecutionResult>(result: T): T;
  /** A later part, the data of each of its deferred fragments and streamed items in selection order. */
  part(part: IncrementalPart): IncrementalPart;
}

/** Each document's member order, by operation name: worked out as parts need it, kept with the parsed document. */
const orders = new WeakMap<DocumentNode, Map<string | null | undefined, MemberOrder>>();

function memberOrder(document: DocumentNode, operationName: string | null | undefined): MemberOrder {
  let byName = orders.get(document);
  if (!byName) {
    byName = new Map();
    orders.set(document, byName);
  }
  let order = byName.get(operationName);
  if (!order) {
    order = newMemberOrder(document, operationName);
    byName.set(operationName, order);
  }
  return order;
}

function newMemberOrder(document: DocumentNode, operationName: string | null | undefined): MemberOrder {
  const operation = getOperationAST(document, operationName);
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  const root = new Shape(operation ? [operation.selectionSet] : [], fragments);
  /** The shape of the object (or list) at `path` of the answer. */
  const shapeAt = (path: readonly (string | number)[]): Shape => {
    let shape = root;
    for (const key of path) {
      if (typeof key === 'number') continue;
      shape = shape.members().get(key) ?? Shape.LEAF;
    }
    return shape;
  };
  return {
    result: (result) => (result.data ? { ...result, data: orderValue(result.data, root) } : result),
    part: (part) => {
      if (!part.incremental) return part;
      return {
        ...part,
        incremental: part.incremental.map((listed) => {
          const item = listed.errors ? { ...listed, errors: listed.errors.map(itemError) } : listed;
          const path = item.path ?? [];
          if (item.data) return { ...item, data: orderValue(item.data, shapeAt(path)) as Record<string, unknown> };
          // Streamed items: the path ends with the first item's index, the list's selection applies to each.
          if (item.items) {
            const shape = shapeAt(path.slice(0, -1));
            return { ...item, items: item.items.map((each) => orderValue(each, shape)) };
          }
          return item;
        }),
      };
    },
  };
}

/**
 * The selection sets that apply at one place of the answer, and (worked out once, at first use) its
 * members in the order execution collects them, each with its own shape: a list's items, and every
 * part, share them instead of collecting the same fields again for each object.
 */
class Shape {
  /** A value with no selection (a leaf, or a member the document does not select). */
  static readonly LEAF = new Shape([], {});
  private collected: Map<string, Shape> | undefined;

  constructor(
    readonly sets: readonly SelectionSetNode[],
    private readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>,
  ) {}

  members(): Map<string, Shape> {
    if (this.collected) return this.collected;
    this.collected = new Map();
    for (const [key, fields] of collectFields(this.sets, this.fragments)) {
      const inner = fields.flatMap((field) => (field.selectionSet ? [field.selectionSet] : []));
      this.collected.set(key, inner.length === 0 ? Shape.LEAF : new Shape(inner, this.fragments));
    }
    return this.collected;
  }
}

/**
 * An error of a deferred fragment or streamed items as a result's error would be answered: an
 * upstream error as its GraphQL error, a GraphQLError with a code as it is, anything else masked.
 */
function itemError(error: GraphQLError): GraphQLError {
  const mapped = withUpstreamMapped(error);
  if (mapped.extensions?.code !== undefined) return mapped;
  const { nodes, source, positions, path } = mapped;
  const thrown = mapped.originalError;
  // graphql-js's own (a value the schema cannot represent) has no code but is no secret.
  const message = thrown == null || thrown instanceof GraphQLError ? mapped.message : 'Unexpected error.';
  return new GraphQLError(message, { nodes, source, positions, path, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}

/** The value with each object's members in the order its shape collects them. */
function orderValue(value: unknown, shape: Shape): unknown {
  if (shape.sets.length === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => orderValue(item, shape));
  const object = value as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const [key, member] of shape.members()) {
    if (key in object) ordered[key] = orderValue(object[key], member);
  }
  // Nothing is dropped, whatever the selection said.
  for (const key of Object.keys(object)) if (!(key in ordered)) ordered[key] = object[key];
  return ordered;
}

/**
 * The fields of selection sets by response name, in the order execution collects them: inline
 * fragments and spreads opened in place (each fragment once), whatever their type condition or
 * directives (a member absent from the object is simply not there).
 */
function collectFields(
  sets: readonly SelectionSetNode[],
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
): Map<string, FieldNode[]> {
  const fields = new Map<string, FieldNode[]>();
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const key = (selection.alias ?? selection.name).value;
        const known = fields.get(key);
        if (known) known.push(selection);
        else fields.set(key, [selection]);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const definition = fragments[selection.name.value];
        if (definition) walk(definition.selectionSet);
      }
    }
  };
  for (const set of sets) walk(set);
  return fields;
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as Promise<T> | null)?.then === 'function';
}
