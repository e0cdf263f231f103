// One failing upstream call never blanks the rest of an answer: the field that needed it is null
// with one error on its path, and every other field still resolves.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../src/gateway/server.ts';
import { POLICY_TYPES } from '../../src/rest/types.ts';
import { UpstreamClient } from '../../src/upstream/client.ts';
import { startTestEmulator, TOKEN, type TestEmulator } from '../helpers/emulator.ts';
import { silentLogger } from '../helpers/logs.ts';

/** A pass-through to the emulator that answers 429 to every request `fails` picks. */
async function startFailingProxy(target: string, fails: (method: string, url: string) => boolean): Promise<Server> {
  const server = createServer((req, res) => {
    if (fails(req.method ?? 'GET', req.url ?? '/')) {
      res.writeHead(429, { 'content-type': 'application/json', 'x-rate-limit-reset': '4102444800' });
      res.end(
        JSON.stringify({
          errorCode: 'E0000047',
          errorSummary: 'API call exceeded rate limit due to too many requests.',
        }),
      );
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
  let failing: (method: string, url: string) => boolean = () => false;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    proxy = await startFailingProxy(emulator.url, (method, url) => failing(method, url));
    client = new UpstreamClient({ baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
    gateway = await startGateway({ port: 0, upstream: client, logger: silentLogger() });
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

  const gql = async (query: string) => {
    const res = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `SSWS ${TOKEN}` },
      body: JSON.stringify({ query }),
    });
    return (await res.json()) as { data?: any; errors?: any[] };
  };

  const DASHBOARD = `{ ${POLICY_TYPES.map(
    (type) => `${type}: policies(type: ${type}) { nodes { id name rules { id name } } }`,
  ).join('\n')} }`;

  it('the 8-type dashboard with one type rate limited returns the other seven and one error on its path', async () => {
    failing = (method, url) => method === 'GET' && url.startsWith('/api/v1/policies?') && url.includes('type=PASSWORD');
    const result = await gql(DASHBOARD);
    expect(result.errors).toHaveLength(1);
    expect(result.errors![0].path).toEqual(['PASSWORD']);
    expect(result.errors![0].extensions.code).toBe('RATE_LIMITED');
    expect(result.data.PASSWORD).toBeNull();
    for (const type of POLICY_TYPES.filter((t) => t !== 'PASSWORD')) {
      expect(result.data[type].nodes.length, type).toBeGreaterThan(0);
      for (const policy of result.data[type].nodes) expect(policy.rules, `${type} ${policy.name}`).not.toBeNull();
    }
  });

  it("one policy's rules failing nulls only that policy's rules", async () => {
    const all = await gql('{ policies(type: ACCESS_POLICY) { nodes { id } } }');
    const victim = all.data.policies.nodes[0].id;
    failing = (method, url) => method === 'GET' && url === `/api/v1/policies/${victim}/rules`;
    const result = await gql('{ policies(type: ACCESS_POLICY) { nodes { id rules { id } } } userTypes { id } }');
    expect(result.errors).toHaveLength(1);
    expect(result.errors![0].path).toEqual(['policies', 'nodes', 0, 'rules']);
    expect(result.data.policies.nodes[0]).toEqual({ id: victim, rules: null });
    expect(result.data.userTypes.length).toBeGreaterThan(0);
  });

  it('a failing user type list nulls userTypes and the userType joins, nothing else', async () => {
    failing = (method, url) => method === 'GET' && url.startsWith('/api/v1/meta/types/user');
    const result = await gql('{ userTypes { id } policies(type: PASSWORD) { nodes { id } } }');
    expect(result.errors).toHaveLength(1);
    expect(result.errors![0].path).toEqual(['userTypes']);
    expect(result.data.userTypes).toBeNull();
    expect(result.data.policies.nodes.length).toBeGreaterThan(0);
  });

  it('one of two mutations failing leaves the other one answered', async () => {
    failing = (method, url) => method === 'POST' && url === '/api/v1/meta/types/user/';
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
