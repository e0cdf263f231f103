// Upstream faults through the gateway, injected with the emulator's fault API and counted with its
// request log: idempotent calls are retried through 503s and cut connections, creates never are
// (an answer lost after the request went out is UPSTREAM_OUTCOME_UNKNOWN), a DELETE whose answer
// was lost is done, and the targets hold. Every random choice comes from a fixed seed or a
// script, so each run sees the same faults.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countFromNow, defaultPolicyOf, type RequestCounts } from '../helpers/emulator.ts';
import { startTestStack, type TestStack } from '../helpers/gateway.ts';
import { scripted, seededRandom } from '../helpers/random.ts';

let stack: TestStack;
/** The emulator's fault randomness: which request fails. */
let faultRandom: () => number = () => 0.99;

beforeAll(async () => {
  stack = await startTestStack({
    emulator: { faultHooks: { random: () => faultRandom() } },
    // Short backoff steps keep the tests quick; the jitter is seeded.
    client: { retryDelays: { baseMs: 4, maxMs: 40 }, random: seededRandom(7) },
  });
});
afterAll(async () => {
  await stack.close();
});
let requests: () => RequestCounts;
beforeEach(async () => {
  faultRandom = () => 0.99;
  await stack.emulator.reset();
  requests = countFromNow(stack.emulator);
});

const byRoute = async () => requests().byRoute;
const codesOf = (body: { errors?: any[] }) => (body.errors ?? []).map((e) => e.extensions?.code);

async function passwordPolicyId(): Promise<string> {
  const res = await stack.emulator.call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Target' });
  return res.body.id;
}

/** Names of the org's password policies, after the test's faults are cleared. */
async function passwordPolicyNames(): Promise<string[]> {
  await stack.emulator.setFaults({ errorRate: 0, resetRate: 0 });
  const res = await stack.emulator.call('GET', '/api/v1/policies?type=PASSWORD&limit=200');
  return res.body.map((p: { name: string }) => p.name);
}

const READ = '{ policies(type: PASSWORD) { nodes { name } } }';
const CREATE = `mutation($name: String!) {
  createPolicy(input: { type: PASSWORD, name: $name }) { policy { id name } userErrors { message } }
}`;

describe('idempotent calls', () => {
  it('are retried through 503s and succeed', async () => {
    faultRandom = scripted([0, 0]);
    await stack.emulator.setFaults({ errorRate: 0.5, status: 503 });
    const body = await stack.gql(READ);
    expect(body.errors).toBeUndefined();
    expect(body.data.policies.nodes.length).toBeGreaterThan(0);
    expect(await byRoute()).toEqual({ 'GET /api/v1/policies': 3 });
  });

  it('are retried when the connection is cut in the middle of the answer', async () => {
    faultRandom = scripted([0]);
    await stack.emulator.setFaults({ resetRate: 0.5 });
    const body = await stack.gql(READ);
    expect(body.errors).toBeUndefined();
    expect(await byRoute()).toEqual({ 'GET /api/v1/policies': 2 });
  });

  it('are given up after UPSTREAM_RETRIES retries: UPSTREAM_UNAVAILABLE', async () => {
    await stack.emulator.setFaults({ errorRate: 1, status: 502 });
    const body = await stack.gql(READ);
    expect(codesOf(body)).toEqual(['UPSTREAM_UNAVAILABLE']);
    expect(body.errors?.[0].extensions.upstream.status).toBe(502);
    expect(await byRoute()).toEqual({ 'GET /api/v1/policies': 4 });
  });

  it("keep the service's errorCode, errorId and causes of the last 503, as for a 4xx", async () => {
    await stack.emulator.setFaults({ errorRate: 1, status: 503 });
    const body = await stack.gql(READ);
    expect(body.errors).toHaveLength(1);
    expect(body.errors![0].message).toBe('The upstream service is unavailable.');
    expect(body.errors![0].extensions).toEqual({
      code: 'UPSTREAM_UNAVAILABLE',
      upstream: {
        status: 503,
        code: 'HTTP_503',
        errorCode: 'E0000009',
        errorSummary: 'Service Unavailable',
        errorId: expect.stringMatching(/^oae[\w-]{15}$/), // the emulator's error ids
        errorCauses: ['injected fault: errorRate of /__emulator/faults'],
      },
    });
  });

  it('include lifecycle changes, which are retried through a 503', async () => {
    const id = await passwordPolicyId();
    faultRandom = scripted([0]);
    await stack.emulator.setFaults({ errorRate: 0.5, status: 503 });
    const body = await stack.gql(
      'mutation($id: ID!) { deactivatePolicy(id: $id) { policy { status } userErrors { message } } }',
      { id },
    );
    expect(body.data.deactivatePolicy).toEqual({ policy: { status: 'INACTIVE' }, userErrors: [] });
    expect((await byRoute())['POST /api/v1/policies/{policyId}/lifecycle/deactivate']).toBe(2);
  });

  it('count a DELETE as done when its retry finds the object gone after an answer was lost', async () => {
    const id = await passwordPolicyId();
    faultRandom = scripted([0]);
    await stack.emulator.setFaults({ resetRate: 0.5 });
    const body = await stack.gql('mutation($id: ID!) { deletePolicy(id: $id) { deletedId userErrors { message } } }', {
      id,
    });
    expect(body.data.deletePolicy).toEqual({ deletedId: id, userErrors: [] });
    expect((await byRoute())['DELETE /api/v1/policies/{policyId}']).toBe(2);
    expect(await passwordPolicyNames()).not.toContain('Target');
  });
});

describe('creates', () => {
  it('are never retried: a 503 is UPSTREAM_UNAVAILABLE and nothing was created', async () => {
    await stack.emulator.setFaults({ errorRate: 1, status: 503 });
    const body = await stack.gql(CREATE, { name: 'Refused' });
    expect(codesOf(body)).toEqual(['UPSTREAM_UNAVAILABLE']);
    expect((await byRoute())['POST /api/v1/policies']).toBe(1);
    expect(await passwordPolicyNames()).not.toContain('Refused');
  });

  it('whose answer is lost say the write may have happened, and are not retried', async () => {
    const policyId = await passwordPolicyId();
    const accessPolicy = await defaultPolicyOf(stack.emulator, 'ACCESS_POLICY');
    await stack.emulator.setFaults({ resetRate: 1 });
    const creates: [string, string, Record<string, unknown>][] = [
      ['POST /api/v1/policies', CREATE, { name: 'Maybe' }],
      [
        'POST /api/v1/policies/{policyId}/rules',
        `mutation($policyId: ID!) { createPolicyRule(policyId: $policyId, input: { type: PASSWORD, name: "Maybe rule" }) { rule { id } userErrors { message } } }`,
        { policyId },
      ],
      [
        'POST /api/v1/policies/{policyId}/clone',
        'mutation($id: ID!) { clonePolicy(id: $id) { policy { id } userErrors { message } } }',
        { id: accessPolicy.id },
      ],
      [
        'POST /api/v1/meta/types/user',
        'mutation { createUserType(input: { name: "maybe", displayName: "Maybe" }) { userType { id } userErrors { message } } }',
        {},
      ],
    ];
    for (const [route, mutation, variables] of creates) {
      const before = (await byRoute())[route] ?? 0;
      const body = await stack.gql(mutation, variables);
      expect(body.errors, route).toEqual([
        expect.objectContaining({
          message: expect.stringContaining('the write may have happened'),
          extensions: { code: 'UPSTREAM_OUTCOME_UNKNOWN' },
        }),
      ]);
      expect((await byRoute())[route] - before, route).toBe(1);
    }
    // They did happen: the emulator carried each out before the connection was cut.
    expect(await passwordPolicyNames()).toContain('Maybe');
  });
});

describe('targets under injected faults', () => {
  async function successfulReads(count: number): Promise<number> {
    let ok = 0;
    for (let i = 0; i < count; i++) if ((await stack.gql(READ)).errors === undefined) ok++;
    return ok;
  }

  it('at least 38 of 40 reads succeed under 30% 503s', async () => {
    faultRandom = seededRandom(1);
    await stack.emulator.setFaults({ errorRate: 0.3, status: 503 });
    expect(await successfulReads(40)).toBeGreaterThanOrEqual(38);
  });

  it('at least 38 of 40 reads succeed under 25% connection resets', async () => {
    faultRandom = seededRandom(2);
    await stack.emulator.setFaults({ resetRate: 0.25 });
    expect(await successfulReads(40)).toBeGreaterThanOrEqual(38);
  });

  it('30 creates under 20% 503s and 20% resets: no duplicate, no "done" whose object is missing', async () => {
    faultRandom = seededRandom(3);
    await stack.emulator.setFaults({ errorRate: 0.2, status: 503, resetRate: 0.2 });
    const answers: { name: string; id?: string; code?: string }[] = [];
    for (let i = 0; i < 30; i++) {
      const name = `Create ${i}`;
      const body = await stack.gql(CREATE, { name });
      answers.push({ name, id: body.data?.createPolicy?.policy?.id, code: body.errors?.[0]?.extensions.code });
    }
    expect((await byRoute())['POST /api/v1/policies']).toBe(30);
    const names = await passwordPolicyNames();
    const created = names.filter((n) => n.startsWith('Create '));
    expect(new Set(created).size).toBe(created.length);
    for (const answer of answers) {
      if (answer.id) expect(names, answer.name).toContain(answer.name);
      else if (answer.code === 'UPSTREAM_UNAVAILABLE') expect(names, answer.name).not.toContain(answer.name);
      else expect(answer.code, answer.name).toBe('UPSTREAM_OUTCOME_UNKNOWN');
    }
    // The faults did strike: some creates failed each way.
    expect(new Set(answers.map((a) => a.code))).toEqual(
      new Set([undefined, 'UPSTREAM_UNAVAILABLE', 'UPSTREAM_OUTCOME_UNKNOWN']),
    );
  });
});
