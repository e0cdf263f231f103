// Idempotent creates on one gateway (in-process store): the first outcome answers every retry
// without a second upstream create, a key reused with another input is refused and changes nothing,
// callers do not share keys, and a create that surely did nothing can be retried.
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { canonicalJson } from '../../src/idempotency/creates.ts';
import { RedisIdempotencyStore } from '../../src/idempotency/redisStore.ts';
import { MemoryIdempotencyStore } from '../../src/idempotency/store.ts';
import { RedisLink } from '../../src/redis/link.ts';
import { countRequests, defaultPolicyOf, TOKEN } from '../helpers/emulator.ts';
import { startTestGateway, type TestGatewayOptions, useStack } from '../helpers/gateway.ts';
import { graphqlClient } from '../helpers/graphqlClient.ts';
import { builtInOrgWithTokens, CAROL } from '../helpers/orgTokens.ts';
import { redisTestsRun, useRedis } from '../helpers/redis.ts';

/** What a replayed answer repeats: data and errors (its extensions.cost counts the calls it made, none). */
function sameAnswer(answer: { data?: unknown; errors?: unknown }) {
  return { data: answer.data, errors: answer.errors };
}

/** A second API token of the same admin: another caller. */
const OTHER_TOKEN = 'other-test-token';
const stack = useStack({ emulator: { fixture: builtInOrgWithTokens([{ token: OTHER_TOKEN, userId: CAROL }]) } });

const CREATE_POLICY = `mutation($input: PolicyInput!, $key: String) {
  createPolicy(input: $input, idempotencyKey: $key) { policy { id name } userErrors { message field code } }
}`;
const CREATE_USER_TYPE = `mutation($input: CreateUserTypeInput!, $key: String) {
  createUserType(input: $input, idempotencyKey: $key) { userType { id name } userErrors { message field code } }
}`;
const CREATE_RULE = `mutation($policyId: ID!, $input: PolicyRuleInput!, $key: String) {
  createPolicyRule(policyId: $policyId, input: $input, idempotencyKey: $key) {
    rule { id name } policy { id } userErrors { message code }
  }
}`;
const CLONE = `mutation($id: ID!, $key: String) { clonePolicy(id: $id, idempotencyKey: $key) { policy { id name } userErrors { code } } }`;

const strict = { type: 'PASSWORD', name: 'Strict' };

describe('idempotent creates, one gateway', () => {
  it('a retry with the same key gets the first outcome, with one upstream create', async () => {
    const { result, byRoute } = await countRequests(stack().emulator, async () => [
      await stack().gql(CREATE_POLICY, { input: strict, key: 'k-1' }),
      await stack().gql(CREATE_POLICY, { input: strict, key: 'k-1' }),
    ]);
    const [first, retry] = result;
    expect(first.data.createPolicy.policy.name).toBe('Strict');
    expect(sameAnswer(retry)).toEqual(sameAnswer(first));
    // The record holds the policy's id: the retry reads it again.
    expect(byRoute).toEqual({ 'POST /api/v1/policies': 1, 'GET /api/v1/policies/{policyId}': 1 });
  });

  it('concurrent requests with one key: one create, both get the same object', async () => {
    await stack().emulator.setFaults({ latencyMs: 100 });
    const { result, byRoute } = await countRequests(stack().emulator, () =>
      Promise.all(
        [1, 2, 3].map(() =>
          stack().gql(CREATE_USER_TYPE, { input: { name: 'vendor', displayName: 'Vendor' }, key: 'ut' }),
        ),
      ),
    );
    const ids = result.map((r) => r.data.createUserType.userType.id);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toMatch(/^oty/);
    expect(byRoute).toEqual({ 'POST /api/v1/meta/types/user': 1, 'GET /api/v1/meta/types/user/{typeId}': 2 });
  });

  it('the Idempotency-Key header works like the argument, for rules and clones too', async () => {
    const policy = await defaultPolicyOf(stack().emulator, 'ACCESS_POLICY');
    const rule = {
      type: 'ACCESS_POLICY',
      name: 'Deny',
      actions: { appSignOn: { access: 'DENY', verificationMethod: { type: 'ASSURANCE' } } },
    };
    const headers = { 'idempotency-key': 'header-key' };
    const { result, byRoute } = await countRequests(stack().emulator, async () => [
      await stack().gql(CREATE_RULE, { policyId: policy.id, input: rule }, { headers }),
      await stack().gql(CREATE_RULE, { policyId: policy.id, input: rule }, { headers }),
      await stack().gql(CLONE, { id: policy.id, key: 'clone-1' }),
      await stack().gql(CLONE, { id: policy.id, key: 'clone-1' }),
    ]);
    expect(sameAnswer(result[1])).toEqual(sameAnswer(result[0]));
    expect(result[0].data.createPolicyRule.policy.id).toBe(policy.id);
    expect(sameAnswer(result[3])).toEqual(sameAnswer(result[2]));
    expect(result[2].data.clonePolicy.policy.id).not.toBe(policy.id);
    expect(byRoute['POST /api/v1/policies/{policyId}/rules']).toBe(1);
    expect(byRoute['POST /api/v1/policies/{policyId}/clone']).toBe(1);
  });

  it('a key reused with a different input is IDEMPOTENCY_KEY_REUSED and changes nothing', async () => {
    await stack().gql(CREATE_POLICY, { input: strict, key: 'k-2' });
    const { result, total } = await countRequests(stack().emulator, () =>
      stack().gql(CREATE_POLICY, { input: { ...strict, name: 'Other' }, key: 'k-2' }),
    );
    expect(result.data.createPolicy).toEqual({
      policy: null,
      userErrors: [
        {
          message: expect.stringContaining('different createPolicy input'),
          field: ['idempotencyKey'],
          code: 'IDEMPOTENCY_KEY_REUSED',
        },
      ],
    });
    expect(total).toBe(0);
  });

  it('a refusal is remembered like a success', async () => {
    const bad = { type: 'PASSWORD', name: 'Bad', settings: { password: { complexity: { minLength: -1 } } } };
    const { result, byRoute } = await countRequests(stack().emulator, async () => [
      await stack().gql(CREATE_POLICY, { input: bad, key: 'k-3' }),
      await stack().gql(CREATE_POLICY, { input: bad, key: 'k-3' }),
    ]);
    expect(result[0].data.createPolicy.userErrors[0].code).toBe('INVALID');
    expect(sameAnswer(result[1])).toEqual(sameAnswer(result[0]));
    expect(byRoute).toEqual({ 'POST /api/v1/policies': 1 });
  });

  it('keys belong to a caller: another Authorization header with the same key creates its own object', async () => {
    const first = await stack().gql(CREATE_POLICY, { input: strict, key: 'shared' });
    const other = await stack().gql(
      CREATE_POLICY,
      { input: { ...strict, name: 'Strict 2' }, key: 'shared' },
      { auth: `SSWS ${OTHER_TOKEN}` },
    );
    expect(other.data.createPolicy.policy.id).not.toBe(first.data.createPolicy.policy.id);
  });

  it('a create refused before the service acted (rate limited) is not remembered: the retry runs', async () => {
    await stack().emulator.setFaults({ errorRate: 1, status: 429 });
    const refused = await stack().gql(CREATE_POLICY, { input: strict, key: 'k-4' });
    expect(refused.errors?.[0].extensions.code).toBe('RATE_LIMITED');
    await stack().emulator.setFaults({ errorRate: 0 });
    const retry = await stack().gql(CREATE_POLICY, { input: strict, key: 'k-4' });
    expect(retry.data.createPolicy.policy.name).toBe('Strict');
  });

  it('an unknown outcome is remembered: the retry never creates a second object', async () => {
    await stack().emulator.setFaults({ resetRate: 1 });
    const { result, byRoute } = await countRequests(stack().emulator, async () => {
      const first = await stack().gql(CREATE_POLICY, { input: strict, key: 'k-5' });
      await stack().emulator.setFaults({ resetRate: 0 });
      return [first, await stack().gql(CREATE_POLICY, { input: strict, key: 'k-5' })];
    });
    expect(result[0].errors?.[0].extensions.code).toBe('UPSTREAM_OUTCOME_UNKNOWN');
    expect(result[1].errors?.[0]).toMatchObject({
      message: result[0].errors?.[0].message,
      extensions: { code: 'UPSTREAM_OUTCOME_UNKNOWN' },
    });
    expect(byRoute).toEqual({ 'POST /api/v1/policies': 1 });
  });

  it('a key that is not 1 to 255 printable characters is a user error, with no upstream call', async () => {
    const { result, total } = await countRequests(stack().emulator, () =>
      stack().gql(CREATE_POLICY, { input: strict, key: 'x'.repeat(256) }),
    );
    expect(result.data.createPolicy.userErrors[0]).toMatchObject({
      field: ['idempotencyKey'],
      code: 'IDEMPOTENCY_KEY_INVALID',
    });
    expect(total).toBe(0);
  });

  it('without a key nothing is remembered', async () => {
    const { byRoute } = await countRequests(stack().emulator, async () => {
      await stack().gql(CREATE_POLICY, { input: strict });
      await stack().gql(CREATE_POLICY, { input: { ...strict, name: 'Strict B' } });
    });
    expect(byRoute).toEqual({ 'POST /api/v1/policies': 2 });
  });
});

/** A gateway over the stack's emulator with idempotency settings of its own. */
async function gatewayWith(idempotency: TestGatewayOptions['idempotency']) {
  const gateway = await startTestGateway(stack().upstream, { idempotency });
  return { gateway, gql: graphqlClient(gateway.url, `SSWS ${TOKEN}`) };
}

describe('what the idempotency store keeps', () => {
  it('a digest and an id per key, at most its cap: the oldest record goes first', async () => {
    const store = new MemoryIdempotencyStore(2);
    const { gateway, gql } = await gatewayWith({ store, ttlMs: 60_000, waitMs: 5_000 });
    try {
      const description = 'd'.repeat(200);
      const created: Record<string, string> = {};
      for (const key of ['a', 'b', 'c']) {
        const res = await gql(CREATE_POLICY, { input: { ...strict, name: `P-${key}`, description }, key });
        created[key] = res.data.createPolicy.policy.id;
      }
      expect(store.size).toBe(2);
      const scope = createHash('sha256').update(`SSWS ${TOKEN}`).digest('hex');
      const record = await store.claim(`${scope}:c`, 'another input', { ttlMs: 1, leaseMs: 1, now: Date.now() });
      expect(record).toEqual({
        kind: 'done',
        fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
        outcome: { kind: 'payload', id: created.c, userErrors: [] },
      });
      // The newest keys replay; the oldest was evicted, so its retry is a new create.
      const { result, byRoute } = await countRequests(stack().emulator, async () => [
        await gql(CREATE_POLICY, { input: { ...strict, name: 'P-c', description }, key: 'c' }),
        await gql(CREATE_POLICY, { input: { ...strict, name: 'P-a', description }, key: 'a' }),
      ]);
      expect(result[0].data.createPolicy.policy.id).toBe(created.c);
      expect(result[1].data.createPolicy.policy.id).not.toBe(created.a);
      expect(byRoute['POST /api/v1/policies']).toBe(1);
    } finally {
      await gateway.close();
    }
  });

  it('a replay whose object was deleted since says so, with no second create', async () => {
    const first = await stack().gql(CREATE_USER_TYPE, { input: { name: 'gone', displayName: 'Gone' }, key: 'g' });
    const id = first.data.createUserType.userType.id;
    expect((await stack().emulator.call('DELETE', `/api/v1/meta/types/user/${id}`)).status).toBe(204);
    const { result, byRoute } = await countRequests(stack().emulator, () =>
      stack().gql(CREATE_USER_TYPE, { input: { name: 'gone', displayName: 'Gone' }, key: 'g' }),
    );
    expect(result.data.createUserType).toEqual({
      userType: null,
      userErrors: [{ message: expect.stringContaining(id), field: null, code: 'NOT_FOUND' }],
    });
    expect(byRoute['POST /api/v1/meta/types/user']).toBeUndefined();
  });
});

describe('a record whose owner stopped renewing its lease', () => {
  // A replica that claimed a key and crashed: its record is pending, its lease lapses.
  let clock = Date.now();
  const store = new MemoryIdempotencyStore(100, () => clock);
  const scope = createHash('sha256').update(`SSWS ${TOKEN}`).digest('hex');
  const fingerprint = (input: object) =>
    createHash('sha256')
      .update(canonicalJson({ mutation: 'createPolicy', input: { input } }))
      .digest('hex');
  const crashedOwner = async (key: string, input: object) => {
    const claimed = await store.claim(`${scope}:${key}`, fingerprint(input), {
      ttlMs: 60_000,
      leaseMs: 1_000,
      now: Date.now(),
    });
    expect(claimed.kind).toBe('claimed');
    clock += 1_001; // the lease lapses
  };

  it('is taken over once, by the same input only', async () => {
    await crashedOwner('unit', strict);
    const other = await store.claim(`${scope}:unit`, fingerprint({ ...strict, name: 'x' }), {
      ttlMs: 60_000,
      leaseMs: 1_000,
      now: clock,
    });
    expect(other).toEqual({ kind: 'pending', fingerprint: fingerprint(strict) });
    const taken = await store.claim(`${scope}:unit`, fingerprint(strict), {
      ttlMs: 60_000,
      leaseMs: 1_000,
      now: clock,
    });
    expect(taken).toMatchObject({ kind: 'claimed', check: { reason: 'expired' } });
    const again = await store.claim(`${scope}:unit`, fingerprint(strict), {
      ttlMs: 60_000,
      leaseMs: 1_000,
      now: clock,
    });
    expect(again.kind).toBe('pending'); // the new owner holds the lease
  });

  it('the retry looks upstream: nothing made, it creates; made, it answers that object', async () => {
    const { gateway, gql } = await gatewayWith({ store, ttlMs: 60_000, waitMs: 5_000 });
    try {
      await crashedOwner('never-sent', strict);
      const fresh = await countRequests(stack().emulator, () =>
        gql(CREATE_POLICY, { input: strict, key: 'never-sent' }),
      );
      expect(fresh.result.data.createPolicy.policy.name).toBe('Strict');
      expect(fresh.byRoute).toEqual({ 'GET /api/v1/policies': 1, 'POST /api/v1/policies': 1 });

      const input = { type: 'PASSWORD', name: 'Made before the crash' };
      await crashedOwner('sent', input);
      const made = (await stack().emulator.call('POST', '/api/v1/policies', input)).body;
      const retry = await countRequests(stack().emulator, () => gql(CREATE_POLICY, { input, key: 'sent' }));
      expect(retry.result.data.createPolicy.policy.id).toBe(made.id);
      expect(retry.byRoute['POST /api/v1/policies']).toBeUndefined();
    } finally {
      await gateway.close();
    }
  });

  it('a running create renews its lease: a retry during a create slower than the lease waits for it', async () => {
    // The store's clock is the test's: the lease runs out when the test moves it, not when a loaded
    // machine is slow to run the renewal; the create is held upstream until the retry has asked.
    let now = Date.now();
    const store = new MemoryIdempotencyStore(100, () => now);
    const claims = vi.spyOn(store, 'claim');
    const renewals = vi.spyOn(store, 'renew');
    const { gateway, gql } = await gatewayWith({ store, ttlMs: 60_000, waitMs: 5_000, leaseMs: 150 });
    let answerCreate = () => {};
    const delays = vi
      .spyOn(stack().emulator.faults, 'delay')
      .mockImplementationOnce(() => new Promise<void>((resolve) => (answerCreate = resolve)));
    try {
      const { result, byRoute } = await countRequests(stack().emulator, async () => {
        const first = gql(CREATE_POLICY, { input: strict, key: 'slow-create' });
        await vi.waitFor(() => expect(delays).toHaveBeenCalled()); // the create is upstream
        now += 300; // the lease would have lapsed twice over
        const renewed = renewals.mock.calls.length;
        await vi.waitFor(() => expect(renewals.mock.calls.length).toBeGreaterThan(renewed));
        const retry = gql(CREATE_POLICY, { input: strict, key: 'slow-create' });
        await vi.waitFor(() => expect(claims).toHaveBeenCalledTimes(2));
        // The retry found the record still running, and waits for its outcome.
        expect(await claims.mock.results[1]?.value).toMatchObject({ kind: 'pending' });
        answerCreate();
        return Promise.all([first, retry]);
      });
      expect(result[1].data.createPolicy.policy.id).toBe(result[0].data.createPolicy.policy.id);
      // The retry waited for the outcome: it neither took the claim over nor looked for the policy.
      expect(byRoute).toEqual({ 'POST /api/v1/policies': 1, 'GET /api/v1/policies/{policyId}': 1 });
    } finally {
      answerCreate();
      await gateway.close();
    }
  });

  it('a create that cannot be looked up (a clone) answers UPSTREAM_OUTCOME_UNKNOWN and changes nothing', async () => {
    const { gateway, gql } = await gatewayWith({ store, ttlMs: 60_000, waitMs: 5_000 });
    try {
      const policy = await defaultPolicyOf(stack().emulator, 'PASSWORD');
      const claimed = await store.claim(
        `${scope}:clone`,
        createHash('sha256')
          .update(canonicalJson({ mutation: 'clonePolicy', input: { id: policy.id } }))
          .digest('hex'),
        { ttlMs: 60_000, leaseMs: 1_000, now: Date.now() },
      );
      expect(claimed.kind).toBe('claimed');
      clock += 1_001;
      const { result, total } = await countRequests(stack().emulator, () =>
        gql(CLONE, { id: policy.id, key: 'clone' }),
      );
      expect(result.errors?.[0].extensions.code).toBe('UPSTREAM_OUTCOME_UNKNOWN');
      expect(total).toBe(0);
    } finally {
      await gateway.close();
    }
  });
});

const withRedis = redisTestsRun('The idempotency tests over Redis');
describe.runIf(withRedis)('idempotent creates, two replicas over one Redis that stalls or goes away', () => {
  const redis = useRedis();
  const CREATE_PLAIN = `mutation($input: PolicyInput!) { createPolicy(input: $input) { policy { id name } } }`;

  /** Two gateways sharing one Redis (commands time out after 200 ms), over the test's emulator. */
  async function twoReplicas() {
    const logs: string[][] = [[], []];
    const links = logs.map((lines) => {
      const log = { warn: (m: string) => lines.push(m), info: (m: string) => lines.push(m) };
      return new RedisLink({ url: redis().url, log, commandTimeoutMs: 200 });
    });
    await Promise.all(links.map((link) => link.whenReady()));
    const replicas = await Promise.all(
      links.map((link) =>
        gatewayWith({ store: new RedisIdempotencyStore(link), ttlMs: 60_000, waitMs: 5_000, leaseMs: 300 }),
      ),
    );
    return {
      links,
      logs,
      a: replicas[0].gql,
      b: replicas[1].gql,
      close: async () => {
        await Promise.all(replicas.map((r) => r.gateway.close()));
        await Promise.all(links.map((link) => link.close()));
      },
    };
  }

  /** Once each link's background probe was answered after a stall (its circuit closed). */
  async function reconnected(links: RedisLink[]) {
    await vi.waitFor(() => expect(links.map((link) => link.available)).toEqual(links.map(() => true)), {
      timeout: 10_000,
      interval: 20,
    });
  }

  /** The policies of the org named `name`. */
  async function policiesNamed(name: string): Promise<{ id: string }[]> {
    const listed = await stack().emulator.call('GET', `/api/v1/policies?type=PASSWORD&q=${encodeURIComponent(name)}`);
    return listed.body.filter((p: { name: string }) => p.name === name);
  }

  /** An answer refused because the records cannot be read: retryable, with a hint. */
  function expectUnavailable(answer: { data?: any; errors?: any[] }) {
    expect(answer.errors?.[0].extensions).toEqual({ code: 'IDEMPOTENCY_UNAVAILABLE', retryAfterSeconds: 1 });
    expect(answer.data?.createPolicy ?? null).toBeNull();
  }

  it('Redis stalled (SIGSTOP): the key on replica A, then on B, creates nothing; resumed, one policy for both', async () => {
    const { links, a, b, logs, close } = await twoReplicas();
    const input = { type: 'PASSWORD', name: 'Stalled' };
    try {
      redis().pause();
      const { result, byRoute } = await countRequests(stack().emulator, async () => [
        await a(CREATE_POLICY, { input, key: 'stall' }),
        await b(CREATE_POLICY, { input, key: 'stall' }),
        await b(CREATE_POLICY, { input, key: 'stall' }),
        // A create without a key does not need the records.
        await a(CREATE_PLAIN, { input: { type: 'PASSWORD', name: 'No key' } }),
      ]);
      for (const answer of result.slice(0, 3)) expectUnavailable(answer);
      expect(result[3].data.createPolicy.policy.name).toBe('No key');
      expect(byRoute['POST /api/v1/policies']).toBe(1);
      expect(await policiesNamed('Stalled')).toEqual([]);

      redis().resume();
      await reconnected(links);
      // The claims that reached the stalled Redis were dropped when it woke: the key is free.
      const after = await countRequests(stack().emulator, async () => [
        await b(CREATE_POLICY, { input, key: 'stall' }),
        await a(CREATE_POLICY, { input, key: 'stall' }),
      ]);
      const id = after.result[0].data.createPolicy.policy.id;
      expect(after.result[1].data.createPolicy.policy.id).toBe(id);
      expect(after.byRoute['POST /api/v1/policies']).toBe(1);
      expect((await policiesNamed('Stalled')).map((p) => p.id)).toEqual([id]);
      // Each replica said once that Redis was away, and once that it answers again.
      for (const lines of logs) {
        expect(lines).toEqual([
          expect.stringMatching(/unavailable .*refusing creates with an idempotency key/),
          expect.stringMatching(/is back/),
        ]);
      }
    } finally {
      redis().resume();
      await close();
    }
  });

  it('Redis stalls while A creates: B is refused, never creates; resumed, both answer A’s policy', async () => {
    const { links, a, b, close } = await twoReplicas();
    const input = { type: 'PASSWORD', name: 'Mid-create' };
    try {
      // A claims the key (Redis is up), then its create is held upstream while Redis stalls.
      stack().emulator.addFaultRule({ match: { method: 'POST', path: '/api/v1/policies' }, latencyMs: 400, times: 1 });
      // The counter counts a request when it arrives (the journal only once it is answered).
      const posts = () => stack().emulator.counter.byRoute['POST /api/v1/policies'] ?? 0;
      const postsBefore = posts();
      const first = a(CREATE_POLICY, { input, key: 'mid' });
      await vi.waitFor(() => expect(posts()).toBe(postsBefore + 1));
      redis().pause();
      const during = await b(CREATE_POLICY, { input, key: 'mid' });
      const answerOfA = await first;
      redis().resume();
      await reconnected(links);
      const after = await b(CREATE_POLICY, { input, key: 'mid' });

      const id = answerOfA.data.createPolicy.policy.id;
      expect((await policiesNamed('Mid-create')).map((p) => p.id)).toEqual([id]);
      if (during.errors) expectUnavailable(during);
      else expect(during.data.createPolicy.policy.id).toBe(id);
      // A's outcome reached Redis when it woke (or A's lease lapsed and B found the policy upstream).
      expect(after.data.createPolicy.policy.id).toBe(id);
    } finally {
      redis().resume();
      await close();
    }
  });

  it('Redis down (killed): keyed creates are refused on both replicas; back, the key creates once', async () => {
    const { links, a, b, close } = await twoReplicas();
    const input = { type: 'PASSWORD', name: 'Down' };
    try {
      await redis().stop();
      const { result, byRoute } = await countRequests(stack().emulator, async () => [
        await a(CREATE_POLICY, { input, key: 'down' }),
        await b(CREATE_POLICY, { input, key: 'down' }),
        await b(CREATE_PLAIN, { input: { type: 'PASSWORD', name: 'Without key' } }),
      ]);
      expectUnavailable(result[0]);
      expectUnavailable(result[1]);
      expect(result[2].data.createPolicy.policy.name).toBe('Without key');
      expect(byRoute['POST /api/v1/policies']).toBe(1);

      await redis().start();
      await Promise.all(links.map((link) => link.whenReady(10_000)));
      const first = await b(CREATE_POLICY, { input, key: 'down' });
      const retry = await a(CREATE_POLICY, { input, key: 'down' });
      const id = first.data.createPolicy.policy.id;
      expect(retry.data.createPolicy.policy.id).toBe(id);
      expect((await policiesNamed('Down')).map((p) => p.id)).toEqual([id]);
    } finally {
      await redis().start();
      await close();
    }
  });
});
