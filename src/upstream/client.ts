// The undici client of the Policy and User Types services. One connection pool serves the whole
// gateway process; each operation gets a RestApi bound to its caller's Authorization header (which
// is forwarded as is and never logged or copied into an error) and to an OperationGuard that keeps
// the operation's calls within its budget, deadline and concurrency. Idempotent calls are retried
// (see retryPolicy.ts); creates never are. Every attempt, retries included, first takes a token of
// the upstream budget (see budget/), which its answer corrects. Attempts are dispatched straight to
// the pool and read whole (see attempt.ts). `send` composes these steps, one module each, in call/.
import type { OperationBody, OperationParams, OperationQuery, OperationResult } from 'policy-service-emulator/contract';
import { Pool } from 'undici';
import { GATEWAY_DEFAULTS } from '../config/settings.ts';
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
import { attempt } from './attempt.ts';
import { answerOf, type UpstreamResponse } from './call/answer.ts';
import { withBudgetToken } from './call/budgetToken.ts';
import { guarded } from './call/guarded.ts';
import { withObserver } from './call/observed.ts';
import { type PreparedCall, prepareCall, type UpstreamRequest } from './call/request.ts';
import { type RetriedResult, withRetries } from './call/retry.ts';
import { withBudgetWait, withTraceparent } from './call/traced.ts';
import { reportingTaken, type SharedReadRequest, SharedReads } from './call/sharedReads.ts';
import { type RightsClass, RightsClasses } from './call/rightsClasses.ts';
import { ReadCache, type ReadUse } from './cache/readCache.ts';
import type { CacheVersions } from './cache/versions.ts';
import type { RefusalChannel } from './refusalChannel.ts';
import type { TryOnce } from './call/steps.ts';
import { OperationGuard, type OperationLimits } from './operationGuard.ts';
import { RETRY_DEFAULTS, type RetrySettings } from './retryPolicy.ts';
import { TOKEN_TRUST_DEFAULTS, type TokenTrust, TrustedTokens } from './tokenTrust.ts';
import type { SharedRead, UpstreamObserver } from './observer.ts';
import type { CallTrace, UpstreamTracer } from './tracer.ts';
import { bucketOf, UpstreamBudget } from './budget/budget.ts';
import { type CallerStanding, UNPROVEN_CALLER } from './budget/window.ts';
import { UpstreamError } from './errors.ts';
import { nextCursorFromLink } from './pagination.ts';
import { isResultOf, type ReadFamily, type Route, ROUTES, type RouteName } from './routes.ts';
import { RecentlyUsed } from './recentlyUsed.ts';

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
  /** Larger response bodies are refused. */
  maxBodyBytes?: number;
  /** Retries of an idempotent call after a connection failure or a 429/502/503/504. */
  retries?: number;
  /** The defaults of every caller's operation (forCaller can override them). */
  operation?: Partial<OperationLimits>;
  /** The first backoff step and its cap (defaults 100 ms and 2 s); tests make them short. */
  retryDelays?: { baseMs: number; maxMs: number };
  /** Jitter source of the retry backoff in [0, 1); default Math.random. */
  random?: () => number;
  /** The rate-limit budget every attempt takes a token of; default: in process, learned from the headers. */
  budget?: UpstreamBudget;
  /** How long a credential the upstream refused gets no call (0: not remembered); default one minute. */
  refusedCredentialMs?: number;
  /**
   * Identical GETs of proven callers share one call, in flight or landed after the operation arrived
   * (call/sharedReads.ts); default on.
   */
  sharedReads?: boolean;
  /**
   * Other gateway processes write to the same org (replicas sharing Redis): without the read cache's
   * versions to tell, a GET joins only flights that took off after its operation arrived.
   */
  replicated?: boolean;
  /** How long a GET's 2xx answer is kept for proven callers (cache/readCache.ts); 0 or undefined: no cache. */
  cacheTtlSeconds?: number;
  /** Bytes the read cache may hold in this process (least recently used first out). */
  cacheMaxBytes?: number;
  /** Where the read cache's invalidation versions live (Redis for replicas); default in this process. */
  cacheVersions?: CacheVersions;
  /** Tells every replica of the credentials the service refused (Redis for replicas); default: this process only. */
  refusals?: RefusalChannel;
}

/** Credentials (header values) whose trust view is kept; the least recently used goes first. */
const REMEMBERED_CREDENTIALS = 512;
/** A longer header is looked up each time: the kept views then hold at most a megabyte of headers. */
const MAX_REMEMBERED_HEADER = 2_048;

/** The defaults of the UPSTREAM_* settings (src/config/settings.ts). */
export const UPSTREAM_DEFAULTS = GATEWAY_DEFAULTS.upstream;

/** Per-caller settings of `forCaller`: one GraphQL operation's limits and what follows it. */
export interface CallerOptions extends Partial<OperationLimits> {
  /** Sent upstream as `X-Request-Id` and reported to the observer, to follow one operation through the logs. */
  requestId?: string;
  /** Told about every HTTP attempt made for this caller, retries included. */
  observer?: UpstreamObserver;
  /** The operation's trace (src/tracing/): a span per HTTP attempt, its `traceparent` sent with it. */
  tracer?: UpstreamTracer;
  /** Aborted when the client goes away: in-flight calls are aborted and no new call starts. */
  signal?: AbortSignal;
  /**
   * The client's address (from its connection, or a trusted proxy's header): while the credential is
   * unproven, its calls count in this address's part of the unproven pool. Undefined: not limited per address.
   */
  clientAddress?: string;
  /**
   * Told of the body bytes the operation receives as they arrive; an error it returns stops the
   * reading call and every call after it (the operation's own memory bound, held by its caller).
   */
  onBodyBytes?: (count: number) => Error | undefined;
  /**
   * When the operation's request arrived (`performance.now()`): a read that took off after it is
   * as fresh as its own, so it may take such a read's answer (call/sharedReads.ts). Undefined: it
   * takes only reads in flight.
   */
  arrivedAt?: number;
  /**
   * Whether the operation wants the service's own answers (the client sent `Cache-Control: no-cache`,
   * or the operation is a mutation): then no read is answered from the cache. Asked at each read.
   */
  fresh?: () => boolean;
  /**
   * Told once of each call when it has settled: the read cache entry a GET was answered from or
   * kept in, or undefined for any call the read cache neither answered nor kept (a write, a read
   * shared from another's flight, an error, the cache off). What the answer cache keeps an answer by.
   * Without the cache, a GET also tells of the shared read it came from: what a joined answer checks.
   */
  onRead?: ReadUse;
}

/** The defaults of one operation's limits (OPERATION_TIMEOUT_MS, MAX_UPSTREAM_CALLS, … in src/config/settings.ts). */
export const OPERATION_DEFAULTS: OperationLimits = GATEWAY_DEFAULTS.upstream.operation;

export class UpstreamClient {
  private readonly pool: Pool;
  private readonly maxBodyBytes: number;
  private readonly basePath: string;
  readonly baseUrl: string;
  private readonly operation: OperationLimits;
  private readonly retry: RetrySettings;
  private readonly trustedTokens: TrustedTokens;
  /** trustOfCredential's views, by Authorization header; each key holds a header, so they are few and short. */
  private readonly trustByHeader = new RecentlyUsed<string, Required<TokenTrust>>(REMEMBERED_CREDENTIALS);
  /** The rate-limit budget of this origin, shared by every operation (and, through Redis, by every replica). */
  readonly budget: UpstreamBudget;
  private readonly bucket: string;
  /** Identical reads in flight, when they are shared. */
  readonly sharedReads: SharedReads | undefined;
  /** Other processes write to the org: flights are joined only by operations that arrived before them. */
  private readonly replicated: boolean;
  /** Recent 2xx answers to GETs, when CACHE_TTL_SECONDS is set. */
  readonly readCache: ReadCache | undefined;
  /**
   * Each credential's rights class for each kind of resource, as the service's own answers to it
   * showed lately: who may share whose read, in flight or from the cache (call/rightsClasses.ts).
   */
  readonly rights = new RightsClasses();

  constructor(options: UpstreamClientOptions) {
    const base = new URL(options.baseUrl);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') {
      throw new TypeError(`Upstream URL must use http or https, not ${base.protocol}`);
    }
    this.baseUrl = options.baseUrl;
    this.basePath = base.pathname.replace(/\/+$/, '');
    this.budget = options.budget ?? new UpstreamBudget();
    this.bucket = bucketOf(base.origin);
    this.replicated = options.replicated ?? false;
    this.sharedReads =
      (options.sharedReads ?? UPSTREAM_DEFAULTS.sharedReads) ? new SharedReads(this.rights) : undefined;
    const cacheTtlSeconds = options.cacheTtlSeconds ?? UPSTREAM_DEFAULTS.cacheTtlSeconds;
    this.readCache =
      cacheTtlSeconds > 0
        ? new ReadCache({
            ttlMs: cacheTtlSeconds * 1000,
            maxBytes: options.cacheMaxBytes ?? UPSTREAM_DEFAULTS.cacheMaxBytes,
            versions: options.cacheVersions,
            rights: this.rights,
          })
        : undefined;
    this.trustedTokens = new TrustedTokens(
      TOKEN_TRUST_DEFAULTS.provenMs,
      TOKEN_TRUST_DEFAULTS.maxEntries,
      Date.now,
      options.refusedCredentialMs,
    );
    const refusals = options.refusals;
    if (refusals) {
      this.trustedTokens.onRefused = (digest) => refusals.announce(digest);
      refusals.listen((digest) => this.trustedTokens.refusedElsewhere(digest));
    }
    this.pool = new Pool(base.origin, {
      connections: options.connections ?? UPSTREAM_DEFAULTS.connections,
      connect: { timeout: options.connectTimeoutMs ?? UPSTREAM_DEFAULTS.connectTimeoutMs },
      headersTimeout: options.headersTimeoutMs ?? UPSTREAM_DEFAULTS.headersTimeoutMs,
      bodyTimeout: options.bodyTimeoutMs ?? UPSTREAM_DEFAULTS.bodyTimeoutMs,
    });
    this.maxBodyBytes = options.maxBodyBytes ?? UPSTREAM_DEFAULTS.maxBodyBytes;
    this.operation = this.withBodyCap({ ...OPERATION_DEFAULTS, ...definedMembers(options.operation ?? {}) });
    this.retry = {
      retries: options.retries ?? UPSTREAM_DEFAULTS.retries,
      baseDelayMs: options.retryDelays?.baseMs ?? RETRY_DEFAULTS.baseDelayMs,
      maxDelayMs: options.retryDelays?.maxMs ?? RETRY_DEFAULTS.maxDelayMs,
      random: options.random ?? Math.random,
    };
  }

  /** The limits every operation gets unless its caller's options say otherwise. */
  get operationLimits(): OperationLimits {
    return this.operation;
  }

  /**
   * The REST operations for one caller and one GraphQL operation: its calls share the operation's
   * budget, deadline, concurrency bound and short-circuits.
   */
  forCaller(authorization: string, options: CallerOptions = {}): CallerRestApi {
    const { signal, requestId, observer, tracer, clientAddress, onBodyBytes, arrivedAt, fresh, onRead, ...limits } =
      options;
    const startedAt = Date.now();
    const leave =
      arrivedAt === undefined
        ? undefined
        : this.sharedReads?.arrive(arrivedAt, arrivedAt + (limits.timeoutMs ?? this.operation.timeoutMs));
    // Made at the first call: an operation that needs no upstream data costs no timer or listener.
    let guard: OperationGuard | undefined;
    let trust: Required<TokenTrust> | undefined;
    const trustOf = () => {
      trust ??= this.trustOfCredential(authorization);
      return trust;
    };
    let cancelled = false;
    const guardOf = () => {
      if (guard) return guard;
      guard = new OperationGuard(this.withBodyCap({ ...this.operation, ...definedMembers(limits) }), trustOf(), {
        clientSignal: signal,
        startedAt,
        onBytes: onBodyBytes,
      });
      if (cancelled) guard.cancel();
      return guard;
    };
    return new CallerApi(
      (request) =>
        this.send(
          request,
          authorization,
          guardOf(),
          { requestId, observer, tracer, clientAddress, arrivedAt, fresh, onRead },
          trustOf().budgetCaller,
          () => proofKeyOf(trustOf()),
        ),
      () => {
        guard?.finish();
        leave?.();
      },
      () => throttleStatusOf(this.budget.standingOf(trustOf().budgetCaller())),
      () => {
        cancelled = true;
        guard?.cancel();
      },
    );
  }

  /**
   * What a shared answer needs to know of a credential's caller now: its rights class for a family
   * (undefined: not known, or refused since) and its standing in the org's window.
   */
  callerView(authorization: string): {
    rights(family: ReadFamily): RightsClass | undefined;
    throttleStatus(): ThrottleStatus;
  } {
    const trust = this.trustOfCredential(authorization);
    return {
      rights: (family) => this.rights.classOf(proofKeyOf(trust), family),
      throttleStatus: () => throttleStatusOf(this.budget.standingOf(trust.budgetCaller())),
    };
  }

  /** Who the credential's caller is now (tokenTrust.ts): its person once a Bearer JWT is proven, else its digest. */
  callerOf(authorization: string): { key: string; settled: boolean } {
    return this.trustOfCredential(authorization).caller();
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  /**
   * Nothing read so far is answered from the read cache again, on any replica: for a reset of the
   * org or a fixture loaded behind the gateway's back (the test helpers and the embedded emulator call it).
   */
  async invalidateCache(): Promise<void> {
    await this.readCache?.invalidateAll();
  }

  /**
   * What is known of a credential (its digest, proven or refused), looked up once per header
   * value: the same few callers send the same header on every operation, and digesting it each
   * time cost more than the rest of an operation's context. The view holds no state of its own
   * (trustedTokens does), so a remembered one stays true.
   */
  private trustOfCredential(authorization: string): Required<TokenTrust> {
    if (authorization.length > MAX_REMEMBERED_HEADER) return this.trustedTokens.for(authorization);
    let trust = this.trustByHeader.get(authorization);
    if (!trust) {
      trust = this.trustedTokens.for(authorization);
      this.trustByHeader.set(authorization, trust);
    }
    return trust;
  }

  /** The body cap holds per page and per operation: an operation's answers together stay under it too. */
  private withBodyCap(limits: OperationLimits): OperationLimits {
    return { ...limits, maxResponseBytes: Math.min(limits.maxResponseBytes, this.maxBodyBytes) };
  }

  /**
   * One call, as composable steps (see call/): the guard admits it and settles it once classified;
   * inside, the retry step repeats the attempt as the retry policy allows; each attempt takes a
   * budget token first, is reported to the observer, and is dispatched to the pool; the answer step
   * reads the last attempt's result as the call's answer or typed error. Before all that, with the
   * read cache on, a GET of a proven caller may be answered from it (cache/readCache.ts), and a
   * write makes stale what it can have changed before its answer returns.
   */
  private send(
    request: UpstreamRequest,
    authorization: string,
    guard: OperationGuard,
    caller: Pick<
      CallerOptions,
      'requestId' | 'observer' | 'tracer' | 'clientAddress' | 'arrivedAt' | 'fresh' | 'onRead'
    >,
    /** The caller in the budget: asked at each attempt, since the probe's answer proves the credential. */
    budgetCaller: () => string,
    /** Whose rights class a read is of (call/rightsClasses.ts): the credential, or UNPROVEN_CALLER once refused. */
    proofKey: () => string,
  ): Promise<UpstreamResponse> {
    const call = prepareCall(this.basePath, request, authorization, caller.requestId);
    // Untraced (tracing off), the call's steps are what they were: no object or closure more.
    const traced = caller.tracer?.call({
      method: call.route.method,
      template: call.route.template,
      target: call.options.path,
    });
    const dispatch: TryOnce = traced
      ? withTraceparent(call, traced, (options) => attempt(this.pool, options, this.maxBodyBytes, guard))
      : () => attempt(this.pool, call.options, this.maxBodyBytes, guard);
    const budgeted = withBudgetToken(
      { budget: this.budget, bucket: this.bucket, callerOf: budgetCaller, guard, address: caller.clientAddress },
      withObserver(call, caller.observer, caller.requestId, dispatch),
    );
    const tryOnce = traced ? withBudgetWait(traced, budgeted) : budgeted;
    const retried = () => withRetries(call.route, guard, this.retry, tryOnce);
    const family = call.route.family;
    /** The caller's class for this family now: undefined once the service has refused it, or before it answered it. */
    const rights = () => this.rights.classOf(proofKey(), family);
    // `keep` is handed this caller's own result (not one shared from another's flight): the cache's.
    const fresh = async (
      keep?: (result: RetriedResult) => void,
      stamp?: string,
      onTaken?: SharedReadRequest['onTaken'],
    ) => {
      let own: RetriedResult | undefined;
      let answeredOwn = false;
      const run = async () => {
        own = await retried();
        keep?.(own);
        return own;
      };
      const response = await guarded(guard, async () => {
        const result = await this.withSharing(call, guard, rights(), caller, run, stamp, traced, onTaken);
        answeredOwn = result === own;
        return answerOf(call, result, guard);
      });
      // Only the service's own 2xx answer to this caller teaches its class (asked once the call has
      // settled: the probe's answer proves the credential); a shared answer or a cache hit teaches nothing.
      if (answeredOwn && call.route.method === 'GET' && (this.sharedReads || this.readCache)) {
        this.rights.answered(proofKey(), family, response.body);
      }
      return response;
    };
    const cache = this.readCache;
    if (call.route.method !== 'GET') {
      caller.onRead?.(undefined);
      return cache ? invalidatingAfter(fresh(), () => cache.written(call.route)) : fresh();
    }
    if (!cache) return reportingTaken(caller.onRead, (onTaken) => fresh(undefined, undefined, onTaken));
    const onHit = (ageMs: number) => {
      caller.observer?.onCacheHit?.({ ...readOf(call, caller.requestId), ageMs });
      traced?.answeredWithout('cache', ageMs);
    };
    return cache.read(call, family, rights, caller.fresh?.() !== true, guard, fresh, onHit, caller.onRead);
  }

  /**
   * A GET takes an identical one that landed after its operation arrived, or joins one in flight, or
   * leads one (call/sharedReads.ts); a write ends the sharing of its kind's flights when it starts
   * and when it ends. With the read cache on, only reads under the same cache versions (`stamp`) are
   * shared: a write through another replica moves them on but cannot end this replica's flights.
   */
  private async withSharing(
    call: PreparedCall,
    guard: OperationGuard,
    rights: RightsClass | undefined,
    caller: Pick<CallerOptions, 'requestId' | 'observer' | 'arrivedAt'>,
    run: () => Promise<RetriedResult>,
    stamp?: string,
    traced?: CallTrace,
    onTaken?: SharedReadRequest['onTaken'],
  ): Promise<RetriedResult> {
    const shared = this.sharedReads;
    if (!shared) return run();
    const family = call.route.family;
    if (call.route.method !== 'GET') {
      shared.written(family);
      try {
        return await run();
      } finally {
        shared.written(family);
      }
    }
    const key = stamp === undefined ? call.options.path : `${call.options.path} ${stamp}`;
    const joinedOne = () => {
      caller.observer?.onSharedRead?.(readOf(call, caller.requestId));
      traced?.answeredWithout('shared');
    };
    const onlyLaterFlights = this.replicated && stamp === undefined;
    return shared.read(
      { url: key, family, rights, arrivedAt: caller.arrivedAt, guard, joinedOne, onlyLaterFlights, onTaken },
      run,
    );
  }
}

type Send = (request: UpstreamRequest) => Promise<UpstreamResponse>;

/** Whose rights class a read is of: the credential's digest, but not once the service has refused it (a revoked token is not served what it read before). */
function proofKeyOf(trust: Required<TokenTrust>): string {
  return trust.isTrusted() ? trust.digest : UNPROVEN_CALLER;
}

/** A read answered without a request of its own, as the observer hears of it. */
function readOf(call: PreparedCall, requestId: string | undefined): SharedRead {
  return { method: call.route.method, template: call.route.template, path: call.path, requestId };
}

/** A write's answer once `invalidate` has ended, whatever the write's outcome (a failed one may have applied). */
async function invalidatingAfter<T>(write: Promise<T>, invalidate: () => Promise<void>): Promise<T> {
  try {
    return await write;
  } finally {
    await invalidate();
  }
}

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

/** The throttle status of a standing; a caller this replica has not seen yet: nothing known. */
function throttleStatusOf(standing: CallerStanding | undefined): ThrottleStatus {
  if (!standing) return { limit: null, remaining: null, resetAt: null, callerLimit: null };
  const { limit, remaining, resetAt, callerLimit } = standing;
  return { limit, remaining, resetAt, callerLimit };
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
class CallerApi implements CallerRestApi {
  constructor(
    private readonly send: Send,
    readonly finish: () => void,
    readonly throttleStatus: () => ThrottleStatus | undefined,
    readonly cancel: () => void,
  ) {}

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

/** Partial<T> without the members that are present but undefined, so that spreading keeps the defaults. */
function definedMembers<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
