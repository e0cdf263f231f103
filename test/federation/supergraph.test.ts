// The gateway in a real supergraph: the emulator, the gateway as a subgraph (FEDERATION), a second
// team's subgraph (examples/supergraph/teams.ts) and Hive Gateway over their composed supergraph,
// each on a random port. A query across both subgraphs answers whole at the lower bound of upstream
// calls, with the caller's own rights and the gateway's error codes through the router.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeSupergraph, subgraphSdlOf } from '../../examples/supergraph/compose.ts';
import { type RunningTeams, type Team, startTeamsSubgraph, TEAMS_SDL } from '../../examples/supergraph/teams.ts';
import { buildSchema } from '../../src/gateway/schema.ts';
import type { RunningGateway } from '../../src/gateway/server.ts';
import { UpstreamClient } from '../../src/upstream/client.ts';
import { countFromNow, startTestEmulator, type TestEmulator, TOKEN } from '../helpers/emulator.ts';
import { startTestGateway } from '../helpers/gateway.ts';
import { largeOrgFixture } from '../helpers/largeOrg.ts';
import { type Running, run } from '../helpers/process.ts';
import { PEOPLE, personToken } from '../helpers/oauth.ts';
import { ALICE } from '../helpers/orgTokens.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const POLICIES = 150;
const RULES = 2;
const TEAMS = 20;
const READ_ONLY_TOKEN = 'alice-read-only';
/** A public client the test signs a person in with, for a token of fewer scopes. */
const REDIRECT = 'http://127.0.0.1:9/callback';
const CLIENT = {
  client_id: 'graphiql',
  client_name: 'GraphiQL',
  redirect_uris: [REDIRECT],
  grant_types: ['authorization_code' as const],
  token_endpoint_auth_method: 'none' as const,
  scope: 'openid okta.policies.read okta.userTypes.read',
};

let emulator: TestEmulator;
let upstream: UpstreamClient;
let gateway: RunningGateway;
let teamsSubgraph: RunningTeams;
/** Hive Gateway, in a process of its own: its OpenTelemetry dependency does not load under vitest's resolution. */
let router: { url: string; process: Running };
let teams: Team[];
/** The REST policies and their rules lists, read in the setup. */
const policies = new Map<string, any>();
const rulesOf = new Map<string, any[]>();

async function routerQuery(query: string, auth: string | null = `SSWS ${TOKEN}`, url = router.url): Promise<any> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth !== null && { authorization: auth }) },
    body: JSON.stringify({ query }),
  });
  return response.json();
}

beforeAll(async () => {
  emulator = await startTestEmulator({
    fixture: { ...largeOrgFixture(POLICIES, RULES), apiTokens: [{ token: READ_ONLY_TOKEN, userId: ALICE }] },
    oauthClients: [CLIENT],
  });
  // The operation's upstream budget is the lower bound of the cross-subgraph query: one call more is refused.
  upstream = new UpstreamClient({ baseUrl: emulator.url, operation: { maxCalls: 2 * POLICIES } });
  gateway = await startTestGateway(upstream, { schema: buildSchema({ federation: true }) });
  const list = await emulator.call('GET', '/api/v1/policies?type=PASSWORD&limit=200');
  for (const p of list.body.filter((p: any) => p.name.startsWith('Large org'))) policies.set(p.id, p);
  expect(policies.size).toBe(POLICIES);
  for (const id of policies.keys()) rulesOf.set(id, (await emulator.call('GET', `/api/v1/policies/${id}/rules`)).body);
  // 20 teams of 7 or 8 policies each, every team also owning the first policy of the next one:
  // 170 references to 150 distinct policies.
  const ids = [...policies.keys()];
  const own = Array.from({ length: TEAMS }, (_, t) => ids.filter((_, i) => i % TEAMS === t));
  teams = own.map((mine, t) => ({
    id: `team-${t + 1}`,
    name: `Team ${t + 1}`,
    policyIds: [...mine, own[(t + 1) % TEAMS][0]],
  }));
  teamsSubgraph = await startTeamsSubgraph(teams);
  router = await startRouterProcess(gateway);
}, 60_000);

/** The example router over `policies` (the gateway) and the teams subgraph, in a process of its own. */
async function startRouterProcess(policiesGateway: RunningGateway): Promise<{ url: string; process: Running }> {
  const routerProcess = run(process.execPath, ['--import', 'tsx', 'examples/supergraph/router.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', SUBGRAPHS: `policies=${policiesGateway.url}/graphql,teams=${teamsSubgraph.url}` },
  });
  const line = await routerProcess.line((l) => l.startsWith('router: '));
  return { url: line.slice('router: '.length).trim(), process: routerProcess };
}

async function stopRouter(running: { process: Running } | undefined): Promise<void> {
  running?.process.child.kill('SIGTERM');
  await running?.process.exited;
}

afterAll(async () => {
  await stopRouter(router);
  await teamsSubgraph?.close();
  await gateway?.close();
  await upstream?.close();
  await emulator?.close();
});

const TEAM_POLICIES = /* GraphQL */ `{
  teams {
    id
    name
    policies {
      id
      name
      type
      viewerCanUpdate
      conditions { people { groups { include includedGroups { id } } } }
      ... on PasswordPolicy {
        settings { password { complexity { minLength } lockout { maxAttempts } } }
        rules { id name ... on PasswordRule { actions { passwordChange { access } } } }
      }
    }
  }
}`;

function expectedPolicy(id: string, viewerCanUpdate: boolean) {
  const p = policies.get(id);
  return {
    id,
    name: p.name,
    type: 'PASSWORD',
    viewerCanUpdate,
    conditions: { people: { groups: { include: ['00g2sales'], includedGroups: [{ id: '00g2sales' }] } } },
    settings: { password: { complexity: { minLength: 12 }, lockout: { maxAttempts: 5 } } },
    rules: rulesOf.get(id)!.map((r) => ({ id: r.id, name: r.name, actions: { passwordChange: { access: 'ALLOW' } } })),
  };
}

describe('a supergraph of the gateway and another team’s subgraph, under Hive Gateway', () => {
  it('20 teams’ 150 distinct policies answer whole, at 150 policy reads and 150 rules lists', async () => {
    const since = countFromNow(emulator);
    const result = await routerQuery(TEAM_POLICIES);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      teams: teams.map((team) => ({
        id: team.id,
        name: team.name,
        policies: team.policyIds.map((id) => expectedPolicy(id, true)),
      })),
    });
    expect(since()).toEqual({
      total: 2 * POLICIES,
      byRoute: { 'GET /api/v1/policies/{policyId}': POLICIES, 'GET /api/v1/policies/{policyId}/rules': POLICIES },
    });
  });

  it('the caller’s own rights through the router: a read-only admin cannot update, a super admin can', async () => {
    const query = `{ team(id: "team-1") { policies { id viewerCanUpdate } } }`;
    const readOnly = await routerQuery(query, `SSWS ${READ_ONLY_TOKEN}`);
    expect(readOnly.errors).toBeUndefined();
    expect(readOnly.data.team.policies.map((p: any) => p.viewerCanUpdate)).toEqual(teams[0].policyIds.map(() => false));
    const superAdmin = await routerQuery(query);
    expect(superAdmin.data.team.policies.map((p: any) => p.viewerCanUpdate)).toEqual(
      teams[0].policyIds.map(() => true),
    );
  });

  it('run-time bounds hold for the entity fetch, and the gateway’s error codes come through the router', async () => {
    // Each policy's applications too: 450 calls, over the operation's budget of 300.
    const since = countFromNow(emulator);
    const result = await routerQuery(`{ teams { policies { id rules { id } applications { id } } } }`);
    const codes = new Set(result.errors?.map((e: any) => e.extensions?.code));
    expect(codes).toEqual(new Set(['UPSTREAM_BUDGET_EXCEEDED']));
    expect(result.errors[0].extensions).toMatchObject({ limit: 2 * POLICIES, serviceName: 'policies' });
    expect(since().total).toBeLessThanOrEqual(2 * POLICIES);
  });

  it('a bad token: every entity is null, and the subgraph’s UNAUTHENTICATED comes through the router', async () => {
    const since = countFromNow(emulator);
    const result = await routerQuery('{ teams { policies { id name } } }', 'SSWS not-a-token');
    expect(result.data.teams.flatMap((t: any) => t.policies)).toEqual(
      teams.flatMap((t) => t.policyIds.map(() => null)),
    );
    expect(new Set(result.errors.map((e: any) => e.extensions.code))).toEqual(new Set(['UNAUTHENTICATED']));
    expect(result.errors[0].extensions).toMatchObject({ serviceName: 'policies', upstream: { status: 401 } });
    // One error per policy, naming the representation it stood for.
    expect(new Set(result.errors.map((e: any) => e.extensions.representation.id))).toEqual(new Set(policies.keys()));
    // The service's refusal is remembered: no other read is tried with that credential.
    expect(since().total).toBe(1);
  });

  it('a token without okta.userTypes.read: the policies load, the user types field is FORBIDDEN with its scope', async () => {
    const id = teams[0].policyIds[0];
    const policy = policies.get(id);
    const userType = (await emulator.call('GET', '/api/v1/meta/types/user')).body[0];
    const put = await emulator.call('PUT', `/api/v1/policies/${id}`, {
      ...policy,
      conditions: { ...policy.conditions, userType: { include: [userType.id], exclude: [] } },
    });
    expect(put.status).toBe(200);
    const tokens = await personToken({
      issuer: emulator.url,
      login: PEOPLE.alice,
      scopes: ['okta.policies.read'],
      redirectUri: REDIRECT,
    });
    const result = await routerQuery(
      '{ team(id: "team-1") { policies { id name conditions { userType { includedUserTypes { id } } } } } }',
      `Bearer ${tokens.access_token}`,
    );
    expect(result.data.team.policies.map((p: any) => p?.id)).toEqual(teams[0].policyIds);
    expect(result.data.team.policies[0].conditions.userType).toEqual({ includedUserTypes: null });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0].extensions).toMatchObject({
      code: 'FORBIDDEN',
      requiredScope: 'okta.userTypes.read',
      serviceName: 'policies',
    });
  });

  it('10,000 representations sent straight to the subgraph: refused with a code, no upstream call', async () => {
    const representations = Array.from({ length: 10_000 }, (_, i) => ({
      __typename: 'Policy',
      id: `00p${String(i).padStart(17, '0')}`,
    }));
    const since = countFromNow(emulator);
    const heapBefore = process.memoryUsage().heapUsed;
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `SSWS ${TOKEN}` },
      body: JSON.stringify({
        query: 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Policy { id name } } }',
        variables: { r: representations },
      }),
    });
    const body = await response.json();
    expect(body.data).toBeUndefined();
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].extensions).toMatchObject({
      code: 'COST_LIMIT_EXCEEDED',
      measure: 'ids',
      estimate: 10_000,
      limit: 200,
    });
    expect(body.errors[0].message).toContain('`_entities(representations:)`');
    expect(since().total).toBe(0);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });
});

describe('the subgraph with a trusted-documents manifest (TRUSTED_DOCUMENTS)', () => {
  const TRUSTED = '{ userTypes { id } }';
  let trusted: RunningGateway;
  let trustedRouter: { url: string; process: Running };

  beforeAll(async () => {
    trusted = await startTestGateway(upstream, {
      schema: buildSchema({ federation: true }),
      trustedDocuments: { manifest: { [createHash('sha256').update(TRUSTED).digest('hex')]: TRUSTED } },
    });
    trustedRouter = await startRouterProcess(trusted);
  }, 60_000);
  afterAll(async () => {
    await stopRouter(trustedRouter);
    await trusted?.close();
  });

  it('the router composes it and fetches its entities; a client’s own document is still refused', async () => {
    const result = await routerQuery(
      '{ team(id: "team-1") { policies { id name } } }',
      `SSWS ${TOKEN}`,
      trustedRouter.url,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.team.policies).toEqual(teams[0].policyIds.map((id) => ({ id, name: policies.get(id).name })));
    const direct = await fetch(`${trusted.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `SSWS ${TOKEN}` },
      body: JSON.stringify({ query: '{ policies(type: PASSWORD) { nodes { id } } }' }),
    });
    expect(direct.status).toBe(400);
    expect((await direct.json()).errors[0].extensions.code).toBe('PERSISTED_QUERY_ID_REQUIRED');
  });
});

describe('composition', () => {
  it('a breaking change to an entity’s key fails composition', async () => {
    const sdl = await subgraphSdlOf(`${gateway.url}/graphql`);
    const url = 'http://127.0.0.1:1/graphql';
    expect(() =>
      composeSupergraph([
        { name: 'policies', url, sdl },
        { name: 'teams', url, sdl: TEAMS_SDL },
      ]),
    ).not.toThrow();
    const renamedKey = sdl.replace(
      'interface Policy implements Node @key(fields: "id")',
      'interface Policy implements Node @key(fields: "name")',
    );
    expect(renamedKey).not.toBe(sdl);
    expect(() =>
      composeSupergraph([
        { name: 'policies', url, sdl: renamedKey },
        { name: 'teams', url, sdl: TEAMS_SDL },
      ]),
    ).toThrow(/composition failed/);
  });
});
