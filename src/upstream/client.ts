// The undici client of the Policy and User Types services. One connection pool serves the whole
// gateway process; each caller gets a RestApi bound to its own Authorization header, which is
// forwarded as is and never logged or copied into an error.
import { Pool } from 'undici';
import type {
  Application,
  CreateUserTypeInput,
  LifecycleStatus,
  Policy,
  PolicyInput,
  PolicyRule,
  PolicyRuleInput,
  PolicyType,
  ReplaceUserTypeInput,
  SimulationExpand,
  SimulationRequest,
  SimulationResponse,
  UpdateUserTypeInput,
  UserType,
} from '../rest/types.ts';
import { UpstreamError, UpstreamUnavailableError } from './errors.ts';
import type { UpstreamAttempt, UpstreamObserver } from './observer.ts';
import { nextCursorFromLink } from './pagination.ts';
import { fillPath, ROUTES, type Route, type RouteName } from './routes.ts';

export interface PolicyListArgs {
  type: PolicyType;
  status?: LifecycleStatus;
  q?: string;
  sortBy?: 'name';
  limit?: number;
  after?: string;
}

export interface Page<T> {
  items: T[];
  /** The `after` cursor of the Link rel="next" header; null on the last page. */
  nextCursor: string | null;
}

/** REST operations bound to one caller's Authorization header. Every method throws UpstreamError / UpstreamUnavailableError. */
export interface RestApi {
  listPolicies(args: PolicyListArgs): Promise<Page<Policy>>;
  getPolicy(id: string): Promise<Policy>;
  createPolicy(body: PolicyInput): Promise<Policy>;
  replacePolicy(id: string, body: PolicyInput): Promise<Policy>;
  deletePolicy(id: string): Promise<void>;
  activatePolicy(id: string): Promise<void>;
  deactivatePolicy(id: string): Promise<void>;
  clonePolicy(id: string): Promise<Policy>;
  listPolicyApplications(id: string): Promise<Application[]>;
  listRules(policyId: string): Promise<PolicyRule[]>;
  getRule(policyId: string, ruleId: string): Promise<PolicyRule>;
  createRule(policyId: string, body: PolicyRuleInput): Promise<PolicyRule>;
  replaceRule(policyId: string, ruleId: string, body: PolicyRuleInput): Promise<PolicyRule>;
  deleteRule(policyId: string, ruleId: string): Promise<void>;
  activateRule(policyId: string, ruleId: string): Promise<void>;
  deactivateRule(policyId: string, ruleId: string): Promise<void>;
  listUserTypes(): Promise<UserType[]>;
  getUserType(id: string): Promise<UserType>;
  createUserType(body: CreateUserTypeInput): Promise<UserType>;
  replaceUserType(id: string, body: ReplaceUserTypeInput): Promise<UserType>;
  updateUserType(id: string, body: UpdateUserTypeInput): Promise<UserType>;
  deleteUserType(id: string): Promise<void>;
  simulate(body: SimulationRequest, expand: SimulationExpand[]): Promise<SimulationResponse>;
}

/** Every RestApi method name, from the route table. */
export const REST_API_METHODS = Object.keys(ROUTES) as RouteName[];
const everyMethodRouted: Exclude<keyof RestApi, RouteName> extends never ? true : never = true;
void everyMethodRouted;

export interface UpstreamClientOptions {
  /** Base URL of the services, e.g. `https://org.example.com` (a path prefix is kept). */
  baseUrl: string;
  /** Upper bound of open connections to the upstream origin. */
  connections?: number;
  connectTimeoutMs?: number;
  /** Time allowed until the response headers arrive. */
  headersTimeoutMs?: number;
  /** Time allowed between two chunks of the response body. */
  bodyTimeoutMs?: number;
}

export const UPSTREAM_DEFAULTS = {
  connections: 16,
  connectTimeoutMs: 5_000,
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 10_000,
} as const;

/** Per-caller settings of `forCaller`. */
export interface CallerOptions {
  /** Sent upstream as `X-Request-Id` and reported to the observer, to follow one operation through the logs. */
  requestId?: string;
  /** Told about every HTTP attempt made for this caller. */
  observer?: UpstreamObserver;
}

interface UpstreamRequest {
  route: Route;
  params?: Record<string, string>;
  query?: URLSearchParams;
  body?: unknown;
}

interface UpstreamResponse {
  status: number;
  /** Parsed JSON body; undefined when the response had none (204). */
  body: unknown;
  link: string | string[] | undefined;
}

export class UpstreamClient {
  private readonly pool: Pool;
  private readonly basePath: string;
  readonly baseUrl: string;

  constructor(options: UpstreamClientOptions) {
    const base = new URL(options.baseUrl);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') {
      throw new TypeError(`Upstream URL must use http or https, not ${base.protocol}`);
    }
    this.baseUrl = options.baseUrl;
    this.basePath = base.pathname.replace(/\/+$/, '');
    this.pool = new Pool(base.origin, {
      connections: options.connections ?? UPSTREAM_DEFAULTS.connections,
      connect: { timeout: options.connectTimeoutMs ?? UPSTREAM_DEFAULTS.connectTimeoutMs },
      headersTimeout: options.headersTimeoutMs ?? UPSTREAM_DEFAULTS.headersTimeoutMs,
      bodyTimeout: options.bodyTimeoutMs ?? UPSTREAM_DEFAULTS.bodyTimeoutMs,
    });
  }

  forCaller(authorization: string, options: CallerOptions = {}): RestApi {
    return new CallerApi((request) => this.send(request, authorization, options));
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  private async send(
    request: UpstreamRequest,
    authorization: string,
    caller: CallerOptions,
  ): Promise<UpstreamResponse> {
    const { route, params, query, body } = request;
    const { method } = route;
    const path = fillPath(route.template, params);
    const headers: Record<string, string> = { accept: 'application/json', authorization };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (caller.requestId !== undefined) headers['x-request-id'] = caller.requestId;
    const search = query && query.size > 0 ? `?${query}` : '';
    const startedAt = performance.now();
    const observe = (ending: Pick<UpstreamAttempt, 'status' | 'errorCode' | 'rateLimitRemaining'>) =>
      caller.observer?.onUpstreamRequest({
        method,
        template: route.template,
        path,
        durationMs: performance.now() - startedAt,
        requestId: caller.requestId,
        retry: false,
        ...ending,
      });
    let status: number;
    let text: string;
    let link: string | string[] | undefined;
    let rateLimitRemaining: number | undefined;
    try {
      const res = await this.pool.request({
        method,
        path: this.basePath + path + search,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      status = res.statusCode;
      link = res.headers.link;
      rateLimitRemaining = numberHeader(res.headers['x-rate-limit-remaining']);
      text = await res.body.text();
    } catch (error) {
      observe({ errorCode: String((error as { code?: unknown } | null)?.code ?? 'UNKNOWN') });
      throw transportFailure(method, path, error);
    }
    observe({ status, rateLimitRemaining });
    if (status === 502 || status === 503 || status === 504) {
      throw new UpstreamUnavailableError(`${method} ${path}: upstream answered ${status}`, { status });
    }
    if (status < 200 || status >= 300) throw UpstreamError.fromResponse(status, text);
    if (route.returns === 'none') return { status, body: undefined, link };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new UpstreamError({ status, errorSummary: `Upstream answered ${status} with a body that is not JSON` });
    }
    return { status, body: expectShape(route, status, parsed), link };
  }
}

type Send = (request: UpstreamRequest) => Promise<UpstreamResponse>;

/** The REST operations of both spec files, with one caller's credentials: each one row of ROUTES. */
class CallerApi implements RestApi {
  constructor(private readonly send: Send) {}

  private async call<T>(name: RouteName, params?: Record<string, string>, body?: unknown, query?: URLSearchParams) {
    return (await this.send({ route: ROUTES[name], params, body, query })).body as T;
  }

  async listPolicies(args: PolicyListArgs): Promise<Page<Policy>> {
    const query = new URLSearchParams();
    for (const key of ['type', 'status', 'q', 'sortBy', 'limit', 'after'] as const) {
      if (args[key] !== undefined) query.set(key, String(args[key]));
    }
    const res = await this.send({ route: ROUTES.listPolicies, query });
    return { items: res.body as Policy[], nextCursor: nextCursorFromLink(res.link) };
  }

  getPolicy = (policyId: string) => this.call<Policy>('getPolicy', { policyId });
  createPolicy = (body: PolicyInput) => this.call<Policy>('createPolicy', {}, body);
  replacePolicy = (policyId: string, body: PolicyInput) => this.call<Policy>('replacePolicy', { policyId }, body);
  deletePolicy = (policyId: string) => this.call<void>('deletePolicy', { policyId });
  activatePolicy = (policyId: string) => this.call<void>('activatePolicy', { policyId });
  deactivatePolicy = (policyId: string) => this.call<void>('deactivatePolicy', { policyId });
  clonePolicy = (policyId: string) => this.call<Policy>('clonePolicy', { policyId });
  listPolicyApplications = (policyId: string) => this.call<Application[]>('listPolicyApplications', { policyId });
  listRules = (policyId: string) => this.call<PolicyRule[]>('listRules', { policyId });
  getRule = (policyId: string, ruleId: string) => this.call<PolicyRule>('getRule', { policyId, ruleId });
  createRule = (policyId: string, body: PolicyRuleInput) => this.call<PolicyRule>('createRule', { policyId }, body);
  replaceRule = (policyId: string, ruleId: string, body: PolicyRuleInput) =>
    this.call<PolicyRule>('replaceRule', { policyId, ruleId }, body);
  deleteRule = (policyId: string, ruleId: string) => this.call<void>('deleteRule', { policyId, ruleId });
  activateRule = (policyId: string, ruleId: string) => this.call<void>('activateRule', { policyId, ruleId });
  deactivateRule = (policyId: string, ruleId: string) => this.call<void>('deactivateRule', { policyId, ruleId });
  listUserTypes = () => this.call<UserType[]>('listUserTypes');
  getUserType = (typeId: string) => this.call<UserType>('getUserType', { typeId });
  createUserType = (body: CreateUserTypeInput) => this.call<UserType>('createUserType', {}, body);
  replaceUserType = (typeId: string, body: ReplaceUserTypeInput) =>
    this.call<UserType>('replaceUserType', { typeId }, body);
  updateUserType = (typeId: string, body: UpdateUserTypeInput) =>
    this.call<UserType>('updateUserType', { typeId }, body);
  deleteUserType = (typeId: string) => this.call<void>('deleteUserType', { typeId });

  simulate(body: SimulationRequest, expand: SimulationExpand[]): Promise<SimulationResponse> {
    const query = new URLSearchParams();
    for (const value of expand) query.append('expand', value);
    return this.call<SimulationResponse>('simulate', {}, body, query);
  }
}

/** The parsed body when it has the shape the route promises, else an UpstreamError. */
function expectShape(route: Route, status: number, body: unknown): unknown {
  const isArray = Array.isArray(body);
  const isObject = typeof body === 'object' && body !== null && !isArray;
  if (route.returns === 'array' ? isArray : isObject) return body;
  throw new UpstreamError({
    status,
    errorSummary: `Upstream answered ${status} without the expected JSON ${route.returns === 'array' ? 'array' : 'object'}`,
  });
}

const TRANSPORT_FAILURES: Record<string, string> = {
  UND_ERR_CONNECT_TIMEOUT: 'connect timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timed out waiting for the response headers',
  UND_ERR_BODY_TIMEOUT: 'timed out reading the response body',
  UND_ERR_SOCKET: 'connection closed',
  UND_ERR_CLOSED: 'client closed',
  UND_ERR_DESTROYED: 'client closed',
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connect timeout',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
};

function numberHeader(value: string | string[] | undefined): number | undefined {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return value === undefined || !Number.isFinite(n) ? undefined : n;
}

/** A failure before a complete response arrived; an invalid request (a bug) is rethrown unchanged. */
function transportFailure(method: string, path: string, error: unknown): Error {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'UND_ERR_INVALID_ARG') return error as Error;
  const what = (typeof code === 'string' && TRANSPORT_FAILURES[code]) || 'request failed';
  return new UpstreamUnavailableError(`${method} ${path}: ${what}`, { cause: error });
}
