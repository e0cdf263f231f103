// The read cache and shared reads against generated hostile sequences: two gateways A and B with
// the cache on (60 s) share one redis-server (their invalidation versions) over one emulator. Each
// run resets the org and plays generated steps through A or B: writes (rename, priority,
// activate/deactivate, rule create/delete, user type update/delete) and reads (a policy, the
// PASSWORD list, a policy's rules, the user types) with the main token, a second valid token,
// `Cache-Control: no-cache`, a junk token, or a token lacking the read's scope; and concurrent
// batches of two lanes. What must hold:
// - a read that started after every write had answered shows the service's state now (read through
//   the REST API right after it): no stale read after a write, through either replica;
// - in a batch, where each lane owns its policy (and lane 0 the user type), a lane's read shows what
//   its own earlier writes made (a read that started after a write's answer returned sees it);
// - a junk token always gets UNAUTHENTICATED, a token lacking the scope FORBIDDEN, never data, and
//   neither, nor a credential the replica has not seen answered yet, gets a cache hit.
// A fixed seed and a small count here; `npm run property` (PROPERTY_RUNS, PROPERTY_SEED) runs longer.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type CacheReplica, startCacheReplica } from '../helpers/cacheReplicas.ts';
import { startTestEmulator, TOKEN, type TestEmulator } from '../helpers/emulator.ts';
import type { GqlResult } from '../helpers/graphqlClient.ts';
import { personToken } from '../helpers/oauthTokens.ts';
import { builtInOrgWithTokens, CAROL } from '../helpers/orgTokens.ts';
import { type RecordingProxy, startRecordingProxy } from '../helpers/proxy.ts';
import { startTestRedis, type TestRedis } from '../helpers/redisServer.ts';
import { redisTestsRun } from '../helpers/requirements.ts';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 4);
const SEED = Number(process.env.PROPERTY_SEED ?? 7);
const SECOND_TOKEN = 'second-test-token';
const JUNK = ['SSWS not-a-token', 'Bearer not.a.jwt', `SSWS ${'x'.repeat(40)}`, 'Basic Zm9vOmJhcg=='];
/** Refusals of a token lacking the read's scope. */
const FORBIDDEN = ['FORBIDDEN', 'ACCESS_DENIED'];

const QUERIES = {
  policy: 'query($id: ID!) { policy(id: $id) { id name status priority } }',
  list: '{ policies(type: PASSWORD) { nodes { id name status priority } } }',
  rules: 'query($id: ID!) { policy(id: $id) { rules { id name status } } }',
  userTypes: '{ userTypes { id name displayName } }',
};
type ReadKind = keyof typeof QUERIES;
const FAMILY_OF: Record<ReadKind, 'policies' | 'userTypes'> = {
  policy: 'policies',
  list: 'policies',
  rules: 'policies',
  userTypes: 'userTypes',
};

type Via = 'A' | 'B';
type Auth = 'main' | 'second' | 'noCache' | 'junk' | 'policiesOnly' | 'userTypesOnly';
type Command =
  | { kind: 'rename'; via: Via; policy: number; name: number }
  | { kind: 'priority'; via: Via; policy: number; priority: number }
  | { kind: 'lifecycle'; via: Via; policy: number; active: boolean }
  | { kind: 'createRule'; via: Via; policy: number; name: number }
  | { kind: 'deleteRule'; via: Via; policy: number; index: number }
  | { kind: 'updateUserType'; via: Via; displayName: number }
  | { kind: 'deleteUserType'; via: Via }
  | { kind: 'read'; via: Via; what: ReadKind; policy: number; auth: Auth; junk: number };
type Step = { kind: 'one'; command: Command } | { kind: 'batch'; lanes: Command[][] };

const via = fc.constantFrom<Via>('A', 'B');
/** Commands on policy `policy` (and on the user type when `userType`). */
function commandOn(policy: fc.Arbitrary<number>, userType: boolean): fc.Arbitrary<Command> {
  const n = fc.nat(999);
  const writes: fc.Arbitrary<Command>[] = [
    fc.record({ kind: fc.constant('rename' as const), via, policy, name: n }),
    fc.record({ kind: fc.constant('priority' as const), via, policy, priority: fc.integer({ min: 1, max: 4 }) }),
    fc.record({ kind: fc.constant('lifecycle' as const), via, policy, active: fc.boolean() }),
    fc.record({ kind: fc.constant('createRule' as const), via, policy, name: n }),
    fc.record({ kind: fc.constant('deleteRule' as const), via, policy, index: fc.nat(5) }),
  ];
  if (userType) {
    writes.push(
      fc.record({ kind: fc.constant('updateUserType' as const), via, displayName: n }),
      fc.record({ kind: fc.constant('deleteUserType' as const), via }),
    );
  }
  const read: fc.Arbitrary<Command> = fc.record({
    kind: fc.constant('read' as const),
    via,
    what: fc.constantFrom<ReadKind>('policy', 'list', 'rules', 'userTypes'),
    // Either policy: a lane also reads what the other lane writes (only its own is checked), so reads share flights.
    policy: fc.nat(1),
    auth: fc.constantFrom<Auth>('main', 'main', 'second', 'noCache', 'junk', 'policiesOnly', 'userTypesOnly'),
    junk: fc.nat(JUNK.length - 1),
  });
  // Reads twice as often as writes: a cache is there to answer repeated reads.
  return fc.oneof({ arbitrary: fc.oneof(...writes), weight: 1 }, { arbitrary: read, weight: 2 });
}
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('one' as const), command: commandOn(fc.nat(1), true) }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant('batch' as const),
      lanes: fc.tuple(
        fc.array(commandOn(fc.constant(0), true), { minLength: 1, maxLength: 5 }),
        fc.array(commandOn(fc.constant(1), false), { minLength: 1, maxLength: 5 }),
      ),
    }),
    weight: 2,
  },
);

let emulator: TestEmulator;
let redis: TestRedis;
let slowWayBack: RecordingProxy | undefined;
let replicas: Record<Via, CacheReplica>;
let authOf: Record<Exclude<Auth, 'noCache' | 'junk'>, string>;
/** Whether a replica has seen a credential answered for a family (before: its first read there may not hit). */
const seen = new Set<string>();

beforeAll(async () => {
  emulator = await startTestEmulator({ fixture: builtInOrgWithTokens([{ token: SECOND_TOKEN, userId: CAROL }]) });
  redis = await startTestRedis();
  // B's answers come back slowly: a read it sent can be answered before a write through A and
  // arrive after that write has answered.
  slowWayBack = await startRecordingProxy(emulator.url, { answerDelayMs: () => Math.floor(Math.random() * 20) });
  const [a, b] = await Promise.all([
    startCacheReplica(emulator.url, redis.url),
    startCacheReplica(slowWayBack.url, redis.url),
  ]);
  replicas = { A: a, B: b };
  authOf = {
    main: `SSWS ${TOKEN}`,
    second: `SSWS ${SECOND_TOKEN}`,
    policiesOnly: '',
    userTypesOnly: '',
  };
});

afterAll(async () => {
  await Promise.all(Object.values(replicas ?? {}).map((replica) => replica.close()));
  await slowWayBack?.close();
  await redis?.stop();
  await emulator?.close();
});

/** The org of one run: the start org, two custom PASSWORD policies with a rule each, one custom user type; scoped tokens. */
interface Org {
  policies: string[];
  userType: string;
}

async function freshOrg(): Promise<Org> {
  await emulator.reset();
  const policies: string[] = [];
  for (const name of ['Prop A', 'Prop B']) {
    const created = await emulator.call('POST', '/api/v1/policies', { type: 'PASSWORD', name, description: name });
    expect(created.status).toBe(200);
    const rule = await emulator.call('POST', `/api/v1/policies/${created.body.id}/rules`, {
      type: 'PASSWORD',
      name: `${name} rule`,
    });
    expect(rule.status).toBe(200);
    policies.push(created.body.id);
  }
  const userType = await emulator.call('POST', '/api/v1/meta/types/user', { name: 'prop', displayName: 'Prop' });
  expect(userType.status).toBe(200);
  // A reset forgets the tokens the authorization server issued: new ones, unseen by either replica.
  const [policiesOnly, userTypesOnly] = await Promise.all(
    ['okta.policies.read', 'okta.userTypes.read'].map((scope) => personToken(emulator, 'carol@example.com', scope)),
  );
  authOf.policiesOnly = `Bearer ${policiesOnly}`;
  authOf.userTypesOnly = `Bearer ${userTypesOnly}`;
  // The org changed behind the gateways' backs (the versions are in Redis: one call makes both stale).
  await replicas.A.upstream.invalidateCache();
  return { policies, userType: userType.body.id };
}

const MUTATIONS = {
  update:
    'mutation($id: ID!, $input: UpdatePolicyInput!) { updatePolicy(id: $id, input: $input) { userErrors { code } } }',
  activate: 'mutation($id: ID!) { activatePolicy(id: $id) { userErrors { code } } }',
  deactivate: 'mutation($id: ID!) { deactivatePolicy(id: $id) { userErrors { code } } }',
  createRule:
    'mutation($id: ID!, $name: String!) { createPolicyRule(policyId: $id, input: { type: PASSWORD, name: $name }) { rule { id } userErrors { code } } }',
  deleteRule:
    'mutation($id: ID!, $rule: ID!) { deletePolicyRule(policyId: $id, ruleId: $rule) { deletedId userErrors { code } } }',
  updateUserType:
    'mutation($id: ID!, $name: String!) { updateUserType(id: $id, input: { displayName: $name }) { userErrors { code } } }',
  deleteUserType: 'mutation($id: ID!) { deleteUserType(id: $id) { userErrors { code } } }',
};

/** What one lane of a batch knows of its own policy (and user type) from its own writes. */
interface LaneModel {
  name: string;
  status: string;
  rules: string[];
  /** Rules it deleted. */
  deleted: string[];
  displayName?: string;
  userTypeDeleted: boolean;
}

/** A write's payload: no top-level error; returns the payload (its userErrors may say why it was refused). */
function payloadOf(result: GqlResult, command: Command): any {
  expect(result.errors, `${JSON.stringify(command)}: ${JSON.stringify(result.errors)}`).toBeUndefined();
  return Object.values(result.data as object)[0];
}

/** Runs a write; tells `lane` (when in a batch) what it made. */
async function write(org: Org, command: Exclude<Command, { kind: 'read' }>, lane?: LaneModel): Promise<void> {
  const gql = replicas[command.via].gql;
  const id = 'policy' in command ? org.policies[command.policy] : org.userType;
  switch (command.kind) {
    case 'rename': {
      const name = `Prop ${command.policy}-${command.name}`;
      const payload = payloadOf(await gql(MUTATIONS.update, { id, input: { name } }), command);
      if (lane && payload.userErrors.length === 0) lane.name = name;
      return;
    }
    case 'priority':
      payloadOf(await gql(MUTATIONS.update, { id, input: { priority: command.priority } }), command);
      return;
    case 'lifecycle': {
      const payload = payloadOf(await gql(command.active ? MUTATIONS.activate : MUTATIONS.deactivate, { id }), command);
      if (lane && payload.userErrors.length === 0) lane.status = command.active ? 'ACTIVE' : 'INACTIVE';
      return;
    }
    case 'createRule': {
      const payload = payloadOf(await gql(MUTATIONS.createRule, { id, name: `Rule ${command.name}` }), command);
      if (lane && payload.rule) lane.rules.push(payload.rule.id);
      return;
    }
    case 'deleteRule': {
      // One of the policy's own rules (not the default one), as the lane or the service knows them now.
      const rules = lane
        ? lane.rules
        : ((await emulator.call('GET', `/api/v1/policies/${id}/rules`)).body as any[])
            .filter((r) => !r.system)
            .map((r) => r.id as string);
      if (rules.length === 0) return;
      const rule = rules[command.index % rules.length];
      const payload = payloadOf(await gql(MUTATIONS.deleteRule, { id, rule }), command);
      if (lane && payload.userErrors.length === 0) lane.deleted.push(...lane.rules.splice(lane.rules.indexOf(rule), 1));
      return;
    }
    case 'updateUserType': {
      const name = `Prop ${command.displayName}`;
      const payload = payloadOf(await gql(MUTATIONS.updateUserType, { id, name }), command);
      if (lane && payload.userErrors.length === 0) lane.displayName = name;
      return;
    }
    case 'deleteUserType': {
      const payload = payloadOf(await gql(MUTATIONS.deleteUserType, { id }), command);
      if (lane && payload.userErrors.length === 0) lane.userTypeDeleted = true;
      return;
    }
  }
}

/** What the service says now, shaped as the gateway answers `what`. */
async function serviceNow(org: Org, what: ReadKind, policy: number): Promise<unknown> {
  const id = org.policies[policy];
  const byId = (list: any[]) => [...list].sort((x, y) => (x.id < y.id ? -1 : 1));
  switch (what) {
    case 'policy': {
      const p = (await emulator.call('GET', `/api/v1/policies/${id}`)).body;
      return { policy: { id: p.id, name: p.name, status: p.status, priority: p.priority } };
    }
    case 'list': {
      const list = (await emulator.call('GET', '/api/v1/policies?type=PASSWORD')).body as any[];
      return {
        policies: { nodes: list.map((p) => ({ id: p.id, name: p.name, status: p.status, priority: p.priority })) },
      };
    }
    case 'rules': {
      const rules = (await emulator.call('GET', `/api/v1/policies/${id}/rules`)).body as any[];
      return { policy: { rules: byId(rules.map((r) => ({ id: r.id, name: r.name, status: r.status }))) } };
    }
    case 'userTypes': {
      const types = (await emulator.call('GET', '/api/v1/meta/types/user')).body as any[];
      return { userTypes: byId(types.map((t) => ({ id: t.id, name: t.name, displayName: t.displayName }))) };
    }
  }
}

/** The gateway's answer with its lists in the order serviceNow gives them (rules and user types by id). */
function comparable(what: ReadKind, data: any): unknown {
  const byId = (list: any[]) => [...list].sort((x, y) => (x.id < y.id ? -1 : 1));
  if (what === 'rules') return { policy: { rules: byId(data.policy.rules) } };
  if (what === 'userTypes') return { userTypes: byId(data.userTypes) };
  return data;
}

/**
 * One read: refused as it must be, or data; never a cache hit for a caller the replica has not
 * seen answered. Returns the data of an accepted read (undefined when refused).
 */
async function read(org: Org, command: Extract<Command, { kind: 'read' }>, inBatch: boolean): Promise<any> {
  const { via, what, auth } = command;
  const family = FAMILY_OF[what];
  const authorization = auth === 'junk' ? JUNK[command.junk] : authOf[auth === 'noCache' ? 'main' : auth];
  const headers: Record<string, string> = auth === 'noCache' ? { 'cache-control': 'no-cache' } : {};
  const seenKey = `${via} ${family} ${authorization}`;
  const unseen = !seen.has(seenKey);
  const result = await replicas[via].gql(
    QUERIES[what],
    what === 'policy' || what === 'rules' ? { id: org.policies[command.policy] } : {},
    { auth: authorization, headers },
  );
  const context = `${JSON.stringify(command)}: ${JSON.stringify(result).slice(0, 1_000)}`;
  const hits = result.extensions?.cost?.cache?.hits;
  const lacksScope =
    (auth === 'policiesOnly' && family === 'userTypes') || (auth === 'userTypesOnly' && family === 'policies');
  if (auth === 'junk' || lacksScope) {
    const codes = (result.errors ?? []).map((e) => e.extensions?.code);
    expect(codes.length, context).toBeGreaterThan(0);
    for (const code of codes) {
      if (auth === 'junk') expect(code, context).toBe('UNAUTHENTICATED');
      else expect(FORBIDDEN, context).toContain(code);
    }
    expect(
      Object.values(result.data ?? {}).every((value) => value === null),
      context,
    ).toBe(true);
    expect(hits, context).toBe(0);
    return undefined;
  }
  expect(result.errors, context).toBeUndefined();
  // Fresh asked for, or a credential this replica has not seen answered: the service's own answers.
  if (auth === 'noCache' || (unseen && !inBatch)) expect(hits, context).toBe(0);
  seen.add(seenKey);
  return comparable(what, result.data);
}

async function runSequential(org: Org, command: Command): Promise<void> {
  if (command.kind !== 'read') return write(org, command);
  const data = await read(org, command, false);
  // Nothing else is under way: the read must show the service's state now.
  if (data !== undefined)
    expect(data, JSON.stringify(command)).toEqual(await serviceNow(org, command.what, command.policy));
}

async function runLane(org: Org, commands: Command[], lane: LaneModel, policy: number): Promise<void> {
  for (const command of commands) {
    if (command.kind !== 'read') {
      await write(org, command, lane);
      continue;
    }
    const data = await read(org, command, true);
    if (data === undefined) continue;
    const context = `${JSON.stringify(command)}: ${JSON.stringify(data)} vs ${JSON.stringify(lane)}`;
    // Only what this lane alone changes: the other lane moves priorities and the shared lists.
    const ownPolicy = command.policy === policy;
    if (command.what === 'policy' && ownPolicy)
      expect(data.policy, context).toMatchObject({ name: lane.name, status: lane.status });
    if (command.what === 'list') {
      const own = data.policies.nodes.find((p: any) => p.id === org.policies[policy]);
      expect(own, context).toMatchObject({ name: lane.name, status: lane.status });
    }
    if (command.what === 'rules' && ownPolicy) {
      const ids = data.policy.rules.map((r: any) => r.id);
      expect(ids.filter((id: string) => lane.rules.includes(id)).sort(), context).toEqual([...lane.rules].sort());
      expect(
        ids.filter((id: string) => lane.deleted.includes(id)),
        context,
      ).toEqual([]);
    }
    if (command.what === 'userTypes' && lane.displayName !== undefined) {
      const own = data.userTypes.find((t: any) => t.id === org.userType);
      if (lane.userTypeDeleted) expect(own, context).toBeUndefined();
      else expect(own?.displayName, context).toBe(lane.displayName);
    } else if (command.what === 'userTypes' && lane.userTypeDeleted) {
      expect(
        data.userTypes.map((t: any) => t.id),
        context,
      ).not.toContain(org.userType);
    }
  }
}

/** A lane's start: its policy (and the user type) as the service has them before the batch. */
async function laneModel(org: Org, policy: number): Promise<LaneModel> {
  const id = org.policies[policy];
  const p = (await emulator.call('GET', `/api/v1/policies/${id}`)).body;
  const rules = (await emulator.call('GET', `/api/v1/policies/${id}/rules`)).body as any[];
  const type = await emulator.call('GET', `/api/v1/meta/types/user/${org.userType}`);
  return {
    name: p.name,
    status: p.status,
    rules: rules.filter((r) => !r.system).map((r) => r.id),
    deleted: [],
    displayName: policy === 0 && type.status === 200 ? type.body.displayName : undefined,
    userTypeDeleted: policy === 0 && type.status === 404,
  };
}

const withRedis = redisTestsRun('The read cache property test');
const PROPERTY = `holds read-your-writes and never serves a refused or unproven credential (${RUNS} runs)`;
it.runIf(withRedis)(
  PROPERTY,
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const org = await freshOrg();
        for (const s of steps) {
          if (s.kind === 'one') {
            await runSequential(org, s.command);
            continue;
          }
          const lanes = await Promise.all([laneModel(org, 0), laneModel(org, 1)]);
          await Promise.all(s.lanes.map((commands, policy) => runLane(org, commands, lanes[policy], policy)));
          // Every write of the batch has answered: each replica now shows the service's state.
          for (const v of ['A', 'B'] as const) {
            for (const what of ['list', 'rules', 'userTypes'] as const) {
              await runSequential(org, { kind: 'read', via: v, what, policy: 0, auth: 'main', junk: 0 });
            }
          }
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  },
  600_000,
);
