// One caller's rights are never shown to another, over the real emulator: the super admin's API token
// against a token holding only okta.policies.read, and carol (SUPER_ADMIN) against alice (a
// READ_ONLY_ADMIN person), asking the same policy, list and rules at once (the emulator answers late
// so the reads overlap) or one after the other, with the read cache on and off, through one gateway
// or two replicas over Redis: each always gets its own viewerCan*, links and allow. Callers of one
// rights class still share (one upstream call per class); a token without okta.policies.read never
// gets a policy from a warm cache; a credential the service refuses is served nothing, on every replica.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamClient } from '../../src/upstream/client.ts';
import { type CacheReplica, startCacheReplica } from '../helpers/cacheReplicas.ts';
import { countFromNow, startTestEmulator, TOKEN, type TestEmulator } from '../helpers/emulator.ts';
import { startTestGateway } from '../helpers/gateway.ts';
import { type GqlClient, graphqlClient } from '../helpers/graphqlClient.ts';
import { personToken } from '../helpers/oauthTokens.ts';
import { builtInOrgWithTokens, CAROL } from '../helpers/orgTokens.ts';
import { startTestRedis, type TestRedis } from '../helpers/redisServer.ts';
import { redisTestsRun } from '../helpers/redis.ts';

const withRedis = redisTestsRun('The rights-sharing tests (two replicas over Redis)');

const SECOND_TOKEN = 'second-admin-token';
const RIGHTS = 'viewerCanUpdate viewerCanDelete viewerCanActivate viewerCanDeactivate';
const LINKS = 'links { self { hints { allow } } deactivate { hints { allow } } rules { hints { allow } } }';
const POLICY = `query($id: ID!) { policy(id: $id) { id ${RIGHTS} ${LINKS} rules { id ${RIGHTS} links { self { hints { allow } } deactivate { hints { allow } } } } } }`;
const LIST = `{ policies(type: PASSWORD) { nodes { id ${RIGHTS} links { self { hints { allow } } } } } }`;

/** What an ACTIVE custom policy with one ACTIVE custom rule shows a caller who may manage policies, or only read them. */
const SHOWN = {
  manage: {
    policy: {
      viewerCanUpdate: true,
      viewerCanDelete: true,
      viewerCanActivate: false,
      viewerCanDeactivate: true,
      links: {
        self: { hints: { allow: ['GET', 'PUT', 'DELETE'] } },
        deactivate: { hints: { allow: ['POST'] } },
        rules: { hints: { allow: ['GET', 'POST'] } },
      },
    },
    rule: {
      viewerCanUpdate: true,
      viewerCanDelete: true,
      viewerCanDeactivate: true,
      links: { self: { hints: { allow: ['GET', 'PUT', 'DELETE'] } }, deactivate: { hints: { allow: ['POST'] } } },
    },
    listed: { viewerCanUpdate: true, links: { self: { hints: { allow: ['GET', 'PUT', 'DELETE'] } } } },
  },
  read: {
    policy: {
      viewerCanUpdate: false,
      viewerCanDelete: false,
      viewerCanActivate: false,
      viewerCanDeactivate: false,
      links: { self: { hints: { allow: ['GET'] } }, deactivate: null, rules: { hints: { allow: ['GET'] } } },
    },
    rule: {
      viewerCanUpdate: false,
      viewerCanDelete: false,
      viewerCanDeactivate: false,
      links: { self: { hints: { allow: ['GET'] } }, deactivate: null },
    },
    listed: { viewerCanUpdate: false, links: { self: { hints: { allow: ['GET'] } } } },
  },
};
type Rights = keyof typeof SHOWN;

let emulator: TestEmulator;
let redis: TestRedis;
let policyId: string;
/** Every caller and the rights the service shows it. */
const callers: Record<string, { auth: string; rights: Rights }> = {};

/** Rounds of each check: a few in `npm test`; RIGHTS_ROUNDS=25 makes 700 reads checked. */
const ROUNDS = Number(process.env.RIGHTS_ROUNDS ?? 4);

beforeAll(async () => {
  if (!withRedis) return;
  emulator = await startTestEmulator({ fixture: builtInOrgWithTokens([{ token: SECOND_TOKEN, userId: CAROL }]) });
  redis = await startTestRedis();
  const created = await emulator.call('POST', '/api/v1/policies', {
    type: 'PASSWORD',
    name: 'Rights',
    status: 'ACTIVE',
  });
  policyId = created.body.id;
  await emulator.call('POST', `/api/v1/policies/${policyId}/rules`, { type: 'PASSWORD', name: 'Rights rule' });
  const all = 'okta.policies.read okta.policies.manage okta.userTypes.read okta.userTypes.manage';
  const [carol, alice, policiesRead, userTypesOnly] = await Promise.all([
    personToken(emulator, 'carol@example.com', all),
    personToken(emulator, 'alice@example.com', all),
    personToken(emulator, 'carol@example.com', 'okta.policies.read'),
    personToken(emulator, 'carol@example.com', 'okta.userTypes.read'),
  ]);
  Object.assign(callers, {
    admin: { auth: `SSWS ${TOKEN}`, rights: 'manage' },
    secondAdmin: { auth: `SSWS ${SECOND_TOKEN}`, rights: 'manage' },
    carol: { auth: `Bearer ${carol}`, rights: 'manage' },
    alice: { auth: `Bearer ${alice}`, rights: 'read' },
    policiesRead: { auth: `Bearer ${policiesRead}`, rights: 'read' },
    userTypesOnly: { auth: `Bearer ${userTypesOnly}`, rights: 'read' },
  });
  await emulator.setFaults({ latencyMs: 15, jitterMs: 15 });
}, 30_000);
afterAll(async () => {
  if (!withRedis) return;
  await redis?.stop();
  await emulator?.close();
});

/** `who` reads the policy (with its rules) and the PASSWORD list through `gql`: each shows its own rights. */
async function readsOwnRights(gql: GqlClient, who: string): Promise<void> {
  const { auth, rights } = callers[who];
  const [one, list] = await Promise.all([gql(POLICY, { id: policyId }, { auth }), gql(LIST, {}, { auth })]);
  const context = `${who}: ${JSON.stringify([one, list]).slice(0, 600)}`;
  expect(one.errors, context).toBeUndefined();
  expect(one.data.policy, context).toMatchObject(SHOWN[rights].policy);
  expect(one.data.policy.rules, context).toEqual([expect.objectContaining(SHOWN[rights].rule)]);
  const listed = list.data.policies.nodes.find((p: { id: string }) => p.id === policyId);
  expect(listed, context).toMatchObject(SHOWN[rights].listed);
}

const PAIRS = [
  ['admin', 'policiesRead'],
  ['carol', 'alice'],
] as const;

describe.runIf(withRedis).each([
  { cache: false, replicas: 1 },
  { cache: true, replicas: 1 },
  { cache: false, replicas: 2 },
  { cache: true, replicas: 2 },
])('cache $cache, $replicas replica(s)', ({ cache, replicas: count }) => {
  let replicas: CacheReplica[] = [];
  beforeAll(async () => {
    replicas = await Promise.all(
      Array.from({ length: count }, () =>
        startCacheReplica(emulator.url, redis.url, { cacheTtlSeconds: cache ? 60 : 0 }),
      ),
    );
  });
  afterAll(() => Promise.all(replicas.map((replica) => replica.close())));
  const via = (i: number) => replicas[i % replicas.length].gql;

  it('two callers of different rights asking at once each get their own, every round', async () => {
    for (const pair of PAIRS) {
      for (let round = 0; round < ROUNDS; round++) {
        await Promise.all(pair.map((who, i) => readsOwnRights(via(round + i), who)));
      }
    }
  });

  it('one after the other, each gets its own, every time', async () => {
    for (const pair of PAIRS) {
      for (let round = 0; round < ROUNDS; round++) await readsOwnRights(via(round), pair[round % 2]);
    }
  });

  it('a token without okta.policies.read never gets a policy, however warm', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await readsOwnRights(via(round), round % 2 ? 'alice' : 'admin');
      const refused = await via(round + 1)(POLICY, { id: policyId }, { auth: callers.userTypesOnly.auth });
      expect(refused.data?.policy ?? null).toBeNull();
      expect(refused.errors?.map((e) => e.extensions?.code)).toContain('FORBIDDEN');
    }
  });
});

describe.runIf(withRedis)('savings kept', () => {
  let upstream: UpstreamClient;
  let gql: GqlClient;
  let close: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    upstream = new UpstreamClient({ baseUrl: emulator.url });
    const gateway = await startTestGateway(upstream);
    url = gateway.url;
    gql = graphqlClient(gateway.url, null);
    close = async () => {
      await gateway.close();
      await upstream.close();
    };
  });
  afterAll(() => close());

  it('ten consoles of each of two rights asking at once make one call per rights class, and each gets its own', async () => {
    // Each credential's first answer teaches its rights class.
    for (const who of Object.keys(callers)) {
      if (who !== 'userTypesOnly') await gql(POLICY, { id: policyId }, { auth: callers[who].auth });
    }
    const consoles = [
      ...Array.from({ length: 10 }, (_, i) => (i % 2 ? 'admin' : 'carol')),
      ...Array.from({ length: 10 }, (_, i) => (i % 2 ? 'alice' : 'policiesRead')),
    ];
    // Long enough that every console's read arrives while its class's flight is in the air.
    await emulator.setFaults({ latencyMs: 300, jitterMs: 0 });
    const calls = countFromNow(emulator);
    const answers = await Promise.all(
      consoles.map((who) => gql(POLICY, { id: policyId }, { auth: callers[who].auth })),
    );
    for (const [i, who] of consoles.entries()) {
      expect(answers[i].data.policy, who).toMatchObject(SHOWN[callers[who].rights].policy);
    }
    // One getPolicy and one listRules per class.
    await emulator.setFaults({ latencyMs: 15, jitterMs: 15 });
    expect(calls().byRoute).toEqual({
      'GET /api/v1/policies/{policyId}': 2,
      'GET /api/v1/policies/{policyId}/rules': 2,
    });
    // The first reads of each class found the other's flight: refused for their rights, on /metrics.
    const text = await (await fetch(`${url}/metrics`)).text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    expect(value('gateway_shared_answers_refused_rights_total')).toBe(upstream.rights.refusedForRights);
    expect(value('gateway_shared_answers_refused_rights_total')).toBeGreaterThan(0);
    // Five credentials, each known for policies.
    expect(value('gateway_rights_classes_known')).toBe(5);
  });
});

describe.runIf(withRedis)('a credential the service refuses', () => {
  let replicas: CacheReplica[] = [];
  beforeAll(async () => {
    replicas = await Promise.all([0, 1].map(() => startCacheReplica(emulator.url, redis.url)));
  });
  afterAll(() => Promise.all(replicas.map((replica) => replica.close())));

  it('is served nothing from the cache again, on either replica', async () => {
    const { auth } = callers.carol;
    // Warm: carol's reads are cached on both replicas, and carol is known on both.
    for (const replica of replicas) {
      await readsOwnRights(replica.gql, 'carol');
      await readsOwnRights(replica.gql, 'carol');
    }
    const token = auth.slice('Bearer '.length);
    const { cid } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    const revoked = await fetch(`${emulator.url}/oauth2/v1/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, client_id: cid }),
    });
    expect(revoked.status).toBe(200);
    // A fresh read through A meets the refusal; B hears of it from A, not from a call of its own.
    const first = await replicas[0].gql(POLICY, { id: policyId }, { auth, headers: { 'cache-control': 'no-cache' } });
    expect(first.errors?.map((e) => e.extensions?.code)).toEqual(['UNAUTHENTICATED']);
    const calls = countFromNow(emulator);
    const second = await replicas[1].gql(POLICY, { id: policyId }, { auth });
    expect(second.data?.policy ?? null).toBeNull();
    expect(second.errors?.map((e) => e.extensions?.code)).toEqual(['UNAUTHENTICATED']);
    // Its answer came from the service (the probe of a credential no longer proven there), not the cache.
    expect(calls().total).toBe(1);
  });
});
