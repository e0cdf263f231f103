// The one table of transport failures, row by row: the message a failure gets, whether an
// idempotent call is tried again, and whether a create's outcome is unknown after it. The expected
// rows are written out here, not read from the table, so a changed row fails.
import { describe, expect, it } from 'vitest';
import { answerOf } from '../../src/upstream/call/answer.ts';
import type { PreparedCall } from '../../src/upstream/call/request.ts';
import { UpstreamOutcomeUnknownError, UpstreamUnavailableError } from '../../src/upstream/errors.ts';
import { mayHaveReachedService, type RetryGuard, retryDelay } from '../../src/upstream/retryPolicy.ts';
import { ROUTES } from '../../src/upstream/routes.ts';
import { TRANSPORT_FAILURES } from '../../src/upstream/transportFailures.ts';

type Row = [code: string, message: string, retryable: boolean, mayHaveReachedService: boolean];

const ROWS: Row[] = [
  ['ECONNREFUSED', 'connection refused', true, false],
  ['UND_ERR_CONNECT_TIMEOUT', 'connect timeout', true, false],
  ['ENOTFOUND', 'host not found', true, false],
  ['EAI_AGAIN', 'host not found', true, false],
  ['EHOSTUNREACH', 'host unreachable', true, false],
  ['ENETUNREACH', 'network unreachable', true, false],
  ['ENETDOWN', 'network down', true, false],
  ['EHOSTDOWN', 'host down', true, false],
  ['ECONNRESET', 'connection reset', true, true],
  ['EPIPE', 'connection closed', true, true],
  ['UND_ERR_SOCKET', 'connection closed', true, true],
  ['UND_ERR_CLOSED', 'client closed', true, true],
  ['UND_ERR_HEADERS_TIMEOUT', 'timed out waiting for the response headers', true, true],
  ['UND_ERR_BODY_TIMEOUT', 'timed out reading the response body', true, true],
  ['ETIMEDOUT', 'connection timed out', true, true],
  ['UND_ERR_DESTROYED', 'client closed', false, true],
];

const SETTINGS = { retries: 3, baseDelayMs: 100, maxDelayMs: 2_000, random: () => 0.5 };

/** A guard that allows every retry and counts the ones it was asked about. */
function countingGuard(): RetryGuard & { asked: number } {
  return {
    asked: 0,
    allowRetry() {
      this.asked++;
      return true;
    },
    holdUntil: () => undefined,
    now: () => 0,
  };
}

const failure = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

const callOf = (name: 'getPolicy' | 'createPolicy'): PreparedCall => ({
  route: ROUTES[name],
  path: name === 'getPolicy' ? '/api/v1/policies/p1' : '/api/v1/policies',
  options: { method: ROUTES[name].method, path: '/' },
});

const failedAttempt = (error: Error) => ({
  ok: false as const,
  error,
  durationMs: 1,
  retriedAfterAmbiguousFailure: false,
});

const idleGuard = { reason: undefined, now: () => 0 };

describe('the transport failures table', () => {
  it('has exactly the rows this test knows', () => {
    expect(Object.keys(TRANSPORT_FAILURES).sort()).toEqual(ROWS.map(([code]) => code).sort());
  });

  describe.each(ROWS)('%s', (code, message, retryable, reached) => {
    it(`${retryable ? 'is' : 'is not'} retried on an idempotent route, never on a create`, () => {
      const guard = countingGuard();
      const delay = retryDelay(ROUTES.getPolicy, guard, SETTINGS, 0, { error: failure(code) });
      // Half the first step plus half of it at random (0.5): 75 ms.
      expect(delay).toBe(retryable ? 75 : undefined);
      expect(retryDelay(ROUTES.createPolicy, countingGuard(), SETTINGS, 0, { error: failure(code) })).toBeUndefined();
    });

    it(`${reached ? 'may have' : 'has not'} reached the service`, () => {
      expect(mayHaveReachedService(failure(code))).toBe(reached);
    });

    it(`reads "${message}" on a read, and ${reached ? 'an unknown outcome' : 'unavailable'} on a create`, () => {
      const read = answerOf(callOf('getPolicy'), failedAttempt(failure(code)), idleGuard);
      expect(read.outcome).toEqual({ kind: 'failed' });
      expect('error' in read && read.error).toBeInstanceOf(UpstreamUnavailableError);
      expect('error' in read && read.error).toMatchObject({ message: `GET /api/v1/policies/p1: ${message}`, code });
      const create = answerOf(callOf('createPolicy'), failedAttempt(failure(code)), idleGuard);
      expect('error' in create && create.error).toBeInstanceOf(
        reached ? UpstreamOutcomeUnknownError : UpstreamUnavailableError,
      );
    });
  });

  it('does not retry a code it does not know, and assumes the request may have arrived', () => {
    const unknown = failure('ESOMETHINGELSE');
    expect(retryDelay(ROUTES.getPolicy, countingGuard(), SETTINGS, 0, { error: unknown })).toBeUndefined();
    expect(mayHaveReachedService(unknown)).toBe(true);
    expect(mayHaveReachedService(new Error('no code'))).toBe(true);
    const read = answerOf(callOf('getPolicy'), failedAttempt(unknown), idleGuard);
    expect('error' in read && read.error.message).toBe('GET /api/v1/policies/p1: request failed');
    // Inherited members of an object are no rows.
    expect(mayHaveReachedService(failure('toString'))).toBe(true);
  });
});
