// The typed facade of the upstream client: the REST operations the resolvers call, bound to one
// caller's operation. `call` takes an operation of the contract by name, typed from its schemas;
// each named method is a one-line wrapper of it (a list with its next page's cursor, from the
// Link header: pagination.ts). Every call goes through the client's list of steps (client.ts, call/).
import type { OperationBody, OperationParams, OperationQuery, OperationResult } from 'policy-service-emulator/contract';
import type {
  Application,
  CreateUserTypeInput,
  Policy,
  PolicyInput,
  PolicyRule,
  PolicyRuleInput,
  ReplaceUserTypeInput,
  SimulationExpand,
  SimulationRequest,
  SimulationResponse,
  UpdateUserTypeInput,
  User,
  UserType,
} from '../rest/types.ts';
import type { UpstreamResponse } from './call/answer.ts';
import type { UpstreamRequest } from './call/request.ts';
import { UpstreamError } from './errors.ts';
import { nextCursorFromLink } from './pagination.ts';
import { isResultOf, type Route, ROUTES, type RouteName } from './routes.ts';

/** The query of a policy list, as the contract's `listPolicies` states it (`limit`: see POLICY_PAGE_SIZE). */
export type PolicyListArgs = OperationQuery<'listPolicies'>;

export interface Page<T> {
  items: T[];
  /** The `after` cursor of the Link rel="next" header; null on the last page. */
  nextCursor: string | null;
}

/**
 * One operation of the contract by name, its path parameters, body, query and result typed from its
 * schemas in OPERATIONS: `call('getPolicy', { policyId })` answers a policy.
 */
export type Call = <N extends RouteName>(
  name: N,
  params: OperationParams<N>,
  body?: OperationBody<N>,
  query?: OperationQuery<N>,
) => Promise<OperationResult<N>>;

/**
 * REST operations bound to one caller's Authorization header: `call`, and a named method for each
 * operation the resolvers use. Every method throws UpstreamError / UpstreamUnavailableError.
 */
export interface RestApi {
  call: Call;
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
  /** The platform's Users API (see users.ts: the one question the gateway asks it). */
  listUsers(query: OperationQuery<'listUsers'>): Promise<User[]>;
}

/** Every RestApi method name: `call` and the route table's names. */
export const REST_API_METHODS = ['call', ...Object.keys(ROUTES)] as (RouteName | 'call')[];
const everyMethodRouted: Exclude<keyof RestApi, RouteName | 'call'> extends never ? true : never = true;
void everyMethodRouted;

/**
 * The caller's standing in the org's upstream rate-limit window, as this gateway last knew it:
 * what the caller may still spend (its fair share of what is left) and when the window resets.
 * Null members are not known yet (no answer has taught the limit).
 */
export interface ThrottleStatus {
  /** The org's requests per window, as the service's headers told. */
  limit: number | null;
  /** Upstream requests this caller may still make in the current window. */
  remaining: number | null;
  /** When the current window ends (epoch ms). */
  resetAt: number | null;
  /** The most this caller may use of one window: the limit less the newcomer reserve, or CALLER_SHARE of it when lower. */
  callerLimit: number | null;
}

/** What the facade is made of: the client's send, and the operation's ends (see CallerRestApi). */
export interface CallerApiParts {
  send: (request: UpstreamRequest) => Promise<UpstreamResponse>;
  finish: () => void;
  throttleStatus: () => ThrottleStatus | undefined;
  cancel: () => void;
}

/** One operation's RestApi; `finish()` when the operation has answered. */
export interface CallerRestApi extends RestApi {
  finish(): void;
  /** The caller's share of the org budget now; undefined when there is no caller to speak of. */
  throttleStatus(): ThrottleStatus | undefined;
  /** Stops the operation's calls as `signal` would (cheaper than an AbortSignal when the caller has none). */
  cancel(): void;
}

/** The REST operations of both spec files, with one caller's credentials: each one row of ROUTES. */
export class CallerApi implements CallerRestApi {
  private readonly send: CallerApiParts['send'];
  readonly finish: () => void;
  readonly throttleStatus: () => ThrottleStatus | undefined;
  readonly cancel: () => void;

  constructor({ send, finish, throttleStatus, cancel }: CallerApiParts) {
    this.send = send;
    this.finish = finish;
    this.throttleStatus = throttleStatus;
    this.cancel = cancel;
  }

  call: Call = async (name, params, body, query) => (await this.answer(name, params, body, query)).result;

  /** The call's result, once its body holds what the operation promises, and its Link header. */
  private async answer<N extends RouteName>(
    name: N,
    params: OperationParams<N>,
    body: OperationBody<N> | undefined,
    query: OperationQuery<N> | undefined,
  ): Promise<{ result: OperationResult<N>; link: UpstreamResponse['link'] }> {
    const route = ROUTES[name];
    const res = await this.send({ route, params, body, query: searchParamsOf(route, query) });
    if (!isResultOf(name, res.body)) {
      throw new UpstreamError({
        status: res.status,
        errorSummary: `Upstream answered ${res.status} without the expected ${route.expected}`,
      });
    }
    return { result: res.body, link: res.link };
  }

  async listPolicies(args: PolicyListArgs): Promise<Page<Policy>> {
    const { result, link } = await this.answer('listPolicies', {}, undefined, args);
    return { items: result, nextCursor: nextCursorFromLink(link) };
  }

  getPolicy = (policyId: string): Promise<Policy> => this.call('getPolicy', { policyId });
  createPolicy = (body: PolicyInput): Promise<Policy> => this.call('createPolicy', {}, body);
  replacePolicy = (policyId: string, body: PolicyInput): Promise<Policy> =>
    this.call('replacePolicy', { policyId }, body);
  deletePolicy = (policyId: string) => this.call('deletePolicy', { policyId });
  activatePolicy = (policyId: string) => this.call('activatePolicy', { policyId });
  deactivatePolicy = (policyId: string) => this.call('deactivatePolicy', { policyId });
  clonePolicy = (policyId: string): Promise<Policy> => this.call('clonePolicy', { policyId });
  listPolicyApplications = (policyId: string): Promise<Application[]> =>
    this.call('listPolicyApplications', { policyId });
  listRules = (policyId: string): Promise<PolicyRule[]> => this.call('listRules', { policyId });
  getRule = (policyId: string, ruleId: string): Promise<PolicyRule> => this.call('getRule', { policyId, ruleId });
  createRule = (policyId: string, body: PolicyRuleInput): Promise<PolicyRule> =>
    this.call('createRule', { policyId }, body);
  replaceRule = (policyId: string, ruleId: string, body: PolicyRuleInput): Promise<PolicyRule> =>
    this.call('replaceRule', { policyId, ruleId }, body);
  deleteRule = (policyId: string, ruleId: string) => this.call('deleteRule', { policyId, ruleId });
  activateRule = (policyId: string, ruleId: string) => this.call('activateRule', { policyId, ruleId });
  deactivateRule = (policyId: string, ruleId: string) => this.call('deactivateRule', { policyId, ruleId });
  listUserTypes = (): Promise<UserType[]> => this.call('listUserTypes', {});
  getUserType = (typeId: string): Promise<UserType> => this.call('getUserType', { typeId });
  createUserType = (body: CreateUserTypeInput): Promise<UserType> => this.call('createUserType', {}, body);
  replaceUserType = (typeId: string, body: ReplaceUserTypeInput): Promise<UserType> =>
    this.call('replaceUserType', { typeId }, body);
  updateUserType = (typeId: string, body: UpdateUserTypeInput): Promise<UserType> =>
    this.call('updateUserType', { typeId }, body);
  deleteUserType = (typeId: string) => this.call('deleteUserType', { typeId });
  simulate = (body: SimulationRequest, expand: SimulationExpand[]): Promise<SimulationResponse> =>
    this.call('simulate', {}, body, { expand });
  listUsers = (query: OperationQuery<'listUsers'>): Promise<User[]> => this.call('listUsers', {}, undefined, query);
}

/** A call's query string: the route's parameters in the contract's order, a repeated one once per value. */
function searchParamsOf(route: Route, query: Readonly<Record<string, unknown>> | undefined): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of route.query) {
    const value = query?.[key];
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined) search.append(key, String(item));
    }
  }
  return search;
}
