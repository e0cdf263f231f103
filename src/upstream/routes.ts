// Every REST operation the gateway calls, as one table: method, the spec's path template, its query
// parameters, what a success carries, and whether the call may be repeated safely. The table is read
// from the REST contract (`policy-service-emulator/contract`, which ships in the emulator's package),
// and so are the types of a call (its path parameters, query, body and result), so a new endpoint
// is one operation there; the client, its metrics and its retry policy all read this table.
import type { TSchema } from '@sinclair/typebox';
import {
  type HttpMethod,
  isObject,
  OPERATION_SCOPES,
  OPERATIONS,
  type Operation,
  type OperationName,
  type OperationResult,
  type ScopeFamily,
  type ServiceOperationName,
} from 'policy-service-emulator/contract';
import { notFoundError } from './errors.ts';

export type { HttpMethod };

/**
 * The resource families the gateway reads, as the contract's scopes name them: what a read is shared
 * and cached by (call/rightsClasses.ts), and what a write makes stale (cache/readCache.ts).
 */
export type ReadFamily = Extract<ScopeFamily, 'policies' | 'userTypes' | 'users'>;
const READ_FAMILIES: readonly ScopeFamily[] = ['policies', 'userTypes', 'users'];

export interface Route {
  method: HttpMethod;
  /** The spec's path template, e.g. `/api/v1/policies/{policyId}`; also the metrics label. */
  template: string;
  /** The query parameters the operation takes, in the contract's order. */
  query: readonly string[];
  /** What a 2xx carries: a JSON object, a JSON array, or nothing to read. */
  returns: 'object' | 'array' | 'none';
  /** Whether a success body holds what the gateway relies on (see `answerCheckOf`). */
  accepts: (body: unknown) => boolean;
  /** What `accepts` asks for, for the error that refuses a body without it. */
  expected: string;
  /** Repeating the call cannot create a second object: GET, PUT, DELETE, lifecycle changes. */
  idempotent: boolean;
  /** The resource family of its scope (the contract's): policies (rules, mappings, the simulation), user types, users. */
  family: ReadFamily;
  /** A POST that changes nothing (the access simulation), as the contract marks it: it makes nothing stale. */
  readOnly: boolean;
}

function routeOf(name: OperationName, op: Operation): Route {
  const schema = op.success.schema;
  const returns = !schema ? 'none' : schema.type === 'array' ? 'array' : 'object';
  const query = Object.keys(op.query ?? {});
  const { family } = OPERATION_SCOPES[name];
  // A route of another family needs its own sharing and cache rules before the gateway may call it.
  if (!READ_FAMILIES.includes(family)) throw new Error(`route ${name}: the gateway has no rules for ${family}`);
  return {
    method: op.method,
    template: op.path,
    query,
    returns,
    ...answerCheckOf(schema),
    idempotent: op.idempotent,
    family: family as ReadFamily,
    readOnly: op.readOnly === true,
  };
}

/** The members a resource is known by, which the gateway reads first (loader keys, type resolution). */
const IDENTITY_MEMBERS = ['id', 'type'] as const;

/**
 * The check of a success body, made from the operation's success schema: an object must be a JSON
 * object, a list a JSON array of objects (every list of the contract is one of resources), and each
 * resource must carry the `id` and `type` its schema requires, as strings. The rest of the body is
 * the service's word, read as it comes: checking it whole would cost a full validation per answer
 * and refuse the members a newer service adds.
 */
function answerCheckOf(schema: TSchema | undefined): Pick<Route, 'accepts' | 'expected'> {
  if (!schema) return { accepts: (body) => body === undefined, expected: 'an empty body' };
  const list = schema.type === 'array';
  const members = identityMembersOf(list ? schema.items : schema);
  const resource = (value: unknown) => isObject(value) && members.every((name) => typeof value[name] === 'string');
  const holding = members.length > 0 ? ` with a string ${members.join(' and ')}` : '';
  return list
    ? { accepts: (body) => Array.isArray(body) && body.every(resource), expected: `JSON array of objects${holding}` }
    : { accepts: resource, expected: `JSON object${holding}` };
}

/** The identity members every alternative of an object schema requires as a string (a user's `type` is an object). */
function identityMembersOf(schema: TSchema): string[] {
  const alternatives: TSchema[] = schema.anyOf ?? [schema];
  return IDENTITY_MEMBERS.filter((name) =>
    alternatives.every((s) => s.required?.includes(name) && s.properties?.[name]?.type === 'string'),
  );
}

/** The operations of the two services (the emulator's own extensions are never called upstream). */
export const ROUTES = Object.fromEntries(
  Object.entries(OPERATIONS as Record<string, Operation>)
    .filter(([, op]) => !op.emulatorExtension)
    .map(([name, op]) => [name, routeOf(name as OperationName, op)]),
) as Record<ServiceOperationName, Route>;

export type RouteName = keyof typeof ROUTES;

/** Whether a success body of the operation holds what the gateway relies on: then it is read as the operation's result. */
export function isResultOf<N extends RouteName>(name: N, body: unknown): body is OperationResult<N> {
  return ROUTES[name].accepts(body);
}

/**
 * The request path of a route: every `{name}` becomes one encoded path segment, so an id such as
 * `a/b`, `../x` or `x?y` can never change which resource a request reaches. Ids that no encoding
 * can keep inside their segment (empty, `.` and `..`, which URL parsers resolve as dot segments even
 * when percent-encoded) name no resource: they are answered as not found without a request.
 */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const id = params[name];
    if (id === undefined) throw new TypeError(`path parameter ${name} missing for ${template}`);
    return encodeSegment(id);
  });
}

function encodeSegment(id: string): string {
  if (id === '' || id === '.' || id === '..') {
    throw notFoundError(`${JSON.stringify(id)} is not a valid identifier`);
  }
  return encodeURIComponent(id);
}
