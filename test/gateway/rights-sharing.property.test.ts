// Differential: no caller is ever handed another's answer. Two replicas over one redis-server and one
// emulator (answers 10–40 ms late, so identical reads overlap), with the read cache on or off and
// shared reads on or off (each run picks one of the four pairs), play generated steps by callers of
// different rights: the super admin's API token and a second one of hers, alice (a read-only admin
// person), a token holding only okta.policies.read, one holding only okta.userTypes.read, and junk.
// A step is a batch of concurrent reads (a policy with its rights and links, the PASSWORD list, a
// policy's rules, the user types) through either replica, or one write by one of them. What must
// hold: every read's answer (data, viewerCan*, links and their allow, errors and their codes; the
// cost figures aside) equals what the same caller gets right after from a gateway that shares
// nothing and caches nothing; a write refused to its caller answers as it does there too.
// A fixed seed and a few runs here; `npm run property` (PROPERTY_RUNS, PROPERTY_SEED) runs longer.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { UpstreamClient } from '../../src/upstream/client.ts';
import { type CacheReplica, startCacheReplica } from '../helpers/cacheReplicas.ts';
import { startTestEmulator, TOKEN, type TestEmulator } from '../helpers/emulator.ts';
import { startTestGateway } from '../helpers/gateway.ts';
import { type GqlClient, type GqlResult, graphqlClient } from '../helpers/graphqlClient.ts';
import { personToken } from '../helpers/oauthTokens.ts';
import { builtInOrgWithTokens, CAROL } from '../helpers/orgTokens.ts';
import { startTestRedis, type TestRedis } from '../helpers/redisServer.ts';
import { redisTestsRun } from '../helpers/redis.ts';

const withRedis = redisTestsRun('The rights-sharing property test (two replicas over Redis)');

const RUNS = Number(process.env.PROPERTY_RUNS ?? 4);
const SEED = Number(process.env.PROPERTY_SEED ?? 11);
const SECOND_TOKEN = 'second-admin-token';

const RIGHTS = 'viewerCanUpdate viewerCanDelete viewerCanActivate viewerCanDeactivate';
const LINKS = 'links { self { href hints { allow } } activate { hints { allow } } deactivate { hints { allow } } }';
const QUERIES = {
  policy: `query($id: ID!) { policy(id: $id) { id name status priority ${RIGHTS} ${LINKS} } }`,
  list: `{ policies(type: PASSWORD) { nodes { id name status ${RIGHTS} ${LINKS} } } }`,
  rules: `query($id: ID!) { policy(id: $id) { rules { id name status ${RIGHTS} ${LINKS} } } }`,
  userTypes: '{ userTypes { id name displayName } }',
};
const MUTATIONS = {
  rename: `mutation($id: ID!, $name: String!) { updatePolicy(id: $id, input: { name: $name }) { policy { id name ${RIGHTS} } userErrors { code } } }`,
  activate: 'mutation($id: ID!) { activatePolicy(id: $id) { userErrors { code } } }',
  deactivate: 'mutation($id: ID!) { deactivatePolicy(id: $id) { userErrors { code } } }',
  createRule: `mutation($id: ID!, $name: String!) { createPolicyRule(policyId: $id, input: { type: PASSWORD, name: $name }) { rule { name ${RIGHTS} } userErrors { code } } }`,
  updateUserType:
    'mutation($id: ID!, $name: String!) { updateUserType(id: $id, input: { displayName: $name }) { userErrors { code } } }',
};
type ReadKind = keyof typeof QUERIES;
type WriteKind = 'rename' | 'activate' | 'deactivate' | 'createRule' | 'updateUserType';
type Who = 'admin' | 'secondAdmin' | 'readOnlyAdmin' | 'policiesRead' | 'userTypesOnly' | 'junk';
type Via = 'A' | 'B';
type Read = { via: Via; who: Who; what: ReadKind; policy: number };
type Step =
  | { kind: 'reads'; reads: Read[] }
  | { kind: 'write'; via: Via; who: Who; what: WriteKind; policy: number; n: number };
interface Pair {
  cache: boolean;
  shared: boolean;
}

const via = fc.constantFrom<Via>('A', 'B');
const who = fc.constantFrom<Who>(
  'admin',
  'admin',
  'secondAdmin',
  'readOnlyAdmin',
  'readOnlyAdmin',
  'policiesRead',
  'userTypesOnly',
  'junk',
);
const read: fc.Arbitrary<Read> = fc.record({
  via,
  who,
  what: fc.constantFrom<ReadKind>('policy', 'policy', 'list', 'rules', 'userTypes'),
  policy: fc.nat(1),
});
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('reads' as const),
      reads: fc.array(read, { minLength: 1, maxLength: 6 }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('write' as const),
      via,
      who,
      what: fc.constantFrom<WriteKind>('rename', 'activate', 'deactivate', 'createRule', 'updateUserType'),
      policy: fc.nat(1),
      n: fc.nat(999),
    }),
    weight: 1,
  },
);
const pair: fc.Arbitrary<Pair> = fc.record({ cache: fc.boolean(), shared: fc.boolean() });

let emulator: TestEmulator;
let redis: TestRedis;
/** The two replicas of each setting, by `${cache} ${shared}`. */
const pairs = new Map<string, Record<Via, CacheReplica>>();
let reference: { gql: GqlClient; close(): Promise<void> };
const authOf: Record<Who, string> = {
  admin: `SSWS ${TOKEN}`,
  secondAdmin: `SSWS ${SECOND_TOKEN}`,
  readOnlyAdmin: '',
  policiesRead: '',
  userTypesOnly: '',
  junk: 'SSWS not-a-token',
};

beforeAll(async () => {
  if (!withRedis) return;
  emulator = await startTestEmulator({ fixture: builtInOrgWithTokens([{ token: SECOND_TOKEN, userId: CAROL }]) });
  redis = await startTestRedis();
  for (const cache of [false, true]) {
    for (const shared of [false, true]) {
      const options = { cacheTtlSeconds: cache ? 60 : 0, sharedReads: shared };
      const [a, b] = await Promise.all([
        startCacheReplica(emulator.url, redis.url, options),
        startCacheReplica(emulator.url, redis.url, options),
      ]);
      pairs.set(`${cache} ${shared}`, { A: a, B: b });
    }
  }
  const upstream = new UpstreamClient({ baseUrl: emulator.url, sharedReads: false, cacheTtlSeconds: 0 });
  const gateway = await startTestGateway(upstream);
  reference = {
    gql: graphqlClient(gateway.url, null),
    close: async () => {
      await gateway.close();
      await upstream.close();
    },
  };
}, 60_000);

afterAll(async () => {
  if (!withRedis) return;
  for (const replicas of pairs.values()) await Promise.all(Object.values(replicas).map((replica) => replica.close()));
  await reference?.close();
  await redis?.stop();
  await emulator?.close();
});

interface Org {
  policies: string[];
  userType: string;
}

/** The org of one run: two custom PASSWORD policies (one inactive) with a custom rule each, a custom user type; new person tokens. */
async function freshOrg(): Promise<Org> {
  await emulator.reset();
  await emulator.setFaults({ latencyMs: 10, jitterMs: 30 });
  const policies: string[] = [];
  for (const [name, status] of [
    ['Rights A', 'ACTIVE'],
    ['Rights B', 'INACTIVE'],
  ]) {
    const created = await emulator.call('POST', '/api/v1/policies', { type: 'PASSWORD', name, status });
    expect(created.status).toBe(200);
    const rule = await emulator.call('POST', `/api/v1/policies/${created.body.id}/rules`, {
      type: 'PASSWORD',
      name: `${name} rule`,
    });
    expect(rule.status).toBe(200);
    policies.push(created.body.id);
  }
  const userType = await emulator.call('POST', '/api/v1/meta/types/user', { name: 'rights', displayName: 'Rights' });
  expect(userType.status).toBe(200);
  const all = 'okta.policies.read okta.policies.manage okta.userTypes.read okta.userTypes.manage';
  const [readOnlyAdmin, policiesRead, userTypesOnly] = await Promise.all([
    personToken(emulator, 'alice@example.com', all),
    personToken(emulator, 'carol@example.com', 'okta.policies.read'),
    personToken(emulator, 'carol@example.com', 'okta.userTypes.read'),
  ]);
  authOf.readOnlyAdmin = `Bearer ${readOnlyAdmin}`;
  authOf.policiesRead = `Bearer ${policiesRead}`;
  authOf.userTypesOnly = `Bearer ${userTypesOnly}`;
  // The org changed behind the gateways' backs: the versions are in Redis, so one call makes every replica's stale.
  // (Through a replica with the cache on: one without has no versions to move.)
  await (pairs.get('true true') as Record<Via, CacheReplica>).A.upstream.invalidateCache();
  return { policies, userType: userType.body.id };
}

/** An answer as compared: data and errors (message, path, code); the cost figures and the rest of extensions aside. */
function comparable(result: GqlResult): unknown {
  return {
    data: result.data,
    errors: result.errors?.map((e) => ({ message: e.message, path: e.path, code: e.extensions?.code })),
  };
}

function readVariables(org: Org, r: Read): Record<string, unknown> {
  return r.what === 'policy' || r.what === 'rules' ? { id: org.policies[r.policy] } : {};
}

async function playReads(replicas: Record<Via, CacheReplica>, org: Org, reads: Read[]): Promise<void> {
  const answers = await Promise.all(
    reads.map((r) => replicas[r.via].gql(QUERIES[r.what], readVariables(org, r), { auth: authOf[r.who] })),
  );
  // Nothing is written until the step ends: the reference shows what each caller gets now.
  const expected = await Promise.all(
    reads.map((r) => reference.gql(QUERIES[r.what], readVariables(org, r), { auth: authOf[r.who] })),
  );
  reads.forEach((r, i) => {
    expect(comparable(answers[i]), `${JSON.stringify(r)} among ${JSON.stringify(reads)}`).toEqual(
      comparable(expected[i]),
    );
  });
}

async function playWrite(
  replicas: Record<Via, CacheReplica>,
  org: Org,
  w: Extract<Step, { kind: 'write' }>,
): Promise<void> {
  const variables =
    w.what === 'updateUserType'
      ? { id: org.userType, name: `Rights ${w.n}` }
      : {
          id: org.policies[w.policy],
          ...(w.what === 'rename' || w.what === 'createRule' ? { name: `Rights ${w.n}` } : {}),
        };
  const answer = await replicas[w.via].gql(MUTATIONS[w.what], variables, { auth: authOf[w.who] });
  const context = `${JSON.stringify(w)}: ${JSON.stringify(answer).slice(0, 800)}`;
  if (w.who === 'admin' || w.who === 'secondAdmin') {
    // Applied (a write is not repeated): no refusal, and its answer shows the writer's own rights.
    expect(answer.errors, context).toBeUndefined();
    const payload = Object.values(answer.data as object)[0];
    const shown = payload.policy ?? payload.rule;
    if (shown) expect(shown, context).toMatchObject({ viewerCanUpdate: true });
    return;
  }
  // Refused to its caller, nothing changed: the same refusal as where nothing is shared.
  const expected = await reference.gql(MUTATIONS[w.what], variables, { auth: authOf[w.who] });
  expect(comparable(answer), context).toEqual(comparable(expected));
}

it.runIf(withRedis)(
  `hands every caller its own answer, never another's (${RUNS} runs)`,
  async () => {
    await fc.assert(
      fc.asyncProperty(pair, fc.array(step, { minLength: 1, maxLength: 8 }), async (setting, steps) => {
        const replicas = pairs.get(`${setting.cache} ${setting.shared}`) as Record<Via, CacheReplica>;
        const org = await freshOrg();
        for (const s of steps) {
          if (s.kind === 'reads') await playReads(replicas, org, s.reads);
          else await playWrite(replicas, org, s);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  },
  600_000,
);
