// UPSTREAM_PIPELINING against the real emulator: a page of policies with their rules read over two
// pipelined connections answers what the service holds, in the fewest calls, and a write sent
// alongside a page of reads lands once (the wire rules, reads sent ahead and writes never behind
// another request, are tested against a scripted server in upstream-client.test.ts).
import { describe, expect, it } from 'vitest';
import { countRequests, createPolicy, createRule } from '../helpers/emulator.ts';
import { useStack } from '../helpers/gateway.ts';
import { ok } from './schema-helpers.ts';

const PAGE = `{
  policies(type: PASSWORD, first: 200) {
    nodes { id name rules { id name priority } }
  }
}`;

const idAndName = ({ id, name }: { id: string; name: string }) => ({ id, name });

describe('UPSTREAM_PIPELINING=4 over two connections', () => {
  const stack = useStack({ client: { pipelining: 4, connections: 2 } });

  it('reads a page of policies with their rules as the service holds them, one call each', async () => {
    const { emulator } = stack();
    for (let n = 0; n < 24; n++) {
      const policy = await createPolicy(emulator);
      await createRule(emulator, policy.id, { name: `First ${n}` });
      await createRule(emulator, policy.id, { name: `Second ${n}` });
    }
    const listed = (await emulator.call('GET', '/api/v1/policies?type=PASSWORD&limit=200')).body as { id: string }[];
    const held = await Promise.all(
      listed.map(async (p) => ({
        id: p.id,
        rules: ((await emulator.call('GET', `/api/v1/policies/${p.id}/rules`)).body as any[]).map(idAndName),
      })),
    );

    const { result, total } = await countRequests(emulator, () => ok(stack(), PAGE));
    // One list and one rules list per policy: nothing lost or sent twice on the pipelined connections.
    expect(total).toBe(1 + listed.length);
    expect(result.policies.nodes.map((p: any) => ({ id: p.id, rules: p.rules.map(idAndName) }))).toEqual(held);
  });

  it('lands a write sent alongside a page of reads once', async () => {
    for (let n = 0; n < 10; n++) await createPolicy(stack().emulator);
    const [page, created] = await Promise.all([
      ok(stack(), PAGE),
      ok(
        stack(),
        `mutation { createPolicy(input: { type: PASSWORD, name: "Written while reading", description: "d" }) {
          policy { id name } userErrors { message }
        } }`,
      ),
    ]);
    expect(page.policies.nodes.length).toBeGreaterThanOrEqual(11);
    expect(created.createPolicy.userErrors).toEqual([]);
    const named = (await stack().emulator.call('GET', '/api/v1/policies?type=PASSWORD&q=Written')).body as unknown[];
    expect(named).toHaveLength(1);
  });
});
