// Policy plans in Redis: a plan made through one gateway replica is applied through another.
import { describe, expect, it } from 'vitest';
import { RedisPlanStore } from '../../src/policyDocument/planStore.ts';
import { startGateway } from '../../src/gateway/server.ts';
import { RedisLink } from '../../src/redis/link.ts';
import { TOKEN } from '../helpers/emulator.ts';
import { useStack } from '../helpers/gateway.ts';
import { graphqlClient } from '../helpers/graphqlClient.ts';
import { silentLogger } from '../helpers/logs.ts';
import { useRedis } from '../helpers/redis.ts';

describe('policy plans in Redis', () => {
  const redis = useRedis();
  const stack = useStack();

  it('a plan made on one replica is applied on another', async () => {
    const links = [new RedisLink({ url: redis().url }), new RedisLink({ url: redis().url })];
    await Promise.all(links.map((l) => l.whenReady()));
    const gateways = await Promise.all(
      links.map((link) =>
        startGateway({
          port: 0,
          host: '127.0.0.1',
          upstream: stack().upstream,
          logger: silentLogger(),
          policyPlans: new RedisPlanStore(link),
        }),
      ),
    );
    try {
      const [one, two] = gateways.map((g) => graphqlClient(g.url, `SSWS ${TOKEN}`));
      const document = {
        version: 1,
        policies: { PASSWORD: [{ name: 'Replicated', description: 'Planned on one, applied on two' }] },
      };
      const planned = await one(
        'mutation($d: JSON!) { planPolicies(document: $d) { plan { id changes { action key } } userErrors { code } } }',
        { d: document },
      );
      const plan = planned.data.planPolicies.plan;
      expect(plan.changes).toEqual([{ action: 'CREATE', key: 'PASSWORD/Replicated' }]);
      const applied = await two(
        'mutation($id: ID!) { applyPolicies(planId: $id) { applied { key } userErrors { code } } }',
        {
          id: plan.id,
        },
      );
      expect(applied.data.applyPolicies).toEqual({ applied: [{ key: 'PASSWORD/Replicated' }], userErrors: [] });
      const rest = await stack().emulator.call('GET', '/api/v1/policies?type=PASSWORD&q=Replicated');
      expect(rest.body.map((p: { name: string }) => p.name)).toEqual(['Replicated']);
    } finally {
      await Promise.all(gateways.map((g) => g.close()));
      await Promise.all(links.map((l) => l.close()));
    }
  });
});
