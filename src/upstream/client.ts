// The undici client of the Policy and User Types services. One connection pool serves the whole
// gateway process; each operation gets a RestApi (restApi.ts) bound to its caller's Authorization
// header (which is forwarded as is and never logged or copied into an error) and to an
// OperationGuard that keeps the operation's calls within its budget, deadline and concurrency.
// Every call goes through one list of steps, composed once per client (`send`; one module each in
// call/, the order in docs/architecture.md): the read cache, the guard, shared reads, retries (see
// retryPolicy.ts; creates never are), and per attempt its budget token (budget/), which its answer
// corrects, its report to the observer, and the attempt, dispatched straight to the pool and read
// whole (attempt.ts).
import { type Dispatcher, Pool } from 'undici';
import { GATEWAY_DEFAULTS } from '../config/settings.ts';
import { attempt } from './attempt.ts';
import type { UpstreamResponse } from './call/answer.ts';
import { budgetToken } from './call/budgetToken.ts';
import { cachedReads } from './call/cachedReads.ts';
import { guarded } from './call/guarded.ts';
import { observed } from './call/observed.ts';
import { type CallOperation, prepareCall } from './call/request.ts';
import { retries } from './call/retry.ts';
import { learningRights } from './call/rightsLearning.ts';
import { type RightsClass, RightsClasses } from './call/rightsClasses.ts';
import { SharedReads, sharingReads } from './call/sharedReads.ts';
import { compose, type Send } from './call/steps.ts';
import { budgetWait, traceparent } from './call/traced.ts';
import { invalidatingWrites } from './call/writeInvalidation.ts';
import { ReadCache } from './cache/readCache.ts';
import type { ReadUse } from './cache/store.ts';
import type { CacheVersions } from './cache/versions.ts';
import type { RefusalChannel } from './refusalChannel.ts';
import { OperationGuard, type OperationLimits } from './operationGuard.ts';
import { RETRY_DEFAULTS, type RetrySettings } from './retryPolicy.ts';
import { TOKEN_TRUST_DEFAULTS, type TokenTrust, TrustedTokens } from './tokenTrust.ts';
import type { UpstreamObserver } from './observer.ts';
import type { UpstreamTracer } from './tracer.ts';
import { bucketOf, UpstreamBudget } from './budget/budget.ts';
import { type CallerStanding, UNPROVEN_CALLER } from './budget/window.ts';
import { RecentlyUsed } from './recentlyUsed.ts';
import type { ReadFamily } from './routes.ts';
import { CallerApi, type CallerRestApi, type ThrottleStatus } from './restApi.ts';

export type { CallerRestApi, Page, PolicyListArgs, RestApi, ThrottleStatus } from './restApi.ts';
export { REST_API_METHODS } from './restApi.ts';

export interface UpstreamClientOptions {
  /** Base URL of the services, e.g. `https://org.example.com` (a path prefix is kept). */
  baseUrl: string;
  /** Upper bound of open connections to the upstream origin. */
  connections?: number;
  /**
   * Reads sent on one connection before the first is answered (HTTP/1.1 pipelining); default 1.
   * undici sends a write only on a connection with nothing else in flight, and fills one
   * connection's pipeline before it opens the next: a read waits behind those sent before it.
   */
  pipelining?: number;
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
   * Told when the operation's deadline passes, before any call in flight learns of it: the caller's
   * own deadline (the answer meter's) then holds at the same moment, not a timer's tick later.
   */
  onDeadline?: (timeoutMs: number) => void;
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
  private readonly trustedTokens: TrustedTokens;
  /** trustOfCredential's views, by Authorization header; each key holds a header, so they are few and short. */
  private readonly trustByHeader = new RecentlyUsed<string, Required<TokenTrust>>(REMEMBERED_CREDENTIALS);
  /** The rate-limit budget of this origin, shared by every operation (and, through Redis, by every replica). */
  readonly budget: UpstreamBudget;
  private readonly bucket: string;
  /** Identical reads in flight, when they are shared. */
  readonly sharedReads: SharedReads | undefined;
  /** Recent 2xx answers to GETs, when CACHE_TTL_SECONDS is set. */
  readonly readCache: ReadCache | undefined;
  /**
   * Each credential's rights class for each kind of resource, as the service's own answers to it
   * showed lately: who may share whose read, in flight or from the cache (call/rightsClasses.ts).
   */
  readonly rights = new RightsClasses();
  /** One call through the list of steps. */
  private readonly send: Send<UpstreamResponse>;

  constructor(options: UpstreamClientOptions) {
    const base = new URL(options.baseUrl);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') {
      throw new TypeError(`Upstream URL must use http or https, not ${base.protocol}`);
    }
    this.baseUrl = options.baseUrl;
    this.basePath = base.pathname.replace(/\/+$/, '');
    this.budget = options.budget ?? new UpstreamBudget();
    this.bucket = bucketOf(base.origin);
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
    const pipelining = options.pipelining ?? UPSTREAM_DEFAULTS.pipelining;
    const dispatched = pipelining > 1 ? readsPipelined : sentAsPrepared;
    this.pool = new Pool(base.origin, {
      connections: options.connections ?? UPSTREAM_DEFAULTS.connections,
      pipelining,
      connect: { timeout: options.connectTimeoutMs ?? UPSTREAM_DEFAULTS.connectTimeoutMs },
      headersTimeout: options.headersTimeoutMs ?? UPSTREAM_DEFAULTS.headersTimeoutMs,
      bodyTimeout: options.bodyTimeoutMs ?? UPSTREAM_DEFAULTS.bodyTimeoutMs,
    });
    this.maxBodyBytes = options.maxBodyBytes ?? UPSTREAM_DEFAULTS.maxBodyBytes;
    this.operation = this.withBodyCap({ ...OPERATION_DEFAULTS, ...definedMembers(options.operation ?? {}) });
    const retry: RetrySettings = {
      retries: options.retries ?? UPSTREAM_DEFAULTS.retries,
      baseDelayMs: options.retryDelays?.baseMs ?? RETRY_DEFAULTS.baseDelayMs,
      maxDelayMs: options.retryDelays?.maxMs ?? RETRY_DEFAULTS.maxDelayMs,
      random: options.random ?? Math.random,
    };
    const { readCache: cache, sharedReads: shared, rights } = this;
    // The order a call goes through, outermost first; a step that is off is left out here, and one
    // that does not apply to a call (a write, an untraced operation) passes it on at no cost.
    this.send = compose({
      answered: [
        invalidatingWrites(cache),
        cachedReads(cache),
        learningRights({ rights, shared: shared !== undefined || cache !== undefined }),
      ],
      guard: guarded,
      attempted: [
        sharingReads({ shared, rights, replicated: options.replicated ?? false }),
        retries(retry),
        budgetWait,
        budgetToken({ budget: this.budget, bucket: this.bucket }),
        observed,
        traceparent,
      ],
      attempt: (call) => attempt(this.pool, dispatched(call.options), this.maxBodyBytes, call.guard),
    });
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
    const {
      signal,
      requestId,
      observer,
      tracer,
      clientAddress,
      onBodyBytes,
      onDeadline,
      arrivedAt,
      fresh,
      onRead,
      ...limits
    } = options;
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
        onDeadline,
      });
      if (cancelled) guard.cancel();
      return guard;
    };
    const operation: CallOperation = {
      authorization,
      requestId,
      observer,
      tracer,
      clientAddress,
      arrivedAt,
      fresh,
      onRead,
      guard: guardOf,
      budgetCaller: () => trustOf().budgetCaller(),
      proofKey: () => proofKeyOf(trustOf()),
    };
    return new CallerApi({
      send: (request) => this.send(prepareCall(this.basePath, request, operation)),
      finish: () => {
        guard?.finish();
        leave?.();
      },
      throttleStatus: () => throttleStatusOf(this.budget.standingOf(trustOf().budgetCaller())),
      cancel: () => {
        cancelled = true;
        guard?.cancel();
      },
    });
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
}

/** Whose rights class a read is of: the credential's digest, but not once the service has refused it (a revoked token is not served what it read before). */
function proofKeyOf(trust: Required<TokenTrust>): string {
  return trust.isTrusted() ? trust.digest : UNPROVEN_CALLER;
}

/** The throttle status of a standing; a caller this replica has not seen yet: nothing known. */
function throttleStatusOf(standing: CallerStanding | undefined): ThrottleStatus {
  if (!standing) return { limit: null, remaining: null, resetAt: null, callerLimit: null };
  const { limit, remaining, resetAt, callerLimit } = standing;
  return { limit, remaining, resetAt, callerLimit };
}

/**
 * Pipelined, a read goes out without waiting for the answer before it on its connection: undici's
 * `blocking`, on by default, would hold it until that answer's headers arrived. A write still waits
 * until its connection has nothing in flight (undici pipelines only GET and HEAD).
 */
function readsPipelined(options: Dispatcher.DispatchOptions): Dispatcher.DispatchOptions {
  return options.method === 'GET' ? { ...options, blocking: false } : options;
}

function sentAsPrepared(options: Dispatcher.DispatchOptions): Dispatcher.DispatchOptions {
  return options;
}

/** Partial<T> without the members that are present but undefined, so that spreading keeps the defaults. */
function definedMembers<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
