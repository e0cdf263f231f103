// Step 1 of an upstream call: the request as undici dispatches it, and the call's context, the one
// object every step reads (call/steps.ts). The caller's Authorization header is forwarded as is;
// nothing else of the caller's request is.
import type { Dispatcher } from 'undici';
import type { AttemptResult } from '../attempt.ts';
import type { ReadUse } from '../cache/store.ts';
import type { TakenRead } from './takenRead.ts';
import type { SharedRead, UpstreamObserver } from '../observer.ts';
import type { OperationGuard } from '../operationGuard.ts';
import { fillPath, type Route } from '../routes.ts';
import type { CallTrace, UpstreamTracer } from '../tracer.ts';

export interface UpstreamRequest {
  route: Route;
  params?: Record<string, string>;
  query?: URLSearchParams;
  body?: unknown;
}

/** One call, ready to send: its route, its path with the ids filled in (for messages), and its dispatch options. */
export interface PreparedCall {
  route: Route;
  /** The path requested, without the base path or the query string. */
  path: string;
  options: Dispatcher.DispatchOptions;
}

/** What every call of one operation shares (made once per operation by the client's forCaller). */
export interface CallOperation {
  readonly authorization: string;
  readonly requestId: string | undefined;
  /** Told about every HTTP attempt, and about reads answered without one. */
  readonly observer: UpstreamObserver | undefined;
  readonly tracer: UpstreamTracer | undefined;
  /** The client's address, for its part of the unproven pool in the budget. */
  readonly clientAddress: string | undefined;
  /** When the operation arrived (`performance.now()`): it may take reads that took off after it. */
  readonly arrivedAt: number | undefined;
  /** The operation wants the service's own answers: no read of it is answered from the cache. */
  readonly fresh: (() => boolean) | undefined;
  /** Told of the read cache entry each call used, or undefined (CallerOptions.onRead). */
  readonly onRead: ReadUse | undefined;
  /** The operation's guard, made at its first call. */
  guard(): OperationGuard;
  /** The caller in the budget: asked at each attempt, since the probe's answer proves the credential. */
  budgetCaller(): string;
  /** Whose rights class a read is of (call/rightsClasses.ts): the credential, or UNPROVEN_CALLER once refused. */
  proofKey(): string;
}

/** One call as its steps see it: the prepared request, its operation, and what the steps tell each other. */
export interface CallContext extends PreparedCall {
  readonly operation: CallOperation;
  readonly guard: OperationGuard;
  /** The call's trace; undefined when the operation is not traced. */
  readonly trace: CallTrace | undefined;
  /** Attempts made before the current one (the retry step counts them). */
  retried: number;
  /** A retry followed a failure after which the service may have acted (a DELETE's 404 then means done). */
  retriedAfterAmbiguousFailure: boolean;
  /**
   * The service's own result to this call's requests (set by the retry step); undefined when the
   * answer came from another call: only an own answer teaches the caller's class or is cached.
   */
  own: AttemptResult | undefined;
  /** The shared read a GET's answer came from, when it may be handed on (set by the sharing step for `onRead`). */
  taken: TakenRead | undefined;
  /** The read cache's versions a GET is read under (set by the cache step): it shares only flights read under them. */
  stamp: string | undefined;
}

export function prepareCall(basePath: string, request: UpstreamRequest, operation: CallOperation): CallContext {
  const { route, params, query, body } = request;
  const { authorization, requestId } = operation;
  const guard = operation.guard();
  const path = fillPath(route.template, params);
  const headers: Record<string, string> = { accept: 'application/json', authorization };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (requestId !== undefined) headers['x-request-id'] = requestId;
  const search = query && query.size > 0 ? `?${query}` : '';
  const options: Dispatcher.DispatchOptions = {
    method: route.method,
    path: basePath + path + search,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  // Untraced, the call costs no span object or closure.
  const trace = operation.tracer?.call({ method: route.method, template: route.template, target: options.path });
  return {
    route,
    path,
    options,
    operation,
    guard,
    trace,
    retried: 0,
    retriedAfterAmbiguousFailure: false,
    own: undefined,
    stamp: undefined,
    taken: undefined,
  };
}

/** A read answered without a request of its own (a shared flight, the read cache), as the observer hears of it. */
export function sharedReadOf(call: CallContext): SharedRead {
  return {
    method: call.route.method,
    template: call.route.template,
    path: call.path,
    requestId: call.operation.requestId,
  };
}
