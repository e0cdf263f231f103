// The error model: every error of the upstream client shares one base class with a stable code, and
// the mapping to GraphQL is done once for the whole result, so a resolver that lets an upstream
// error go as it was thrown still answers with its code (never "Unexpected error").
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { createYoga } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useUpstreamErrors } from '../../src/gateway/plugins/upstreamErrors.ts';
import { type RunningGateway, startGateway } from '../../src/gateway/server.ts';
import { UpstreamClient } from '../../src/upstream/client.ts';
import {
  OperationAbortedError,
  ResponseBudgetExceededError,
  UpstreamBodyTooLargeError,
  UpstreamBudgetExceededError,
  UpstreamClientError,
  UpstreamError,
  UpstreamOutcomeUnknownError,
  UpstreamRateLimitedError,
  UpstreamUnavailableError,
} from '../../src/upstream/errors.ts';
import { TOKEN } from '../helpers/emulator.ts';
import { graphqlClient } from '../helpers/graphqlClient.ts';
import { captureLogs } from '../helpers/logs.ts';

describe('the upstream client errors', () => {
  it('share one base class, each with its stable code and its own name', () => {
    const errors: [UpstreamClientError, string, string][] = [
      [new UpstreamError({ status: 404, errorSummary: 'Not found' }), 'UPSTREAM_RESPONSE_ERROR', 'UpstreamError'],
      [new UpstreamOutcomeUnknownError('POST /x'), 'UPSTREAM_OUTCOME_UNKNOWN', 'UpstreamOutcomeUnknownError'],
      [new UpstreamBodyTooLargeError(200, 10), 'UPSTREAM_BODY_TOO_LARGE', 'UpstreamBodyTooLargeError'],
      [new UpstreamBudgetExceededError(5), 'UPSTREAM_CALL_BUDGET_EXCEEDED', 'UpstreamBudgetExceededError'],
      [new ResponseBudgetExceededError(100), 'UPSTREAM_RESPONSE_BUDGET_EXCEEDED', 'ResponseBudgetExceededError'],
      [new OperationAbortedError('timeout', 50), 'UPSTREAM_OPERATION_ABORTED', 'OperationAbortedError'],
      [new UpstreamRateLimitedError(0), 'UPSTREAM_RATE_LIMITED', 'UpstreamRateLimitedError'],
    ];
    for (const [error, code, name] of errors) {
      expect(error).toBeInstanceOf(UpstreamClientError);
      expect(error).toBeInstanceOf(Error);
      expect({ code: error.code, name: error.name }).toEqual({ code, name });
    }
  });

  it('gives an unavailable upstream the code of why: the transport code or HTTP_<status>', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(new UpstreamUnavailableError('GET /x', { cause: refused })).toMatchObject({ code: 'ECONNREFUSED' });
    expect(new UpstreamUnavailableError('GET /x', { status: 503 })).toMatchObject({ code: 'HTTP_503' });
    expect(new UpstreamUnavailableError('GET /x')).toBeInstanceOf(UpstreamClientError);
  });
});

describe('the GraphQL mapping, once for every resolver', () => {
  // A resolver that throws the upstream client's errors as they are, as every resolver now does.
  const yoga = createYoga({
    schema: makeExecutableSchema({
      typeDefs: 'type Query { missing: String, unavailable: String, fine: String, broken: String, tooLarge: String }',
      resolvers: {
        Query: {
          missing: async () => {
            throw new UpstreamError({ status: 404, errorCode: 'E0000007', errorSummary: 'Not found: x (Policy)' });
          },
          unavailable: () => {
            throw new UpstreamUnavailableError('GET /x: upstream answered 503', { status: 503 });
          },
          fine: () => 'yes',
          broken: () => {
            throw new TypeError('a bug at 10.1.2.3');
          },
          // The client turns this one into an UpstreamError; thrown as it is, it has no GraphQL meaning.
          tooLarge: () => {
            throw new UpstreamBodyTooLargeError(200, 10);
          },
        },
      },
    }),
    plugins: [useUpstreamErrors()],
    maskedErrors: { isDev: false },
    logging: false,
  });
  const run = async (query: string) => {
    const res = await yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    return res.json();
  };

  it('answers an upstream error a resolver did not wrap with its code, on its own path', async () => {
    const result = await run('{ fine missing unavailable }');
    expect(result.data).toEqual({ fine: 'yes', missing: null, unavailable: null });
    const byPath = Object.fromEntries(result.errors.map((e: any) => [e.path.join('.'), e]));
    expect(byPath.missing).toMatchObject({
      message: 'Not found: x (Policy)',
      locations: [{ line: 1, column: 8 }],
      extensions: { code: 'UPSTREAM_ERROR', upstream: { status: 404, errorCode: 'E0000007' } },
    });
    expect(byPath.unavailable).toMatchObject({
      message: 'The upstream service is unavailable.',
      extensions: { code: 'UPSTREAM_UNAVAILABLE', upstream: { status: 503, code: 'HTTP_503' } },
    });
  });

  it('still masks an error that is not the upstream client, or has no GraphQL meaning', async () => {
    const result = await run('{ broken tooLarge }');
    expect(result.errors).toEqual([
      expect.objectContaining({ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }),
      expect.objectContaining({ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }),
    ]);
    expect(JSON.stringify(result)).not.toContain('10.1.2.3');
  });
});

describe('the gateway over an upstream that cannot be reached', () => {
  let gateway: RunningGateway;
  let client: UpstreamClient;
  const logs = captureLogs('error');

  beforeAll(async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    client = new UpstreamClient({ baseUrl: `http://127.0.0.1:${port}`, retries: 0 });
    gateway = await startGateway({ port: 0, upstream: client, logger: logs.logger });
  });
  afterAll(async () => {
    await gateway?.close(0);
    await client?.close();
  });

  it('answers every field that needed the upstream with UPSTREAM_UNAVAILABLE, not as unexpected', async () => {
    const gql = graphqlClient(gateway.url, `SSWS ${TOKEN}`);
    const result = await gql('{ userTypes { id } policy(id: "00p1") { id } node(id: "00p2") { id } }');
    expect(result.data).toEqual({ userTypes: null, policy: null, node: null });
    expect(
      result.errors?.map((e) => [e.path.join('.'), e.extensions.code, e.extensions.upstream?.code]).sort(),
    ).toEqual([
      ['node', 'UPSTREAM_UNAVAILABLE', 'ECONNREFUSED'],
      ['policy', 'UPSTREAM_UNAVAILABLE', 'ECONNREFUSED'],
      ['userTypes', 'UPSTREAM_UNAVAILABLE', 'ECONNREFUSED'],
    ]);
    // A mapped error is an answer, not a fault of the gateway: nothing is logged as unexpected.
    expect(logs.text()).not.toMatch(/Unexpected error|UpstreamUnavailableError/);
  });
});
