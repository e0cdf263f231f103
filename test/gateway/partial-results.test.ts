// One failing upstream call never blanks the rest of an answer: the field that needed it is null
// with one error on its path, and every other field still resolves. (A 429 also stops the
// operation's later calls, so the failures here are 500s, except in the rate limit test.)
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../../src/gateway/server.ts';
import { POLICY_TYPES } from '../../src/rest/types.ts';
import { UpstreamClient } from '../../src/upstream/client.ts';
import { startTestEmulator, TOKEN, type TestEmulator } from '../helpers/emulator.ts';
import { type GqlResult, postGraphql } from '../helpers/graphqlClient.ts';
import { startTestGateway } from '../helpers/gateway.ts';

/**
 * A pass-through to the emulator that answers every request `fails` picks with the status it
 * returns: 429 with a reset far in the future, or a 500 (which the gateway does not retry).
 */
type Failing = (method: string, url: string) => 429 | 500 | false;

async function startFailingProxy(target: string, fails: Failing): Promise<Server> {
  const server = createServer((req, res) => {
    const status = fails(req.method ?? 'GET', req.url ?? '/');
    if (status === 429) {
      res.writeHead(429, { 'content-type': 'application/json', 'x-rate-limit-reset': '4102444800' });
      res.end(
        JSON.stringify({
          errorCode: 'E0000047',
          errorSummary: 'API call exceeded rate limit due to too many requests.',
        }),
      );
      return;
    }
    if (status === 500) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errorCode: 'E0000009', errorSummary: 'Internal Server Error' }));
      return;
    }
    const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('partial results', () => {
  let emulator: TestEmulator;
  let proxy: Server;
  let client: UpstreamClient;
  let gateway: RunningGateway;
  let failing: Failing = () => false;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    proxy = await startFailingProxy(emulator.url, (method, url) => failing(method, url));
    client = new UpstreamClient({ baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
    gateway = await startTestGateway(client);
  });
  beforeEach(async () => {
    failing = () => false;
    await emulator.reset();
  });
  afterAll(async () => {
    await gateway.close();
    await client.close();
    await new Promise((resolve) => proxy.close(resolve));
    await emulator.close();
  });

  const gql = async (query: string) =>
    (await postGraphql<GqlResult>(`${gateway.url}/graphql`, query, { auth: `SSWS ${TOKEN}` })).body;

  const DASHBOARD = `{ ${POLICY_TYPES.map(
    (type) => `${type}: policies(type: ${type}) { nodes { id name rules { id name } } }`,
  ).join('\n')} }`;

  it('the 8-type dashboard with one type failing returns the other seven and one error on its path', async () => {
    failing = (method, url) =>
      method === 'GET' && url.startsWith('/api/v1/policies?') && url.includes('type=PASSWORD') && 500;
    const result = await gql(DASHBOARD);
    expect(result.errors).toHaveLength(1);
    expect(result.errors![0].path).toEqual(['PASSWORD']);
    expect(result.errors![0].extensions.code).toBe('UPSTREAM_ERROR');
    expect(result.data.PASSWORD).toBeNull();
    for (const type of POLICY_TYPES.filter((t) => t !== 'PASSWORD')) {
      expect(result.data[type].nodes.length, type).toBeGreaterThan(0);
      for (const policy of result.data[type].nodes) expect(policy.rules, `${type} ${policy.name}`).not.toBeNull();
    }
  });

  it('with one type rate limited the other seven lists load; nothing starts after the 429', async () => {
    failing = (method, url) =>
      method === 'GET' && url.startsWith('/api/v1/policies?') && url.includes('type=PASSWORD') && 429;
    const lists = `{ ${POLICY_TYPES.map((type) => `${type}: policies(type: ${type}) { nodes { id } }`).join('\n')} }`;
    const result = await gql(lists);
    expect(result.errors).toHaveLength(1);
    expect(result.errors![0].path).toEqual(['PASSWORD']);
    expect(result.errors![0].extensions.code).toBe('RATE_LIMITED');
    // The 429 says the year 2100: a reset further than one window ahead is not believed.
    expect(Date.parse(result.errors![0].extensions.resetAt)).toBeLessThanOrEqual(Date.now() + 60_000);
    for (const type of POLICY_TYPES.filter((t) => t !== 'PASSWORD')) {
      expect(result.data[type].nodes.length, type).toBeGreaterThan(0);
    }
    // A second wave (the rules of each policy) does not start once the operation was rate limited.
    const withRules = await gql(DASHBOARD);
    const codes = new Set(withRules.errors?.map((e) => e.extensions.code));
    expect(codes).toEqual(new Set(['RATE_LIMITED']));
    expect(withRules.errors?.filter((e) => e.path.length === 1).map((e) => e.path)).toEqual([['PASSWORD']]);
  });

  it("one policy's rules failing nulls only that policy's rules", async () => {
    const all = await gql('{ policies(type: ACCESS_POLICY) { nodes { id } } }');
    const victim = all.data.policies.nodes[0].id;
    failing = (method, url) => method === 'GET' && url === `/api/v1/policies/${victim}/rules` && 500;
    const result = await gql('{ policies(type: ACCESS_POLICY) { nodes { id rules { id } } } userTypes { id } }');
    expect(result.errors).toHaveLength(1);
    expect(result.errors![0].path).toEqual(['policies', 'nodes', 0, 'rules']);
    expect(result.data.policies.nodes[0]).toEqual({ id: victim, rules: null });
    expect(result.data.userTypes.length).toBeGreaterThan(0);
  });

  it('a failing user type list nulls userTypes and the userType joins, nothing else', async () => {
    failing = (method, url) => method === 'GET' && url.startsWith('/api/v1/meta/types/user') && 500;
    const result = await gql('{ userTypes { id } policies(type: PASSWORD) { nodes { id } } }');
    expect(result.errors).toHaveLength(1);
    expect(result.errors![0].path).toEqual(['userTypes']);
    expect(result.data.userTypes).toBeNull();
    expect(result.data.policies.nodes.length).toBeGreaterThan(0);
  });

  it('one of two mutations failing leaves the other one answered', async () => {
    failing = (method, url) => method === 'POST' && url === '/api/v1/meta/types/user/' && 500;
    const res = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `SSWS ${TOKEN}` },
      body: JSON.stringify({
        query: `mutation {
          a: createPolicy(input: { type: PASSWORD, name: "Kept" }) { policy { name } userErrors { message } }
          b: createUserType(input: { name: "contractor", displayName: "Contractor" }) { userType { id } }
        }`,
      }),
    });
    const result = (await res.json()) as { data: any; errors: any[] };
    expect(result.data.a).toEqual({ policy: { name: 'Kept' }, userErrors: [] });
    expect(result.data.b).toBeNull();
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0].path).toEqual(['b']);
  });
});
