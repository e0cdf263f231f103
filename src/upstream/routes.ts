// Every REST operation the gateway calls, as one table: method, the spec's path template, what a
// success carries, and whether the call may be repeated safely. The table is read from the REST
// contract (`policy-service-emulator/contract`, which ships in the emulator's package), so a new
// endpoint is one operation there plus one typed method on RestApi; the client, its metrics and
// its retry policy all read this table.
import {
  type HttpMethod,
  OPERATIONS,
  type Operation,
  type ServiceOperationName,
} from 'policy-service-emulator/contract';
import { notFoundError } from './errors.ts';

export type { HttpMethod };

export interface Route {
  method: HttpMethod;
  /** The spec's path template, e.g. `/api/v1/policies/{policyId}`; also the metrics label. */
  template: string;
  /** What a 2xx carries: a JSON object, a JSON array, or nothing to read. */
  returns: 'object' | 'array' | 'none';
  /** Repeating the call cannot create a second object: GET, PUT, DELETE, lifecycle changes. */
  idempotent: boolean;
}

function routeOf(op: Operation): Route {
  const schema = op.success.schema;
  const returns = !schema ? 'none' : schema.type === 'array' ? 'array' : 'object';
  return { method: op.method, template: op.path, returns, idempotent: op.idempotent };
}

/** The operations of the two services (the emulator's own extensions are never called upstream). */
export const ROUTES = Object.fromEntries(
  Object.entries(OPERATIONS as Record<string, Operation>)
    .filter(([, op]) => !op.emulatorExtension)
    .map(([name, op]) => [name, routeOf(op)]),
) as Record<ServiceOperationName, Route>;

export type RouteName = keyof typeof ROUTES;

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
