// Every field of the schema reports to its operation's answer meter (answerMeter.ts): before it
// resolves (a stopped operation resolves nothing more, a long one gives the event loop a turn), and
// once resolved, with the bytes its value adds to the serialised answer. Counted per field as
// execution goes, so an answer is stopped at its limit whatever the estimate saw: repeated ids,
// back-references and fragments all resolve fields one by one. Objects handed back many times are
// counted each time they appear.
import {
  defaultFieldResolver,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLFieldResolver,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isAbstractType,
  isLeafType,
  isListType,
  isObjectType,
  Kind,
  type SelectionSetNode,
} from 'graphql';
import type { AnswerMeter } from './answerMeter.ts';

/** `"key":` and the comma after a member. */
const MEMBER_OVERHEAD = 4;
/** What an error of the answer's `errors` adds besides its message (locations, path, extensions). */
const ERROR_OVERHEAD = 160;

/** Wraps every field resolver of `schema`'s object types in place; returns the schema. */
export function meterAnswers(schema: GraphQLSchema): GraphQLSchema {
  if (metered.has(schema)) return schema;
  metered.add(schema);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      field.resolve = meteredResolver(
        field.resolve ?? defaultFieldResolver,
        field.type,
        typeNameBytes(schema, field.type),
      );
    }
  }
  return schema;
}

const metered = new WeakSet<GraphQLSchema>();

/** What `__typename` adds to an object of the field's type: the longest name it can be. */
function typeNameBytes(schema: GraphQLSchema, type: GraphQLOutputType): number {
  const named = getNamedType(type);
  const names = isAbstractType(named) ? schema.getPossibleTypes(named).map((t) => t.name) : [named.name];
  return Math.max(...names.map((name) => name.length)) + '"__typename":"",'.length;
}

function meteredResolver(
  resolve: GraphQLFieldResolver<unknown, unknown>,
  type: GraphQLOutputType,
  typeNameBytes: number,
): GraphQLFieldResolver<unknown, unknown> {
  const valueBytes = sizer(type, typeNameBytes);
  return (source, args, context, info) => {
    const meter = (context as { answer?: AnswerMeter } | undefined)?.answer;
    if (!meter) return resolve(source, args, context, info);
    try {
      if (!meter.enter(info.path)) return resolveCounted(meter, resolve, valueBytes, source, args, context, info);
    } catch (error) {
      return stopped(meter, error);
    }
    // A turn of the event loop for everyone else, then on, unless the operation was stopped meanwhile.
    return new Promise<void>((resume) => setImmediate(resume)).then(() => {
      if (meter.error) throw meter.error;
      return resolveCounted(meter, resolve, valueBytes, source, args, context, info);
    });
  };
}

/**
 * The meter's stop comes back as a rejected promise, never thrown: thrown inside a list of non-null
 * items it would leave the promises of the items before it without a handler (the executor stops
 * looking at them), and their rejections would go unhandled; a promise is always waited for.
 */
function stopped(meter: AnswerMeter, error: unknown): unknown {
  if (error === meter.error) return Promise.reject(error);
  throw error;
}

/**
 * Resolves the field and counts what its value (or its error) adds to the answer. No closure is
 * made for a value at hand: this runs for every field of every answer.
 */
function resolveCounted(
  meter: AnswerMeter,
  resolve: GraphQLFieldResolver<unknown, unknown>,
  valueBytes: Sizer,
  source: unknown,
  args: Record<string, unknown>,
  context: unknown,
  info: GraphQLResolveInfo,
): unknown {
  let value: unknown;
  try {
    value = resolve(source, args, context, info);
  } catch (error) {
    try {
      return failed(meter, error, info);
    } catch (thrown) {
      return stopped(meter, thrown);
    }
  }
  if (isPromiseLike(value)) {
    return Promise.resolve(value).then(
      (resolved) => counted(meter, valueBytes, resolved, info),
      (error: unknown) => failed(meter, error, info),
    );
  }
  try {
    return counted(meter, valueBytes, value, info);
  } catch (error) {
    return stopped(meter, error);
  }
}

/** Counts the member the value adds to the answer; throws the stop error when a bound is crossed. */
function counted(meter: AnswerMeter, valueBytes: Sizer, value: unknown, info: GraphQLResolveInfo): unknown {
  meter.add(keyBytes(info) + valueBytes(value, info), info.path);
  return value;
}

/** Counts the error the field adds to the answer (the meter's own stop adds nothing), and throws it. */
function failed(meter: AnswerMeter, error: unknown, info: GraphQLResolveInfo): never {
  if (error !== meter.error) meter.add(keyBytes(info) + ERROR_OVERHEAD + messageBytes(error), info.path);
  throw error;
}

/** `"key":` of the field's member, and the comma after it. */
function keyBytes(info: GraphQLResolveInfo): number {
  const key = info.path.key;
  return (typeof key === 'string' ? key.length : String(key).length) + MEMBER_OVERHEAD;
}

type Sizer = (value: unknown, info: GraphQLResolveInfo) => number;

/**
 * The bytes a resolved value adds to the answer, not counting what its own fields add (they are
 * counted when they resolve): a leaf whole, a list its brackets and commas, an object its braces
 * and `__typename` when the selection asks for it.
 */
function sizer(type: GraphQLOutputType, typeNameBytes: number): Sizer {
  const inner = getNullableType(type);
  if (isListType(inner)) {
    const item = sizer(inner.ofType, typeNameBytes);
    return (value, info) => {
      if (value == null || typeof value !== 'object' || !(Symbol.iterator in value)) return 4;
      let bytes = 2;
      for (const element of value as Iterable<unknown>) bytes += 1 + item(element, info);
      return bytes;
    };
  }
  if (isLeafType(getNamedType(inner))) return (value) => leafBytes(value);
  return (value, info) => (value == null ? 4 : 2 + (selectsTypeName(info) ? typeNameBytes : 0));
}

function leafBytes(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return jsonStringBytes(value);
    case 'number':
      return String(value).length;
    case 'boolean':
      return 5;
    case 'undefined':
      return 4;
    default:
      // Custom scalars (JSON): whatever they serialise to.
      return value === null ? 4 : Buffer.byteLength(JSON.stringify(value) ?? 'null');
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON escapes control characters, so they count more.
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;

/** The UTF-8 bytes of a string written as JSON, quotes and escapes included. */
function jsonStringBytes(text: string): number {
  const bytes = Buffer.byteLength(text) + 2;
  return NEEDS_ESCAPE.test(text) ? Buffer.byteLength(JSON.stringify(text)) : bytes;
}

function messageBytes(error: unknown): number {
  return error instanceof Error ? Buffer.byteLength(error.message) : 64;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

/** Whether the field's selection set asks for `__typename` at its first level (fragments included), once per field node. */
const typeNameSelected = new WeakMap<FieldNode, boolean>();

function selectsTypeName(info: GraphQLResolveInfo): boolean {
  const node = info.fieldNodes[0];
  let selected = typeNameSelected.get(node);
  if (selected === undefined) {
    selected = info.fieldNodes.some((field) => hasTypeName(field.selectionSet, info.fragments, new Set()));
    typeNameSelected.set(node, selected);
  }
  return selected;
}

function hasTypeName(
  set: SelectionSetNode | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
  seen: Set<string>,
): boolean {
  if (!set) return false;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value === '__typename') return true;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (hasTypeName(selection.selectionSet, fragments, seen)) return true;
    } else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      if (hasTypeName(fragments[selection.name.value]?.selectionSet, fragments, seen)) return true;
    }
  }
  return false;
}
