// Permissions as booleans: viewerCan* on policies and rules follow the service's links and hints,
// so a console hides exactly the buttons the service would refuse.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { UpstreamClient } from '../../src/upstream/client.ts';
import { createPolicy, createRule, TOKEN } from '../helpers/emulator.ts';
import { startTestGateway, useStack } from '../helpers/gateway.ts';
import { postGraphql } from '../helpers/graphqlClient.ts';
import { defaultPolicyId, ok } from './schema-helpers.ts';

const stack = useStack();

const CAN = 'viewerCanUpdate viewerCanDelete viewerCanActivate viewerCanDeactivate';

describe('viewerCan*', () => {
  it('a new policy and rule can be updated, deleted and deactivated; once inactive, activated', async () => {
    const policy = await createPolicy(stack().emulator, { type: 'PASSWORD', name: 'Mine' });
    const rule = await createRule(stack().emulator, policy.id, { type: 'PASSWORD', name: 'R', status: 'INACTIVE' });
    const data = await ok(stack(), `query($id: ID!) { policy(id: $id) { ${CAN} rules { ${CAN} } } }`, {
      id: policy.id,
    });
    const active = {
      viewerCanUpdate: true,
      viewerCanDelete: true,
      viewerCanActivate: false,
      viewerCanDeactivate: true,
    };
    expect(data.policy).toMatchObject(active);
    const [r] = data.policy.rules.filter((x: any) => x.viewerCanDelete);
    expect(r).toEqual({ ...active, viewerCanActivate: true, viewerCanDeactivate: false });
    void rule;
  });

  it('system objects: no delete, no lifecycle; read-only default rules cannot be updated', async () => {
    const query = `query($id: ID!) { policy(id: $id) { ${CAN} rules { system ${CAN} } } }`;
    const signOn = await ok(stack(), query, { id: await defaultPolicyId(stack(), 'PLATFORM_SIGN_ON') });
    const system = {
      viewerCanUpdate: true,
      viewerCanDelete: false,
      viewerCanActivate: false,
      viewerCanDeactivate: false,
    };
    expect(signOn.policy).toMatchObject(system);
    expect(signOn.policy.rules.find((r: any) => r.system)).toMatchObject(system);
    const mfa = await ok(stack(), query, { id: await defaultPolicyId(stack(), 'MFA_ENROLL') });
    expect(mfa.policy.rules.find((r: any) => r.system)).toMatchObject({ ...system, viewerCanUpdate: false });
  });

  it('a policy mapped to an application cannot be deleted', async () => {
    const policy = await createPolicy(stack().emulator, { type: 'ACCESS_POLICY', name: 'Mapped', description: 'x' });
    await stack().emulator.call('PUT', `/api/v1/apps/0oa1portal/policies/${policy.id}`);
    const data = await ok(stack(), `query($id: ID!) { policy(id: $id) { viewerCanDelete viewerCanUpdate } }`, {
      id: policy.id,
    });
    expect(data.policy).toEqual({ viewerCanDelete: false, viewerCanUpdate: true });
  });
});

/** A pass-through to the emulator whose policy lists come back without `_links`, as a proxy or an older service may answer. */
async function startLinklessProxy(target: string): Promise<Server> {
  const server = createServer((req, res) => {
    const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        let body = Buffer.concat(chunks).toString();
        const listed = req.method === 'GET' && /^\/api\/v1\/policies\?/.test(req.url ?? '');
        if (listed && answer.statusCode === 200) {
          body = JSON.stringify((JSON.parse(body) as Record<string, unknown>[]).map(({ _links, ...p }) => p));
        }
        const { 'content-length': _length, ...headers } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, headers).end(body);
      });
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('an upstream policy without _links', () => {
  it('answers viewerCan* false for that policy instead of failing the list', async () => {
    const proxy = await startLinklessProxy(stack().emulator.url);
    const upstream = new UpstreamClient({ baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
    const gateway = await startTestGateway(upstream);
    try {
      const answer = await postGraphql(
        `${gateway.url}/graphql`,
        `{ policies(type: PASSWORD) { nodes { id ${CAN} } } }`,
        {
          auth: `SSWS ${TOKEN}`,
        },
      );
      expect(answer.body.errors).toBeUndefined();
      const nodes = answer.body.data.policies.nodes;
      expect(nodes.length).toBeGreaterThan(0);
      for (const node of nodes) {
        expect(node).toMatchObject({
          viewerCanUpdate: false,
          viewerCanDelete: false,
          viewerCanActivate: false,
          viewerCanDeactivate: false,
        });
      }
    } finally {
      await gateway.close();
      await upstream.close();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
