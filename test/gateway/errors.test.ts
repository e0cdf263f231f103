// Mapping upstream failures to userErrors (mutations) and GraphQL errors (queries).
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { fieldOfCause } from '../../src/errors/causes.ts';
import { isNotFound, toGraphQLError } from '../../src/errors/graphql.ts';
import { currentUserError, toUserErrors } from '../../src/errors/userErrors.ts';
import { UpstreamError, UpstreamUnavailableError } from '../../src/upstream/errors.ts';

const validation = new UpstreamError({
  status: 400,
  errorCode: 'E0000001',
  errorSummary: 'Api validation failed: settings.password.complexity.minLength, conditions.app.include[0].type',
  errorId: 'oae1',
  causes: [
    'settings.password.complexity.minLength: must be at least 0',
    'conditions.app.include[0].type: must be one of APP_TYPE, APP',
  ],
});

function thrown(fn: () => unknown): GraphQLError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(GraphQLError);
    return e as GraphQLError;
  }
  throw new Error('expected a throw');
}

/** A refusal target as a mutation with `id`-typed arguments and an `input` whose members are all known. */
const target = (ids: Record<string, string> = {}) => ({
  ids,
  input: { arg: 'input', pathOf: (path: string[]) => path },
});

describe('toUserErrors', () => {
  it('gives one user error per cause, with the input path the cause names, the message in those names', () => {
    expect(toUserErrors(validation, target())).toEqual([
      {
        message: 'settings.password.complexity.minLength: must be at least 0',
        field: ['input', 'settings', 'password', 'complexity', 'minLength'],
        code: 'INVALID',
        upstreamCode: 'E0000001',
      },
      {
        message: 'conditions.app.include[0].type: must be one of APP_TYPE, APP',
        field: ['input', 'conditions', 'app', 'include', '0', 'type'],
        code: 'INVALID',
        upstreamCode: 'E0000001',
      },
    ]);
  });

  it('has no field for causes that name no path, a member the input does not have, or without an input argument', () => {
    const forbidden = new UpstreamError({
      status: 403,
      errorCode: 'E0000006',
      errorSummary: 'You do not have permission to perform the requested action',
      causes: ['the policy is assigned to 1 application(s) (0oa1); assign them another policy first'],
    });
    expect(toUserErrors(forbidden, target())).toEqual([
      {
        message: 'The policy is assigned to 1 application(s) (0oa1); assign them another policy first.',
        field: null,
        code: 'FORBIDDEN',
        upstreamCode: 'E0000006',
      },
    ]);
    expect(toUserErrors(validation).map((e) => e.field)).toEqual([null, null]);
    const limit = new UpstreamError({
      status: 400,
      errorCode: 'E0000001',
      errorSummary: 'Api validation failed: rules',
      causes: ['rules: a PROFILE_ENROLLMENT policy holds at most 1 rule(s)'],
    });
    const noRulesMember = { input: { arg: 'input', pathOf: () => null } };
    expect(toUserErrors(limit, noRulesMember)).toEqual([
      {
        message: 'A PROFILE_ENROLLMENT policy holds at most 1 rule(s).',
        field: null,
        code: 'LIMIT_EXCEEDED',
        upstreamCode: 'E0000001',
      },
    ]);
  });

  it('names the id argument a 404 did not find; E0000142 keeps its reason', () => {
    const notFound = new UpstreamError({
      status: 404,
      errorCode: 'E0000007',
      errorSummary: 'Not found: Resource not found: 0prx (PolicyRule)',
    });
    expect(toUserErrors(notFound, target({ policyId: '00px', ruleId: '0prx' }))).toEqual([
      {
        message: 'No rule with id 0prx exists in policy 00px.',
        field: ['ruleId'],
        code: 'NOT_FOUND',
        upstreamCode: 'E0000007',
      },
    ]);
    expect(toUserErrors(notFound)).toEqual([
      {
        message: 'Not found: Resource not found: 0prx (PolicyRule).',
        field: null,
        code: 'NOT_FOUND',
        upstreamCode: 'E0000007',
      },
    ]);
    const prohibited = new UpstreamError({
      status: 403,
      errorCode: 'E0000142',
      errorSummary: 'Operation not allowed',
      reason: 'PROHIBITED',
    });
    expect(toUserErrors(prohibited)).toEqual([
      {
        message: 'Operation not allowed.',
        field: null,
        code: 'FORBIDDEN',
        upstreamCode: 'E0000142',
        reason: 'PROHIBITED',
      },
    ]);
    const unmet = new UpstreamError({
      status: 403,
      errorCode: 'E0000142',
      errorSummary: 'Operation not allowed',
      reason: 'UNMET_REQUIREMENTS',
    });
    expect(toUserErrors(unmet)[0].code).toBe('CONFLICT');
  });

  it('reads a user error remembered with a service code (an earlier version) as it reads now', () => {
    expect(currentUserError({ message: 'm', field: ['input', 'name'], code: 'E0000001' as never })).toEqual({
      message: 'm',
      field: ['input', 'name'],
      code: 'INVALID',
      upstreamCode: 'E0000001',
    });
    const unmet = { message: 'm', code: 'E0000142' as never, reason: 'UNMET_REQUIREMENTS' as const };
    expect(currentUserError(unmet).code).toBe('CONFLICT');
    const current = { message: 'm', code: 'NOT_FOUND' as const, upstreamCode: 'E0000007' };
    expect(currentUserError(current)).toBe(current);
  });

  it('throws what a user cannot fix as a GraphQL error', () => {
    expect(
      thrown(() =>
        toUserErrors(new UpstreamError({ status: 401, errorCode: 'E0000011', errorSummary: 'Invalid token provided' })),
      ).extensions.code,
    ).toBe('UNAUTHENTICATED');
    expect(
      thrown(() => toUserErrors(new UpstreamError({ status: 429, errorSummary: 'slow down' }))).extensions.code,
    ).toBe('RATE_LIMITED');
    expect(thrown(() => toUserErrors(new UpstreamUnavailableError('GET /x: connection refused'))).extensions.code).toBe(
      'UPSTREAM_UNAVAILABLE',
    );
    const unauthenticated = new GraphQLError('no header', { extensions: { code: 'UNAUTHENTICATED' } });
    expect(thrown(() => toUserErrors(unauthenticated, target()))).toBe(unauthenticated);
    expect(thrown(() => toUserErrors(new TypeError('boom'))).message).toBe('Unexpected error.');
  });
});

describe('fieldOfCause', () => {
  it.each([
    ['name: is required', ['input', 'name']],
    [
      'actions.signon.session.maxSessionLifetimeMinutes: is read-only',
      ['input', 'actions', 'signon', 'session', 'maxSessionLifetimeMinutes'],
    ],
    [
      'conditions.userIdentifier.patterns[0].value: is required',
      ['input', 'conditions', 'userIdentifier', 'patterns', '0', 'value'],
    ],
    [
      'recovery.factors.recovery_question.status: is required',
      ['input', 'recovery', 'factors', 'recovery_question', 'status'],
    ],
    ['Only one rule: is allowed', null],
    ['the default type cannot be deleted', null],
    ['name:missing space', null],
  ])('%s', (cause, field) => {
    expect(fieldOfCause(cause, 'input')).toEqual(field);
  });
});

describe('toGraphQLError', () => {
  it.each([
    [400, 'BAD_USER_INPUT'],
    [401, 'UNAUTHENTICATED'],
    [403, 'FORBIDDEN'],
    [404, 'UPSTREAM_ERROR'],
    [405, 'UPSTREAM_ERROR'],
    [429, 'RATE_LIMITED'],
    [500, 'UPSTREAM_ERROR'],
  ])('maps status %i to %s', (status, code) => {
    expect(toGraphQLError(new UpstreamError({ status, errorSummary: 's' })).extensions.code).toBe(code);
  });

  it('carries the upstream identifiers and the causes, and is never masked', () => {
    const e = toGraphQLError(validation);
    // The causes name their paths: the summary, a list of the same paths, is not repeated.
    expect(e.message).toBe(validation.causes.join('; '));
    expect(e.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      upstream: {
        status: 400,
        errorCode: 'E0000001',
        errorSummary: validation.errorSummary,
        errorId: 'oae1',
        errorCauses: validation.causes,
      },
    });
    // The server masks errors whose originalError is not a GraphQLError.
    expect(e.originalError).toBeUndefined();
  });

  it('adds the E0000142 reason and uses null for missing identifiers', () => {
    const e = toGraphQLError(
      new UpstreamError({
        status: 403,
        errorCode: 'E0000142',
        errorSummary: 'Operation not allowed',
        reason: 'UNMET_REQUIREMENTS',
      }),
    );
    expect(e.extensions.upstream).toEqual({
      status: 403,
      errorCode: 'E0000142',
      errorSummary: 'Operation not allowed',
      errorId: null,
      errorCauses: [],
      reason: 'UNMET_REQUIREMENTS',
    });
  });

  it('reports an unavailable upstream without the local request or address', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:443'), { code: 'ECONNREFUSED' });
    const e = toGraphQLError(new UpstreamUnavailableError('GET /api/v1/policies/p1: connection refused', { cause }));
    expect(e.message).toBe('The upstream service is unavailable.');
    expect(e.extensions).toEqual({
      code: 'UPSTREAM_UNAVAILABLE',
      upstream: {
        status: null,
        code: 'ECONNREFUSED',
        errorCode: null,
        errorSummary: 'Upstream could not be reached',
        errorId: null,
        errorCauses: [],
      },
    });
    expect(JSON.stringify(e)).not.toMatch(/10\.1\.2\.3|\/api\/v1/);
    const bad = toGraphQLError(new UpstreamUnavailableError('GET /x: upstream answered 503', { status: 503 }));
    expect(bad.extensions.upstream).toMatchObject({
      status: 503,
      code: 'HTTP_503',
      errorSummary: 'Upstream answered 503',
    });
  });

  it('gives an unavailable upstream a machine code: the transport code, HTTP_<status>, or UNKNOWN', () => {
    const codeOf = (options: ConstructorParameters<typeof UpstreamUnavailableError>[1]) =>
      toGraphQLError(new UpstreamUnavailableError('GET /x: failed', options)).extensions.upstream?.code;
    const failure = (code: unknown) => Object.assign(new Error('failed'), { code });
    expect(codeOf({ cause: failure('UND_ERR_SOCKET') })).toBe('UND_ERR_SOCKET');
    expect(codeOf({ cause: failure('UND_ERR_CONNECT_TIMEOUT') })).toBe('UND_ERR_CONNECT_TIMEOUT');
    expect(codeOf({ cause: failure('ECONNRESET') })).toBe('ECONNRESET');
    expect(codeOf({ status: 502 })).toBe('HTTP_502');
    expect(codeOf({ status: 504 })).toBe('HTTP_504');
    // No code, or one that is not a transport code, is never passed on as is.
    expect(codeOf({ cause: new Error('failed') })).toBe('UNKNOWN');
    expect(codeOf({ cause: failure('connect to 10.1.2.3 failed') })).toBe('UNKNOWN');
    expect(codeOf({ cause: failure(42) })).toBe('UNKNOWN');
    expect(codeOf({})).toBe('UNKNOWN');
  });

  it('passes a GraphQLError through and leaves an unexpected error for masking', () => {
    const g = new GraphQLError('x', { extensions: { code: 'UNAUTHENTICATED' } });
    expect(toGraphQLError(g)).toBe(g);
    const boom = new Error('secret internals');
    const e = toGraphQLError(boom);
    expect(e.message).toBe('Unexpected error.');
    expect(e.originalError).toBe(boom);
  });
});

describe('isNotFound', () => {
  it('is true only for an upstream 404', () => {
    expect(isNotFound(new UpstreamError({ status: 404, errorSummary: 'nf' }))).toBe(true);
    expect(isNotFound(new UpstreamError({ status: 400, errorSummary: 'bad' }))).toBe(false);
    expect(isNotFound(new UpstreamUnavailableError('down', { status: 503 }))).toBe(false);
    expect(isNotFound(new Error('404'))).toBe(false);
  });
});

describe('UpstreamError.missingResource', () => {
  it('is the id and kind a 404 names, read once from the service’s not-found summary', () => {
    const error = UpstreamError.fromResponse(
      404,
      JSON.stringify({ errorCode: 'E0000007', errorSummary: 'Not found: Resource not found: 0oanope (AppInstance)' }),
    );
    expect(error.missingResource).toEqual({ id: '0oanope', kind: 'AppInstance' });
  });

  it('is undefined for a 404 of a path the service does not have, and for any other status', () => {
    const path = new UpstreamError({
      status: 404,
      errorSummary:
        'Not found: Resource not found: /api/v1/policies/simulate (access simulation needs an identity engine org)',
    });
    expect(path.missingResource).toBeUndefined();
    expect(
      new UpstreamError({ status: 400, errorSummary: 'Resource not found: x (Policy)' }).missingResource,
    ).toBeUndefined();
  });
});
