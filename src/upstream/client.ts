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
import { nextCursorFromLink } from './pagination.ts';
import { apiPath } from './paths.ts';

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

/** Every RestApi method name; the type below fails to compile when one is missing. */
export const REST_API_METHODS = [
  'listPolicies',
  'getPolicy',
  'createPolicy',
  'replacePolicy',
  'deletePolicy',
  'activatePolicy',
  'deactivatePolicy',
  'clonePolicy',
  'listPolicyApplications',
  'listRules',
  'getRule',
  'createRule',
  'replaceRule',
  'deleteRule',
  'activateRule',
  'deactivateRule',
  'listUserTypes',
  'getUserType',
  'createUserType',
  'replaceUserType',
  'updateUserType',
  'deleteUserType',
  'simulate',
] as const satisfies readonly (keyof RestApi)[];
const everyMethodListed: Exclude<keyof RestApi, (typeof REST_API_METHODS)[number]> extends never ? true : never = true;
void everyMethodListed;

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

interface UpstreamRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
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

  constructor(options: UpstreamClientOptions) {
    const base = new URL(options.baseUrl);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') {
      throw new TypeError(`Upstream URL must use http or https, not ${base.protocol}`);
    }
    this.basePath = base.pathname.replace(/\/+$/, '');
    this.pool = new Pool(base.origin, {
      connections: options.connections ?? UPSTREAM_DEFAULTS.connections,
      connect: { timeout: options.connectTimeoutMs ?? UPSTREAM_DEFAULTS.connectTimeoutMs },
      headersTimeout: options.headersTimeoutMs ?? UPSTREAM_DEFAULTS.headersTimeoutMs,
      bodyTimeout: options.bodyTimeoutMs ?? UPSTREAM_DEFAULTS.bodyTimeoutMs,
    });
  }

  forCaller(authorization: string): RestApi {
    return new CallerApi((request) => this.send(request, authorization));
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  private async send(request: UpstreamRequest, authorization: string): Promise<UpstreamResponse> {
    const { method, path, query, body } = request;
    const headers: Record<string, string> = { accept: 'application/json', authorization };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const search = query && query.size > 0 ? `?${query}` : '';
    let status: number;
    let text: string;
    let link: string | string[] | undefined;
    try {
      const res = await this.pool.request({
        method,
        path: this.basePath + path + search,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      status = res.statusCode;
      link = res.headers.link;
      text = await res.body.text();
    } catch (error) {
      throw transportFailure(method, path, error);
    }
    if (status === 502 || status === 503 || status === 504) {
      throw new UpstreamUnavailableError(`${method} ${path}: upstream answered ${status}`, { status });
    }
    if (status < 200 || status >= 300) throw UpstreamError.fromResponse(status, text);
    if (text.trim() === '') return { status, body: undefined, link };
    try {
      return { status, body: JSON.parse(text), link };
    } catch {
      throw new UpstreamError({ status, errorSummary: `Upstream answered ${status} with a body that is not JSON` });
    }
  }
}

type Send = (request: UpstreamRequest) => Promise<UpstreamResponse>;

/** The REST operations of both spec files, with one caller's credentials. */
class CallerApi implements RestApi {
  constructor(private readonly send: Send) {}

  async listPolicies(args: PolicyListArgs): Promise<Page<Policy>> {
    const query = new URLSearchParams({ type: args.type });
    if (args.status !== undefined) query.set('status', args.status);
    if (args.q !== undefined) query.set('q', args.q);
    if (args.sortBy !== undefined) query.set('sortBy', args.sortBy);
    if (args.limit !== undefined) query.set('limit', String(args.limit));
    if (args.after !== undefined) query.set('after', args.after);
    const res = await this.send({ method: 'GET', path: '/api/v1/policies', query });
    return { items: arrayBody<Policy>(res), nextCursor: nextCursorFromLink(res.link) };
  }

  async getPolicy(id: string): Promise<Policy> {
    return objectBody(await this.send({ method: 'GET', path: apiPath`/api/v1/policies/${id}` }));
  }

  async createPolicy(body: PolicyInput): Promise<Policy> {
    return objectBody(await this.send({ method: 'POST', path: '/api/v1/policies', body }));
  }

  async replacePolicy(id: string, body: PolicyInput): Promise<Policy> {
    return objectBody(await this.send({ method: 'PUT', path: apiPath`/api/v1/policies/${id}`, body }));
  }

  async deletePolicy(id: string): Promise<void> {
    await this.send({ method: 'DELETE', path: apiPath`/api/v1/policies/${id}` });
  }

  async activatePolicy(id: string): Promise<void> {
    await this.send({ method: 'POST', path: apiPath`/api/v1/policies/${id}/lifecycle/activate` });
  }

  async deactivatePolicy(id: string): Promise<void> {
    await this.send({ method: 'POST', path: apiPath`/api/v1/policies/${id}/lifecycle/deactivate` });
  }

  async clonePolicy(id: string): Promise<Policy> {
    return objectBody(await this.send({ method: 'POST', path: apiPath`/api/v1/policies/${id}/clone` }));
  }

  async listPolicyApplications(id: string): Promise<Application[]> {
    return arrayBody(await this.send({ method: 'GET', path: apiPath`/api/v1/policies/${id}/app` }));
  }

  async listRules(policyId: string): Promise<PolicyRule[]> {
    return arrayBody(await this.send({ method: 'GET', path: apiPath`/api/v1/policies/${policyId}/rules` }));
  }

  async getRule(policyId: string, ruleId: string): Promise<PolicyRule> {
    return objectBody(await this.send({ method: 'GET', path: apiPath`/api/v1/policies/${policyId}/rules/${ruleId}` }));
  }

  async createRule(policyId: string, body: PolicyRuleInput): Promise<PolicyRule> {
    return objectBody(await this.send({ method: 'POST', path: apiPath`/api/v1/policies/${policyId}/rules`, body }));
  }

  async replaceRule(policyId: string, ruleId: string, body: PolicyRuleInput): Promise<PolicyRule> {
    return objectBody(
      await this.send({ method: 'PUT', path: apiPath`/api/v1/policies/${policyId}/rules/${ruleId}`, body }),
    );
  }

  async deleteRule(policyId: string, ruleId: string): Promise<void> {
    await this.send({ method: 'DELETE', path: apiPath`/api/v1/policies/${policyId}/rules/${ruleId}` });
  }

  async activateRule(policyId: string, ruleId: string): Promise<void> {
    await this.send({ method: 'POST', path: apiPath`/api/v1/policies/${policyId}/rules/${ruleId}/lifecycle/activate` });
  }

  async deactivateRule(policyId: string, ruleId: string): Promise<void> {
    await this.send({
      method: 'POST',
      path: apiPath`/api/v1/policies/${policyId}/rules/${ruleId}/lifecycle/deactivate`,
    });
  }

  async listUserTypes(): Promise<UserType[]> {
    return arrayBody(await this.send({ method: 'GET', path: '/api/v1/meta/types/user' }));
  }

  async getUserType(id: string): Promise<UserType> {
    return objectBody(await this.send({ method: 'GET', path: apiPath`/api/v1/meta/types/user/${id}` }));
  }

  async createUserType(body: CreateUserTypeInput): Promise<UserType> {
    // The spec writes the create path with a trailing slash.
    return objectBody(await this.send({ method: 'POST', path: '/api/v1/meta/types/user/', body }));
  }

  async replaceUserType(id: string, body: ReplaceUserTypeInput): Promise<UserType> {
    return objectBody(await this.send({ method: 'PUT', path: apiPath`/api/v1/meta/types/user/${id}`, body }));
  }

  async updateUserType(id: string, body: UpdateUserTypeInput): Promise<UserType> {
    return objectBody(await this.send({ method: 'POST', path: apiPath`/api/v1/meta/types/user/${id}`, body }));
  }

  async deleteUserType(id: string): Promise<void> {
    await this.send({ method: 'DELETE', path: apiPath`/api/v1/meta/types/user/${id}` });
  }

  async simulate(body: SimulationRequest, expand: SimulationExpand[]): Promise<SimulationResponse> {
    const query = new URLSearchParams();
    for (const value of expand) query.append('expand', value);
    return objectBody(await this.send({ method: 'POST', path: '/api/v1/policies/simulate', query, body }));
  }
}

function objectBody<T>(res: UpstreamResponse): T {
  if (typeof res.body !== 'object' || res.body === null || Array.isArray(res.body)) {
    throw new UpstreamError({
      status: res.status,
      errorSummary: `Upstream answered ${res.status} without the expected JSON object`,
    });
  }
  return res.body as T;
}

function arrayBody<T>(res: UpstreamResponse): T[] {
  if (!Array.isArray(res.body)) {
    throw new UpstreamError({
      status: res.status,
      errorSummary: `Upstream answered ${res.status} without the expected JSON array`,
    });
  }
  return res.body as T[];
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

/** A failure before a complete response arrived; an invalid request (a bug) is rethrown unchanged. */
function transportFailure(method: string, path: string, error: unknown): Error {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'UND_ERR_INVALID_ARG') return error as Error;
  const what = (typeof code === 'string' && TRANSPORT_FAILURES[code]) || 'request failed';
  return new UpstreamUnavailableError(`${method} ${path}: ${what}`, { cause: error });
}
