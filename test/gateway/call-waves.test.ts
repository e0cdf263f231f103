// How many upstream calls an operation makes and which of them are in flight together: a policy's
// rules load in the same wave as the policy when they are selected (and only then), and a lifecycle
// mutation reads its object back only when the payload asks for it. The gateway calls the emulator
// through a pass-through proxy that can hold a request, so a test sees what is in flight at once.
import { describe, expect, it, onTestFinished } from 'vitest';
import { UpstreamClient } from '../../src/upstream/client.ts';
import { countRequests, createPolicy, createRule, startTestEmulator, TOKEN } from '../helpers/emulator.ts';
import { startTestGateway, type TestStack, useStack } from '../helpers/gateway.ts';
import { graphqlClient } from '../helpers/graphqlClient.ts';
import { useForTests } from '../helpers/lifecycle.ts';
import { recordCalls } from '../helpers/upstreamCalls.ts';
import { type RecordingProxy, startRecordingProxy } from '../helpers/proxy.ts';
import { ok } from './schema-helpers.ts';

interface ProxiedStack extends TestStack {
  proxy: RecordingProxy;
  /** Resolves once every upstream call the gateway has started has settled and no new one followed. */
  quiet(): Promise<void>;
}

/** Emulator <- proxy <- upstream client <- gateway, each on a random port. */
async function startProxiedStack(): Promise<ProxiedStack> {
  const emulator = await startTestEmulator();
  const proxy = await startRecordingProxy(emulator.url);
  const upstream = new UpstreamClient({ baseUrl: proxy.url });
  // Every RestApi call of every operation, to wait for calls still running after the answer.
  const recorded = recordCalls(upstream);
  const gateway = await startTestGateway(upstream);
  return {
    emulator,
    proxy,
    url: gateway.url,
    yoga: gateway.yoga,
    upstream,
    gql: graphqlClient(gateway.url, `SSWS ${TOKEN}`),
    quiet: recorded.quiet,
    close: async () => {
      await gateway.close();
      await upstream.close();
      await proxy.close();
      await emulator.close();
    },
  };
}

/** A non-system PASSWORD policy with one rule of its own, created over REST. */
async function policyWithRule(stack: TestStack): Promise<{ policy: any; rules: any[] }> {
  const policy = await createPolicy(stack.emulator, { type: 'PASSWORD', name: 'Waves', description: 'y' });
  await createRule(stack.emulator, policy.id, {
    type: 'PASSWORD',
    name: 'R',
    actions: { passwordChange: { access: 'ALLOW' } },
  });
  const rules = (await stack.emulator.call('GET', `/api/v1/policies/${policy.id}/rules`)).body;
  return { policy, rules };
}

const POLICY_ROUTE = 'GET /api/v1/policies/{policyId}';
const RULES_ROUTE = 'GET /api/v1/policies/{policyId}/rules';

describe('policy(id:) with its rules', () => {
  const stack = useForTests('the stack behind a proxy', {
    start: startProxiedStack,
    reset: async (s) => {
      await s.emulator.reset();
      s.proxy.received.length = 0;
    },
    close: (s) => s.close(),
  });
  const WITH_RULES = `query($id: ID!) { policy(id: $id) { id name rules { id name } } }`;

  it('sends the policy and rules requests in one wave: the second arrives while the first is held unanswered', async () => {
    const { policy, rules } = await policyWithRule(stack());
    // A token the client has not yet seen work is probed with one call before any other starts:
    // one operation first, so that the probe does not serialise the calls under test.
    await ok(stack(), '{ userTypes { id } }');
    const { proxy } = stack();
    proxy.received.length = 0;

    const first = proxy.holdNext();
    // Released however the test ends, so that a failure does not leave the operation hanging.
    onTestFinished(() => first.release());
    const answer = stack().gql(WITH_RULES, { id: policy.id });
    await first.arrived;
    // The first request is held unanswered, so the second can only come if it does not wait for the
    // first's answer. Both may have been received by now: the second then takes this hold or has
    // gone through, and `release` disarms an unused hold.
    const second = proxy.holdNext();
    onTestFinished(() => second.release());
    if (proxy.received.length < 2) await second.arrived;
    expect(proxy.received.map((r) => r.path).sort()).toEqual(
      [`/api/v1/policies/${policy.id}`, `/api/v1/policies/${policy.id}/rules`].sort(),
    );
    first.release();
    second.release();

    const result = await answer;
    expect(result.errors).toBeUndefined();
    expect(result.data.policy).toEqual({
      id: policy.id,
      name: 'Waves',
      rules: rules.map((r: { id: string; name: string }) => ({ id: r.id, name: r.name })),
    });
    expect(result.data.policy.rules.map((r: { name: string }) => r.name)).toContain('R');
    expect(proxy.received).toHaveLength(2);
  });

  it('loads no rules when they are not selected: one call', async () => {
    const { policy } = await policyWithRule(stack());
    const { result, byRoute } = await countRequests(stack().emulator, () =>
      ok(stack(), `query($id: ID!) { policy(id: $id) { id name } }`, { id: policy.id }),
    );
    expect(result.policy).toEqual({ id: policy.id, name: 'Waves' });
    expect(byRoute).toEqual({ [POLICY_ROUTE]: 1 });
  });

  it('asks once for a policy and its rules selected twice under aliases, next to another policy without rules', async () => {
    const { policy, rules } = await policyWithRule(stack());
    const other = await createPolicy(stack().emulator, { type: 'PASSWORD', name: 'Other', description: 'y' });
    const { result, byRoute } = await countRequests(stack().emulator, () =>
      ok(
        stack(),
        `query($p: ID!, $q: ID!) {
          a: policy(id: $p) { id rules { id } }
          b: policy(id: $p) { name rules { name } }
          c: policy(id: $q) { id name } }`,
        { p: policy.id, q: other.id },
      ),
    );
    expect(result).toEqual({
      a: { id: policy.id, rules: rules.map((r: { id: string }) => ({ id: r.id })) },
      b: { name: 'Waves', rules: rules.map((r: { name: string }) => ({ name: r.name })) },
      c: { id: other.id, name: 'Other' },
    });
    expect(byRoute).toEqual({ [POLICY_ROUTE]: 2, [RULES_ROUTE]: 1 });
  });

  it('answers null for a policy that does not exist: the rules 404 loaded with it is neither an error nor unhandled', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const { result, byRoute } = await countRequests(stack().emulator, async () => {
        const answer = await stack().gql(`{ policy(id: "does-not-exist") { id rules { id } } }`);
        // The rules call may still be running after the answer: a rejection nobody handles shows
        // once it has settled and its promise callbacks have run.
        await stack().quiet();
        return answer;
      });
      expect(result).toEqual({ data: { policy: null }, extensions: { cost: expect.any(Object) } });
      // Both calls went out: the rules one, a 404 too, is the rejection that could have gone unhandled.
      expect(byRoute).toEqual({ [POLICY_ROUTE]: 1, [RULES_ROUTE]: 1 });
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});

describe('lifecycle payloads read back only what they select', () => {
  // A lifecycle POST has no body, which the recording proxy cannot forward: straight to the emulator.
  const stack = useStack();

  const policyLifecycle = (field: string, selection: string) =>
    `mutation($p: ID!) { ${field}(id: $p) { ${selection} userErrors { message } } }`;
  const ruleLifecycle = (field: string, selection: string) =>
    `mutation($p: ID!, $r: ID!) { ${field}(policyId: $p, ruleId: $r) { ${selection} userErrors { message } } }`;

  /** Runs one lifecycle mutation and returns its payload and the upstream calls it made. */
  async function run(field: string, operation: string, variables: Record<string, unknown>) {
    const { result, byRoute } = await countRequests(stack().emulator, () => ok(stack(), operation, variables));
    return { payload: result[field], byRoute };
  }

  it('activatePolicy / deactivatePolicy: the lifecycle call alone, plus one read when `policy` is selected', async () => {
    const { policy } = await policyWithRule(stack());
    const vars = { p: policy.id };
    const DEACTIVATE = 'POST /api/v1/policies/{policyId}/lifecycle/deactivate';
    const ACTIVATE = 'POST /api/v1/policies/{policyId}/lifecycle/activate';
    const statusOverRest = async () =>
      (await stack().emulator.call('GET', `/api/v1/policies/${policy.id}`)).body.status;

    const off = await run('deactivatePolicy', policyLifecycle('deactivatePolicy', ''), vars);
    expect(off).toEqual({ payload: { userErrors: [] }, byRoute: { [DEACTIVATE]: 1 } });
    expect(await statusOverRest()).toBe('INACTIVE');

    const on = await run('activatePolicy', policyLifecycle('activatePolicy', ''), vars);
    expect(on).toEqual({ payload: { userErrors: [] }, byRoute: { [ACTIVATE]: 1 } });
    expect(await statusOverRest()).toBe('ACTIVE');

    const offRead = await run('deactivatePolicy', policyLifecycle('deactivatePolicy', 'policy { id status }'), vars);
    expect(offRead).toEqual({
      payload: { policy: { id: policy.id, status: 'INACTIVE' }, userErrors: [] },
      byRoute: { [DEACTIVATE]: 1, [POLICY_ROUTE]: 1 },
    });

    const onRead = await run('activatePolicy', policyLifecycle('activatePolicy', 'policy { id status }'), vars);
    expect(onRead).toEqual({
      payload: { policy: { id: policy.id, status: 'ACTIVE' }, userErrors: [] },
      byRoute: { [ACTIVATE]: 1, [POLICY_ROUTE]: 1 },
    });
  });

  it('activatePolicyRule / deactivatePolicyRule: the lifecycle call alone, plus one read when `rule` is selected', async () => {
    const { policy, rules } = await policyWithRule(stack());
    const rule = rules.find((r: { name: string }) => r.name === 'R');
    const vars = { p: policy.id, r: rule.id };
    const RULE = 'GET /api/v1/policies/{policyId}/rules/{ruleId}';
    const DEACTIVATE = 'POST /api/v1/policies/{policyId}/rules/{ruleId}/lifecycle/deactivate';
    const ACTIVATE = 'POST /api/v1/policies/{policyId}/rules/{ruleId}/lifecycle/activate';
    const statusOverRest = async () =>
      (await stack().emulator.call('GET', `/api/v1/policies/${policy.id}/rules/${rule.id}`)).body.status;

    const off = await run('deactivatePolicyRule', ruleLifecycle('deactivatePolicyRule', ''), vars);
    expect(off).toEqual({ payload: { userErrors: [] }, byRoute: { [DEACTIVATE]: 1 } });
    expect(await statusOverRest()).toBe('INACTIVE');

    const on = await run('activatePolicyRule', ruleLifecycle('activatePolicyRule', ''), vars);
    expect(on).toEqual({ payload: { userErrors: [] }, byRoute: { [ACTIVATE]: 1 } });
    expect(await statusOverRest()).toBe('ACTIVE');

    const offRead = await run(
      'deactivatePolicyRule',
      ruleLifecycle('deactivatePolicyRule', 'rule { id status }'),
      vars,
    );
    expect(offRead).toEqual({
      payload: { rule: { id: rule.id, status: 'INACTIVE' }, userErrors: [] },
      byRoute: { [DEACTIVATE]: 1, [RULE]: 1 },
    });

    const onRead = await run('activatePolicyRule', ruleLifecycle('activatePolicyRule', 'rule { id status }'), vars);
    expect(onRead).toEqual({
      payload: { rule: { id: rule.id, status: 'ACTIVE' }, userErrors: [] },
      byRoute: { [ACTIVATE]: 1, [RULE]: 1 },
    });
  });
});
