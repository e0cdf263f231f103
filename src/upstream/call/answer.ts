// The last step of an upstream call: the final attempt's result read as the call's answer or its
// typed error (see errors.ts), and what it proved about the caller's token (the guard's outcome).
// A failure with no answer becomes an unknown outcome for a write that may have reached the service,
// else the operation's own refusal or a transport failure named by transportFailures.ts; an error
// status becomes UpstreamError or UpstreamUnavailableError; a success body must be JSON (what it
// must hold, the client checks as it reads it as the operation's result: see client.ts).
import type { IncomingHttpHeaders } from 'node:http';
import {
  ResponseBudgetExceededError,
  UpstreamBodyTooLargeError,
  UpstreamError,
  UpstreamOutcomeUnknownError,
  UpstreamUnavailableError,
} from '../errors.ts';
import { accessRefusalOf } from '../accessRefusal.ts';
import type { CallOutcome } from '../operationGuard.ts';
import { rateLimitResetAt } from '../rateLimitPolicy.ts';
import { mayHaveReachedService } from '../retryPolicy.ts';
import type { Route } from '../routes.ts';
import { transportFailureOf } from '../transportFailures.ts';
import type { AttemptResult } from '../attempt.ts';
import type { CallContext } from './request.ts';

export interface UpstreamResponse {
  status: number;
  /** Parsed JSON body; undefined when the response had none (204). */
  body: unknown;
  link: string | string[] | undefined;
}

/** What a classified call settles with (the guard's step, guarded.ts): its outcome, and its value or the error to throw. */
export type Settled<T> = { outcome: CallOutcome; value: T } | { outcome: CallOutcome; error: Error };

/** What the answer step reads of the guard: why the operation was aborted, and the time. */
export interface AnswerGuard {
  readonly reason: Error | undefined;
  now(): number;
}

/** What the answer reads of the call: its route, its path (for messages), and how its retries went. */
export type AnsweredCall = Pick<CallContext, 'route' | 'path'> &
  Partial<Pick<CallContext, 'retriedAfterAmbiguousFailure'>>;

/** The outcomes that carry nothing but their kind, one object each (every call settles with one). */
const ANSWERED: CallOutcome = Object.freeze({ kind: 'answered' });
const FAILED: CallOutcome = Object.freeze({ kind: 'failed' });

export function answerOf(call: AnsweredCall, result: AttemptResult, guard: AnswerGuard): Settled<UpstreamResponse> {
  const { route, path } = call;
  const { method } = route;
  if (!result.ok) return { outcome: FAILED, error: callFailure(route, path, result.error, guard) };
  const { status, headers, body: text } = result;
  if (status === 401 || (status === 403 && method === 'GET')) {
    const error = errorOf(route, result);
    // A token without the scope of this read is still a good credential for others (its other scopes);
    // so is one refused the users: a credential that manages policies may not read users (an admin
    // role of the platform can allow the one and not the other).
    if (error.access?.kind === 'insufficient_scope' || (status === 403 && route.family === 'users')) {
      return { outcome: ANSWERED, error };
    }
    return { outcome: { kind: 'token-rejected', error }, error };
  }
  if (status === 429) {
    const error = UpstreamError.fromResponse(status, text, rateLimitResetAt(headers, guard.now()));
    return { outcome: { kind: 'rate-limited', error }, error };
  }
  if (status === 502 || status === 503 || status === 504) {
    // A proxy's 502/504 may come after the service acted; a 503 is a refusal to act.
    const error =
      !route.idempotent && status !== 503
        ? outcomeUnknown(route, path)
        : new UpstreamUnavailableError(`${method} ${path}: upstream answered ${status}`, { status, body: text });
    return { outcome: FAILED, error };
  }
  const outcome = status < 500 ? ANSWERED : FAILED;
  const link = headers.link;
  // The first attempt may have deleted it before its answer was lost.
  if (method === 'DELETE' && status === 404 && call.retriedAfterAmbiguousFailure) {
    return { outcome, value: { status: 204, body: undefined, link } };
  }
  if (status < 200 || status >= 300) return { outcome, error: errorOf(route, result) };
  if (route.returns === 'none') return { outcome, value: { status, body: undefined, link } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const error = new UpstreamError({
      status,
      errorSummary: `Upstream answered ${status} with a body that is not JSON`,
    });
    return { outcome, error };
  }
  return { outcome, value: { status, body: parsed, link } };
}

/** The service's error answer as the call's UpstreamError, with what it says of the caller's access. */
function errorOf(
  route: Route,
  { status, headers, body }: { status: number; headers: IncomingHttpHeaders; body: string },
) {
  return UpstreamError.fromResponse(status, body, undefined, (causes) =>
    accessRefusalOf(route, status, headers, causes),
  );
}

function outcomeUnknown(route: Route, path: string, cause?: unknown): UpstreamOutcomeUnknownError {
  return new UpstreamOutcomeUnknownError(
    `${route.method} ${path}: the upstream did not confirm the outcome; the write may have happened`,
    { cause },
  );
}

/**
 * A call that got no usable response. A write that may have reached the service has an unknown
 * outcome; otherwise the operation's abort, an oversized body, or a transport failure.
 */
function callFailure(route: Route, path: string, error: Error, guard: AnswerGuard): Error {
  if ((error as { code?: unknown }).code === 'UND_ERR_INVALID_ARG') return error;
  if (!route.idempotent && mayHaveReachedService(error)) return outcomeUnknown(route, path, error);
  if (guard.reason) return guard.reason;
  if (error instanceof ResponseBudgetExceededError) return error;
  if (error instanceof UpstreamBodyTooLargeError) {
    return new UpstreamError({
      status: error.status,
      errorSummary: `Upstream answered ${error.status} with a body over ${error.maxBytes} bytes`,
    });
  }
  const what = transportFailureOf(error)?.message ?? 'request failed';
  return new UpstreamUnavailableError(`${route.method} ${path}: ${what}`, { cause: error });
}
