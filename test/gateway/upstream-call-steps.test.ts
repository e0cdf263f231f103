// The steps of one upstream call (src/upstream/call/), each alone against counting fakes: the
// request, the guard's admission and settlement, the budget token of each attempt, the observer's
// report, the retries, and the answer's classification. The wire tests (upstream-client,
// upstream-faults, upstream-limits) prove them together over real HTTP.
import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { AttemptResult } from '../../src/upstream/attempt.ts';
import { answerOf } from '../../src/upstream/call/answer.ts';
import { budgetToken, type TokenSource } from '../../src/upstream/call/budgetToken.ts';
import { guarded } from '../../src/upstream/call/guarded.ts';
import { observed } from '../../src/upstream/call/observed.ts';
import {
  type CallContext,
  type CallOperation,
  type PreparedCall,
  prepareCall,
} from '../../src/upstream/call/request.ts';
import { retries } from '../../src/upstream/call/retry.ts';
import type { Send } from '../../src/upstream/call/steps.ts';
import {
  OperationAbortedError,
  UpstreamError,
  UpstreamOutcomeUnknownError,
  UpstreamRateLimitedError,
  UpstreamUnavailableError,
} from '../../src/upstream/errors.ts';
import type { UpstreamAttempt } from '../../src/upstream/observer.ts';
import type { CallOutcome } from '../../src/upstream/operationGuard.ts';
import { ROUTES, type RouteName } from '../../src/upstream/routes.ts';
import { operationOf } from '../helpers/callOperation.ts';

const answer = (status: number, body = '', headers: IncomingHttpHeaders = {}): AttemptResult => ({
  ok: true,
  status,
  headers,
  body,
  durationMs: 1,
});
const failed = (code: string): AttemptResult => ({
  ok: false,
  error: Object.assign(new Error(code), { code }),
  durationMs: 1,
});

/** Attempt results in order (the last one repeats), counting the attempts made (each by its `retried`). */
function scripted(...results: AttemptResult[]): Send<AttemptResult> & { calls: number[] } {
  const calls: number[] = [];
  const attempt = async (call: CallContext) => {
    calls.push(call.retried);
    return results[Math.min(calls.length - 1, results.length - 1)];
  };
  return Object.assign(attempt, { calls });
}

const callOf = (name: RouteName, path = '/api/v1/x'): PreparedCall => ({
  route: ROUTES[name],
  path,
  options: { method: ROUTES[name].method, path },
});

/** A call's context as prepareCall makes it, for a step under test. */
const contextOf = (
  name: RouteName,
  { guard = {}, ...parts }: { guard?: object } & Partial<Omit<CallOperation, 'guard'>> = {},
  path = '/api/v1/x',
): CallContext => {
  const params = Object.fromEntries(ROUTES[name].template.match(/\{\w+\}/g)?.map((p) => [p.slice(1, -1), 'x']) ?? []);
  return { ...prepareCall('', { route: ROUTES[name], params }, operationOf(guard, parts)), path };
};

describe('prepareCall', () => {
  it('forwards the Authorization header, fills the path, keeps the base path and the query', () => {
    const call = prepareCall(
      '/org',
      { route: ROUTES.getRule, params: { policyId: 'p 1', ruleId: 'r1' }, query: new URLSearchParams({ a: 'b' }) },
      operationOf({}, { requestId: 'req-1' }),
    );
    expect(call.path).toBe('/api/v1/policies/p%201/rules/r1');
    expect(call.options).toEqual({
      method: 'GET',
      path: '/org/api/v1/policies/p%201/rules/r1?a=b',
      headers: { accept: 'application/json', authorization: 'SSWS t', 'x-request-id': 'req-1' },
      body: undefined,
    });
    expect([call.retried, call.own, call.stamp, call.trace]).toEqual([0, undefined, undefined, undefined]);
  });

  it('sends a body as JSON with its content type, and no request id it was not given', () => {
    const { options } = prepareCall('', { route: ROUTES.createPolicy, body: { name: 'n' } }, operationOf({}));
    expect(options.headers).toEqual({
      accept: 'application/json',
      authorization: 'SSWS t',
      'content-type': 'application/json',
    });
    expect(options.body).toBe('{"name":"n"}');
    expect(options.path).toBe('/api/v1/policies');
  });
});

describe('the guard step', () => {
  function countingAdmission() {
    const settled: CallOutcome[] = [];
    let admitted = 0;
    return {
      settled,
      admitted: () => admitted,
      admit: async () => {
        admitted++;
        return { probe: false };
      },
      settle: (_ticket: unknown, outcome: CallOutcome) => settled.push(outcome),
      reason: undefined,
      now: () => 0,
    };
  }

  it('admits the call once, reads its answer, and settles it once with its outcome', async () => {
    const guard = countingAdmission();
    const call = contextOf('getPolicy', { guard });
    await expect(guarded(scripted(answer(200, '{"id":"p1"}')))(call)).resolves.toEqual({
      status: 200,
      body: { id: 'p1' },
      link: undefined,
    });
    expect([guard.admitted(), guard.settled]).toEqual([1, [{ kind: 'answered' }]]);
  });

  it('throws the classified error after settling with its outcome', async () => {
    const guard = countingAdmission();
    const call = contextOf('getPolicy', { guard });
    const error = await guarded(scripted(answer(401, '{"errorSummary":"Invalid token"}')))(call).catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ status: 401 });
    expect(guard.settled).toEqual([{ kind: 'token-rejected', error }]);
  });

  it("settles as 'failed' when the call fails before it is classified", async () => {
    const guard = countingAdmission();
    const refusal = new UpstreamRateLimitedError(0);
    const refused = async () => {
      throw refusal;
    };
    await expect(guarded(refused)(contextOf('getPolicy', { guard }))).rejects.toBe(refusal);
    expect(guard.settled).toEqual([{ kind: 'failed' }]);
  });

  it('runs nothing when the guard refuses the call', async () => {
    const aborted = new OperationAbortedError('cancelled', 10);
    const guard = {
      admit: () => Promise.reject(aborted),
      settle: () => {
        throw new Error('a call never admitted is never settled');
      },
    };
    const next = scripted(answer(200, '{}'));
    await expect(guarded(next)(contextOf('getPolicy', { guard }))).rejects.toBe(aborted);
    expect(next.calls).toEqual([]);
  });
});

describe('the budget step', () => {
  function countingBudget(immediate: boolean, correction?: Promise<void>) {
    const counts = { tryAcquire: 0, acquire: 0, observed: [] as [number, IncomingHttpHeaders][] };
    const budget: TokenSource = {
      tryAcquire: () => {
        counts.tryAcquire++;
        return immediate ? 1 : undefined;
      },
      acquire: async () => {
        counts.acquire++;
        return 2;
      },
      observe: (_bucket, grant, headers) => {
        counts.observed.push([grant, headers]);
        return correction;
      },
    };
    return { budget, counts };
  }
  const guard = { deadline: 0, sleep: async () => undefined };

  it('takes one token per attempt and corrects the budget with each answer', async () => {
    const { budget, counts } = countingBudget(true);
    const next = scripted(answer(503, '', { 'x-rate-limit-remaining': '9' }), answer(200, '{}'));
    const tryOnce = budgetToken({ budget, bucket: 'org' })(next);
    const call = contextOf('getPolicy', { guard });
    await tryOnce(call);
    call.retried = 1;
    await tryOnce(call);
    expect(counts).toEqual({
      tryAcquire: 2,
      acquire: 0,
      observed: [
        [1, { 'x-rate-limit-remaining': '9' }],
        [1, {}],
      ],
    });
    expect(next.calls).toEqual([0, 1]);
  });

  it('waits through acquire when no token is free, and corrects nothing after a transport failure', async () => {
    const { budget, counts } = countingBudget(false);
    const next = scripted(failed('ECONNRESET'));
    await budgetToken({ budget, bucket: 'org' })(next)(contextOf('getPolicy', { guard }));
    expect(counts).toEqual({ tryAcquire: 1, acquire: 1, observed: [] });
  });

  it('sends nothing when the budget refuses', async () => {
    const budget: TokenSource = {
      tryAcquire: () => undefined,
      acquire: () => Promise.reject(new UpstreamRateLimitedError(0)),
      observe: () => undefined,
    };
    const next = scripted(answer(200));
    await expect(
      budgetToken({ budget, bucket: 'org' })(next)(contextOf('getPolicy', { guard })),
    ).rejects.toBeInstanceOf(UpstreamRateLimitedError);
    expect(next.calls).toEqual([]);
  });

  it('answers even when the correction fails (Redis gone)', async () => {
    const { budget } = countingBudget(true, Promise.reject(new Error('redis gone')));
    await expect(
      budgetToken({ budget, bucket: 'org' })(scripted(answer(200)))(contextOf('getPolicy', { guard })),
    ).resolves.toMatchObject({ status: 200 });
  });
});

describe('the observer step', () => {
  it('reports each attempt by template, with its status or failure code, and whether it is a retry', async () => {
    const seen: UpstreamAttempt[] = [];
    const call = contextOf(
      'getPolicy',
      { observer: { onUpstreamRequest: (a) => seen.push(a) }, requestId: 'req-9' },
      '/api/v1/policies/p1',
    );
    const tryOnce = observed(scripted(failed('ECONNRESET'), answer(200, '{}', { 'x-rate-limit-remaining': '41' })));
    await tryOnce(call);
    call.retried = 1;
    await tryOnce(call);
    expect(seen).toEqual([
      expect.objectContaining({ template: '/api/v1/policies/{policyId}', errorCode: 'ECONNRESET', retry: false }),
      expect.objectContaining({
        method: 'GET',
        path: '/api/v1/policies/p1',
        requestId: 'req-9',
        status: 200,
        rateLimitRemaining: 41,
        retry: true,
      }),
    ]);
  });

  it('hands the attempt on untouched without an observer', async () => {
    const result = answer(200);
    const next = scripted(result);
    await expect(observed(next)(contextOf('getPolicy'))).resolves.toBe(result);
    expect(next.calls).toEqual([0]);
  });
});

describe('the retry step', () => {
  const settings = { retries: 2, baseDelayMs: 10, maxDelayMs: 100, random: () => 0 };
  function countingGuard() {
    const slept: number[] = [];
    return {
      slept,
      allowRetry: () => true,
      holdUntil: () => undefined,
      now: () => 0,
      sleep: async (ms: number) => {
        slept.push(ms);
      },
    };
  }
  const retried = (name: RouteName, guard: object, attempts: Send<AttemptResult>) => {
    const call = contextOf(name, { guard });
    return { call, result: retries(settings)(attempts)(call) };
  };

  it("tries an idempotent call again after a 503 until it is answered: the call's own result", async () => {
    const guard = countingGuard();
    const attempts = scripted(answer(503), answer(200, '{}'));
    const { call, result } = retried('getPolicy', guard, attempts);
    expect(await result).toMatchObject({ ok: true, status: 200 });
    expect(call.own).toBe(await result);
    expect(call.retriedAfterAmbiguousFailure).toBe(false);
    expect(attempts.calls).toEqual([0, 1]);
    expect(guard.slept).toEqual([5]);
  });

  it('stops after its retries and returns the last failure', async () => {
    const attempts = scripted(failed('ECONNREFUSED'));
    expect((await retried('getPolicy', countingGuard(), attempts).result).ok).toBe(false);
    expect(attempts.calls).toEqual([0, 1, 2]);
  });

  it('never tries a create again', async () => {
    const attempts = scripted(failed('ECONNREFUSED'), answer(200, '{}'));
    await retried('createPolicy', countingGuard(), attempts).result;
    expect(attempts.calls).toEqual([0]);
  });

  it('remembers a retry after a failure the service may have acted on', async () => {
    const attempts = scripted(failed('ECONNRESET'), answer(404));
    const { call, result } = retried('deletePolicy', countingGuard(), attempts);
    expect(await result).toMatchObject({ status: 404 });
    expect(call.retriedAfterAmbiguousFailure).toBe(true);
  });

  it('returns at once when the guard refuses the retry', async () => {
    const guard = { ...countingGuard(), allowRetry: () => false };
    const attempts = scripted(answer(503), answer(200, '{}'));
    expect(await retried('getPolicy', guard, attempts).result).toMatchObject({ status: 503 });
    expect(attempts.calls).toEqual([0]);
  });
});

describe('answerOf', () => {
  const idle = { reason: undefined as Error | undefined, now: () => 1_000 };
  const read = (result: AttemptResult, name: RouteName = 'getPolicy', retriedAfterAmbiguousFailure = false) =>
    answerOf({ ...callOf(name), retriedAfterAmbiguousFailure }, result, idle);
  const errorOf = (settled: ReturnType<typeof read>) => ('error' in settled ? settled.error : undefined);

  it('parses a success of the shape the route promises', () => {
    expect(read(answer(200, '{"id":"p1"}', { link: '<x>; rel="next"' }))).toEqual({
      outcome: { kind: 'answered' },
      value: { status: 200, body: { id: 'p1' }, link: '<x>; rel="next"' },
    });
    expect(read(answer(204), 'deletePolicy')).toMatchObject({ value: { status: 204, body: undefined } });
  });

  it('refuses a success body that is not JSON (what it must hold, the client checks)', () => {
    expect(errorOf(read(answer(200, '<html>')))).toMatchObject({
      status: 200,
      message: 'Upstream answered 200 with a body that is not JSON',
    });
  });

  it("says what a 401, a read's 403 and a 429 prove about the token", () => {
    expect(read(answer(401, '{"errorSummary":"Invalid token"}')).outcome.kind).toBe('token-rejected');
    expect(read(answer(403)).outcome.kind).toBe('token-rejected');
    // A write's 403 is a refusal of that write, not of the token.
    const write = read(answer(403, '{"errorCode":"E0000006","errorSummary":"No"}'), 'activatePolicy');
    expect(write.outcome.kind).toBe('answered');
    expect(errorOf(write)).toMatchObject({ status: 403, errorCode: 'E0000006' });
    const limited = read(answer(429, '', { 'retry-after': '2' }));
    expect(limited.outcome.kind).toBe('rate-limited');
    expect(errorOf(limited)).toMatchObject({ status: 429, rateLimitResetAt: 3_000 });
  });

  it("reads a gateway's 502/504 after a create as an unknown outcome, a 503 as unavailable", () => {
    expect(errorOf(read(answer(502), 'createPolicy'))).toBeInstanceOf(UpstreamOutcomeUnknownError);
    expect(errorOf(read(answer(504), 'createPolicy'))).toBeInstanceOf(UpstreamOutcomeUnknownError);
    expect(errorOf(read(answer(503), 'createPolicy'))).toBeInstanceOf(UpstreamUnavailableError);
    expect(read(answer(502))).toMatchObject({ outcome: { kind: 'failed' }, error: { code: 'HTTP_502' } });
    expect(read(answer(500)).outcome.kind).toBe('failed');
  });

  it("takes a retried DELETE's 404 as done, and only then", () => {
    expect(read(answer(404), 'deletePolicy', true)).toMatchObject({ value: { status: 204 } });
    expect(errorOf(read(answer(404), 'deletePolicy', false))).toMatchObject({ status: 404 });
  });

  it("gives the operation's abort as the failure of a read, but an unknown outcome to a create", () => {
    const aborted = new OperationAbortedError('timeout', 50);
    const guard = { reason: aborted, now: () => 0 };
    const failure = failed('UND_ERR_ABORTED');
    expect(errorOf(answerOf(callOf('getPolicy'), failure, guard))).toBe(aborted);
    expect(errorOf(answerOf(callOf('createPolicy'), failure, guard))).toBeInstanceOf(UpstreamOutcomeUnknownError);
  });
});
