// The one cost model over the real emulator and its request counter: the canonical console
// operations pass with the default limits however `first` is written, the variable attack is
// refused before any upstream call with a message that says what to change, written inline or in
// fragments, as are too many ids for `nodes` and a back-reference under a back-reference, a realistic org is
// served whole at the lower bound of calls or refused as a whole wave, the response budget and the
// body cap per operation stop fetching with one error, and every answer carries `extensions.cost`.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { QueryLimits } from '../../src/gateway/plugins/queryLimits.ts';
import { createGateway } from '../../src/gateway/server.ts';
import { UpstreamClient, type UpstreamClientOptions } from '../../src/upstream/client.ts';
import { dashboard, type PageSize, POLICY_DETAIL, variableAttack, withTypename } from '../helpers/consoleOperations.ts';
import {
  countFromNow,
  defaultPolicyAndRule,
  startTestEmulator,
  TOKEN,
  type TestEmulator,
} from '../helpers/emulator.ts';
import { gatewaySchema } from '../helpers/gateway.ts';
import { silentLogger } from '../helpers/logs.ts';
import { seedPolicies } from '../helpers/seed.ts';
import { postGraphql } from '../helpers/graphqlClient.ts';

let emu: TestEmulator;
const clients: UpstreamClient[] = [];
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await emu.close();
});
beforeEach(async () => {
  await emu.reset();
});

interface Answer {
  data?: any;
  errors?: any[];
  extensions?: any;
}

/** A gateway in process with the default limits unless told otherwise, over its own client. */
function gateway(
  client: Omit<UpstreamClientOptions, 'baseUrl'> & { baseUrl?: string } = {},
  queryLimits: Partial<QueryLimits> = {},
) {
  const upstream = new UpstreamClient({ baseUrl: emu.url, ...client });
  clients.push(upstream);
  const yoga = createGateway({ schema: gatewaySchema(), upstream, logger: silentLogger(), queryLimits });
  return async (query: string, variables: Record<string, unknown> = {}): Promise<Answer> =>
    (await postGraphql('http://gateway/graphql', query, { variables, auth: `SSWS ${TOKEN}`, fetch: yoga.fetch })).body;
}

/** Policies shown by a dashboard answer, over all its aliases. */
function policiesShown(answer: Answer): { rules: unknown[] | null }[] {
  return Object.values(answer.data ?? {}).flatMap((page: any) => page?.nodes ?? []);
}

describe('the canonical console operations with the default limits', () => {
  for (const pageSize of ['literal', 'variable', 'default'] as PageSize[]) {
    it(`serves the 8-type dashboard with typed settings and rule actions, first written as ${pageSize}, and Apollo's version, at the lower bound of calls`, async () => {
      const gql = gateway();
      const { query, variables } = dashboard(pageSize);
      for (const document of [query, withTypename(query)]) {
        const calls = countFromNow(emu);
        const answer = await gql(document, variables);
        expect(answer.errors).toBeUndefined();
        const shown = policiesShown(answer);
        expect(shown.length).toBeGreaterThanOrEqual(8);
        expect(shown.every((p) => Array.isArray(p.rules))).toBe(true);
        // One list per type, one rules list per policy shown.
        expect(calls().total).toBe(8 + shown.length);
        expect(answer.extensions.cost.estimate.size).toBeLessThanOrEqual(answer.extensions.cost.limits.size);
      }
    });
  }

  it('serves the policy detail and its Apollo version', async () => {
    const gql = gateway();
    const list = await gql('{ policies(type: ACCESS_POLICY) { nodes { id } } }');
    const id = list.data.policies.nodes[0].id;
    for (const document of [POLICY_DETAIL, withTypename(POLICY_DETAIL)]) {
      const answer = await gql(document, { id });
      expect(answer.errors).toBeUndefined();
      expect(answer.data.policy.id).toBe(id);
    }
  });

  it('serves the dashboard at first: 200 on an org with 150 password policies whole, with calls = one list per type and one rules list per policy', async () => {
    await seedPolicies(emu, 'PASSWORD', 150);
    const gql = gateway();
    const { query, variables } = dashboard('variable');
    const calls = countFromNow(emu);
    const answer = await gql(withTypename(query), variables);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.password.nodes).toHaveLength(150);
    const shown = policiesShown(answer);
    expect(shown.every((p) => Array.isArray(p.rules))).toBe(true);
    expect(calls().byRoute).toEqual({
      'GET /api/v1/policies': 8,
      'GET /api/v1/policies/{policyId}/rules': shown.length,
    });
    expect(answer.extensions.cost.calls).toBe(8 + shown.length);
  });
});

describe('refusals before any upstream call', () => {
  it('refuses 50 aliased pages of 200 passed as a variable, naming the field, its cost, the limit and what to change', async () => {
    await seedPolicies(emu, 'PASSWORD', 300);
    const gql = gateway();
    const { query, variables } = variableAttack();
    const calls = countFromNow(emu);
    const answer = await gql(query, variables);
    expect(calls().total).toBe(0);
    expect(answer.data).toBeUndefined();
    expect(answer.errors).toHaveLength(1);
    const [error] = answer.errors ?? [];
    expect(error.extensions).toEqual({
      code: 'COST_LIMIT_EXCEEDED',
      measure: 'size',
      estimate: answer.extensions.cost.estimate.size,
      limit: 350_000,
      field: 'p0',
      items: 200,
      fieldsPerItem: 51,
    });
    expect(error.message).toBe(
      `The operation's cost is ${error.extensions.estimate} (items × fields, each object the service returns counting 40); the limit is 350000. Largest: \`p0\`: 200 × 51 fields; lower \`first\` or select fewer fields, or split the operation.`,
    );
    // The same pages at the default page size pass.
    const smaller = await gql(query, { ...variables, first: undefined });
    expect(smaller.errors).toBeUndefined();
  });
});

describe('fragments', () => {
  it('refuses 50 aliased pages spread at the root from a fragment exactly as written inline, before any upstream call', async () => {
    await seedPolicies(emu, 'PASSWORD', 300);
    const gql = gateway();
    const pages = Array.from(
      { length: 50 },
      (_, i) => `p${i}: policies(type: PASSWORD, first: 200) { nodes { id name status } }`,
    ).join('\n');
    const inline = await gql(`{ ${pages} }`);
    expect(inline.errors?.[0].extensions).toMatchObject({ code: 'COST_LIMIT_EXCEEDED', measure: 'size', field: 'p0' });
    for (const document of [
      `query { ...F } fragment F on Query { ${pages} }`,
      `query { ... on Query { ...F } } fragment F on Query { ${pages} }`,
      `query { ...A } fragment A on Query { ...F } fragment F on Query { ${pages} }`,
    ]) {
      const calls = countFromNow(emu);
      const answer = await gql(document);
      expect(calls().total).toBe(0);
      expect(answer).toEqual(inline);
    }
  });
});

describe('nodes(ids:)', () => {
  /** The ids of the org's default password policy, `count` times. */
  async function repeatedPolicyId(count: number): Promise<string[]> {
    const list = await emu.call('GET', '/api/v1/policies?type=PASSWORD');
    return Array.from({ length: count }, () => list.body[0].id);
  }
  const NODES = 'query($ids: [ID!]!) { nodes(ids: $ids) { id ... on Policy { name } } }';

  it('serves 200 ids, a repeated one each time in the answer, with one upstream call for the one policy', async () => {
    const gql = gateway();
    const ids = await repeatedPolicyId(200);
    const calls = countFromNow(emu);
    const answer = await gql(NODES, { ids });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.nodes).toHaveLength(200);
    expect(answer.data.nodes.every((n: { id: string }) => n.id === ids[0])).toBe(true);
    expect(calls().total).toBe(1);
    // Each id costs its item: the one policy held and its two fields, 200 times.
    expect(answer.extensions.cost.estimate).toEqual({ calls: 1, size: 200 * (1 + 40 + 2) });
  });

  it('refuses more ids than MAX_NODE_IDS before any upstream call, repeated ids counted, saying the limit', async () => {
    const gql = gateway();
    const ids = await repeatedPolicyId(201);
    const calls = countFromNow(emu);
    const answer = await gql(NODES, { ids });
    expect(calls().total).toBe(0);
    expect(answer.data).toBeUndefined();
    expect(answer.errors).toEqual([
      expect.objectContaining({
        message:
          'The operation names 201 ids in `nodes(ids:)`; the limit is 200. Ask for fewer ids per operation: a repeated id counts each time, since the answer repeats its object.',
        extensions: { code: 'COST_LIMIT_EXCEEDED', measure: 'ids', estimate: 201, limit: 200 },
      }),
    ]);
    // Over several selections of nodes together, and with the limit set lower.
    const lower = gateway({}, { nodeIds: 4 });
    const split = await lower(
      'query($a: [ID!]!, $b: [ID!]!) { a: nodes(ids: $a) { id } ...B } fragment B on Query { b: nodes(ids: $b) { id } }',
      { a: ids.slice(0, 3), b: ids.slice(0, 2) },
    );
    expect(split.errors?.[0].extensions).toEqual({
      code: 'COST_LIMIT_EXCEEDED',
      measure: 'ids',
      estimate: 5,
      limit: 4,
    });
    expect(calls().total).toBe(0);
  });
});

describe('back-references', () => {
  it('refuses a back-reference under a back-reference before any upstream call, naming the path', async () => {
    const gql = gateway();
    const calls = countFromNow(emu);
    const answer = await gql(
      '{ policies(type: PASSWORD, first: 200) { nodes { rules { policy { rules { policy { rules { policy { rules { name id } } } } } } } } } }',
    );
    expect(calls().total).toBe(0);
    expect(answer.data).toBeUndefined();
    expect(answer.errors).toEqual([
      expect.objectContaining({
        message:
          '`policies.nodes.rules.policy.rules.policy` (`PolicyRule.policy`) comes back to a Policy a third time: a field that leads back to an object above it may be followed once on a path, not under another one, since each turn repeats the lists in between for every item. Select what you need on the Policy above instead.',
        extensions: {
          code: 'COST_LIMIT_EXCEEDED',
          measure: 'backReferences',
          estimate: 2,
          limit: 1,
          path: ['policies', 'nodes', 'rules', 'policy', 'rules', 'policy'],
          field: 'PolicyRule.policy',
        },
      }),
    ]);
  });

  it("serves what a console asks through one back-reference: a rule's policy with its rules, and rule rows naming their policy in the dashboard", async () => {
    const gql = gateway();
    const { policy, rule } = await defaultPolicyAndRule(emu, 'ACCESS_POLICY');
    const rules = await emu.call('GET', `/api/v1/policies/${policy.id}/rules`);
    const found = await gql(
      'query($id: ID!) { node(id: $id) { ... on PolicyRule { id policy { id name rules { id name priority } } } } }',
      { id: rule.id },
    );
    expect(found.errors).toBeUndefined();
    expect(found.data.node.policy.id).toBe(policy.id);
    expect(found.data.node.policy.rules.map((r: { id: string }) => r.id)).toEqual(rules.body.map((r: any) => r.id));

    await seedPolicies(emu, 'PASSWORD', 150);

    const { query, variables } = dashboard('variable');
    const withPolicy = query.replaceAll('rules { id name status', 'rules { policy { id name } id name status');
    expect(withPolicy).not.toBe(query);
    const calls = countFromNow(emu);
    const answer = await gql(withTypename(withPolicy), variables);
    expect(answer.errors).toBeUndefined();
    const shown = policiesShown(answer);
    expect(answer.data.password.nodes).toHaveLength(150);
    // The rules' policies come from the pages already read: one list per type, one rules list per policy.
    expect(calls().total).toBe(8 + shown.length);
  });
});

describe('the call budget, wave by wave', () => {
  it('refuses the rules wave of a dashboard that would cross MAX_UPSTREAM_CALLS as a whole: none of it sent, one error, the same answer every time', async () => {
    await seedPolicies(emu, 'PASSWORD', 150);
    const gql = gateway({ operation: { maxCalls: 100 } });
    const { query, variables } = dashboard('variable');
    const answers: Answer[] = [];
    for (let run = 0; run < 2; run++) {
      const calls = countFromNow(emu);
      answers.push(await gql(query, variables));
      expect(calls().byRoute).toEqual({ 'GET /api/v1/policies': 8 });
    }
    const [answer] = answers;
    const shown = policiesShown(answer);
    expect(shown.every((p) => p.rules === null)).toBe(true);
    expect(answer.errors).toEqual([
      expect.objectContaining({
        extensions: expect.objectContaining({
          code: 'UPSTREAM_BUDGET_EXCEEDED',
          needed: 8 + shown.length,
          limit: 100,
          fields: shown.length,
          hint: expect.stringContaining('first'),
        }),
      }),
    ]);
    // The same answer, but for the caller's standing in the window, which the first one spent.
    const withoutStanding = (a: typeof answer) => ({
      ...a,
      extensions: { cost: { ...a.extensions.cost, throttleStatus: null } },
    });
    expect(withoutStanding(answers[1])).toEqual(withoutStanding(answer));
  });
});

/** The body bytes of one REST answer of the emulator. */
async function bodyBytes(path: string): Promise<number> {
  const res = await fetch(emu.url + path, { headers: { authorization: `SSWS ${TOKEN}` } });
  return (await res.arrayBuffer()).byteLength;
}

describe('the response budget', () => {
  it('stops fetching once the upstream answers pass MAX_RESPONSE_BYTES, with one error', async () => {
    await seedPolicies(emu, 'PASSWORD', 60);
    const list = await emu.call('GET', '/api/v1/policies?type=PASSWORD&limit=60');
    const listBytes = await bodyBytes('/api/v1/policies?type=PASSWORD&limit=60');
    const ruleBytes = await bodyBytes(`/api/v1/policies/${list.body[0].id}/rules`);
    // Room for the list and ten and a half rules lists; one call at a time, so that exactly ten fit.
    const budget = listBytes + Math.floor(10.5 * ruleBytes);
    const gql = gateway({ operation: { maxResponseBytes: budget, concurrency: 1 } });
    const calls = countFromNow(emu);
    const answer = await gql('{ policies(type: PASSWORD, first: 60) { nodes { id rules { id } } } }');
    expect(answer.errors).toEqual([
      expect.objectContaining({
        extensions: expect.objectContaining({ code: 'RESPONSE_TOO_LARGE', limit: budget, fields: 50 }),
      }),
    ]);
    // The list came whole and ten rules lists; the eleventh passed the budget and nothing followed it.
    expect(answer.data.policies.nodes).toHaveLength(60);
    const served = answer.data.policies.nodes.filter((p: { rules: unknown }) => p.rules !== null);
    expect(served).toHaveLength(10);
    expect(calls().total).toBe(1 + 11);
    expect(answer.extensions.cost.limits.responseBytes).toBe(budget);
  });
});

describe('the upstream body cap, per page and per operation', () => {
  let big: Server;
  let bigUrl: string;
  let pagesSent = 0;
  beforeAll(async () => {
    // An upstream answering every list with a page of about 300 kB: under the page cap, not under the operation's.
    const policy = (i: number) => ({
      id: `00p${i}`,
      type: 'PASSWORD',
      name: `Big ${i}`,
      description: 'x'.repeat(3000),
      priority: i,
      status: 'ACTIVE',
      system: false,
      created: '2024-01-01T00:00:00.000Z',
      lastUpdated: '2024-01-01T00:00:00.000Z',
      conditions: null,
      _links: { self: { href: 'http://upstream/api/v1/policies/x' } },
    });
    const page = JSON.stringify(Array.from({ length: 100 }, (_, i) => policy(i + 1)));
    big = createServer((_req, res) => {
      pagesSent++;
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(page) });
      res.end(page);
    });
    await new Promise<void>((resolve) => big.listen(0, '127.0.0.1', resolve));
    bigUrl = `http://127.0.0.1:${(big.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => big.close(resolve));
  });

  it('refuses the pages past UPSTREAM_MAX_BODY_BYTES for the whole operation, with one error', async () => {
    pagesSent = 0;
    // One call at a time, so that which pages fit is known.
    const gql = gateway({ baseUrl: bigUrl, maxBodyBytes: 1024 * 1024, operation: { concurrency: 1 } });
    const aliases = Array.from({ length: 8 }, (_, i) => `p${i}: policies(type: PASSWORD, q: "${i}") { nodes { id } }`);
    const answer = await gql(`{ ${aliases.join(' ')} }`);
    const served = Object.values(answer.data).filter((page) => page !== null);
    // Each page passes the page cap; three of them fit in 1 MiB, the fourth passes it.
    expect(served).toHaveLength(3);
    expect(answer.errors).toEqual([
      expect.objectContaining({
        extensions: expect.objectContaining({ code: 'RESPONSE_TOO_LARGE', limit: 1024 * 1024, fields: 5 }),
      }),
    ]);
    expect(answer.extensions.cost.limits.responseBytes).toBe(1024 * 1024);
    // The fifth to eighth pages were never asked for.
    expect(pagesSent).toBe(4);
  });
});

describe('extensions.cost', () => {
  it('carries the estimate, the calls made, the limits and the caller’s throttle status', async () => {
    const upstream = new UpstreamClient({ baseUrl: emu.url });
    clients.push(upstream);
    const forCaller = upstream.forCaller.bind(upstream);
    const resetAt = Date.UTC(2030, 0, 1);
    upstream.forCaller = (authorization, options) =>
      Object.assign(forCaller(authorization, options), {
        throttleStatus: () => ({ limit: 600, remaining: 290, resetAt }),
      });
    const yoga = createGateway({ schema: gatewaySchema(), upstream, logger: silentLogger() });
    const query = '{ policies(type: PASSWORD) { nodes { id rules { id } } } }';
    const answer: Answer = (
      await postGraphql('http://gateway/graphql', query, { auth: `SSWS ${TOKEN}`, fetch: yoga.fetch })
    ).body;
    const shown = answer.data.policies.nodes.length;
    expect(answer.extensions).toEqual({
      cost: {
        estimate: { calls: 2, size: 1 + 20 * 40 + 20 * (2 + 1 * (1 + 40 + 1)) },
        calls: 1 + shown,
        limits: { calls: 250, size: 350_000, responseBytes: 8 * 1024 * 1024 },
        throttleStatus: { limit: 600, remaining: 290, resetAt: '2030-01-01T00:00:00.000Z' },
      },
    });
  });

  it('says null while the throttle status is not known, and comes with every refusal too', async () => {
    const gql = gateway();
    const plain = await gql('{ __typename }');
    expect(plain.extensions.cost).toEqual({
      estimate: { calls: 0, size: 1 },
      calls: 0,
      limits: { calls: 250, size: 350_000, responseBytes: 8 * 1024 * 1024 },
      throttleStatus: null,
    });
    const { query, variables } = variableAttack();
    const refused = await gql(query, variables);
    expect(refused.extensions.cost.calls).toBe(0);
    expect(refused.extensions.cost.estimate.size).toBeGreaterThan(350_000);
    // Refused by validation, before any estimate: the limits still come with it.
    const invalid = await gql('{ nope }');
    expect(invalid.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(invalid.extensions.cost).toEqual({ ...plain.extensions.cost, estimate: null });
  });
});
